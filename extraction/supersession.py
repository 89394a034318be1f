"""What a statement's facts end, said out loud: the old value a new one replaces, the plan that
came true, the job that went with an employer.

The memory closes a single-valued relation's old value when a new one is written, but a writer
that states the change ("not lives in Leeds", "lives in Manchester") keeps the update explicit
in the write's report and in the facts' history, and lets a loose mention close the right fact:
"sold the Skoda" closes "drives Skoda Octavia". Given the subject's current values (the caller
knows them: its own recent writes, then the memory), for each statement:

- a new value of a single-valued relation ends the current other value;
- a later stage ends an earlier one: an engagement or a marriage ends "is seeing" (for both
  people), a move ends the plan to move;
- an ending whose value names part of a current value ends that value ("the Golf" of
  "Volkswagen Golf"), and one that names none of them ends nothing (a loose ending that is no
  vehicle is dropped);
- an employer that ends, with no new employer or job in the statement, ends the job title too;
- a relation between two people keeps the direction the stream first gave it.

Pure: the caller gives the current values and the cardinality.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from extraction.memory_api import Triple
from graph.keys import entity_key, relation_key

Current = Callable[[str, str], list[str]]  # (subject, relation) → its current values
Touched = Callable[[str, str], bool]  # whether the stream ever gave (subject, relation) a value
SYMMETRIC = frozenset({"is seeing", "married to", "partner of", "lives with"})
SUCCEEDS: dict[str, tuple[str, ...]] = {
    "married to": ("is seeing",),
    "lives in": ("plans to move to",),
    "works for": ("will start at",),
}
_ENDED_BY_ITS_VALUE = frozenset({"will start at"})  # only starting there ends the plan
LOOSE = frozenset(
    {"drives", "rides", "plans to travel to", "is learning", "studies at", "works for"}
)


def _same(a: str, b: str) -> bool:
    return entity_key(a) == entity_key(b)


def _part_of(mention: str, value: str) -> bool:
    """ "Golf" of "Volkswagen Golf", "Skoda" of "Skoda Octavia", "Copperleaf" of "Copperleaf
    Studios": the mention's words are words of the value."""
    words, full = entity_key(mention).split(), entity_key(value).split()
    return bool(words) and all(w in full for w in words)


def oriented(triples: Sequence[Triple], held: Current, first: str | None = None) -> list[Triple]:
    """Relations between two people in the direction the stream already holds any of them in
    (dating, then engaged: the same way round; ``held``: a subject's values as stored, one
    way), else with ``first`` (a chat turn's speaker: "sanne and I broke up" is about the
    speaker) as the subject."""
    found: list[Triple] = []
    for t in triples:
        if t.relation in SYMMETRIC and t.object is not None:
            mine = any(_same(v, t.object) for r in SYMMETRIC for v in held(t.subject, r))
            theirs = any(_same(v, t.subject) for r in SYMMETRIC for v in held(t.object, r))
            speaker_last = first is not None and _same(t.object, first)
            if not mine and (theirs or speaker_last):
                t = t.model_copy(update={"subject": t.object, "object": t.subject})
        if t not in found:
            found.append(t)
    return found


_PASTIMES = {"is learning": ("plays",), "plays": ("is learning",)}
"""Relations one pastime is held by: a stop said in either's words ends the one it holds."""


def _namesake(t: Triple, values: Sequence[str], said: str) -> str | None:
    """The one partner of the subject who shares the first name an ending gave alone ("theo
    and i broke up" ends "is seeing Theo Barrow", though the stream spoke last of another
    Theo): a name not written out in full is the one the relation holds."""
    if t.object is None or t.relation not in SYMMETRIC or entity_key(t.object) in said:
        return None
    first = entity_key(t.object).split()[:1]
    namesakes = [v for v in values if entity_key(v).split()[:1] == first]
    return namesakes[0] if len(namesakes) == 1 else None


