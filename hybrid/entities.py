"""Entity resolution at ingestion, between the names a writer read and the facts it stores.

What a space knows for resolution (its recent people, its names, their aliases, and the
embedding tier's lookup through the entity vector index), and what an update records of it: each
mention resolved by a first name, surname, typo or embedding becomes an alias of the entity it
resolved to (with the reason), and every resolution, ambiguous ones first among them, goes into
the update's report (``written.facts.names``) and the log.

The embedding tier's threshold, ``ENTITY_TAU``, was measured on labelled name pairs with the
project's MiniLM (``python -m experiments.entity_similarity``): the smallest cosine with no false
merge on the set. MiniLM puts "Ivan Horvat" and "Ivana Horvat" at 0.92, so the tier is strict.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from extraction.cardinality import Cardinality
from extraction.memory_api import Triple
from extraction.name_matching import Resolution, Similar
from extraction.name_resolution import FIRST_PERSON, THIRD_PERSON
from graph.entities import Alias, known_aliases, similar_entities
from graph.facts_read import FactQuery, FactRecord, exact_facts, stream_names
from graph.facts_write import FactsPart
from graph.keys import entity_key
from hybrid.triple_memory import TripleMemory

log = logging.getLogger(__name__)

ENTITY_TAU = 0.94
PRONOUNS = FIRST_PERSON | THIRD_PERSON


@dataclass(frozen=True)
class KnownNames:
    """What one statement's names are resolved against."""

    people: list[str]  # fact subjects, most recent first
    names: list[str]  # every name in the space's facts, most recent first
    aliases: dict[str, list[str]]  # alias key → names of the entities that have it
    similar: Similar | None  # the embedding tier (None: off)

    @cached_property
    def name_keys(self) -> frozenset[str]:
        """The keys of ``names``, computed once: ``current_name`` runs for every remembered
        fact of every statement."""
        return frozenset(entity_key(n) for n in self.names)


def embedding_lookup(
    memory: TripleMemory, space: str, tau: float, *, candidates: int = 100
) -> Similar:
    """The embedding tier for ``space``: the entities within ``tau`` of a mention's vector (the
    vector is cached, and is the one the entity would be stored with)."""

    def similar(mention: str) -> list[tuple[str, float]]:
        key = entity_key(mention)
        vector = memory.names.entities([key])[key]
        return similar_entities(memory.store, space, vector, tau=tau, candidates=candidates)

    return similar


def embed_names(memory: TripleMemory, triples: Sequence[Triple], known: KnownNames) -> None:
    """Embed the new proper names of ``triples`` in one batch, so that the embedding tier's
    lookups (and the new entities' vectors) find them cached instead of calling the model per
    name. Known names are not looked up, and their vectors are stored already."""
    stored = {entity_key(n) for n in (*known.names, *known.people)} | PRONOUNS
    keys = [
        entity_key(name)
        for t in triples
        for name in (t.subject, t.object)
        if name and name[:1].isupper() and entity_key(name) not in stored
    ]
    if keys:
        memory.names.entities(keys)


def known_names(memory: TripleMemory, space: str, tau: float | None) -> KnownNames:
    """The space's names for resolution; ``tau`` None turns the embedding tier off."""
    people, names = stream_names(memory.store, space)
    similar = (
        None
        if tau is None
        else embedding_lookup(memory, space, tau, candidates=memory.config.fuzzy.candidates)
    )
    return KnownNames(people, names, known_aliases(memory.store, space), similar)


def current_name(name: str, known: KnownNames) -> str:
    """``name`` as the space knows it now: a name merged away since (no entity of its own, the
    alias of one) is that entity's."""
    key = entity_key(name)
    holders = known.aliases.get(key, [])
    if len(holders) != 1 or key in known.name_keys:
        return name
    return holders[0]


def single_valued_conflicts(memory: TripleMemory, space: str, name: str) -> list[str]:
    """The single-valued relations ``name`` now holds several current values of ("lives in:
    Oslo (since t=1), Lisbon (since t=3)"), as a merge can leave them: the user decides."""
    current: dict[str, list[FactRecord]] = {}
    for f in exact_facts(memory.store, space, FactQuery(subject=name), limit=1000).facts:
        current.setdefault(f.relation_key, []).append(f)
    return [
        f"{facts[0].relation}: " + ", ".join(f"{f.object} (since t={f.t_from})" for f in facts)
        for key, facts in current.items()
        if len({entity_key(f.object) for f in facts}) > 1
        and memory.cardinality(key) is Cardinality.SINGLE
    ]


def recorded(part: FactsPart, resolutions: Sequence[Resolution]) -> FactsPart:
    """``part`` with each alias a resolution found on the entity it names, and every resolution
    in the update's report; ambiguous mentions are logged."""
    found: dict[str, list[Alias]] = {}
    for resolution in resolutions:
        if resolution.alias and resolution.resolved is not None:
            alias = Alias(resolution.mention, resolution.reason.value)
            held = found.setdefault(entity_key(resolution.resolved), [])
            if all(entity_key(a.name) != entity_key(alias.name) for a in held):
                held.append(alias)
        if resolution.ambiguous:
            log.info("entity resolution: %s", resolution)
    report = sorted(resolutions, key=lambda r: not r.ambiguous)
    return replace(
        part,
        entities=[replace(e, aliases=tuple(found.get(e.key, ()))) for e in part.entities],
        names=[r.as_dict() for r in report],
    )
