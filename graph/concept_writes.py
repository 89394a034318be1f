"""RecallM's concept writes: the update part that merges a statement's concepts, and revisions.

``graph`` knows nothing about part-of-speech tagging or LLMs: it receives concept rows and, for
inline revision, a pure function that rewrites a context. A batch's concepts are written in two
round trips (read the touched concepts, write their final state with the batch's mentions and
Hebbian relations); ``graph.concept_merges`` computes what the statements do to them, in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from neo4j import ManagedTransaction

from graph.concept_merges import (
    ConceptRow,
    ConceptState,
    DueConcept,
    Reviser,
    Revision,
    text_size,
)
from graph.queries import concepts as q
from graph.store import GraphStore
from graph.update_parts import Stamped


@dataclass
class ConceptsPart:
    """The concept writes of one knowledge update (an ``UpdatePart``).

    With ``reviser`` set, due concepts are revised inside the update's transaction (cheap,
    symbolic revision); without it they are reported in ``due`` for the caller to revise after the
    commit (LLM revision must not hold the space's lock). A batch's parts share one
    configuration (period, size limit, whether a reviser is given).
    """

    concepts: Sequence[ConceptRow]
    relations: Sequence[tuple[str, str]]
    revision_period: int
    context_char_limit: int
    reviser: Reviser | None = None
    name: str = "concepts"
    due: list[DueConcept] = field(default_factory=list)

    @staticmethod
    def write_batch(
        tx: ManagedTransaction, space: str, stamped: Sequence[Stamped[Any]]
    ) -> list[Any]:
        return write_concepts(tx, space, stamped)


def _configuration(parts: Sequence[ConceptsPart]) -> tuple[int, int, Reviser | None]:
    first = parts[0]
    for part in parts:
        if (part.revision_period, part.context_char_limit, part.reviser is None) != (
            first.revision_period,
            first.context_char_limit,
            first.reviser is None,
        ):
            raise ValueError("the concept parts of one batch must share their revision settings")
    return first.revision_period, first.context_char_limit, first.reviser


def _read_states(
    tx: ManagedTransaction,
    space: str,
    stamped: Sequence[Stamped[ConceptsPart]],
    period: int,
    char_limit: int,
) -> dict[str, ConceptState]:
    """Every concept the batch touches, as stored (locked), or new."""
    merges: dict[str, int] = {}
    chars: dict[str, int] = {}
    for entry in stamped:
        for row in entry.part.concepts:
            merges[row.label] = merges.get(row.label, 0) + 1
            chars[row.label] = chars.get(row.label, 0) + text_size(row.sentences)
    rows = [{"label": label, "merges": n, "chars": chars[label]} for label, n in merges.items()]
    stored = tx.run(
        q.READ_CONCEPTS,
        space=space,
        rows=rows,
        revision_period=period,
        context_char_limit=char_limit,
    )
    states = {label: ConceptState(label) for label in merges}
    for record in stored:  # plain values already: no ``data()`` copy of every context
        states[record["label"]] = ConceptState.stored(record)
    return states


def write_concepts(
    tx: ManagedTransaction, space: str, stamped: Sequence[Stamped[ConceptsPart]]
) -> list[dict[str, Any]]:
    """Merge a batch's concepts in statement order; each statement's summary."""
    with_concepts = [entry for entry in stamped if entry.part.concepts]
    if not with_concepts:
        return [{"labels": [], "relations": 0, "revised": []} for _ in stamped]
    period, char_limit, reviser = _configuration([entry.part for entry in with_concepts])
    states = _read_states(tx, space, with_concepts, period, char_limit)
    relations: dict[tuple[str, str], dict[str, Any]] = {}
    summaries = []
    for entry in stamped:
        part, t = entry.part, entry.t
        part.due = []
        revised: list[str] = []
        if not part.concepts:
            summaries.append({"labels": [], "relations": 0, "revised": []})
            continue
        for row in part.concepts:
            state = states[row.label]
            state.merge(t, row)
            if not state.is_due(period, char_limit):
                continue
            if reviser is None:
                part.due.append(state.due())
            else:
                state.revise(reviser(state.due()), t)
                revised.append(row.label)
        for a, b in part.relations:
            pair = relations.setdefault((a, b), {"a": a, "b": b, "merges": 0, "first_t": t})
            pair["merges"] += 1
            pair["last_t"] = t
        summaries.append(
            {
                "labels": [c.label for c in part.concepts],
                "relations": len(part.relations),
                "revised": revised,
            }
        )
    tx.run(
        q.WRITE_CONCEPTS,
        space=space,
        concepts=[state.as_row() for state in states.values()],
        mentions=[
            {"statement_id": entry.statement_id, "labels": [c.label for c in entry.part.concepts]}
            for entry in with_concepts
        ],
        relations=list(relations.values()),
    ).consume()
    return summaries


def _write_revisions(
    tx: ManagedTransaction, space: str, t: int, revisions: Sequence[Revision]
) -> list[str]:
    rows = [
        {
            "label": r.label,
            "context": list(r.context),
            "context_t": list(r.context_t),
            "merges": r.merges,
        }
        for r in revisions
    ]
    return [rec["label"] for rec in tx.run(q.WRITE_REVISIONS, space=space, t=t, revisions=rows)]


def write_revisions(
    store: GraphStore, space: str, t: int, revisions: Sequence[Revision]
) -> list[str]:
    """Store revisions computed after an update; a concept merged since is left for next time."""
    if not revisions:
        return []
    return store.write(_write_revisions, space, t, revisions)
