"""``recallgraph chroma start|stop|status|logs``: the managed Chroma server (``chroma run``)."""

from __future__ import annotations

import click

from app.config import get_settings
from graph.errors import InvalidInputError
from hybrid.chroma_server import ChromaStatus, ManagedChroma
from hybrid.recallgraph import managed_chroma


def _server() -> ManagedChroma:
    settings = get_settings()
    server = managed_chroma(settings)
    if server is None:
        raise InvalidInputError(
            f"CHROMA_HOST is set ({settings.chroma_host}): RecallGraph uses that server and does "
            "not manage its own; unset CHROMA_HOST to use the managed one"
        )
    return server


def _print_status(status: ChromaStatus) -> None:
    click.echo(f"state:  {'running' if status.running else 'stopped'}")
    click.echo(f"url:    {status.url}")
    click.echo(f"pid:    {status.pid if status.pid is not None else '-'}")
    click.echo(f"data:   {status.data}")
    click.echo(f"log:    {status.log_file}")


@click.group("chroma")
def chroma_group() -> None:
    """Manage a local Chroma server on CHROMA_PATH (for serve --workers N; unused with
    CHROMA_HOST). While it runs, every command uses it instead of opening the folder."""


@chroma_group.command("start")
def start_cmd() -> None:
    """Start the server on 127.0.0.1:CHROMA_PORT and wait until it answers. Idempotent."""
    server = _server()
    was_running = server.pid() is not None
    status = server.start()
    click.echo("Chroma was already running." if was_running else "Chroma started.")
    _print_status(status)


@chroma_group.command("stop")
def stop_cmd() -> None:
    """Stop the server."""
    click.echo("Chroma stopped." if _server().stop() else "Chroma was not running.")


@chroma_group.command("status")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing; exit 0 when running, 1 if not.")
def status_cmd(quiet: bool) -> None:
    """Print the URL, pid, data folder and log; exit 1 when stopped."""
    status = _server().status()
    if not quiet:
        _print_status(status)
    if not status.running:
        raise SystemExit(1)


@chroma_group.command("logs")
@click.option("--lines", "-n", default=50, show_default=True, help="How many lines to show.")
def logs_cmd(lines: int) -> None:
    """Show the end of the server's log."""
    click.echo(_server().log_tail(lines))
