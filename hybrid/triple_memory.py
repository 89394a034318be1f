"""The triple memory's front door: validated triples in, embedded fact batches and reads out.

Everything that needs the embedding model happens here, *before* a transaction opens, so the
graph layer receives plain vectors: ``prepare`` turns ``Triple``s into a ``FactsPart`` that
``graph.updates.write_update`` writes atomically with its statement (and, when the caller adds
them, the statement's concepts), at one ``t``. ``write`` is the shortcut for "these facts are the
whole update" — the direct path (``recallgraph facts add``), the API, and batch loads: any number
of facts in one update, written with UNWIND batches in one transaction.

Within one update: duplicates collapse; retractions apply before assertions; for a single-valued
relation only the subject's last value in the batch is kept (the earlier ones are reported as
``dropped``: they would have been true for no time at all).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, tzinfo

import numpy as np

from extraction.cardinality import Cardinality, CardinalityRules
from extraction.embeddings import EMBEDDING_DIMENSIONS, Embedder
from extraction.memory_api import Query, Triple
from extraction.relations import ANY_RELATION, read_relation
from extraction.temporal_ops import NOW, TemporalOp, When, parse_as_of
from extraction.triple_embeddings import NameEmbedder
from graph.dates import t_observed_by
from graph.entities import through_aliases
from graph.facts_read import (
    FactMatches,
    FactQuery,
    FactRecord,
    FuzzyParams,
    exact_facts,
    fuzzy_facts,
    list_facts,
)
from graph.facts_write import Assertion, FactsPart, Named, Retraction, delete_fact, existing_keys
from graph.keys import entity_key, relation_key
from graph.store import GraphStore
from graph.updates import StatementRecord, UpdateReceipt, write_update
from hybrid.temporal_reads import TemporalAnswer, same_value, select

# Sent for a known entity term, whose fuzzy candidates are the entity itself: the vector index is
# not consulted for it (a unit vector, so even a concurrent delete cannot make the call invalid).
_PLACEHOLDER = [1.0] + [0.0] * (EMBEDDING_DIMENSIONS - 1)


def vector_score(cosine: float) -> float:
    """Neo4j's cosine similarity score for a cosine: (1 + cos) / 2."""
    return (1.0 + cosine) / 2.0


@dataclass(frozen=True)
class TripleMemoryConfig:
    fuzzy: FuzzyParams = field(default_factory=FuzzyParams)
    q_thr: int = 30
    cardinality: CardinalityRules = field(default_factory=CardinalityRules.build)
    timezone: tzinfo = UTC  # of an ``@as_of`` date-time written without one


@dataclass(frozen=True)
class PreparedFacts:
    part: FactsPart
    dropped: list[Triple]


@dataclass(frozen=True)
class FactsReceipt:
    """One fact update: its statement, ``t``, and the fact ids it added, confirmed or closed."""

    update: UpdateReceipt
    dropped: list[Triple]

    @property
    def t(self) -> int:
        return self.update.t

    def ids(self, outcome: str) -> list[str]:
        return list(self.update.written.get("facts", {}).get(outcome, []))


@dataclass(frozen=True)
class ReadResult:
    """A read's facts; ``ambiguous`` reads (more than Q_thr matches) return none, as in MEMLLM."""

    query: Query
    facts: list[FactRecord]
    exact: bool
    ambiguous: bool


SYMMETRIC_KEYS = frozenset(relation_key(r) for r in ("is seeing", "married to", "partner of"))


def _without_implied_endings(
    triples: list[Triple], cardinality: Callable[[str], Cardinality]
) -> list[Triple]:
    """Drop the ending of a single-valued relation that the same write gives a new value
    ("moved out of Ghent, lives in Leuven": the new home closes the old one anyway)."""
    asserted = {(entity_key(t.subject), relation_key(t.relation)) for t in triples if not t.retract}
    return [
        t
        for t in triples
        if not (
            t.retract
            and t.object is None
            and (entity_key(t.subject), relation_key(t.relation)) in asserted
            and cardinality(relation_key(t.relation)) is Cardinality.SINGLE
        )
    ]


def statement_text(triples: Sequence[Triple]) -> str:
    """The verbatim text stored for a direct fact write: "s r o"; "s not r [o]" for retractions."""
    parts = []
    for t in triples:
        relation = f"not {t.relation}" if t.retract else t.relation
        parts.append(" ".join(p for p in (t.subject, relation, t.object) if p))
    return "; ".join(parts)


