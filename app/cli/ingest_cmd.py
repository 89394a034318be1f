"""``recallgraph ingest FILE|-``: feed statements, one per line or as JSON Lines."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import get_args

import click
from tqdm import tqdm

from app.cli.options import open_memory, space_option
from app.config import get_settings
from app.ingest_client import StatementClient
from app.statement_input import decode_utf8, parse_statements
from extraction.statements import StatementInput
from graph.errors import InvalidInputError
from hybrid.ingestion import MemoryWriter
from hybrid.settings import reveal
from hybrid.triple_writer import WriterKind

Sink = Callable[[list[StatementInput]], list[tuple[bool, int, list[str]]]]


def _local_sink(writer: MemoryWriter, space: str) -> Sink:
    def store(batch: list[StatementInput]) -> list[tuple[bool, int, list[str]]]:
        return [(o.duplicate, o.t, o.warnings) for o in writer.ingest_many(space, batch)]

    return store


def _server_sink(url: str, space: str, token: str | None) -> Sink:
    client = StatementClient(url, space, token)

    def store(batch: list[StatementInput]) -> list[tuple[bool, int, list[str]]]:
        return [(r["duplicate"], r["t"], r.get("warnings", [])) for r in client.post(batch)]

    return store


def _read(path: str) -> tuple[bytes, str]:
    if path == "-":
        return sys.stdin.buffer.read(), "stdin"
    file = Path(path)
    if not file.is_file():
        raise InvalidInputError(f"no such file: {path}")
    return file.read_bytes(), file.name


@click.command("ingest")
@click.argument("path", metavar="FILE|-")
@space_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["auto", "lines", "jsonl"]),
    default="auto",
    show_default=True,
    help="One statement per line, or JSON Lines with text and optional id/source/observed_at.",
)
@click.option(
    "--source", default=None, help="Source recorded on each statement (default: file name)."
)
@click.option(
    "--batch-size",
    default=64,
    show_default=True,
    type=click.IntRange(1, 1000),
    help="Statements per transaction (each is still its own update with its own t).",
)
@click.option(
    "--writer",
    type=click.Choice(list(get_args(WriterKind))),
    default=None,
    help="Triple writer (default: RECALLGRAPH_TRIPLE_WRITER); `none` is much faster.",
)
@click.option("--server", default=None, metavar="URL", help="POST to a running RecallGraph server.")
@click.option(
    "--token", default=None, help="Bearer token for --server (default: RECALLGRAPH_API_TOKEN)."
)
def ingest_cmd(
    path: str,
    space: str | None,
    fmt: str,
    source: str | None,
    batch_size: int,
    writer: str | None,
    server: str | None,
    token: str | None,
) -> None:
    """Store each statement as one knowledge update, in order.

    Statements without an id get one from the input's content and line number, so running the
    same input again (after an interruption, say) stores only what is missing.
    """
    settings = get_settings()
    name = settings.resolved_space(space)
    data, default_source = _read(path)
    statements = parse_statements(
        decode_utf8(data, path),
        source=source or default_source,
        fmt=fmt,  # type: ignore[arg-type]
    )
    if not statements:
        raise InvalidInputError(f"{path} holds no statements")
    if writer is not None:
        settings = settings.model_copy(update={"triple_writer": writer})
    store = _server_sink(server, name, token or reveal(settings.api_token)) if server else None
    store = store or _local_sink(open_memory(settings).writer, name)
    started = time.perf_counter()
    new = first_t = last_t = 0
    warnings: list[str] = []
    with tqdm(total=len(statements), unit="stmt", disable=None, file=sys.stderr) as bar:
        for start in range(0, len(statements), batch_size):
            batch = statements[start : start + batch_size]
            for duplicate, t, notes in store(batch):
                warnings.extend(notes)
                if not duplicate:
                    new += 1
                    first_t = first_t or t
                    last_t = t
            bar.update(len(batch))
    elapsed = time.perf_counter() - started
    skipped = len(statements) - new
    span = f" at t={first_t}..{last_t}" if new else ""
    click.echo(
        f"Stored {new} new statements in space {name!r}{span}; {skipped} were already stored "
        f"({len(statements) / max(elapsed, 1e-9):.0f} statements/s)."
    )
    if warnings:
        click.echo(f"warning: {len(warnings)} statements are not yet in every store:", err=True)
        click.echo(f"warning: {warnings[0]}", err=True)
