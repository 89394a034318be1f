"""RecallM's concept graph in Neo4j: the update part that merges concepts, and the traversal read.

``graph`` knows nothing about part-of-speech tagging or LLMs: it receives concept rows and, for
inline revision, a pure function that rewrites a context.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from neo4j import ManagedTransaction

from graph.queries import concepts as q
from graph.store import GraphStore


@dataclass(frozen=True)
class ConceptRow:
    """One concept of an update: its label, the surface forms seen, its sentences in order."""

    label: str
    names: tuple[str, ...]
    sentences: tuple[str, ...]


@dataclass(frozen=True)
class DueConcept:
    """A concept whose context is due for revision, as read inside the update."""

    label: str
    context: tuple[str, ...]
    context_t: tuple[int, ...]
    merges: int


@dataclass(frozen=True)
class Revision:
    label: str
    context: tuple[str, ...]
    context_t: tuple[int, ...]
    merges: int  # the merge count the revision was computed from (optimistic check)


Reviser = Callable[[DueConcept], Revision]


@dataclass
class ConceptsPart:
    """The concept writes of one knowledge update (an ``UpdatePart``).

    With ``reviser`` set, due concepts are revised inside the update's transaction (cheap,
    symbolic revision); without it they are reported in ``due`` for the caller to revise after the
    commit (LLM revision must not hold the space's lock).
    """

    concepts: Sequence[ConceptRow]
    relations: Sequence[tuple[str, str]]
    revision_period: int
    context_char_limit: int
    reviser: Reviser | None = None
    name: str = "concepts"
    due: list[DueConcept] = field(default_factory=list)

    def write(self, tx: ManagedTransaction, space: str, t: int, statement_id: str) -> Any:
        if not self.concepts:
            return {"labels": [], "relations": 0, "revised": []}
        rows = [
            {"label": c.label, "names": list(c.names), "sentences": list(c.sentences)}
            for c in self.concepts
        ]
        due_records = tx.run(
            q.MERGE_CONCEPTS,
            space=space,
            statement_id=statement_id,
            t=t,
            concepts=rows,
            relations=[list(pair) for pair in self.relations],
            revision_period=self.revision_period,
            context_char_limit=self.context_char_limit,
        ).data()
        self.due = [
            DueConcept(r["label"], tuple(r["context"]), tuple(r["context_t"]), r["merges"])
            for r in due_records
        ]
        revised: list[str] = []
        if self.reviser is not None and self.due:
            revised = _write_revisions(tx, space, t, [self.reviser(d) for d in self.due])
            self.due = []
        return {
            "labels": [c.label for c in self.concepts],
            "relations": len(self.relations),
            "revised": revised,
        }


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


@dataclass(frozen=True)
class TraversalConcept:
    label: str
    t: int
    context: tuple[str, ...]
    context_t: tuple[int, ...]
    score: float | None  # None for an essential concept


@dataclass(frozen=True)
class Traversal:
    """What the graph holds around a question's essential concepts."""

    essential: list[TraversalConcept]
    neighbours: list[TraversalConcept]  # best first, each label once, essentials excluded


def traverse(
    store: GraphStore,
    space: str,
    labels: Sequence[str],
    *,
    depth: int,
    window: int,
    alpha: float,
    per_concept: int,
) -> Traversal:
    """RecallM's temporal-window traversal, one round trip for all essential concepts."""
    if not labels:
        return Traversal([], [])
    records = store.query(
        q.traversal_query(depth),
        space=space,
        labels=list(labels),
        window=window,
        alpha=alpha,
        per_concept=per_concept,
    )
    essential = [
        TraversalConcept(r["label"], r["t"], tuple(r["context"]), tuple(r["context_t"]), None)
        for r in records
    ]
    found = {c.label for c in essential}
    best: dict[str, TraversalConcept] = {}
    for record in records:
        for n in record["neighbours"]:
            if n["label"] in found:
                continue
            current = best.get(n["label"])
            if current is None or (current.score or 0) < n["score"]:
                best[n["label"]] = TraversalConcept(
                    n["label"], n["t"], tuple(n["context"]), tuple(n["context_t"]), n["score"]
                )
    neighbours = sorted(best.values(), key=lambda c: (-(c.score or 0.0), -c.t, c.label))
    return Traversal(essential, neighbours)


def get_concept(
    store: GraphStore, space: str, label: str, neighbour_limit: int = 25
) -> dict[str, Any] | None:
    """One concept with its context and strongest neighbours (for the CLI, API and Browser)."""
    rows = store.query(q.GET_CONCEPT, space=space, label=label, neighbour_limit=neighbour_limit)
    return rows[0] if rows else None