class TripleMemory:
    """Writes and reads facts in a space of one ``GraphStore``."""

    def __init__(
        self,
        store: GraphStore,
        config: TripleMemoryConfig | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        self.store = store
        self.config = config or TripleMemoryConfig()
        self.names = NameEmbedder(embedder or Embedder())
        self._listed: tuple[list[str], np.ndarray] | None = None
        self._listed_lock = threading.Lock()

    # --- writes ------------------------------------------------------------------------------

    def cardinality(self, key: str) -> Cardinality:
        """Single- or multi-valued by ``extraction.cardinality``'s rule (listed, else neighbour)."""
        if self.config.cardinality.listed(key) is not None:
            return self.config.cardinality.decide(key)
        with self._listed_lock:
            if self._listed is None:
                keys = self.config.cardinality.listed_keys()
                vectors = self.names.relations(keys)
                self._listed = (keys, np.array([vectors[k] for k in keys], dtype=np.float32))
        keys, matrix = self._listed
        similarities = matrix @ np.asarray(self.names.relations([key])[key], dtype=np.float32)
        return self.config.cardinality.decide(
            key, [(k, float(s)) for k, s in zip(keys, similarities, strict=True)]
        )

    def canonical(
        self, space: str, triples: Sequence[Triple], pending: Sequence[Triple] = ()
    ) -> list[Triple]:
        """``triples`` with every relation phrase read as its canonical relation
        (``extraction.relations``; the phrase is kept), a phrase that ends a relation ("quit",
        "moved out of") turned into a retraction of it, and an ending that names no relation
        ("left Hollowbrook") turned into retractions of whichever of the subject's current
        facts hold that value."""
        found: list[Triple] = []
        for t in triples:
            reading = read_relation(t.relation)
            if reading.name == ANY_RELATION:
                found += self._endings_of(space, t, pending)
                continue
            if not reading.canonical or reading.name == t.relation:
                found.append(t)
                continue
            phrase = t.phrase or reading.surface
            found.append(
                t.model_copy(
                    update={
                        "relation": reading.name,
                        "retract": t.retract or reading.ends,
                        "phrase": phrase,
                    }
                )
            )
        found += self._mirrored_endings(space, found)
        return _without_implied_endings(found, self.cardinality)

    def _mirrored_endings(self, space: str, triples: Sequence[Triple]) -> list[Triple]:
        """A symmetric relation ends for both people: "they broke up" said of one of them
        also closes the other's fact about them."""
        mirrored: list[Triple] = []
        for t in triples:
            if not t.retract or relation_key(t.relation) not in SYMMETRIC_KEYS:
                continue
            held = self.read(space, Query(relation=t.relation, object=t.subject)).facts
            mirrored += [
                Triple(
                    subject=f.subject,
                    relation=f.relation,
                    object=t.subject,
                    retract=True,
                    phrase=t.phrase,
                )
                for f in held
                if t.object is None or same_value(f.subject, t.object)
            ]
        return [m for m in mirrored if m not in triples]

    def _endings_of(
        self, space: str, ending: Triple, pending: Sequence[Triple] = ()
    ) -> list[Triple]:
        """Retractions of the subject's current facts that hold the ending's value; ``pending``:
        facts written earlier in the same batch, not yet committed."""
        if ending.object is None:
            return []
        held = [
            (f.relation, f.object) for f in self.read(space, Query(subject=ending.subject)).facts
        ]
        key = entity_key(ending.subject)
        held += [
            (p.relation, p.object)
            for p in pending
            if not p.retract and p.object is not None and entity_key(p.subject) == key
        ]
        endings = [
            Triple(
                subject=ending.subject,
                relation=relation,
                object=obj,
                retract=True,
                phrase=ending.relation,
            )
            for relation, obj in held
            if same_value(obj, ending.object)
        ]
        return list(dict.fromkeys(endings))

    def prepare(
        self, space: str, triples: Sequence[Triple], *, writer: str, source: str | None = None
    ) -> PreparedFacts:
        """Validate, canonicalise relations, de-duplicate, decide cardinality and embed new
        names: a ready ``FactsPart``."""
        triples = self.canonical(space, triples)
        assertions: dict[tuple[str, str, str], tuple[Triple, Assertion]] = {}
        single_latest: dict[tuple[str, str], tuple[str, str, str]] = {}
        dropped: list[Triple] = []
        for t in triples:
            if t.retract or t.object is None:
                continue
            s, r, o = entity_key(t.subject), relation_key(t.relation), entity_key(t.object)
            if (s, r, o) in assertions:
                continue
            single = self.cardinality(r) is Cardinality.SINGLE
            if single and (s, r) in single_latest:
                dropped.append(assertions.pop(single_latest[(s, r)])[0])
            if single:
                single_latest[(s, r)] = (s, r, o)
            assertions[(s, r, o)] = (t, Assertion(s, t.relation, r, o, single, t.phrase))
        names: dict[str, str] = {}
        relation_names: dict[str, str] = {}
        for t, a in assertions.values():
            names.setdefault(a.subject_key, t.subject)
            names.setdefault(a.object_key, t.object or "")
            relation_names.setdefault(a.relation_key, t.relation)
        known_entities, known_relations = existing_keys(
            self.store, space, list(names), list(relation_names)
        )
        entity_vectors = self.names.entities([k for k in names if k not in known_entities])
        relation_vectors = self.names.relations(
            [k for k in relation_names if k not in known_relations]
        )
        return PreparedFacts(
            part=FactsPart(
                entities=[Named(n, k, entity_vectors.get(k)) for k, n in names.items()],
                relations=[Named(n, k, relation_vectors.get(k)) for k, n in relation_names.items()],
                assertions=[a for _, a in assertions.values()],
                retractions=self._retractions([t for t in triples if t.retract]),
                writer=writer,
                source=source,
                min_relation_score=vector_score(self.config.fuzzy.tau_t),
                min_entity_score=vector_score(self.config.fuzzy.tau_e),
            ),
            dropped=dropped,
        )

    def _retractions(self, triples: Sequence[Triple]) -> list[Retraction]:
        keys = [relation_key(t.relation) for t in triples]
        relation_vectors = self.names.relations(keys)
        object_keys = [entity_key(t.object) for t in triples if t.object is not None]
        object_vectors = self.names.entities(object_keys)
        retractions = []
        for t, r in zip(triples, keys, strict=True):
            o = None if t.object is None else entity_key(t.object)
            retractions.append(
                Retraction(
                    subject_key=entity_key(t.subject),
                    relation_key=r,
                    relation_embedding=relation_vectors[r],
                    object_key=o,
                    object_embedding=None if o is None else object_vectors[o],
                )
            )
        return retractions

    def write(
        self,
        space: str,
        triples: Sequence[Triple],
        *,
        writer: str,
        source: str | None = None,
        statement: StatementRecord | None = None,
    ) -> FactsReceipt:
        """Store ``triples`` as one knowledge update (a new statement unless one is given)."""
        prepared = self.prepare(space, triples, writer=writer, source=source)
        record = statement or StatementRecord(
            id=str(uuid.uuid4()), text=statement_text(triples), source=source
        )
        receipt = write_update(self.store, space, record, [prepared.part])
        return FactsReceipt(update=receipt, dropped=prepared.dropped)

    def delete(self, space: str, fact_id: str) -> None:
        delete_fact(self.store, space, fact_id)

    # --- reads -------------------------------------------------------------------------------

    def query_vectors(
        self, query: FactQuery, known_entities: Collection[str] = ()
    ) -> dict[str, list[float]]:
        """Vectors for the fuzzy read's given parts. An entity term that is a known key is
        matched by key alone, so it gets a placeholder instead of a model call."""
        keys = query.keys()
        vectors: dict[str, list[float]] = {}
        for part in query.shape:
            key = keys[f"{part}_key"]
            if key is None:
                continue
            if part == "r":
                vectors[part] = self.names.relations([key])[key]
            elif key in known_entities:
                vectors[part] = _PLACEHOLDER
            else:
                vectors[part] = self.names.entities([key])[key]
        return vectors

    def match(
        self,
        space: str,
        query: Query,
        *,
        as_of: int | None = None,
        history: bool = False,
        limit: int,
        same_relation: bool = False,
    ) -> FactMatches:
        """Exact keys first; only when they find nothing, the fuzzy (embedding) read. A relation
        is read as its canonical relation first ("works at" asks for ``works for``).
        ``same_relation``: the fuzzy read keeps only facts of that relation (names may still
        differ): a question planned by rule asks for one relation, and a paraphrase's facts
        ("works for" when it asked "works as") answer another question."""
        relation = query.relation
        if relation is not None:
            reading = read_relation(relation)
            relation = reading.name if reading.canonical and not reading.ends else relation
        fact_query = FactQuery(query.subject, relation, query.object)
        found = exact_facts(
            self.store, space, fact_query, as_of=as_of, history=history, limit=limit
        )
        if found.facts:
            return found
        entity_keys = [k for p, k in fact_query.keys().items() if p != "r_key" and k is not None]
        known, _ = existing_keys(self.store, space, entity_keys, [])
        aliased = through_aliases(self.store, space, fact_query, known)  # a merged or other name
        if aliased != fact_query:
            return self.match(
                space,
                Query(**vars(aliased)),
                as_of=as_of,
                history=history,
                limit=limit,
                same_relation=same_relation,
            )
        found = fuzzy_facts(
            self.store,
            space,
            fact_query,
            self.query_vectors(fact_query, known),
            self.config.fuzzy,
            as_of=as_of,
            history=history,
            limit=limit,
        )
        if relation is None:
            return found
        if not same_relation:
            return replace(
                found, facts=[f for f in found.facts if not _other_canonical(f, relation)]
            )
        key = relation_key(relation)
        kept = [f for f in found.facts if f.relation_key == key]
        return replace(found, facts=kept)

    def read(
        self,
        space: str,
        query: Query,
        *,
        as_of: int | None = None,
        history: bool = False,
        same_relation: bool = False,
    ) -> ReadResult:
        """A memory read as the papers define it: more than Q_thr matches is no answer.
        ``same_relation`` as in ``match``."""
        found = self.match(
            space,
            query,
            as_of=as_of,
            history=history,
            limit=self.config.q_thr,
            same_relation=same_relation,
        )
        return ReadResult(
            query=query,
            facts=[] if found.truncated else found.facts,
            exact=found.exact,
            ambiguous=found.truncated,
        )

    def read_when(
        self, space: str, query: Query, *, as_of: int | None = None, same_relation: bool = False
    ) -> TemporalAnswer:
        """A read with its temporal operator applied to every version of the matching facts
        (``hybrid.temporal_reads``); more than Q_thr versions is no answer, as in MEMLLM.
        ``same_relation`` as in ``match``."""
        when = query.when
        if when.op == TemporalOp.AS_OF:
            at = parse_as_of(when.argument or "")
            if isinstance(at, datetime):  # calendar time: the last t observed by then
                moment = at if at.tzinfo is not None else at.replace(tzinfo=self.config.timezone)
                at = t_observed_by(self.store, space, moment)
            when = When(op=TemporalOp.AS_OF, argument=str(at))
        found = self.match(
            space,
            query.model_copy(update={"when": NOW}),
            history=True,
            limit=self.config.q_thr,
            same_relation=same_relation,
        )
        if found.truncated:
            return TemporalAnswer(when, [])
        own = {(entity_key(f.object), f.t_from) for f in found.facts}
        mirrored = [
            f
            for f in self._mirrored(space, query, same_relation)
            if (entity_key(f.object), f.t_from) not in own  # a couple written both ways
        ]
        return select([*found.facts, *mirrored], when, as_of)

    def _mirrored(self, space: str, query: Query, same_relation: bool) -> list[FactRecord]:
        """A couple's relation read from the other side ("Who is Sam engaged to?" when the
        stream wrote "Priyanka married to Sam"), as the asked person's facts."""
        symmetric = query.relation is not None and relation_key(query.relation) in SYMMETRIC_KEYS
        if not symmetric or query.subject is None or query.object is not None:
            return []
        other_side = Query(relation=query.relation, object=query.subject)
        found = self.match(
            space, other_side, history=True, limit=self.config.q_thr, same_relation=same_relation
        )
        if found.truncated:
            return []
        return [replace(f, subject=f.object, object=f.subject) for f in found.facts]

    def history(
        self, space: str, subject: str, relation: str | None = None, *, limit: int = 1000
    ) -> list[FactRecord]:
        """Every version of the subject's facts (optionally one relation's), oldest first."""
        found = self.match(
            space, Query(subject=subject, relation=relation), history=True, limit=limit
        )
        return sorted(found.facts, key=lambda f: (f.relation_key, f.t_from, f.id))

    def list(
        self, space: str, *, as_of: int | None = None, history: bool = False, limit: int = 100
    ) -> FactMatches:
        return list_facts(self.store, space, as_of=as_of, history=history, limit=limit)


def _other_canonical(fact: FactRecord, relation: str) -> bool:
    """Whether ``fact`` is of a canonical relation other than the canonical ``relation`` asked
    for: "works as" is near "works for" in embedding space, but a job title is no employer."""
    asked = read_relation(relation)
    if not asked.canonical:
        return False
    stored = read_relation(fact.relation)
    return stored.canonical and stored.name != asked.name
