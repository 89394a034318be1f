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

import re
from collections.abc import Callable, Sequence

from extraction.gazetteer import (
    everyday_word,
    is_bicycle,
    is_job_title,
    is_organisation_name,
    is_place,
    is_school,
    is_skill,
    is_vehicle,
)
from extraction.memory_api import Triple
from extraction.name_resolution import FIRST_PERSON, THIRD_PERSON
from extraction.relations import ANY_RELATION, read_relation
from extraction.supersession import SYMMETRIC
from extraction.typed_objects import well_typed
from graph.keys import entity_key

_PRONOUNS = FIRST_PERSON | THIRD_PERSON
_PLURAL = frozenset({"they", "we", "them", "us"})  # who "they" are is not one person
# Verbs of events, not states: "met at a pub quiz", "celebrated ten years", "ran a marathon".
_EVENTS = frozenset(
    """met meet meets celebrated celebrates ran run won win lost lose asked asks sent sends
    said says told tells proposed called calls beat beats took take takes handed gave give
    gives made had remember will got set miss misses hate hates started starting""".split()
)


_ONE_VALUE = frozenset(
    {
        "lives in",
        "works for",
        "works as",
        "is seeing",
        "married to",
        "studies at",
        "drives",
        "rides",
        "plans to travel to",
        "plans to move to",
    }
)
_ASKING = frozenset(
    "what whats what's where who why how looking hoping trying wondering thinking".split()
)
_BARE = frozenset(
    "is 's am are 're was were not still now at in with on officially also just really has "
    "have had 've now".split()
)
_RESIDENCE = re.compile(r"\b(?:live|lives|living|moved|based|home|settled|stay)", re.IGNORECASE)
_MODALS = frozenset("will 'll would 'd can could might may should must".split())
_TIMES = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays
    thursdays fridays saturdays sundays week weekend month year today tomorrow yesterday
    morning evening night btw jan feb mar apr jun jul aug sep sept oct nov dec january
    february march april june july august september october november december""".split()
)


def _about_someone(
    triple: Triple, is_person: Callable[[str], bool], is_value: Callable[[str], bool]
) -> bool:
    """Whether a parser fact's subject may be a person: not "they" (unless they broke up: the
    memory ends it for both), not an organisation, place, vehicle or pastime by name, and not
    a name the stream holds as someone's value (a pet, an employer)."""
    key = entity_key(triple.subject)
    if key in _PLURAL:
        return triple.retract and read_relation(triple.relation).name in SYMMETRIC
    if key in THIRD_PERSON:
        return False  # a "he" attribution left alone may be the dog ("he hates me")
    if key in _PRONOUNS or is_person(triple.subject):
        return True
    name = triple.subject
    thing = is_organisation_name(name) or is_place(name) or is_vehicle(name) or is_skill(name)
    words = name.split()
    named = all(w[:1].isupper() and w.isalpha() for w in words) and len(words[0]) > 1
    if len(words) == 1 and everyday_word(name):
        return False  # "Lunch was three kinds of cheese"
    return named and not thing and not is_value(name)  # not "Sheffield reshuffle", "E"


def _overlaps(a: str, b: str) -> bool:
    """One value's words hold the other's ("Seoul idea" and "Seoul", "animator" and "3D
    animator")."""
    x, y = set(entity_key(a).split()), set(entity_key(b).split())
    return bool(x) and bool(y) and (x <= y or y <= x)


def _noise(triple: Triple, reading_canonical: bool) -> bool:
    """A parser reading that states no lasting fact: an event ("met at", "celebrated"), a
    possibility or a plan ("'ll come round", "can do viewings"), a time ("on wednesdays"), a
    person related to themselves, or a place tacked on by "in" ("adopted in Leeds")."""
    if triple.object is not None and entity_key(triple.object) == entity_key(triple.subject):
        return True
    words = (triple.phrase or triple.relation).casefold().split()
    if reading_canonical or not words:
        return False
    value = entity_key(triple.object or "").split()
    if any(w in _EVENTS or w in _MODALS for w in words) or any(w in _TIMES for w in value):
        return True
    if set(words) <= _BARE:
        return True  # "is at", "not is with": the frames read these with their kind
    if len(value) == 1 and value[0] in _VAGUE:
        return True  # "need video", "send people", "sold out by day": nothing kept
    if any(w in _ASKING for w in words) or is_skill(" ".join(words)):
        return True  # "whats the plan", "my portuguese is a crime scene"
    if triple.object is not None and is_job_title(triple.object, listed=True):
        return True  # "her first shift … manager": jobs are read by the frames
    where = str(triple.object or "")
    if words[-1] == "in" and where[:1].isupper():
        return True  # "adopted in Wicklow", "is teaching in Crookes": where, not what
    return words[-1] == "at" and is_place(where)


