"""Knowledge updates, written a batch at a time as a few set-based queries.

Every statement is its own update with its own ``t``, and a batch of them is one write transaction
(a file's 64 lines, an HTTP request's statements, a single statement): stored whole or not at
all. The transaction first claims a block of ``t`` values for the batch's new statements in one
query that also stores them verbatim (``CLAIM_STATEMENTS``: it takes the space's lock, so
concurrent writers of a space never interleave ``t``); statement *i* among the new ones gets
``t0 + i``. Then each kind of part (concepts, facts, dates) writes what every statement of the
batch gave it in a constant number of queries, in statement order, exactly as if the statements
had been written one by one (``write_batch`` of each part kind). The one exception is rare: a
forum handle whose author the batch revealed has its entity merged into the full name after the
batch's facts, a few queries per such handle (``FactsPart.due_merges``).

A statement id already stored, or repeated within the batch, is a duplicate: it keeps its
original ``t``, claims none, and its parts are not written, so re-sending is safe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from graphlib import CycleError, TopologicalSorter
from typing import Any, Literal

from neo4j import ManagedTransaction

from graph.dates import datetime_text
from graph.errors import ObservedOrderError
from graph.queries import statements as q
from graph.store import GraphStore
from graph.update_parts import Stamped, UpdatePart


@dataclass(frozen=True)
class StatementRecord:
    """A statement as stored: the text is kept exactly as given."""

    id: str
    text: str
    source: str | None = None
    observed_at: datetime | None = None  # aware: the zone it was said in is kept
    pending: tuple[str, ...] = ()  # stores beside Neo4j that still have to take it


@dataclass(frozen=True)
class UpdateReceipt:
    statement_id: str
    t: int
    duplicate: bool
    written: dict[str, Any] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()


ObservedOrder = Literal["refuse", "warn"]
Update = tuple[StatementRecord, Sequence[UpdatePart]]


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


@dataclass(frozen=True)
class _Claim:
    """What the claim says of one distinct statement id of the batch."""

    t: int
    duplicate: bool
    warnings: tuple[str, ...] = ()


def _claim(
    tx: ManagedTransaction,
    space: str,
    records: Sequence[StatementRecord],
    observed_order: ObservedOrder,
) -> dict[str, _Claim]:
    """Store the batch's new statements at a block of ``t`` values; each distinct id's claim."""
    distinct: dict[str, StatementRecord] = {}
    for record in records:
        distinct.setdefault(record.id, record)  # a repeated id is the first one's duplicate
    rows = [
        {
            "id": r.id,
            "text": r.text,
            "source": r.source,
            "observed_at": datetime_text(r.observed_at),
            "pending": list(r.pending),
        }
        for r in distinct.values()
    ]
    answer = tx.run(q.CLAIM_STATEMENTS, space=space, rows=rows).single(strict=True)
    claims: dict[str, _Claim] = {}
    fresh = 0
    for record, existing_t in zip(distinct.values(), answer["existing"], strict=True):
        if existing_t is not None:
            claims[record.id] = _Claim(existing_t, duplicate=True)
            continue
        warnings: tuple[str, ...] = ()
        if answer["backwards"][fresh]:
            latest = answer["latest_observed"][fresh]
            warnings = _observed_backwards(record, latest, observed_order)
        fresh += 1
        claims[record.id] = _Claim(answer["t0"] + fresh, duplicate=False, warnings=warnings)
    return claims


def _kinds_in_order(updates: Sequence[Update]) -> list[type[UpdatePart]]:
    """The part kinds of the batch, each after every kind that precedes it in some update
    (dates after facts: they date the facts the update wrote)."""
    order: TopologicalSorter[type[UpdatePart]] = TopologicalSorter()
    for _, parts in updates:
        kinds = [type(part) for part in parts]
        for i, kind in enumerate(kinds):
            order.add(kind, *kinds[:i])
    try:
        return list(order.static_order())
    except CycleError as e:
        raise ValueError(f"updates give their parts in contradictory orders: {e}") from e


def _write_batch(
    tx: ManagedTransaction, space: str, updates: Sequence[Update], observed_order: ObservedOrder
) -> list[UpdateReceipt]:
    claims = _claim(tx, space, [record for record, _ in updates], observed_order)
    fresh: list[tuple[int, Update]] = []
    seen: set[str] = set()
    for position, update in enumerate(updates):
        record = update[0]
        if not claims[record.id].duplicate and record.id not in seen:
            fresh.append((position, update))
        seen.add(record.id)
    written: dict[int, dict[str, Any]] = {position: {} for position, _ in fresh}
    for kind in _kinds_in_order([update for _, update in fresh]):
        mine = [
            (position, part)
            for position, (_, parts) in fresh
            for part in parts
            if type(part) is kind
        ]
        stamped = [
            Stamped(claims[updates[position][0].id].t, updates[position][0].id, part)
            for position, part in mine
        ]
        summaries = kind.write_batch(tx, space, stamped)
        for (position, part), summary in zip(mine, summaries, strict=True):
            written[position][part.name] = summary
    receipts = []
    for position, (record, parts) in enumerate(updates):
        claim = claims[record.id]
        if position not in written:
            receipts.append(UpdateReceipt(record.id, claim.t, duplicate=True))
            continue
        ordered = {part.name: written[position][part.name] for part in parts}
        receipts.append(UpdateReceipt(record.id, claim.t, False, ordered, claim.warnings))
    return receipts


def write_updates(
    store: GraphStore,
    space: str,
    updates: Sequence[Update],
    observed_order: ObservedOrder = "refuse",
) -> list[UpdateReceipt]:
    """Several knowledge updates in one write transaction: each claims its own ``t``, in order,
    exactly as if written one by one, and the batch is stored whole or not at all.

    The round trips are a constant number per batch (the claim, then a few per part kind, and
    a few per handle revealed), whatever its size: this is the throughput path (a file, an HTTP
    batch)."""
    return store.write(_write_batch, space, updates, observed_order) if updates else []


def write_update(
    store: GraphStore,
    space: str,
    statement: StatementRecord,
    parts: Sequence[UpdatePart] = (),
    observed_order: ObservedOrder = "refuse",
) -> UpdateReceipt:
    """Store one knowledge update atomically; idempotent on the statement id."""
    return write_updates(store, space, [(statement, parts)], observed_order)[0]


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
