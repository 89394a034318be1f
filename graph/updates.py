"""One knowledge update = one write transaction.

The transaction claims the space's next ``t`` (which also locks the space) and stores the statement
verbatim in one round trip, then lets each part of the update (concepts, facts) write its batch
with that ``t``.
A statement id already stored makes the whole update a no-op that returns the original ``t``:
re-sending is safe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol

from neo4j import ManagedTransaction

from graph.dates import datetime_text
from graph.errors import ObservedOrderError
from graph.queries import statements as q
from graph.store import GraphStore


@dataclass(frozen=True)
class StatementRecord:
    """A statement as stored: the text is kept exactly as given."""

    id: str
    text: str
    source: str | None = None
    observed_at: datetime | None = None  # aware: the zone it was said in is kept
    pending: tuple[str, ...] = ()  # stores beside Neo4j that still have to take it


class UpdatePart(Protocol):
    """A batch of writes that belongs to one update (concepts, facts, …)."""

    name: str

    def write(self, tx: ManagedTransaction, space: str, t: int, statement_id: str) -> Any:
        """Write the batch; return a summary of what was written (JSON-serialisable)."""
        ...


@dataclass(frozen=True)
class UpdateReceipt:
    statement_id: str
    t: int
    duplicate: bool
    written: dict[str, Any] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()


ObservedOrder = Literal["refuse", "warn"]


def _observed_backwards(
    statement: StatementRecord, latest: Any, order: ObservedOrder
) -> tuple[str, ...]:
    """An ``observed_at`` before the space's latest is refused (the transaction rolls back, so
    nothing of the batch is stored) or, with ``warn``, stored and reported."""
    observed = statement.observed_at.isoformat() if statement.observed_at else None
    message = (
        f"statement {statement.id!r}: observed_at {observed} is before the "
        f"space's latest observed time {latest}; observed times never run backwards in a space"
    )
    if order == "refuse":
        raise ObservedOrderError(
            f"{message}: send statements in the order they were made, or set "
            "RECALLGRAPH_OBSERVED_ORDER=warn to store it with a warning"
        )
    return (f"{message} (stored: RECALLGRAPH_OBSERVED_ORDER=warn)",)


def _write_update(
    tx: ManagedTransaction,
    space: str,
    statement: StatementRecord,
    parts: Sequence[UpdatePart],
    observed_order: ObservedOrder = "refuse",
) -> UpdateReceipt:
    stored = tx.run(
        q.STORE_STATEMENT,
        space=space,
        id=statement.id,
        text=statement.text,
        source=statement.source,
        observed_at=datetime_text(statement.observed_at),
        pending=list(statement.pending),
    ).single(strict=True)
    if stored["existing_t"] is not None:
        return UpdateReceipt(statement.id, stored["existing_t"], duplicate=True)
    warnings: tuple[str, ...] = ()
    if stored["backwards"]:
        warnings = _observed_backwards(statement, stored["latest_observed"], observed_order)
    t = stored["t"]
    written = {part.name: part.write(tx, space, t, statement.id) for part in parts}
    return UpdateReceipt(statement.id, t, duplicate=False, written=written, warnings=warnings)


def write_update(
    store: GraphStore,
    space: str,
    statement: StatementRecord,
    parts: Sequence[UpdatePart] = (),
    observed_order: ObservedOrder = "refuse",
) -> UpdateReceipt:
    """Store one knowledge update atomically; idempotent on the statement id."""
    return store.write(_write_update, space, statement, parts, observed_order)


def write_updates(
    store: GraphStore,
    space: str,
    updates: Sequence[tuple[StatementRecord, Sequence[UpdatePart]]],
    observed_order: ObservedOrder = "refuse",
) -> list[UpdateReceipt]:
    """Several knowledge updates in one write transaction: each claims its own ``t``, in order,
    exactly as if written one by one, and the batch is stored whole or not at all.

    This is the throughput path (a file, an HTTP batch): the commit and the transaction's round
    trips are paid once per batch instead of once per statement.
    """

    def work(tx: ManagedTransaction) -> list[UpdateReceipt]:
        return [
            _write_update(tx, space, record, parts, observed_order) for record, parts in updates
        ]

    return store.write(work) if updates else []


def get_statement(store: GraphStore, space: str, statement_id: str) -> dict[str, Any] | None:
    rows = store.query(q.GET_STATEMENT, space=space, id=statement_id)
    return rows[0] if rows else None


def statements_after(
    store: GraphStore, space: str, after_t: int = 0, limit: int = 1000
) -> list[dict[str, Any]]:
    """Statements with ``t`` greater than ``after_t``, oldest first (for replay and export)."""
    return store.query(q.STATEMENTS_AFTER, space=space, after_t=after_t, limit=limit)


def latest_statements(store: GraphStore, space: str, limit: int) -> list[dict[str, Any]]:
    """The ``limit`` most recent statements, newest first."""
    return store.query(q.LATEST_STATEMENTS, space=space, limit=limit)


def pending_statements(
    store: GraphStore, space: str, sink: str, limit: int = 1000
) -> list[dict[str, Any]]:
    """Statements that ``sink`` has not taken yet, oldest first."""
    return store.query(q.PENDING_STATEMENTS, space=space, sink=sink, limit=limit)


def pending_among(
    store: GraphStore, space: str, sink: str, statement_ids: Sequence[str]
) -> list[dict[str, Any]]:
    """Those of these statements that ``sink`` has not taken yet (a re-sent batch's)."""
    return store.query(q.PENDING_AMONG, space=space, sink=sink, ids=list(statement_ids))


def spaces_with_pending(store: GraphStore, sink: str) -> list[str]:
    """The spaces that hold statements ``sink`` has not taken yet."""
    return [row["space"] for row in store.query(q.SPACES_WITH_PENDING, sink=sink)]


def clear_pending(
    store: GraphStore, space: str, sink: str, statement_ids: Sequence[str]
) -> set[str]:
    """Record that ``sink`` now holds these statements; the ids that are still stored."""
    if not statement_ids:
        return set()
    rows = store.write(
        lambda tx: tx.run(q.CLEAR_PENDING, space=space, sink=sink, ids=list(statement_ids)).data()
    )
    return {row["id"] for row in rows}


def mark_all_pending(store: GraphStore, space: str, sink: str) -> None:
    """Mark every statement of the space as missing from ``sink`` (before a rebuild)."""
    store.run_autocommit(q.MARK_PENDING, space=space, sink=sink)
