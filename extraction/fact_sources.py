"""The facts of a statement from its two readers, the cue frames and the clause parser, in one
list: the frames' typed readings first, then what the parser adds about people.

The parser reads any relation ("carpools with", "is allergic to") but types nothing: it stores
a university as a home and a car bought as a thing owned. So a parser fact is kept only when
its subject is a person (a fact about no one, "Ostara Health has opened an office", is no fact of
a person's story), its value is of the kind its relation takes (``well_typed``), and no frame
read the same subject and value already; a vehicle that was bought, owned or "picked up" is
driven. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from extraction.gazetteer import is_bicycle, is_vehicle
from extraction.memory_api import Triple
from extraction.name_resolution import FIRST_PERSON, THIRD_PERSON
from extraction.people import person_like
from extraction.relations import read_relation
from extraction.typed_objects import well_typed
from graph.keys import entity_key

_PRONOUNS = FIRST_PERSON | THIRD_PERSON | {"we", "us"}


def _about_someone(subject: str, is_person: Callable[[str], bool]) -> bool:
    return entity_key(subject) in _PRONOUNS or is_person(subject) or person_like(subject)


def _retyped(triple: Triple) -> Triple:
    """A vehicle one owns, bought or is "learning" (picked up) is one's vehicle."""
    reading = read_relation(triple.relation)
    if (
        triple.object is not None
        and reading.name in ("owns", "is learning")
        and is_vehicle(triple.object)
    ):
        relation = "rides" if is_bicycle(triple.object) else "drives"
        return triple.model_copy(update={"relation": relation, "phrase": reading.surface})
    return triple


def combine(
    framed: Sequence[Triple], parsed: Sequence[Triple], is_person: Callable[[str], bool]
) -> list[Triple]:
    """The frames' facts, then the parser's facts that add to them (see the module)."""
    pairs = {(entity_key(t.subject), entity_key(t.object or "")) for t in framed}
    kept = list(framed)
    for triple in parsed:
        triple = _retyped(triple)
        reading = read_relation(triple.relation)
        if (entity_key(triple.subject), entity_key(triple.object or "")) in pairs:
            continue
        if not _about_someone(triple.subject, is_person):
            continue
        if reading.canonical and not well_typed(reading.name, triple.object, is_person):
            continue
        if triple not in kept:
            kept.append(triple)
    return kept
