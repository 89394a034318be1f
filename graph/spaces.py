"""Memory spaces: independent memories sharing one database, each with its own clock ``t``."""

from __future__ import annotations

from dataclasses import dataclass

from neo4j import ManagedTransaction

from graph.errors import InvalidInputError, NotFoundError
from graph.queries import spaces as q
from graph.store import GraphStore, single_value

SPACE_NAME_MAX = 64
_SPACE_ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


def validate_space_name(name: str) -> str:
    """Space names travel in URLs, collection names and files: keep them to a safe alphabet."""
    if not name or len(name) > SPACE_NAME_MAX:
        raise InvalidInputError(
            f"space name must be 1 to {SPACE_NAME_MAX} characters, got {name!r}"
        )
    if not set(name) <= _SPACE_ALPHABET or name[0] in "-_":
        raise InvalidInputError(
            f"space name {name!r} may hold only letters, digits, '-' and '_', "
            "and must start with a letter or digit"
        )
    return name


@dataclass(frozen=True)
class SpaceSummary:
    name: str
    t: int
    created_at: str | None
    statements: int
    concepts: int
    entities: int
    facts: int
    current_facts: int


def create_space(store: GraphStore, space: str, *, owner: str | None = None) -> bool:
    """Create an empty space (``owner``: the command that made it, e.g. the demo); return False
    when it already existed."""
    return bool(store.write(lambda tx: single_value(tx, q.CREATE_SPACE, space=space, owner=owner)))


def space_owner(store: GraphStore, space: str) -> str | None:
    """The command that made the space; None for spaces made by writing into them."""
    rows = store.query(q.SPACE_OWNER, space=space)
    return rows[0]["owner"] if rows else None


def space_exists(store: GraphStore, space: str) -> bool:
    return bool(store.query(q.GET_SPACE, space=space))


def require_space(store: GraphStore, space: str) -> None:
    """Raise ``NotFoundError`` naming the space when it does not exist."""
    if not space_exists(store, space):
        raise NotFoundError(f"space {space!r} does not exist (list them with `recallgraph spaces`)")


def current_t(store: GraphStore, space: str) -> int:
    """The space's temporal index now; 0 for a space that has seen no update."""
    rows = store.query(q.CURRENT_T, space=space)
    return int(rows[0]["t"]) if rows else 0


def _summary(tx: ManagedTransaction, row: dict) -> SpaceSummary:
    space = row["name"]
    facts = tx.run(q.COUNT_FACTS, space=space).single(strict=True)
    return SpaceSummary(
        name=space,
        t=row["t"],
        created_at=row["created_at"],
        statements=single_value(tx, q.COUNT_STATEMENTS, space=space),
        concepts=single_value(tx, q.COUNT_CONCEPTS, space=space),
        entities=single_value(tx, q.COUNT_ENTITIES, space=space),
        facts=facts["n"],
        current_facts=facts["current"],
    )


def list_spaces(store: GraphStore) -> list[SpaceSummary]:
    """Every space with its clock and counts, in name order."""

    def work(tx: ManagedTransaction) -> list[SpaceSummary]:
        return [_summary(tx, row) for row in tx.run(q.LIST_SPACES).data()]

    return store.read(work)


def describe_space(store: GraphStore, space: str) -> SpaceSummary:
    def work(tx: ManagedTransaction) -> SpaceSummary | None:
        row = tx.run(q.GET_SPACE, space=space).single()
        return None if row is None else _summary(tx, row.data())

    summary = store.read(work)
    if summary is None:
        raise NotFoundError(f"space {space!r} does not exist (list them with `recallgraph spaces`)")
    return summary


def delete_space(store: GraphStore, space: str, *, keep_space: bool = False) -> None:
    """Remove everything stored in ``space``, in batches; with ``keep_space`` leave it empty at t=0.

    Deleting is an explicit user action (facts are otherwise closed, never deleted).
    """
    require_space(store, space)
    for query in q.DELETE_SPACE_NODES_BY_LABEL.values():
        store.run_autocommit(query, space=space)
    store.run_autocommit(q.DELETE_SPACE_NODE, space=space)
    if keep_space:
        create_space(store, space)
