"""RecallM's concept graph in Neo4j, read: the temporal-window traversal and one concept.

The writes (merges, Hebbian relations, revision) are ``graph.concept_writes``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graph.queries import concepts as q
from graph.store import GraphStore


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
