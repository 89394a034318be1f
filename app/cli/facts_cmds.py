"""`recallgraph facts` (list, add, retract, delete, apply), `history`, `export`, `import`.

The direct path to the triple memory: each `add` or `retract` is a knowledge update of its own.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO, TypeVar

import click
from pydantic import ValidationError

from app.cli.options import open_memory, space_option
from app.cli.progress import Progress
from app.config import get_settings
from extraction.memory_api import Triple
from graph.errors import InvalidInputError, VectorStoreError, describe_validation_error
from graph.facts_read import FactRecord
from graph.spaces import require_space
from hybrid.memory_controller import MemoryController
from hybrid.triple_memory import FactsReceipt

T = TypeVar("T")


def _validated(build: Callable[[], T]) -> T:
    """Build a Triple or Query from command-line text; a bad name is the caller's input error."""
    try:
        return build()
    except ValidationError as e:
        raise InvalidInputError(describe_validation_error(e, fields=False)) from e


def _interval(fact: FactRecord) -> str:
    return f"t={fact.t_from}..{'' if fact.t_to is None else fact.t_to}"


def _echo_facts(facts: list[FactRecord], as_json: bool, *, statements: bool = False) -> None:
    if as_json:
        for fact in facts:
            click.echo(json.dumps(fact.as_dict(), ensure_ascii=False))
        return
    if not facts:
        click.echo("No facts.")
        return
    for fact in facts:
        line = f"{_interval(fact):<12} {fact.subject} >> {fact.relation} >> {fact.object}"
        if fact.valid_from or fact.valid_to:
            line += f"  (valid {fact.valid_from or ''}..{fact.valid_to or ''})"
        if fact.score < 1.0:
            line += f"  (similarity {fact.score:.2f})"
        click.echo(f"{line}  id={fact.id}")
        if statements:
            click.echo(f"{'':<12} from {fact.statement!r} (writer {fact.writer})")


def _echo_receipt(receipt: FactsReceipt) -> None:
    outcomes = ("added", "confirmed", "superseded", "retracted")
    done = [f"{outcome} {len(receipt.ids(outcome))}" for outcome in outcomes]
    click.echo(f"t={receipt.t}: " + ", ".join(done))
    for fact_id in receipt.ids("added"):
        click.echo(f"  new fact id={fact_id}")


@click.group("facts", invoke_without_command=True)
@space_option
@click.option("--subject", "-s", default=None, help="Subject to match (exact, else fuzzy).")
@click.option("--relation", "-r", default=None, help="Relation to match.")
@click.option("--object", "-o", "obj", default=None, help="Object to match.")
@click.option(
    "--as-of",
    default=None,
    metavar="T|DATE",
    help="Facts believed at this t, or at this ISO 8601 date-time (a date alone: the end of "
    "that day); default: now.",
)
@click.option("--history", is_flag=True, help="Every version, closed ones included.")
@click.option(
    "--when",
    default=None,
    metavar="OPERATOR",
    help="A temporal read, as in MEM_READ: previous, first, all, 'before X', 'after X', "
    "count, 'count now', still, 'as_of T' (needs --subject or --relation).",
)
@click.option("--limit", type=int, default=100, show_default=True, help="Most facts to show.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per fact.")
@click.pass_context
def facts_group(
    ctx: click.Context,
    space: str | None,
    subject: str | None,
    relation: str | None,
    obj: str | None,
    as_of: str | None,
    history: bool,
    when: str | None,
    limit: int,
    as_json: bool,
) -> None:
    """List the triple memory's facts (filter by subject, relation, object), or change them."""
    if ctx.invoked_subcommand is not None:
        return
    settings = get_settings()
    name = settings.resolved_space(space)
    memory = open_memory(settings)
    if when is not None:
        answer = memory.facts_when(name, subject, relation, obj, when=when, as_of=as_of)
        if answer.count is not None and not as_json:
            click.echo(f"count: {answer.count}")
        if answer.holds is not None and not as_json:
            since = f" (not since t={answer.since})" if answer.since is not None else ""
            click.echo(f"still: {'yes' if answer.holds else 'no'}{since}")
        _echo_facts(answer.facts, as_json)
        return
    found = memory.facts(name, subject, relation, obj, as_of=as_of, history=history, limit=limit)
    if as_of is not None and not as_json:
        click.echo(f"As of {as_of} (t={memory.resolve_as_of(name, as_of)}):")
    _echo_facts(found.facts, as_json)
    if found.truncated and not as_json:
        click.echo(f"(first {limit} shown; raise --limit for more)")


