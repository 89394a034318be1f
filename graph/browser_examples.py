"""What the Browser guide is pre-filled with: examples that show a space's history well."""

from __future__ import annotations

from collections.abc import Sequence

from graph.queries import browser as q
from graph.spaces import current_t
from graph.store import GraphStore


def example_subject(store: GraphStore, space: str) -> str:
    """The entity whose facts changed most (closed versions first); empty without facts."""
    rows = store.query(q.EXAMPLE_SUBJECT, space=space)
    return str(rows[0]["name"]) if rows else ""


def example_concept(store: GraphStore, space: str, labels: Sequence[str] = ()) -> str:
    """The word of the first of ``labels`` the space knows, else of its most merged concept;
    empty without concepts."""
    rows = store.query(q.EXAMPLE_CONCEPT, space=space, labels=list(labels))
    return str(rows[0]["word"]) if rows else ""


def example_moment(store: GraphStore, space: str, t: int | None = None) -> tuple[int, str]:
    """A ``t`` to travel to (default: half the clock) and the date its statement was observed
    (ISO-8601 day; empty when the statements carry no ``observed_at``)."""
    moment = t if t is not None else max(current_t(store, space) // 2, 1)
    rows = store.query(q.OBSERVED_AT_OR_BEFORE, space=space, t=moment)
    return moment, (str(rows[0]["observed_at"])[:10] if rows else "")
