"""Reading a space's statements and facts out in pages, and restoring them into an empty space.

The file format lives in ``hybrid.memory_io``; this module only moves rows. A restore is one
transaction: it refuses a space that already holds statements or entities (merging two memories'
timelines is not defined), writes statements with their own ``t``, merges entities and relations,
recreates every fact version with its interval and provenance, and moves the clock to at least
the largest ``t`` restored so later updates come after everything imported.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, LiteralString, cast

from neo4j import ManagedTransaction

from graph.errors import ConflictError
from graph.facts_write import WRITE_BATCH, Named, merge_named
from graph.queries import chains
from graph.queries import facts as q
from graph.store import GraphStore

EXPORT_PAGE = 5000


def export_statements(store: GraphStore, space: str, as_of: int) -> Iterator[dict[str, Any]]:
    """Every statement up to ``as_of``, oldest first, a page at a time."""
    after = 0
    while rows := store.query(
        q.EXPORT_STATEMENTS, space=space, as_of=as_of, after_t=after, limit=EXPORT_PAGE
    ):
        yield from rows
        after = rows[-1]["t"]


def export_facts(store: GraphStore, space: str, as_of: int) -> Iterator[dict[str, Any]]:
    """Every fact version as the space held it at ``as_of``, by ``t_from``, a page at a time."""
    after_t, after_id = -1, ""
    while rows := store.query(
        q.EXPORT_FACTS,
        space=space,
        as_of=as_of,
        after_t=after_t,
        after_id=after_id,
        limit=EXPORT_PAGE,
    ):
        yield from rows
        after_t, after_id = rows[-1]["t_from"], rows[-1]["id"]


def _run_batches(
    tx: ManagedTransaction, cypher: str, rows: Sequence[dict[str, Any]], space: str
) -> None:
    for i in range(0, len(rows), WRITE_BATCH):
        batch = list(rows[i : i + WRITE_BATCH])
        tx.run(cast(LiteralString, cypher), rows=batch, space=space).consume()


def restore_space(
    store: GraphStore,
    space: str,
    *,
    statements: Sequence[dict[str, Any]],
    entities: Sequence[Named],
    relations: Sequence[Named],
    facts: Sequence[dict[str, Any]],
    clock: int,
) -> None:
    """Restore exported rows into ``space``, which must be empty; all or nothing.

    ``facts`` rows carry ``subject_key``/``object_key`` (present in ``entities``), ``relation``,
    ``relation_key``, ``t_from``, ``t_to``, ``t_confirmed``, ``confirmations``, ``statement_id``,
    ``source``, ``writer`` and ``closed_by``.
    """

    def work(tx: ManagedTransaction) -> None:
        tx.run(q.ADVANCE_CLOCK, space=space, t=clock).consume()  # locks the space first
        content = tx.run(q.SPACE_CONTENT, space=space).single(strict=True)
        if content["statements"] or content["entities"]:
            raise ConflictError(
                f"space {space!r} is not empty ({content['statements']} statements, "
                f"{content['entities']} entities); import into a new space, or empty this one "
                "with `recallgraph reset`"
            )
        _run_batches(tx, q.RESTORE_STATEMENTS, statements, space)
        tx.run(q.LATEST_OBSERVED, space=space).consume()
        merge_named(tx, q.UPSERT_ENTITIES, entities, space=space)
        merge_named(tx, q.UPSERT_RELATIONS, relations, space=space)
        _run_batches(tx, q.RESTORE_FACTS, facts, space)
        tx.run(chains.LINK_SPACE, space=space).consume()

    store.write(work)
