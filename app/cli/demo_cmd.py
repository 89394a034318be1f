"""``recallgraph demo``: feed the built-in stream into a fresh space and show what was built."""

from __future__ import annotations

import uuid

import click

from app.config import Settings, get_settings
from app.demo_data import DEMO_STREAM
from app.runtime import managed_server, open_store, uses_external_neo4j
from graph.spaces import create_space, delete_space, describe_space, space_exists
from graph.updates import StatementRecord, write_update

DEMO_SPACE = "demo"
BROWSER_QUERY = (
    "MATCH (st:Statement {{space: '{space}'}}) RETURN st.t AS t, st.text AS text ORDER BY t"
)


@click.command("demo")
@click.option("--space", default=DEMO_SPACE, show_default=True, help="Space the demo writes to.")
def demo_cmd(space: str) -> None:
    """Feed the built-in belief-update stream and print what the memory holds."""
    settings = get_settings()
    name = settings.resolved_space(space)
    if not uses_external_neo4j(settings):
        managed_server(settings).start()
    store = open_store(settings)
    if space_exists(store, name):
        delete_space(store, name)
    create_space(store, name)
    for text in DEMO_STREAM:
        write_update(store, name, StatementRecord(id=str(uuid.uuid4()), text=text, source="demo"))
    summary = describe_space(store, name)
    click.echo(
        f"Fed {len(DEMO_STREAM)} statements into space {name!r}; its clock is at t={summary.t}."
    )
    click.echo(
        f"Stored: {summary.statements} statements, {summary.concepts} concepts, "
        f"{summary.entities} entities, {summary.current_facts}/{summary.facts} current facts."
    )
    _print_browser_hint(settings)
    click.echo("Paste into the Browser:")
    click.echo("  " + BROWSER_QUERY.format(space=name))


def _print_browser_hint(settings: Settings) -> None:
    if uses_external_neo4j(settings):
        click.echo(f"Explore it in your Neo4j Browser (connected to {settings.neo4j_uri}).")
        return
    server = managed_server(settings)
    click.echo(f"Neo4j Browser: {server.config.browser_url}")
    click.echo(
        f"  connect to {server.config.bolt_uri} as {server.config.user} "
        f"with the password in {server.config.password_file}"
        if not settings.neo4j_password
        else f"  connect to {server.config.bolt_uri} as {server.config.user} (NEO4J_PASSWORD)"
    )
