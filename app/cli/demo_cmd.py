"""``recallgraph demo``: feed the built-in stream into a fresh space, ask the built-in questions,
and show what the memory built and what each reader answers (never a canned answer)."""

from __future__ import annotations

from datetime import timedelta

import click

from app.cli.ask_cmd import candidate_lines
from app.cli.options import open_memory
from app.config import get_settings
from app.demo_data import DEMO_FIRST_DAY, DEMO_QUESTIONS, DEMO_STREAM
from extraction.statements import StatementInput
from graph.spaces import create_space, delete_space, describe_space, space_exists

DEMO_SPACE = "demo"


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
