"""Fact writes as one part of a knowledge update: belief updates without losing history.

``FactsPart`` holds a validated, embedded batch (built by ``hybrid.triple_memory``) and writes
it inside the update's transaction, at the update's ``t``, in this order:

1. entities and relations are merged by key (a new one gets its embedding for the vector index);
2. retractions close the subject's matching current facts (``t_to = t``);
3. assertions already believed are re-confirmed (``t_confirmed = t``, ``confirmations + 1``):
   writing the same fact twice never makes a duplicate;
4. a new value of a single-valued relation closes the subject's current value (belief update);
5. the remaining assertions become new facts with ``t_from = t``;
6. each fact closed in 2 or 4 gets its ``SUPERSEDED_BY`` step between the statement that said it
   and this one, for the Neo4j Browser (``graph.queries.chains``).

Nothing here deletes a fact; ``delete_fact`` is the explicit user action that does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, LiteralString, cast

from neo4j import ManagedTransaction

from graph.entities import Alias, add_aliases
from graph.errors import InvalidInputError, NotFoundError
from graph.queries import chains
from graph.queries import facts as q
from graph.store import GraphStore, single_value

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


def _ids(
    tx: ManagedTransaction, cypher: str, rows: Sequence[dict[str, Any]], **params: Any
) -> list:
    found: list = []
    for batch in _batches(rows):
        found.extend(tx.run(cast(LiteralString, cypher), rows=list(batch), **params).data())
    return found


def merge_named(tx: ManagedTransaction, cypher: str, nodes: Sequence[Named], **params: Any) -> None:
    """Merge entity or relation nodes by key, in batches."""
    rows = [{"name": n.name, "key": n.key, "embedding": n.embedding} for n in nodes]
    for batch in _batches(rows):
        tx.run(cast(LiteralString, cypher), rows=list(batch), **params).consume()


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

    def __post_init__(self) -> None:
        known = {e.key for e in self.entities}
        for a in self.assertions:
            if not (a.subject_key and a.relation_key and a.object_key):
                raise InvalidInputError("a fact's subject, relation and object need a key")
            if a.subject_key not in known or a.object_key not in known:
                raise InvalidInputError(f"fact {a} names an entity missing from the batch")

    def write(self, tx: ManagedTransaction, space: str, t: int, statement_id: str) -> dict:
        """Write the batch at ``t``; return the fact ids added, confirmed, superseded, retracted."""
        params: dict[str, Any] = {"space": space, "t": t}
        merge_named(tx, q.UPSERT_ENTITIES, self.entities, space=space)
        add_aliases(tx, space, [(e.key, e.aliases) for e in self.entities])
        merge_named(tx, q.UPSERT_RELATIONS, self.relations, space=space)
        closing: dict[str, Any] = {**params, "statement_id": statement_id}
        retracted = _ids(
            tx,
            q.RETRACT_FACTS,
            [vars(r) for r in self.retractions],
            min_relation_score=self.min_relation_score,
            min_entity_score=self.min_entity_score,
            **closing,
        )
        rows: list[dict[str, Any]] = [
            {**vars(a), "index": i} for i, a in enumerate(self.assertions)
        ]
        confirmed = _ids(tx, q.CONFIRM_FACTS, rows, **params)
        confirmed_rows = {r["index"] for r in confirmed}
        new_rows = [row for row in rows if row["index"] not in confirmed_rows]
        superseded = _ids(
            tx, q.SUPERSEDE_FACTS, [r for r in new_rows if r["single_valued"]], **closing
        )
        added = _ids(
            tx, q.CREATE_FACTS, new_rows, source=self.source, writer=self.writer, **closing
        )
        link_closed_facts(tx, space, [r["id"] for r in (*retracted, *superseded)])
        written = FactsWritten(
            added=[r["id"] for r in added],
            confirmed=[r["id"] for r in confirmed],
            superseded=[r["id"] for r in superseded],
            retracted=[r["id"] for r in retracted],
        ).as_dict()
        return written | ({"names": list(self.names)} if self.names else {})


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


def link_closed_facts(tx: ManagedTransaction, space: str, fact_ids: Sequence[str]) -> None:
    """The Browser's ``SUPERSEDED_BY`` steps for the facts an update just closed
    (``graph.queries.chains``), in the update's transaction."""
    if fact_ids:
        tx.run(chains.LINK_CLOSED_FACTS, space=space, ids=list(fact_ids)).consume()


def delete_fact(store: GraphStore, space: str, fact_id: str) -> None:
    """Really delete one fact version (an explicit user action; updates only ever close facts)."""

    def work(tx: ManagedTransaction) -> Any:
        tx.run(chains.UNLINK_FACT, space=space, id=fact_id).consume()
        return single_value(tx, q.DELETE_FACT, space=space, id=fact_id)

    deleted = store.write(work)
    if not deleted:
        raise NotFoundError(f"no fact with id {fact_id!r} in space {space!r}")
