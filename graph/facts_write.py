"""Fact writes as one part of a knowledge update: belief updates without losing history.

``FactsPart`` holds a validated, embedded batch (built by ``hybrid.triple_memory``) and writes
it inside the update's transaction, at the update's ``t``; the facts of a whole batch of updates
go in one query (``WRITE_FACTS``), one update after another. Within an update, in this order:

1. entities, their aliases and relations are merged by key (a new one gets its embedding for the
   vector index);
2. retractions close the subject's matching current facts (``t_to = t``);
3. assertions already believed are re-confirmed (``t_confirmed = t``, ``confirmations + 1``):
   writing the same fact twice never makes a duplicate;
4. a new value of a single-valued relation closes the subject's current value (belief update);
5. each fact closed in 2 or 4 gets its ``SUPERSEDED_BY`` step between the statement that said it
   and this one, for the Neo4j Browser (``graph.queries.chains``);
6. the remaining assertions become new facts with ``t_from = t``.

Nothing here deletes a fact; ``delete_fact`` is the explicit user action that does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, LiteralString, cast

from neo4j import ManagedTransaction

from graph.entities import Alias, add_aliases, alias_rows, merge_if_present
from graph.errors import InvalidInputError, NotFoundError
from graph.queries import chains
from graph.queries import facts as q
from graph.store import GraphStore, single_value
from graph.update_parts import Stamped

WRITE_BATCH = 2000


@dataclass(frozen=True)
class Named:
    """An entity or relation as merged: display name, key, and the embedding for a new node;
    for an entity, the other names this update resolved to it (``graph.entities``)."""

    name: str
    key: str
    embedding: list[float] | None = None
    aliases: tuple[Alias, ...] = ()


@dataclass(frozen=True)
class Assertion:
    subject_key: str
    relation: str
    relation_key: str
    object_key: str
    single_valued: bool
    phrase: str | None = None  # the relation as the statement put it, when it was canonicalised


@dataclass(frozen=True)
class Retraction:
    """Close current facts of ``subject_key`` whose relation (and object, if given) match."""

    subject_key: str
    relation_key: str
    relation_embedding: list[float]
    object_key: str | None = None
    object_embedding: list[float] | None = None


@dataclass(frozen=True)
class FactsWritten:
    """What one update did to the fact memory (ids of the facts touched)."""

    added: list[str] = field(default_factory=list)
    confirmed: list[str] = field(default_factory=list)
    superseded: list[str] = field(default_factory=list)
    retracted: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, list[str]]:
        return {
            "added": self.added,
            "confirmed": self.confirmed,
            "superseded": self.superseded,
            "retracted": self.retracted,
        }


def _batches(rows: Sequence[dict[str, Any]]) -> list[Sequence[dict[str, Any]]]:
    return [rows[i : i + WRITE_BATCH] for i in range(0, len(rows), WRITE_BATCH)]


def merge_named(tx: ManagedTransaction, cypher: str, nodes: Sequence[Named], **params: Any) -> None:
    """Merge entity or relation nodes by key, in batches."""
    for batch in _batches(_named_rows(nodes)):
        tx.run(cast(LiteralString, cypher), rows=list(batch), **params).consume()


def _named_rows(nodes: Sequence[Named]) -> list[dict[str, Any]]:
    return [{"name": n.name, "key": n.key, "embedding": n.embedding} for n in nodes]


@dataclass(frozen=True)
class DueMerge:
    """A merge a writer asks for once its batch is written: a name said alone (a handle's, say)
    into the full name the stream gave, which may have no entity before the batch."""

    merged: str
    into: str
    reason: str


@dataclass
class FactsPart:
    """The fact writes of one knowledge update (an ``UpdatePart`` for ``write_update``).

    ``min_relation_score`` / ``min_entity_score`` are τ_t / τ_e as vector scores ((1 + cos) / 2),
    used to match a retraction's relation and object to what is stored.
    """

    entities: Sequence[Named]
    relations: Sequence[Named]
    assertions: Sequence[Assertion]
    retractions: Sequence[Retraction] = ()
    writer: str = "api"
    source: str | None = None
    min_relation_score: float = 0.85
    min_entity_score: float = 0.85
    name: str = "facts"
    names: Sequence[dict[str, Any]] = ()  # how the writer resolved the update's names (report)
    due_merges: Sequence[DueMerge] = ()  # merges to make once the batch is written

    def __post_init__(self) -> None:
        known = {e.key for e in self.entities}
        for a in self.assertions:
            if not (a.subject_key and a.relation_key and a.object_key):
                raise InvalidInputError("a fact's subject, relation and object need a key")
            if a.subject_key not in known or a.object_key not in known:
                raise InvalidInputError(f"fact {a} names an entity missing from the batch")

    @property
    def rows(self) -> int:
        """How many rows the write sends (what bounds one query's size)."""
        return (
            len(self.entities) + len(self.relations) + len(self.assertions) + len(self.retractions)
        )

    def update_row(self, position: int, t: int, statement_id: str, *, names: bool) -> dict:
        """This part as one update of ``WRITE_FACTS``; ``names`` false: its entities and
        relations were merged beforehand."""
        return {
            "position": position,
            "t": t,
            "statement_id": statement_id,
            "writer": self.writer,
            "source": self.source,
            "min_relation_score": self.min_relation_score,
            "min_entity_score": self.min_entity_score,
            "entities": _named_rows(self.entities) if names else [],
            "aliases": alias_rows([(e.key, e.aliases) for e in self.entities]) if names else [],
            "relations": _named_rows(self.relations) if names else [],
            "retractions": [vars(r) for r in self.retractions],
            "assertions": [{**vars(a), "index": i} for i, a in enumerate(self.assertions)],
        }

    def summary(self, record: dict[str, Any]) -> dict[str, Any]:
        written = FactsWritten(
            added=record["added"],
            confirmed=record["confirmed"],
            superseded=record["superseded"],
            retracted=record["retracted"],
        ).as_dict()
        return written | ({"names": list(self.names)} if self.names else {})

    @staticmethod
    def write_batch(
        tx: ManagedTransaction, space: str, stamped: Sequence[Stamped[Any]]
    ) -> list[Any]:
        """A batch's facts, one update after another, in one query per ``WRITE_BATCH`` rows.

        An update larger than that alone merges its names in batches first, then writes its
        facts in a query of its own."""
        results: dict[int, dict[str, Any]] = {}
        for group in _groups(stamped):
            big = len(group) == 1 and group[0][1].part.rows > WRITE_BATCH
            if big:
                part = group[0][1].part
                merge_named(tx, q.UPSERT_ENTITIES, part.entities, space=space)
                add_aliases(tx, space, [(e.key, e.aliases) for e in part.entities])
                merge_named(tx, q.UPSERT_RELATIONS, part.relations, space=space)
            rows = [
                entry.part.update_row(position, entry.t, entry.statement_id, names=not big)
                for position, entry in group
            ]
            for record in tx.run(q.WRITE_FACTS, space=space, updates=rows):
                results[record["position"]] = record.data()
        due = dict.fromkeys(d for entry in stamped for d in entry.part.due_merges)
        for merge in due:  # one query each (a handle revealed: rare), then the merge itself
            merge_if_present(tx, space, merge.merged, merge.into, merge.reason)
        return [entry.part.summary(results[i]) for i, entry in enumerate(stamped)]


def _groups(stamped: Sequence[Stamped[FactsPart]]) -> list[list[tuple[int, Stamped[FactsPart]]]]:
    """Consecutive updates whose rows fit one query (``WRITE_BATCH``); a larger one alone."""
    groups: list[list[tuple[int, Stamped[FactsPart]]]] = []
    size = 0
    for position, entry in enumerate(stamped):
        rows = entry.part.rows
        if not groups or size + rows > WRITE_BATCH:
            groups.append([])
            size = 0
        groups[-1].append((position, entry))
        size += rows
    return groups


def existing_keys(
    store: GraphStore, space: str, entity_keys: Sequence[str], relation_keys: Sequence[str]
) -> tuple[set[str], set[str]]:
    """Which keys already have a node: their embeddings need not be computed again."""

    def work(tx: ManagedTransaction) -> tuple[set[str], set[str]]:
        entities = {
            r["key"] for r in tx.run(q.EXISTING_ENTITY_KEYS, space=space, keys=list(entity_keys))
        }
        relations = {
            r["key"]
            for r in tx.run(q.EXISTING_RELATION_KEYS, space=space, keys=list(relation_keys))
        }
        return entities, relations

    return store.read(work)


def delete_fact(store: GraphStore, space: str, fact_id: str) -> None:
    """Really delete one fact version (an explicit user action; updates only ever close facts)."""

    def work(tx: ManagedTransaction) -> Any:
        tx.run(chains.UNLINK_FACT, space=space, id=fact_id).consume()
        return single_value(tx, q.DELETE_FACT, space=space, id=fact_id)

    deleted = store.write(work)
    if not deleted:
        raise NotFoundError(f"no fact with id {fact_id!r} in space {space!r}")
