"""``recallgraph neo4j start|stop|status|logs``: the managed local server."""

from __future__ import annotations

import click

from app.config import get_settings
from app.runtime import managed_server, uses_external_neo4j
from graph.errors import InvalidInputError
from graph.neo4j_server import ServerStatus


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


def _refuse_when_external() -> None:
    settings = get_settings()
    if uses_external_neo4j(settings):
        raise InvalidInputError(
            f"NEO4J_URI is set ({settings.neo4j_uri}): RecallGraph uses that server and does "
            "not manage its own; unset NEO4J_URI to use the managed one"
        )


def _password_hint() -> str:
    settings = get_settings()
    if settings.neo4j_password:
        return "from NEO4J_PASSWORD"
    return f"in {managed_server(settings).config.password_file}"


@click.group("neo4j")
def neo4j_group() -> None:
    """Manage the project's local Neo4j server (unused when NEO4J_URI is set)."""


@neo4j_group.command("start")
def start_cmd() -> None:
    """Install (first time), start and wait until Bolt answers. Idempotent."""
    _refuse_when_external()
    server = managed_server(get_settings())
    was_running = server.pid() is not None
    status = server.start()
    click.echo("Neo4j was already running." if was_running else "Neo4j started.")
    _print_status(status, _password_hint())


@neo4j_group.command("stop")
def stop_cmd() -> None:
    """Stop the managed server cleanly."""
    _refuse_when_external()
    stopped = managed_server(get_settings()).stop()
    click.echo("Neo4j stopped." if stopped else "Neo4j was not running.")


@neo4j_group.command("status")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing; exit 0 when running, 1 if not.")
def status_cmd(quiet: bool) -> None:
    """Print the Bolt URI, Browser URL, user, pid and version; exit 1 when stopped."""
    _refuse_when_external()
    status = managed_server(get_settings()).status()
    if not quiet:
        _print_status(status, _password_hint())
    if not status.running:
        raise SystemExit(1)


@neo4j_group.command("logs")
@click.option("--lines", "-n", default=50, show_default=True, help="How many lines to show.")
def logs_cmd(lines: int) -> None:
    """Show the end of the managed server's log."""
    _refuse_when_external()
    click.echo(managed_server(get_settings()).log_tail(lines))


@neo4j_group.command("install")
def install_cmd() -> None:
    """Resolve the Neo4j jars from Maven Central into the cache (done once; start does it too)."""
    _refuse_when_external()
    lib = managed_server(get_settings()).install()
    click.echo(f"Neo4j jars are in {lib}")
