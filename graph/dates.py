"""Calendar time in the graph: a statement's resolved date phrases and its facts' validity dates
(one more part of the knowledge update), and the ``t`` a date-time stands for.

The part runs last in the update, after the facts part, so it dates the facts this statement has
just written or closed (found by ``statement_id`` / ``closed_by``, both indexed); a batch's dates
are written after its facts, one statement after another, in one query.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from neo4j import ManagedTransaction

from graph.queries import dates as q
from graph.store import GraphStore
from graph.update_parts import Stamped


@dataclass(frozen=True)
class DatedPhrase:
    """A resolved date phrase of a statement: ``first``..``last`` inclusive."""

    text: str
    kind: str
    first: date
    last: date


@dataclass
class DatesPart:
    """The calendar writes of one update (an ``UpdatePart``): the phrases onto the statement;
    ``valid_from``/``valid_to`` onto the facts it wrote, ``valid_from`` as the end of the facts it
    closed."""

    phrases: Sequence[DatedPhrase]
    valid_from: date | None = None
    valid_to: date | None = None
    name: str = "dates"

    @staticmethod
    def write_batch(
        tx: ManagedTransaction, space: str, stamped: Sequence[Stamped[Any]]
    ) -> list[Any]:
        """A batch's dates in one query, statement after statement."""
        rows = [
            {
                "position": position,
                "id": entry.statement_id,
                "texts": [p.text for p in entry.part.phrases],
                "kinds": [p.kind for p in entry.part.phrases],
                "firsts": [p.first for p in entry.part.phrases],
                "lasts": [p.last for p in entry.part.phrases],
                "valid_from": entry.part.valid_from,
                "valid_to": entry.part.valid_to,
            }
            for position, entry in enumerate(stamped)
        ]
        counts = {
            record["position"]: (record["dated"], record["closed"])
            for record in tx.run(q.WRITE_DATES, space=space, updates=rows)
        }
        return [entry.part.summary(*counts[i]) for i, entry in enumerate(stamped)]

    def summary(self, dated: int, closed: int) -> dict[str, Any]:
        return {
            "phrases": [
                {"text": p.text, "kind": p.kind, "first": str(p.first), "last": str(p.last)}
                for p in self.phrases
            ],
            "valid_from": None if self.valid_from is None else str(self.valid_from),
            "valid_to": None if self.valid_to is None else str(self.valid_to),
            "facts_dated": dated,
            "facts_ended": closed,
        }


def datetime_text(moment: datetime | None) -> str | None:
    """An aware date-time as Neo4j's ``datetime()`` reads it, its IANA zone in brackets.

    Date-times cross to Neo4j as this text, parsed by the server: the driver's own conversion
    of ``zoneinfo`` zones fails on zones whose history has second offsets (Europe/Lisbon's)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        raise ValueError("a date-time sent to Neo4j needs a time zone")
    key = getattr(moment.tzinfo, "key", None) or getattr(moment.tzinfo, "zone", None)
    named = f"[{key}]" if key and "/" in key else ""
    return moment.isoformat() + named


def t_observed_by(store: GraphStore, space: str, at: datetime) -> int:
    """The largest ``t`` whose statement was observed at or before ``at`` (0: none was)."""
    rows = store.query(q.T_OBSERVED_BY, space=space, at=datetime_text(at))
    return int(rows[0]["t"]) if rows else 0


def latest_observed(store: GraphStore, space: str) -> datetime | None:
    """When the space's newest statement was said (None: no statement carries a time)."""
    rows = store.query(q.LATEST_OBSERVED, space=space)
    at = rows[0]["at"] if rows else None
    return observed_moment(str(at)) if at else None


def statements_for_concepts(
    store: GraphStore,
    space: str,
    labels: Sequence[str],
    as_of: int | None,
    limit: int = 50,
    *,
    dated: bool = False,
) -> list[dict[str, Any]]:
    """Statements that mention the concepts ``labels`` (``dated``: only those that carry
    calendar time), the ones that mention the most of them first, then the newest."""
    return store.query(
        q.STATEMENTS_FOR_CONCEPTS,
        space=space,
        labels=list(labels),
        as_of=as_of,
        limit=limit,
        dated=dated,
    )


def observed_moment(stored: str) -> datetime:
    """A stored observed time ("2024-05-06T09:12:00+02:00[Europe/Berlin]") as a date-time in
    its own offset."""
    return datetime.fromisoformat(stored.split("[")[0])


def human_date(day: date) -> str:
    """A day as an answer says it: "7 May 2024"."""
    return f"{day.day} {day.strftime('%B %Y')}"


def said_day(observed_at: str) -> str:
    """The day a stored observed time fell on, as an answer says it: "7 May 2024"."""
    return human_date(observed_moment(observed_at).date())
