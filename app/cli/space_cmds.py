"""``recallgraph spaces``, ``reset`` and ``migrate``."""

from __future__ import annotations

import click

from app.cli.options import open_memory, space_option
from app.config import get_settings
from graph.schema import MIGRATIONS


@click.command("spaces")
def spaces_cmd() -> None:
    """List memory spaces with their clock and counts."""
    summaries = open_memory().spaces()
    if not summaries:
        click.echo("No spaces yet. Feed one with `recallgraph ingest`.")
        return
    click.echo(
        f"{'space':<24} {'t':>7} {'statements':>10} {'concepts':>9} {'entities':>9} {'facts':>12}"
    )
    for s in summaries:
        facts = f"{s.current_facts}/{s.facts}"
        click.echo(
            f"{s.name:<24} {s.t:>7} {s.statements:>10} {s.concepts:>9} {s.entities:>9} {facts:>12}"
        )
    click.echo("(facts: current/all)")


@click.command("reset")
@space_option
@click.option("--yes", is_flag=True, help="Confirm: delete everything in the space.")
def reset_cmd(space: str | None, yes: bool) -> None:
    """Empty one space (statements, concepts, facts; its clock restarts at 0)."""
    settings = get_settings()
    name = settings.resolved_space(space)
    if not yes:
        raise click.UsageError(f"this deletes everything in space {name!r}; add --yes to confirm")
    open_memory(settings).delete_space(name, keep_space=True)
    click.echo(f"Space {name!r} is empty.")


@click.command("migrate")
def migrate_cmd() -> None:
    """Apply schema migrations not yet recorded in the database (also done at start-up)."""
    applied = open_memory().migrate()
    latest = MIGRATIONS[-1].id
    if applied:
        click.echo(f"Applied migrations {applied}; schema is at version {latest}.")
    else:
        click.echo(f"Schema is up to date (version {latest}).")
