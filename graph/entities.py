"""A space's entities as a user sees them: names with their aliases, and the merges that fix a
resolution's mistakes.

``merge_entities`` moves every fact of one entity to another (properties and ids unchanged),
gives the target the merged name and aliases, deletes the merged entity and records all of it
on an ``(:EntityMerge)`` node, in one write transaction. ``split_entity`` undoes the latest merge
of a name from that record, also in one transaction: the entity comes back with its embedding
and aliases, and its facts move back. Merges are undone newest first: a name merged into an
entity that was itself merged away since cannot be split until that later merge is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from neo4j import ManagedTransaction

from graph.errors import ConflictError, InvalidInputError, NotFoundError
from graph.facts_read import FactQuery
from graph.keys import entity_key
from graph.queries import entities as q
from graph.store import GraphStore, single_value

MERGE_REASON = "merge"
MAX_REASON_CHARS = 500
MAX_PAGE = 10_000


@dataclass(frozen=True)
class Alias:
    name: str
    reason: str


@dataclass(frozen=True)
class EntitySummary:
    """An entity with its aliases and how many fact versions touch it (current ones apart)."""

    name: str
    key: str
    aliases: list[Alias]
    facts: int
    current_facts: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "key": self.key,
            "aliases": [vars(a) for a in self.aliases],
            "facts": self.facts,
            "current_facts": self.current_facts,
        }


@dataclass(frozen=True)
class EntityPage:
    entities: list[EntitySummary]
    total: int


@dataclass(frozen=True)
class MergeRecord:
    """One merge: ``merged`` went into ``into``; what moved, and whether it was split again."""

    id: str
    merged: str
    into: str
    reason: str | None
    facts_moved: int
    aliases_added: list[str]
    merged_at: str
    undone_at: str | None = None
    # single-valued relations that now have several current values (the merge closes none)
    conflicts: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return dict(vars(self))


@dataclass(frozen=True)
class SplitRecord:
    """One merge undone: ``restored`` is back with the facts it had, taken from ``taken_from``."""

    merge_id: str
    restored: str
    taken_from: str
    facts_restored: int
    facts_missing: list[str] = field(default_factory=list)  # deleted since the merge

    def as_dict(self) -> dict[str, Any]:
        return dict(vars(self))


def _key(name: str, what: str) -> str:
    key = entity_key(name)
    if not key:
        raise InvalidInputError(f"{what} {name!r} has no letters or digits")
    return key


def add_aliases(
    tx: ManagedTransaction, space: str, aliases: Sequence[tuple[str, Sequence[Alias]]]
) -> None:
    """Give each entity (by key) the aliases it does not have yet, inside the caller's
    transaction (a fact update's: ingestion records the names it resolved)."""
    rows = alias_rows(aliases)
    if rows:
        tx.run(q.ADD_ALIASES, space=space, rows=rows).consume()


def alias_rows(aliases: Sequence[tuple[str, Sequence[Alias]]]) -> list[dict[str, Any]]:
    """``ALIAS_ROWS``'s rows: each entity key that gains aliases, with their keys."""
    return [
        {
            "key": key,
            "aliases": [
                {"name": a.name, "key": entity_key(a.name), "reason": a.reason} for a in found
            ],
        }
        for key, found in aliases
        if found
    ]


def known_aliases(store: GraphStore, space: str, limit: int = 5000) -> dict[str, list[str]]:
    """Alias key → the names of the entities that have it (resolution's known-alias tier)."""
    rows = store.query(q.KNOWN_ALIASES, space=space, limit=limit)
    return {row["key"]: row["names"] for row in rows}


def through_aliases(store: GraphStore, space: str, query: FactQuery, known: set[str]) -> FactQuery:
    """``query`` with a subject or object that is no entity's key but exactly one entity's
    alias read as that entity ("N. Holm" after its merge into "Nadia Holm"; "Sigrun" recorded
    for "Sigrun Solheim")."""
    parts = {"subject": query.subject, "object": query.object}
    keys = {p: entity_key(n) for p, n in parts.items() if n is not None}
    asked = [k for k in keys.values() if k not in known]
    if not asked:
        return query
    holders = {r["key"]: r["names"] for r in store.query(q.ALIASES_OF, space=space, keys=asked)}
    changed = {
        part: holders[key][0] for part, key in keys.items() if len(holders.get(key, [])) == 1
    }
    return replace(query, **changed) if changed else query


def similar_entities(
    store: GraphStore,
    space: str,
    vector: Sequence[float],
    *,
    tau: float,
    candidates: int = 100,
    limit: int = 5,
) -> list[tuple[str, float]]:
    """The space's entity names whose embedding has cosine ≥ ``tau`` with ``vector``."""
    rows = store.query(
        q.SIMILAR_ENTITIES,
        space=space,
        vector=list(vector),
        tau=tau,
        candidates=candidates,
        limit=limit,
    )
    return [(row["name"], float(row["cosine"])) for row in rows]


def list_entities(
    store: GraphStore, space: str, *, contains: str | None = None, skip: int = 0, limit: int = 100
) -> EntityPage:
    """The space's entities by name, with aliases and fact counts; ``contains`` filters on the
    name's or an alias's key."""
    _check_page(skip, limit)
    needle = entity_key(contains) if contains else None
    params = {"space": space, "contains": needle or None}

    def work(tx: ManagedTransaction) -> EntityPage:
        rows = tx.run(q.LIST_ENTITIES, params, skip=skip, limit=limit).data()
        total = single_value(tx, q.COUNT_ENTITIES, **params)
        return EntityPage([_summary(row) for row in rows], int(total or 0))

    return store.read(work)


def _check_page(skip: int, limit: int) -> None:
    if skip < 0 or not 1 <= limit <= MAX_PAGE:
        raise InvalidInputError(f"skip must be 0 or more and limit 1..{MAX_PAGE}")


def _summary(row: dict[str, Any]) -> EntitySummary:
    return EntitySummary(
        name=row["name"],
        key=row["key"],
        aliases=[
            Alias(name, reason)
            for name, reason in zip(row["aliases"], row["alias_reasons"], strict=True)
        ],
        facts=row["facts"],
        current_facts=row["current_facts"],
    )


def _entity(tx: ManagedTransaction, space: str, key: str, name: str) -> dict[str, Any]:
    record = tx.run(q.GET_ENTITY, space=space, key=key).single()
    if record is None:
        raise NotFoundError(
            f"no entity {name!r} in space {space!r} (list them with `recallgraph entities`)"
        )
    return record.data()


def merge_entities(
    store: GraphStore, space: str, merged: str, into: str, reason: str | None = None
) -> MergeRecord:
    """Merge entity ``merged`` into entity ``into``, as one transaction; recorded for ``split``."""
    merged_key, into_key = _key(merged, "entity"), _key(into, "entity")
    if merged_key == into_key:
        raise InvalidInputError(f"cannot merge {merged!r} into itself ({into!r} is the same key)")
    if reason is not None and len(reason) > MAX_REASON_CHARS:
        raise InvalidInputError(f"a merge reason is at most {MAX_REASON_CHARS} characters")
    return store.write(merge_in, space, merged, into, (reason or "").strip() or None)


def merge_if_present(
    tx: ManagedTransaction, space: str, merged: str, into: str, reason: str
) -> MergeRecord | None:
    """Inside a write (a batch's, after its facts): merge ``merged`` into ``into`` when both
    entities exist by then; None when one does not (or they are one key)."""
    keys = [entity_key(merged), entity_key(into)]
    if not all(keys) or keys[0] == keys[1]:
        return None
    try:  # a missing entity is found before anything is written
        return merge_in(tx, space, merged, into, reason[:MAX_REASON_CHARS])
    except NotFoundError:
        return None


def merge_in(
    tx: ManagedTransaction, space: str, merged: str, into: str, reason: str | None
) -> MergeRecord:
    """``merge_entities`` inside the caller's transaction (names checked by the caller)."""
    merged_key, into_key = _key(merged, "entity"), _key(into, "entity")
    source = _entity(tx, space, merged_key, merged)
    target = _entity(tx, space, into_key, into)
    keys = {"space": space, "from_key": merged_key, "into_key": into_key}
    moved = {
        direction: single_value(tx, query, **keys)
        for direction, query in (
            ("out", q.MOVE_OUT_FACTS),
            ("in", q.MOVE_IN_FACTS),
            ("loop", q.MOVE_LOOP_FACTS),
        )
    }
    why = f"{MERGE_REASON}: {reason}" if reason else MERGE_REASON
    adopted = [{"name": source["name"], "key": source["key"], "reason": why}] + [
        {"name": n, "key": k, "reason": r}
        for n, k, r in zip(
            source["aliases"], source["alias_keys"], source["alias_reasons"], strict=True
        )
    ]
    added = single_value(tx, q.ADOPT_ALIASES, space=space, into_key=into_key, aliases=adopted)
    tx.run(q.DELETE_MERGED_ENTITY, space=space, from_key=merged_key).consume()
    record = tx.run(
        q.RECORD_MERGE,
        space=space,
        merged=source,
        into={"key": target["key"], "name": target["name"]},
        reason=reason,
        facts_out=moved["out"],
        facts_in=moved["in"],
        facts_loop=moved["loop"],
        added_alias_keys=added,
    ).single(strict=True)
    return MergeRecord(
        id=record["id"],
        merged=source["name"],
        into=target["name"],
        reason=reason,
        facts_moved=sum(len(ids) for ids in moved.values()),
        aliases_added=[a["name"] for a in adopted if a["key"] in set(added)],
        merged_at=record["merged_at"],
    )


def _never_merged(tx: ManagedTransaction, space: str, key: str, name: str) -> NotFoundError:
    """The clearest error for a split of something with no merge to undo."""
    if tx.run(q.GET_ENTITY, space=space, key=key).single() is not None:
        detail = "it is an entity of its own"
    else:
        holders = tx.run(q.ALIAS_HOLDERS, space=space, key=key).data()
        detail = (
            "it is "
            + ", ".join(f"an alias of {h['name']!r} ({h['reason']})" for h in holders)
            + ", written so at ingestion"
            if holders
            else "no entity or alias has that name"
        )
    return NotFoundError(f"{name!r} was never merged into another entity in {space!r}: {detail}")


def split_entity(store: GraphStore, space: str, name: str) -> SplitRecord:
    """Undo the latest merge of ``name``, as one transaction."""
    key = _key(name, "entity")

    def work(tx: ManagedTransaction) -> SplitRecord:
        record = tx.run(q.LATEST_MERGE_OF, space=space, key=key).single()
        if record is None:
            raise _never_merged(tx, space, key, name)
        merge = record.data()
        if tx.run(q.GET_ENTITY, space=space, key=key).single() is not None:
            raise ConflictError(
                f"an entity {merge['merged_name']!r} exists again in {space!r} since the merge; "
                f"merge it into {merge['into_name']!r} first, then split"
            )
        if tx.run(q.GET_ENTITY, space=space, key=merge["into_key"]).single() is None:
            later = tx.run(q.LATEST_MERGE_OF, space=space, key=merge["into_key"]).single()
            where = f" (merged into {later['into_name']!r})" if later else ""
            raise ConflictError(
                f"{merge['into_name']!r}, which {merge['merged_name']!r} was merged into, is "
                f"gone{where}: split {merge['into_name']!r} first"
            )
        tx.run(q.RECREATE_ENTITY, space=space, merged=merge).consume()
        keys = {"space": space, "merged_key": key, "into_key": merge["into_key"]}
        restored: list[str] = []
        for ids, query in (
            (merge["facts_out"], q.RESTORE_OUT_FACTS),
            (merge["facts_in"], q.RESTORE_IN_FACTS),
            (merge["facts_loop"], q.RESTORE_LOOP_FACTS),
        ):
            restored += single_value(tx, query, ids=ids, **keys)
        tx.run(
            q.DROP_ALIASES, space=space, into_key=merge["into_key"], keys=merge["added_alias_keys"]
        ).consume()
        tx.run(q.MARK_MERGE_UNDONE, space=space, id=merge["id"], restored=len(restored)).consume()
        recorded = [*merge["facts_out"], *merge["facts_in"], *merge["facts_loop"]]
        return SplitRecord(
            merge_id=merge["id"],
            restored=merge["merged_name"],
            taken_from=merge["into_name"],
            facts_restored=len(restored),
            facts_missing=[i for i in recorded if i not in set(restored)],
        )

    return store.write(work)


def list_merges(
    store: GraphStore, space: str, *, skip: int = 0, limit: int = 100
) -> list[MergeRecord]:
    """The space's merges, newest first, split ones included (``undone_at`` set)."""
    _check_page(skip, limit)
    rows = store.query(q.LIST_MERGES, space=space, skip=skip, limit=limit)
    return [
        MergeRecord(
            id=row["id"],
            merged=row["merged_name"],
            into=row["into_name"],
            reason=row["reason"],
            facts_moved=len(row["facts_out"]) + len(row["facts_in"]) + len(row["facts_loop"]),
            aliases_added=[
                n
                for n, k in zip(
                    [row["merged_name"], *row["merged_aliases"]],
                    [row["merged_key"], *row["merged_alias_keys"]],
                    strict=True,
                )
                if k in set(row["added_alias_keys"])
            ],
            merged_at=row["merged_at"],
            undone_at=row["undone_at"],
        )
        for row in rows
    ]
