"""``recallgraph demo``: feed the built-in stream into a fresh space, ask the built-in questions,
and show what the memory built and what each reader answers (never a canned answer).

The demo writes into a space of its own (``demo`` unless ``--space`` says otherwise), marked as
the demo's when it creates it; it empties that space on every run, and refuses to touch a space it
did not create."""

from __future__ import annotations

from datetime import timedelta

import click

from app.cli.ask_cmd import candidate_lines
from app.cli.options import open_memory
from app.config import get_settings
from app.demo_data import DEMO_FIRST_DAY, DEMO_QUESTIONS, DEMO_STREAM
from extraction.statements import StatementInput
from graph.errors import ConflictError
from graph.spaces import create_space, describe_space, space_exists, space_owner

DEMO_SPACE = "demo"
DEMO_OWNER = "recallgraph demo"


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
        if space_owner(store, name) != DEMO_OWNER:
            raise ConflictError(
                f"space {name!r} exists and was not made by the demo, which never wipes a space "
                f"it did not create: run it with another --space, or empty this one yourself "
                f"(`recallgraph reset --space {name} --yes`)"
            )
        memory.delete_space(name)
    create_space(store, name, owner=DEMO_OWNER)
    for i, text in enumerate(DEMO_STREAM):
        day = (DEMO_FIRST_DAY + timedelta(days=i)).isoformat()
        statement = StatementInput(text, id=f"demo-{i:03d}", source="demo", observed_at=day)
        memory.remember(name, statement)
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
    click.echo(f"\nExplore it in the Neo4j Browser: recallgraph browse --space {name}")
