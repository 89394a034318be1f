"""``recallgraph demo``: feed the built-in stream into a fresh space, ask the built-in questions,
and show what the memory built and what each reader answers (never a canned answer)."""

from __future__ import annotations

import click

from app.cli.ask_cmd import candidate_lines
from app.cli.options import open_memory
from app.config import get_settings
from app.demo_data import DEMO_QUESTIONS, DEMO_STREAM
from extraction.statements import StatementInput
from graph.spaces import create_space, delete_space, describe_space, space_exists
from hybrid.recallgraph import managed_server
from hybrid.settings import Settings

DEMO_SPACE = "demo"
BROWSER_QUERY = (
    "MATCH (st:Statement {{space: '{space}'}})-[:MENTIONS]->(c:Concept) RETURN st, c LIMIT 200"
)


@click.command("demo")
@click.option("--space", default=DEMO_SPACE, show_default=True, help="Space the demo writes to.")
def demo_cmd(space: str) -> None:
    """Feed the built-in belief-update stream, ask its questions, print what the memory holds."""
    settings = get_settings()
    name = settings.resolved_space(space)
    memory = open_memory(settings)
    if memory.server is not None:
        memory.server.start()
    store = memory.store
    if space_exists(store, name):
        delete_space(store, name)
    create_space(store, name)
    if memory.vectors is not None:
        memory.vectors.drop(name)
    for i, text in enumerate(DEMO_STREAM):
        memory.remember(name, StatementInput(text, id=f"demo-{i:03d}", source="demo"))
    summary = describe_space(store, name)
    click.echo(
        f"Fed {len(DEMO_STREAM)} statements into space {name!r}; its clock is at t={summary.t}."
    )
    click.echo(
        f"Stored: {summary.statements} statements, {summary.concepts} concepts, "
        f"{summary.entities} entities, {summary.current_facts}/{summary.facts} current facts."
    )
    for question, expected in DEMO_QUESTIONS:
        click.echo(f"\nQ: {question}   (the stream says: {expected})")
        answer = memory.ask(name, question, mode="all")
        for candidate in answer.candidates:
            for line in candidate_lines(candidate, show_context=candidate.reader != "vector"):
                click.echo("  " + line)
        click.echo(f"  => {answer.chosen}: {answer.answer}   ({answer.reason})")
    click.echo()
    _print_browser_hint(settings)
    click.echo("Paste into the Browser:")
    click.echo("  " + BROWSER_QUERY.format(space=name))


def _print_browser_hint(settings: Settings) -> None:
    server = managed_server(settings)
    if server is None:
        click.echo(f"Explore it in your Neo4j Browser (connected to {settings.neo4j_uri}).")
        return
    click.echo(f"Neo4j Browser: {server.config.browser_url}")
    click.echo(
        f"  connect to {server.config.bolt_uri} as {server.config.user} "
        f"with the password in {server.config.password_file}"
        if not settings.neo4j_password
        else f"  connect to {server.config.bolt_uri} as {server.config.user} (NEO4J_PASSWORD)"
    )
