"""``recallgraph rebuild-vectors``: make ChromaDB agree with Neo4j again."""

from __future__ import annotations

import click

from app.cli.options import open_memory, space_option
from app.cli.progress import Progress
from app.config import get_settings
from graph.errors import InvalidInputError
from graph.spaces import describe_space
from hybrid.ingestion import REPLAY_BATCH


@click.command("rebuild-vectors")
@space_option
@click.option(
    "--missing-only",
    is_flag=True,
    help="Only replay statements the vector store missed (default: rebuild the collection).",
)
def rebuild_vectors_cmd(space: str | None, missing_only: bool) -> None:
    """Restore a space's ChromaDB collection from the Statement nodes in Neo4j."""
    settings = get_settings()
    name = settings.resolved_space(space)
    if not settings.vectors_enabled:
        raise InvalidInputError("the vector baseline is switched off (RECALLGRAPH_VECTORS=false)")
    memory = open_memory(settings)
    statements = describe_space(memory.store, name).statements  # the space must exist
    total = None if missing_only else statements
    with Progress("rebuild-vectors", total, unit="statement", every=REPLAY_BATCH * 4) as progress:
        written = memory.sync_vectors(name, rebuild=not missing_only, on_written=progress.advance)
    click.echo(f"Wrote {written} statements of space {name!r} to the vector store.")
