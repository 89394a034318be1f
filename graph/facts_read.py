"""Fact reads: exact keys first, then MEMLLM's fuzzy match through Neo4j's vector indexes.

Every read is "as of" a ``t`` (default: now, i.e. facts not yet closed) unless it asks for
``history`` (every version). A read fetches at most ``limit + 1`` rows so the caller can tell a
complete answer from a truncated one (MEMLLM drops reads with more than Q_thr results).

The vector indexes are shared by all spaces (Neo4j 5.26 has no filtered vector search), so a
fuzzy read asks the index for ``candidates`` nearest nodes and keeps those of its own space: a
space whose near neighbours are crowded out by other spaces' nodes can miss a match. Raise
``RECALLGRAPH_VECTOR_CANDIDATES`` if many spaces hold similar names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, LiteralString, cast

from neo4j import ManagedTransaction

from graph.keys import entity_key, relation_key
from graph.queries import facts as q
from graph.store import GraphStore


@dataclass(frozen=True)
class FactRecord:
    """One version of a fact, with its interval ``[t_from, t_to)`` and provenance."""

    id: str
    subject: str
    relation: str
    object: str
    relation_key: str
    t_from: int
    t_to: int | None
    t_confirmed: int
    confirmations: int
    statement_id: str
    statement: str | None
    source: str | None
    writer: str
    closed_by: str | None
    score: float
    phrase: str | None = None  # the statement's own words for the relation, when canonicalised
    valid_from: str | None = None  # ISO dates the statement gave: first day it held
    valid_to: str | None = None  # first day it no longer held

    @property
    def current(self) -> bool:
        return self.t_to is None

    def as_dict(self) -> dict[str, Any]:
        return dict(vars(self))


@dataclass(frozen=True)
class FactQuery:
    """The given parts of a read (None = asked for); vectors only for the fuzzy pass."""

    subject: str | None = None
    relation: str | None = None
    object: str | None = None

    @property
    def shape(self) -> str:
        return "".join(
            letter
            for letter, part in (("s", self.subject), ("r", self.relation), ("o", self.object))
            if part is not None
        )

    def keys(self) -> dict[str, str | None]:
        return {
            "s_key": None if self.subject is None else entity_key(self.subject),
            "r_key": None if self.relation is None else relation_key(self.relation),
            "o_key": None if self.object is None else entity_key(self.object),
        }


@dataclass(frozen=True)
class FuzzyParams:
    """MEMLLM's thresholds (cosines) and how many index neighbours to ask for per term."""

    tau_e: float = 0.7
    tau_t: float = 0.7
    tau_r: float = 0.85
    candidates: int = 100


@dataclass(frozen=True)
class FactMatches:
    facts: list[FactRecord]
    exact: bool
    truncated: bool


def _records(rows: list[dict[str, Any]], limit: int) -> FactMatches:
    facts = [FactRecord(**row) for row in rows[:limit]]
    return FactMatches(facts=facts, exact=True, truncated=len(rows) > limit)


def _common(space: str, as_of: int | None, history: bool, limit: int) -> dict[str, Any]:
    return {"space": space, "as_of": as_of, "history": history, "limit": limit + 1}


def exact_facts(
    store: GraphStore,
    space: str,
    query: FactQuery,
    *,
    as_of: int | None = None,
    history: bool = False,
    limit: int = 30,
) -> FactMatches:
    """Facts whose keys equal the query's given parts."""
    cypher = cast(LiteralString, q.EXACT_READS[query.shape])
    rows = store.query(cypher, **query.keys(), **_common(space, as_of, history, limit))
    return _records(rows, limit)


def fuzzy_facts(
    store: GraphStore,
    space: str,
    query: FactQuery,
    vectors: dict[str, list[float]],
    params: FuzzyParams,
    *,
    as_of: int | None = None,
    history: bool = False,
    limit: int = 30,
) -> FactMatches:
    """MEMLLM's read: each given part matches nodes within τ (cosine) of it, and a fact
    qualifies when the mean similarity of its matched parts reaches τ_r. An entity term that is
    a key of the space matches that entity only (similar names of *other* entities are not
    aliases: cos("maria lopez", "mario lopez") = 0.72 with MiniLM); a relation term always
    matches its key and its paraphrases.

    ``vectors`` maps ``s``/``r``/``o`` to the unit embedding of each given part.
    """
    missing = [part for part in query.shape if part not in vectors]
    if missing:
        raise ValueError(f"fuzzy read needs embeddings for {missing}")
    rows = store.query(
        cast(LiteralString, q.FUZZY_READS[query.shape]),
        **query.keys(),
        **{f"{part}_vector": vector for part, vector in vectors.items() if part in query.shape},
        tau_e=params.tau_e,
        tau_t=params.tau_t,
        tau_r=params.tau_r,
        candidates=params.candidates,
        **_common(space, as_of, history, limit),
    )
    matches = _records(rows, limit)
    return FactMatches(facts=matches.facts, exact=False, truncated=matches.truncated)


def list_facts(
    store: GraphStore,
    space: str,
    *,
    as_of: int | None = None,
    history: bool = False,
    limit: int = 100,
) -> FactMatches:
    """Every fact of the space valid as of ``as_of`` (or every version), newest first."""
    rows = store.query(q.LIST_FACTS, **_common(space, as_of, history, limit))
    return _records(rows, limit)


def stream_names(
    store: GraphStore, space: str, people: int = 20, names: int = 5000
) -> tuple[list[str], list[str]]:
    """(fact subjects; names in facts), each most recent first, of the space."""

    def work(tx: ManagedTransaction) -> tuple[list[str], list[str]]:
        recent = [r["name"] for r in tx.run(q.RECENT_SUBJECTS, space=space, limit=people)]
        known = [r["name"] for r in tx.run(q.ENTITY_NAMES, space=space, limit=names)]
        return recent, known

    return store.read(work)
