"""``recallgraph neo4j start|stop|status|logs``: the managed local server."""

from __future__ import annotations

import click

from app.config import get_settings
from graph.errors import InvalidInputError
from graph.neo4j_server import ManagedNeo4j, ServerStatus
from hybrid.recallgraph import managed_server


def _print_status(status: ServerStatus, password_hint: str) -> None:
    click.echo(f"state:    {'running' if status.running else 'stopped'}")
    click.echo(f"bolt:     {status.bolt_uri}")
    click.echo(f"browser:  {status.browser_url}")
    click.echo(f"user:     {status.user}")
    click.echo(f"password: {password_hint}")
    click.echo(f"pid:      {status.pid if status.pid is not None else '-'}")
    click.echo(f"version:  Neo4j Community {status.version}")
    click.echo(f"data:     {status.home}")
    click.echo(f"log:      {status.log_file}")


def _server() -> ManagedNeo4j:
    """The managed server, or a refusal when NEO4J_URI names another."""
    settings = get_settings()
    server = managed_server(settings)
    if server is None:
        raise InvalidInputError(
            f"NEO4J_URI is set ({settings.neo4j_uri}): RecallGraph uses that server and does "
            "not manage its own; unset NEO4J_URI to use the managed one"
        )
    return server


def _password_hint(server: ManagedNeo4j) -> str:
    if get_settings().neo4j_password:
        return "from NEO4J_PASSWORD"
    return f"in {server.config.password_file}"


@click.group("neo4j")
def neo4j_group() -> None:
    """Manage the project's local Neo4j server (unused when NEO4J_URI is set)."""


@neo4j_group.command("start")
def start_cmd() -> None:
    """Install (first time), start and wait until Bolt answers. Idempotent."""
    server = _server()
    was_running = server.pid() is not None
    status = server.start()
    click.echo("Neo4j was already running." if was_running else "Neo4j started.")
    _print_status(status, _password_hint(server))


@neo4j_group.command("stop")
def stop_cmd() -> None:
    """Stop the managed server cleanly."""
    stopped = _server().stop()
    click.echo("Neo4j stopped." if stopped else "Neo4j was not running.")


@neo4j_group.command("status")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing; exit 0 when running, 1 if not.")
def status_cmd(quiet: bool) -> None:
    """Print the Bolt URI, Browser URL, user, pid and version; exit 1 when stopped."""
    server = _server()
    status = server.status()
    if not quiet:
        _print_status(status, _password_hint(server))
    if not status.running:
        raise SystemExit(1)


@neo4j_group.command("logs")
@click.option("--lines", "-n", default=50, show_default=True, help="How many lines to show.")
def logs_cmd(lines: int) -> None:
    """Show the end of the managed server's log."""
    click.echo(_server().log_tail(lines))


@neo4j_group.command("install")
def install_cmd() -> None:
    """Resolve the Neo4j jars from Maven Central into the cache (done once; start does it too)."""
    lib = _server().install()
    click.echo(f"Neo4j jars are in {lib}")