@facts_group.command("add")
@space_option
@click.argument("subject")
@click.argument("relation")
@click.argument("obj", metavar="OBJECT")
@click.option("--source", default="manual", show_default=True, help="Provenance label.")
def add_cmd(space: str | None, subject: str, relation: str, obj: str, source: str) -> None:
    """Write one fact as a knowledge update (a relation "not R" retracts; OBJECT "*" = any)."""
    settings = get_settings()
    memory = open_memory(settings).triples
    triple = _validated(lambda: Triple.from_parts(subject, relation, obj))
    _echo_receipt(
        memory.write(settings.resolved_space(space), [triple], writer="manual", source=source)
    )


@facts_group.command("retract")
@space_option
@click.argument("subject")
@click.argument("relation")
@click.argument("obj", metavar="[OBJECT]", required=False)
def retract_cmd(space: str | None, subject: str, relation: str, obj: str | None) -> None:
    """Close SUBJECT's current RELATION facts (only the one with OBJECT, when given)."""
    settings = get_settings()
    memory = open_memory(settings).triples
    triple = _validated(
        lambda: Triple(subject=subject, relation=relation, object=obj, retract=True)
    )
    _echo_receipt(
        memory.write(settings.resolved_space(space), [triple], writer="manual", source="manual")
    )


@facts_group.command("delete")
@space_option
@click.argument("fact_id", metavar="ID")
def delete_cmd(space: str | None, fact_id: str) -> None:
    """Really delete one fact version (updates only close facts; this removes it)."""
    settings = get_settings()
    open_memory(settings).triples.delete(settings.resolved_space(space), fact_id)
    click.echo(f"Deleted fact {fact_id}.")


@facts_group.command("apply")
@space_option
@click.argument("text")
@click.option("--writer", default="api", show_default=True, help='E.g. "model:<adapter>".')
def apply_cmd(space: str | None, text: str, writer: str) -> None:
    """Run the MEM_WRITE/MEM_READ calls in TEXT ('-' reads stdin); print TEXT with answers."""
    settings = get_settings()
    body = sys.stdin.read() if text == "-" else text
    controller = MemoryController(
        open_memory(settings).triples, settings.resolved_space(space), writer=writer
    )
    result = controller.run(body, source=writer)
    click.echo(result.text)
    for issue in result.issues:
        click.echo(f"could not read {issue.fragment!r}: {issue.reason}", err=True)


@click.command("history")
@space_option
@click.argument("subject")
@click.option("--relation", "-r", default=None, help="Only this relation.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per version.")
def history_cmd(space: str | None, subject: str, relation: str | None, as_json: bool) -> None:
    """Every version of SUBJECT's facts with its interval and source statement."""
    settings = get_settings()
    name = settings.resolved_space(space)
    _echo_facts(open_memory(settings).history(name, subject, relation), as_json, statements=True)


@click.command("export")
@space_option
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None)
def export_cmd(space: str | None, output: Path | None) -> None:
    """Write a space's statements and facts as JSON Lines (stdout unless -o FILE)."""
    settings = get_settings()
    name = settings.resolved_space(space)
    memory = open_memory(settings)
    require_space(memory.store, name)
    if output is None:
        memory.export(name, sys.stdout)
        return
    with output.open("w", encoding="utf-8") as sink:
        summary = memory.export(name, sink)
    click.echo(f"Exported {summary.statements} statements and {summary.facts} facts to {output}.")


def _utf8_lines(file: BinaryIO) -> Iterator[str]:
    """The file's lines, read one at a time; a line that is not UTF-8 is named."""
    for number, raw in enumerate(file, start=1):
        try:
            yield raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as e:
            raise InvalidInputError(
                f"line {number} is not valid UTF-8 (byte 0x{raw[e.start]:02x})"
            ) from e


@click.command("import")
@space_option
@click.argument("file", type=click.File("rb"))
def import_cmd(space: str | None, file: BinaryIO) -> None:
    """Load an export (JSON Lines; '-' for stdin) into an empty space, all or nothing."""
    settings = get_settings()
    name = settings.resolved_space(space)
    memory = open_memory(settings)
    summary = memory.import_(name, _utf8_lines(file))
    click.echo(
        f"Imported {summary.statements} statements and {summary.facts} facts into {name!r} "
        f"(clock at t={summary.clock})."
    )
    for kind, count in summary.skipped.items():
        click.echo(f"Skipped {count} records of unknown kind {kind!r}.", err=True)
    for warning in summary.warnings:
        click.echo(f"warning: {warning}", err=True)
    if memory.vectors is not None:
        try:
            with Progress("vectors", summary.statements, unit="statement") as progress:
                written = memory.sync_vectors(name, on_written=progress.advance)
        except VectorStoreError as e:
            click.echo(
                f"warning: the vector store has not taken them yet ({e}); run `recallgraph "
                f"rebuild-vectors --space {name} --missing-only` when it answers",
                err=True,
            )
        else:
            click.echo(f"Wrote {written} statements to the vector store.")