def _retyped(triple: Triple) -> Triple:
    """A vehicle one owns, bought or is "learning" (picked up) is one's vehicle; "not on call
    for anything" ends every value of the relation."""
    if triple.retract and (triple.object or "").casefold() in _ANY_VALUE:
        return triple.model_copy(update={"object": None})
    reading = read_relation(triple.relation)
    if (
        triple.object is not None
        and reading.name in ("owns", "is learning")
        and is_vehicle(triple.object)
    ):
        relation = "rides" if is_bicycle(triple.object) else "drives"
        return triple.model_copy(update={"relation": relation, "phrase": reading.surface})
    return triple


_VAGUE = frozenset(
    """people person time times thing things stuff everything nothing something video videos
    photo photos picture pictures day days hour hours week weeks month months year years minute
    minutes euro euros dollars pounds money way lot bit one ones questions notes crumbs lunch
    dinner breakfast conditions decisions desks pickups covers shifts sleep fun help news""".split()
)
_ANY_VALUE = frozenset("anything anyone anybody anywhere any".split())


def combine(
    framed: Sequence[Triple],
    parsed: Sequence[Triple],
    is_person: Callable[[str], bool],
    is_value: Callable[[str], bool] = lambda _: False,
) -> list[Triple]:
    """The frames' facts, then the parser's facts that add to them (see the module)."""
    kept = list(framed)
    for triple in parsed:
        triple = _retyped(triple)
        reading = read_relation(triple.relation)
        said = f"{triple.relation} {triple.object or ''}"
        same_value = reading.name != ANY_RELATION and any(
            entity_key(t.subject) == entity_key(triple.subject)
            and (_overlaps(t.object or "", triple.object or "") or _overlaps(t.object or "", said))
            for t in framed
        )
        elsewhere = not is_person(triple.subject) and any(
            t.object and triple.object and entity_key(t.object) == entity_key(triple.object)
            for t in framed
        )  # "Email from Tendai: settled in Manchester": the frame knew whose
        if same_value or elsewhere or not _about_someone(triple, is_person, is_value):
            continue
        if (
            reading.canonical
            and not triple.retract
            and any(
                entity_key(t.subject) == entity_key(triple.subject)
                and t.relation == reading.name
                and not t.retract
                and reading.name in _ONE_VALUE
                for t in framed
            )
        ):
            continue  # the frame read this relation's value already
        if _noise(triple, reading.canonical):
            continue
        if reading.name == "reports to" and not (
            is_person(triple.subject) and (triple.object is None or is_person(triple.object))
        ):
            continue  # "Stenhope Heath boss Ian Whitlock", "as Morvale Town manager": a club's
        if reading.canonical and not well_typed(
            reading.name, triple.object, is_person, listed=True
        ):
            continue
        if (
            reading.name == "lives in"
            and not _RESIDENCE.search(triple.phrase or "")
            and any(
                t.subject == triple.subject and t.relation in ("works for", "works as")
                for t in framed
            )
        ):
            continue  # "head brewer at Saltmarsh Brewery in Cardiff": where the job is
        if triple not in kept:
            kept.append(triple)
    return [
        _without_object_pronoun(t) for t in _pupils(kept) if not _A_CLAUSE.search(t.object or "")
    ]


def _without_object_pronoun(triple: Triple) -> Triple:
    """ "made him team lead": the post is "team lead"."""
    value = _OBJECT_PRONOUN.sub("", triple.object or "")
    return triple.model_copy(update={"object": value}) if value != (triple.object or "") else triple


_OBJECT_PRONOUN = re.compile(r"^(?:him|her|me|them|us)\s+(?=\S)", re.IGNORECASE)


# A value with a subject and a verb of its own is a clause a reading ran into, never a value:
# "who's a paramedic", "I'm not a data scientist".
_A_CLAUSE = re.compile(
    r"\b(?:who|which|that|i|you|he|she|it|we|they)['’](?:s|m|re|ve|d|ll)\b|^(?:who|which)\b",
    re.IGNORECASE,
)


def _pupils(found: list[Triple]) -> list[Triple]:
    """ "Emi started fifth grade at Escuela Jacarandas": a school someone is "at" with no post
    there is where they study, not their employer (a teacher's post says "works as")."""
    staff = {entity_key(t.subject) for t in found if t.relation == "works as" and not t.retract}
    return [
        t.model_copy(update={"relation": "studies at"})
        if t.relation == "works for"
        and not t.retract
        and t.object
        and _a_school(t.object)
        and entity_key(t.subject) not in staff
        and not _STAFF_WORDS.search(t.phrase or "")
        else t
        for t in found
    ]


_STAFF_WORDS = re.compile(r"teach|taught|work|job|hire|employ|staff|post|role|lectur|profess")


def _a_school(name: str) -> bool:
    """A school by the head of its name ("Escuela Jacarandas", "School 51", "Tammela Primary
    School"), not a unit of one ("the Leuven university library")."""
    words = entity_key(name).split()
    return bool(words) and (is_school(words[-1]) or is_school(words[0]))
