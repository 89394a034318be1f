"""``recallgraph ingest FILE|-``: feed statements, one per line or as JSON Lines."""

from __future__ import annotations

import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import get_args

import click

from app.cli.options import open_memory, space_option
from app.cli.progress import Progress
from app.config import get_settings
from app.ingest_client import StatementClient
from app.statement_input import decode_utf8, parse_statements
from extraction.statements import StatementInput
from graph.errors import InvalidInputError
from hybrid.ingest_stream import ingest_stream
from hybrid.ingestion import MemoryWriter
from hybrid.settings import reveal
from hybrid.triple_writer import WriterKind

Stored = list[tuple[bool, int, list[str]]]  # per statement: duplicate, t, warnings
BatchSink = Callable[[list[list[StatementInput]], Callable[[int], None]], Iterator[Stored]]


def _local_sink(writer: MemoryWriter, space: str, workers: int | None) -> BatchSink:
    """Batches through the local pipeline: the graph stores one while the next one's concepts
    are extracted and the vector store takes the one before (``in_graph(n)``: n more are in
    Neo4j)."""

    def store(
        batches: list[list[StatementInput]], in_graph: Callable[[int], None]
    ) -> Iterator[Stored]:
        for outcomes in ingest_stream(
            writer, space, batches, extract_workers=workers, on_stored=in_graph
        ):
            yield [(o.duplicate, o.t, o.warnings) for o in outcomes]

    return store


def _server_sink(url: str, space: str, token: str | None, concurrency: int) -> BatchSink:
    """Batches to a running server, ``concurrency`` requests at once, each after the last
    statement of the one before (``?after=``), so the server stores them in order."""
    local = threading.local()

    def post(batch: list[StatementInput], after: str | None) -> Stored:
        if not hasattr(local, "client"):
            local.client = StatementClient(url, space, token)
        rows = local.client.post(batch, after)
        return [(r["duplicate"], r["t"], r.get("warnings", [])) for r in rows]

    def store(
        batches: list[list[StatementInput]], in_graph: Callable[[int], None]
    ) -> Iterator[Stored]:
        with ThreadPoolExecutor(concurrency, thread_name_prefix="post") as pool:
            sent: deque[Future[Stored]] = deque()
            after: str | None = None
            for batch in batches:
                sent.append(pool.submit(post, batch, after))
                after = batch[-1].id
                if len(sent) >= concurrency:
                    yield sent.popleft().result()
            while sent:
                yield sent.popleft().result()

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
    default=256,
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
@click.option(
    "--extract-workers",
    type=click.IntRange(0, 8),
    default=None,
    help="Processes that extract concepts ahead of the graph writes (default: 1 on 4 cores or "
    "more and a long input; 0: in the main process).",
)
@click.option("--server", default=None, metavar="URL", help="POST to a running RecallGraph server.")
@click.option(
    "--concurrency",
    type=click.IntRange(1, 16),
    default=4,
    show_default=True,
    help="Batches in flight at once with --server (stored in order all the same).",
)
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
    extract_workers: int | None,
    server: str | None,
    concurrency: int,
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
    if server:
        sink = _server_sink(server, name, token or reveal(settings.api_token), concurrency)
    else:
        sink = _local_sink(open_memory(settings).writer, name, extract_workers)
    batches = [statements[i : i + batch_size] for i in range(0, len(statements), batch_size)]
    started = time.perf_counter()
    new = first_t = last_t = 0
    warnings: list[str] = []
    with Progress("ingest", len(statements), unit="statement") as progress:
        graph = 0

        def in_graph(n: int) -> None:
            nonlocal graph
            graph += n
            if settings.vectors_enabled:
                progress.pending(graph - progress.done, "vectors pending")

        for stored in sink(batches, in_graph):
            for duplicate, t, notes in stored:
                warnings.extend(notes)
                if not duplicate:
                    new += 1
                    first_t = first_t or t
                    last_t = t
            progress.advance(len(stored))
            if settings.vectors_enabled and not server:
                progress.pending(graph - progress.done, "vectors pending")
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
