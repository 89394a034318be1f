"""``recallgraph rebuild-vectors``: make ChromaDB agree with Neo4j again."""

from __future__ import annotations

import click

from app.cli.options import open_memory, space_option
from app.config import get_settings
from graph.errors import InvalidInputError
from graph.spaces import require_space


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
    require_space(memory.store, name)
    written = memory.sync_vectors(name, rebuild=not missing_only)
    click.echo(f"Wrote {written} statements of space {name!r} to the vector store.")