def _loose(
    t: Triple,
    current: Current,
    is_vehicle: Callable[[str], bool],
    touched: Touched,
    said: str = "",
) -> Triple | None:
    """A retraction whose value may name only part of the current one; one whose value the
    stream already ended ("isn't at Copperleaf any more", said again) ends nothing new."""
    if not t.retract or t.object is None:
        return t
    values = current(t.subject, t.relation)
    if not any(_same(v, t.object) for v in values):
        for other in _PASTIMES.get(t.relation, ()):  # "quit volleyball" ends "plays volleyball"
            if any(_same(v, t.object) for v in current(t.subject, other)):
                return t.model_copy(update={"relation": other})
    if not values and touched(t.subject, t.relation):
        return None
    if any(_same(v, t.object) for v in values):
        return t
    matching = [v for v in values if _part_of(t.object, v) or _part_of(v, t.object)]
    if len(matching) == 1:  # "Sofia Reyes and I broke up" ends "is seeing Sofia"
        return t.model_copy(update={"object": matching[0]})
    if (partner := _namesake(t, values, said)) is not None:
        return t.model_copy(update={"object": partner})
    if t.relation not in LOOSE:
        return None if values else t  # "NOT moving back to Bristol" while in Cardiff
    if t.relation in ("drives", "rides") and not is_vehicle(t.object):
        return None
    return None if values else t  # "quit duolingo" while at Daeyang Games ends no job


def with_endings(
    triples: Sequence[Triple],
    current: Current,
    single: Callable[[str], bool],
    is_vehicle: Callable[[str], bool],
    held: Current | None = None,
    first: str | None = None,
    touched: Touched = lambda _s, _r: False,
    text: str = "",
) -> list[Triple]:
    """``triples`` with the endings they imply (see the module), retractions first;
    ``held``: values as stored, one way (default ``current``); ``first``: who comes first in
    a relation between two people the stream has not seen; ``touched``: whether the stream
    ever gave a subject's relation a value; ``text``: the statement (an ended value it does
    not name is written as any value: a written name is always one the statement gave)."""
    said = entity_key(text)
    kept = [
        t
        for t in (
            _loose(t, current, is_vehicle, touched, said)
            for t in oriented(triples, held or current, first)
        )
        if t is not None
    ]
    asserted = {(entity_key(t.subject), relation_key(t.relation)) for t in kept if not t.retract}
    ends: list[Triple] = []

    def end(subject: str, relation: str, value: str, phrase: str | None) -> None:
        named = value if entity_key(value) in said else None  # the memory knows the rest
        ending = Triple(subject=subject, relation=relation, object=named, retract=True)
        if phrase and phrase != relation:
            ending = ending.model_copy(update={"phrase": phrase})
        if all(
            not (
                e.retract
                and e.relation == relation
                and e.subject == subject
                and (e.object is None or _same(e.object, value))
            )
            for e in [*kept, *ends]
        ):
            ends.append(ending)

    for t in kept:
        if t.retract or t.object is None:
            continue
        if single(t.relation):
            for old in current(t.subject, t.relation):
                if not _same(old, t.object):
                    end(t.subject, t.relation, old, t.phrase)
        for earlier in SUCCEEDS.get(t.relation, ()):
            for old in current(t.subject, earlier):
                planned = _part_of(old, t.object) or _part_of(t.object, old)
                if earlier in _ENDED_BY_ITS_VALUE and not planned:
                    continue  # "busy week at Harbour Analytics" is no start at Norsk Mobil
                end(t.subject, earlier, old, t.phrase)
    for t in kept:
        if not t.retract or relation_key(t.relation) != relation_key("works for"):
            continue
        key = entity_key(t.subject)
        if (key, "works for") in asserted or (key, "works as") in asserted:
            continue
        for job in current(t.subject, "works as"):
            end(t.subject, "works as", job, t.phrase)
    paired = {
        entity_key(t.object) for t in kept if t.retract and t.object and t.relation in SYMMETRIC
    }
    retractions = [  # "they broke up": the named ending, the way round the stream holds it
        t
        for t in kept
        if t.retract
        and not (t.object is None and t.relation in SYMMETRIC and entity_key(t.subject) in paired)
    ]
    named = {(t.subject, t.relation) for t in [*retractions, *ends] if t.object is not None}
    found: list[Triple] = []
    for t in [*retractions, *ends, *(t for t in kept if not t.retract)]:
        vague = t.retract and t.object is None and (t.subject, t.relation) in named
        if not vague and all(t.model_copy(update={"phrase": u.phrase}) != u for u in found):
            found.append(t)  # one fact per value, whichever reader's phrase came first
    return found
