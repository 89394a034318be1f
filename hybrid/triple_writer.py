"""The triple writer of ingestion: a ``PartBuilder`` for ``hybrid.ingestion``.

Two sources of facts (``RECALLGRAPH_TRIPLE_WRITER``): the statement's structure
(``extraction.fact_patterns``: subject, relation phrase, object off the part-of-speech tags) and
the memory model (MEMLLM's focus-sentence writes). ``hybrid`` uses both: where both read a fact
about the same subject and object, the structure's relation wins (it is the statement's own
phrase; the model's relation choice is its weakest part out of distribution), and the model adds
the facts the patterns did not see. Every relation is then read as its canonical relation by
the triple memory (``TripleMemory.canonical``).

The writers run before the update's transaction opens; their triples become a ``FactsPart`` that
is written in the same transaction as the statement's concepts, at the same ``t``, with the
writer recorded (``patterns``, ``model:<adapter>`` or ``hybrid:<adapter>``).

Between the model and the memory, the stream's context (``RECALLGRAPH_WRITE_CONTEXT``):

- ``resolve``: the stream's people are written out in the text the model reads ("she" at the start
  of a sentence, a first name, a surname, a misspelt name → the full name), and every name of a
  written fact is resolved against the people and names the space already holds
  (``extraction.name_resolution``; names the model did not copy are dropped);
- ``pretext``: the previous statement goes to the model as MEMLLM's pretext before the focus
  sentence, so the model itself can see who "she" is;
- ``both``, or ``none`` (the model reads the statement as it is and its names are stored as
  written).

Except with ``none``, the model reads what the statement states: a chat turn without its
"Speaker: " prefix (the speaker stays available to resolve "I" and "me"), without its questions.

The names come from Neo4j; the writer also remembers the last few of the statements it wrote
itself (their subjects and objects), so that the statements of one batch, written in one
transaction, see each other. What
resolution decided is recorded with the facts (``hybrid.entities``): the aliases it found, and
every resolution, ambiguous ones included, in the update's report.
"""

from __future__ import annotations

import copy
import logging
import re
import threading
from collections import defaultdict, deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Literal

from extraction.attribution import Attributed, attribute, observe
from extraction.cardinality import Cardinality
from extraction.datetimes import parse_datetime
from extraction.deaths import OWNING, departed
from extraction.fact_patterns import extract_facts
from extraction.fact_sources import combine
from extraction.gazetteer import (
    is_organisation_name,
    is_place,
    is_school,
    is_vehicle,
    without_legal_form,
)
from extraction.memory_api import Triple
from extraction.memory_model.decoding import WRITE_DECODING, Decoding
from extraction.memory_model.model import MemoryModel
from extraction.messages import as_turn
from extraction.name_matching import Resolution
from extraction.name_resolution import resolve_names, stated_text
from extraction.offices import as_offices
from extraction.people import People, people_from
from extraction.relation_frames import frame_facts
from extraction.statements import StatementInput
from extraction.supersession import SYMMETRIC, Current, with_endings
from extraction.text import split_sentences
from graph.errors import RecallGraphError
from graph.facts_read import FactQuery, exact_facts, stream_names
from graph.facts_write import DueMerge, FactsPart
from graph.keys import entity_key, relation_key
from graph.updates import latest_statements
from hybrid.entities import (
    ENTITY_TAU,
    KnownNames,
    current_name,
    embed_names,
    known_names,
    recorded,
)
from hybrid.name_adoption import (
    Adoption,
    adopt_lone_name,
    lone_name_of,
    merge_reason,
    username_of,
)
from hybrid.triple_memory import TripleMemory

WriteContext = Literal["resolve", "pretext", "both", "none"]
WRITE_CONTEXT: WriteContext = "resolve"
WriterKind = Literal["hybrid", "patterns", "model", "none"]
TRIPLE_WRITER: WriterKind = "patterns"
_REMEMBERED = 256  # statements: a batch's earlier facts are not in Neo4j until it commits
_SEEDING = 200  # a space's latest statements a fresh writer reads to learn its people
LOG = logging.getLogger(__name__)


def _named_as_said(triple: Triple) -> Triple:
    """An employer without its legal form ("works for Ashworth Carriage Ltd" is Ashworth
    Carriage), so a signature and a chat name one employer."""
    if triple.object is None or triple.relation != "works for":
        return triple
    plain = without_legal_form(triple.object)
    return triple if plain == triple.object else triple.model_copy(update={"object": plain})


def storable(triple: Triple) -> bool:
    """Whether every name of a written fact has a key ("'s" or "—" alone has none), its
    relation begins with a word, and its object is not its subject ("bought a reef for [my]
    desk" read as for Hamish Tait): the writer drops what the memory could not store, or
    would store as nonsense, rather than fail the statement."""
    obj = triple.object if triple.object is not None else ("*" if triple.retract else "")
    names = (triple.subject, obj)
    worded = triple.relation[:1].isalpha()  # "( to" read across a bracket names nothing
    keyed = bool(relation_key(triple.relation)) and all(entity_key(n) or n == "*" for n in names)
    return worded and keyed and entity_key(triple.subject) != entity_key(obj)


_PAST_RANGE = re.compile(
    r"\b(?:from\s+)?(?:19|20)\d{2}\s*(?:to|until|till|-|–)\s*(?P<end>(?:19|20)\d{2})\b"
    r"|\bbetween\s+(?:19|20)\d{2}\s+and\s+(?P<last>(?:19|20)\d{2})\b",
    re.IGNORECASE,
)
_PAST_FROM_HERE = re.compile(r"\b(?:before that|used to)\b", re.IGNORECASE)
_NOW_AGAIN = re.compile(r"\b(?:but|now|currently|these days|today)\b|[;]", re.IGNORECASE)
_HELD_NOW = frozenset({"lives in", "works for", "works as", "studies at"})


def _past_spans(sentence: str, this_year: int | None) -> list[tuple[int, int]]:
    """The stretches of a sentence told as a closed past: the clause of a year range that has
    ended ("From 2012 to 2016 I lived in Dundee"), or what follows "before that" or "used to"
    until "but", "now" or a semicolon."""
    spans = []
    for m in _PAST_RANGE.finditer(sentence):
        end = int(m["end"] or m["last"])
        if this_year is None or end < this_year:
            spans.append((0, len(sentence)))
    for m in _PAST_FROM_HERE.finditer(sentence):
        stop = _NOW_AGAIN.search(sentence, m.end())
        spans.append((m.end(), stop.start() if stop else len(sentence)))
    return spans


def _year_said(observed: str | datetime | None) -> int | None:
    """The year a statement was said in, where it says when (ISO 8601 text or a date-time)."""
    if observed is None:
        return None
    return (observed if isinstance(observed, datetime) else parse_datetime(observed, UTC)).year


def told_as_past(triple: Triple, stated: str, this_year: int | None = None) -> bool:
    """ "From 2012 to 2016 I lived in Dundee", "Before that I spent three years teaching at
    Coldharbour": a home or a post of a closed past, told in a story, is not the one held now
    (written as held, it would end the one that is). Not "I used to live in Leeds but now I live
    in York", nor a range that has not ended ("my PhD at Leeds (2022-2026)", said in 2025)."""
    if triple.retract or triple.object is None or triple.relation not in _HELD_NOW:
        return False
    if not (_PAST_RANGE.search(stated) or _PAST_FROM_HERE.search(stated)):
        return False  # most statements: no sentence splitting, no pattern per value
    named = re.compile(rf"(?<![\w'-]){re.escape(triple.object)}(?![\w'-])", re.IGNORECASE)
    for sentence in split_sentences(stated):
        for start, end in _past_spans(sentence, this_year):
            if named.search(sentence, start, end):
                return True
    return False


def _an_institution_as_home(triple: Triple) -> bool:
    """ "staying at Lumo" read as a home, once "Lumo" resolved to the employer Lumo Robotics:
    a company or a school is no one's home town."""
    home = triple.object if triple.relation == "lives in" else None
    if not home:
        return False
    return not is_place(home) and (is_organisation_name(home) or is_school(home))


_ARRIVED = re.compile(r"\b(?:is|are|am)\s+(?:finally\s+|officially\s+)?here\s*[.!]", re.I)


def _arrived(
    found: list[Triple], current: Current, stated: str, speaker: str | None
) -> list[Triple]:
    """ "Austin! We're here.": a speaker who planned to move to the one place the statement
    names has moved there (a trip's "we're here" names no planned move)."""
    if speaker is None or not _ARRIVED.search(stated):
        return found
    if any(
        t.relation == "lives in" and entity_key(t.subject) == entity_key(speaker) for t in found
    ):
        return found
    planned = current(speaker, "plans to move to")
    named = [p for p in planned if re.search(rf"\b{re.escape(p)}\b", stated, re.I)]
    if len(named) != 1:
        return found
    return [*found, Triple(subject=speaker, relation="lives in", object=named[0])]


@dataclass(frozen=True)
class WrittenTriples:
    """The facts a writer stores for a statement, how their names were resolved, and the
    people the statement is about (full names, in the order it names them; set even when no
    fact is written: "HI DIDI" is about Dimitra Kostas)."""

    triples: list[Triple]
    resolutions: list[Resolution]
    about: list[str] = field(default_factory=list)
    due_merges: list[DueMerge] = field(default_factory=list)  # once the batch is written


@dataclass(frozen=True)
class _Reading:
    """A statement as the writers read it: attributed, the stream's people at that point, and
    the pretext the model is shown."""

    attributed: Attributed
    people: list[str]
    pretext: list[str]

    @property
    def stated(self) -> str:
        return self.attributed.text


def merge_sources(structural: list[Triple], modelled: list[Triple]) -> list[Triple]:
    """The structure's facts, then the model's about a subject and object (or, for a
    retraction, a subject and relation) the structure did not read."""
    seen = {(entity_key(t.subject), entity_key(t.object or "")) for t in structural}
    merged = list(structural)
    for triple in modelled:
        pair = (entity_key(triple.subject), entity_key(triple.object or ""))
        if pair not in seen and triple not in merged:
            merged.append(triple)
            seen.add(pair)
    return merged


def _about(attributed: Attributed, written: list[Triple], people: list[str]) -> list[str]:
    """The people a statement is about: those it names or means, then its facts' subjects
    that are people of the stream."""
    persons = {entity_key(p) for p in people}
    subjects = [t.subject for t in written if entity_key(t.subject) in persons]
    return list(dict.fromkeys([*attributed.about, *subjects]))


def _renamed(triple: Triple, known: KnownNames) -> Triple:
    """``triple`` with its names as the space knows them now."""
    subject = current_name(triple.subject, known)
    obj = None if triple.object is None else current_name(triple.object, known)
    if subject == triple.subject and obj == triple.object:
        return triple
    return triple.model_copy(update={"subject": subject, "object": obj})


class TripleWriter:
    def __init__(
        self,
        memory: TripleMemory,
        model: MemoryModel | None = None,
        *,
        patterns: bool = True,
        how: Decoding = WRITE_DECODING,
        context: WriteContext = WRITE_CONTEXT,
        entity_tau: float | None = ENTITY_TAU,
    ) -> None:
        if model is None and not patterns:
            raise ValueError("a triple writer needs the patterns, the model, or both")
        self.model = model
        self.patterns = patterns
        self.memory = memory
        self.how = how
        self.context = context
        self.entity_tau = entity_tau
        if model is None:
            self.writer = "patterns"
        else:
            self.writer = f"{'hybrid' if patterns else 'model'}:{model.name}"
        self._recent: dict[str, deque[tuple[str, list[Triple]]]] = defaultdict(
            lambda: deque(maxlen=_REMEMBERED)
        )  # space → (statement text, the facts written for it), newest first
        self._people: dict[str, People] = {}  # space → the people its statements named
        self._settled: dict[str, set[str]] = defaultdict(set)  # space → lone names adopted
        self._deferred: dict[str, set[str]] = defaultdict(set)  # space → handles' due merges
        self._lock = threading.Lock()

    def _registry(self, space: str) -> People:
        """The space's people; a writer new to the space learns them from its latest
        statements and fact subjects first (call with the lock held)."""
        people = self._people.get(space)
        if people is None:
            subjects, _ = stream_names(self.memory.store, space)
            people = people_from(subjects)
            for row in reversed(latest_statements(self.memory.store, space, _SEEDING)):
                observe(people, as_turn(str(row["text"])))
            self._people[space] = people
        return people

    def _pretext(self, space: str) -> list[str]:
        with self._lock:
            mine = [text for text, _ in self._recent[space]]
        if not mine:
            mine = [row["text"] for row in latest_statements(self.memory.store, space, 1)]
        return [stated_text(text) for text in mine[:1]]

    def _known(self, space: str, people: list[str]) -> KnownNames:
        """The names a statement's facts resolve against: the stream's people (most recent
        first), then the space's."""
        known = known_names(self.memory, space, self.entity_tau)
        with self._lock:
            mine = [t.subject for _, written in self._recent[space] for t in reversed(written)]
            named = [
                t.object
                for _, written in self._recent[space]
                for t in written
                if t.object and not t.retract
            ]
        mine = [current_name(name, known) for name in mine]  # a merge may have renamed them
        named = [current_name(name, known) for name in named]
        return replace(
            known,
            people=list(dict.fromkeys([*people, *mine, *known.people])),
            names=list(dict.fromkeys([*named, *known.names])),
        )

    def _adopt_lone_names(
        self, space: str, resolutions: Sequence[Resolution]
    ) -> tuple[bool, list[DueMerge]]:
        """Merge the entities of names said alone before the stream gave the full name
        (``hybrid.name_adoption``); each lone name is settled once per space. Whether any
        was merged, and the handles' merges to make once the batch is written: the full name,
        or the handle's own entity, may first be written in this very batch."""
        merged = False
        due: list[DueMerge] = []
        for resolution in resolutions:
            mention = entity_key(resolution.mention)
            if not lone_name_of(resolution) or mention in self._settled[space]:
                continue
            adopted = adopt_lone_name(self.memory.store, space, resolution)
            if username_of(resolution) and adopted is not Adoption.MERGED:
                with self._lock:
                    deferred = mention in self._deferred[space]
                    self._deferred[space].add(mention)
                if not (deferred and adopted is Adoption.NOTHING):  # else: a batch has been
                    full = str(resolution.resolved)  # written since it was due: merged by it
                    due.append(DueMerge(resolution.mention, full, merge_reason(resolution)))
                    continue
            if adopted is not Adoption.LATER:
                with self._lock:
                    self._settled[space].add(mention)
            if adopted is Adoption.MERGED:
                LOG.info("entity resolution: merged %s", resolution)
                merged = True
        return merged, due

    def _single(self, relation: str) -> bool:
        """Single-valued by the listed relations alone: an unlisted relation's neighbour rule
        embeds it, and an ending is only written for a relation known to hold one value."""
        rules = self.memory.config.cardinality
        key = relation_key(relation)
        return rules.listed(key) is not None and rules.decide(key) is Cardinality.SINGLE

    def _current(
        self, space: str, history: list[list[Triple]], *, directed: bool = False
    ) -> Current:
        """A subject's current values of a relation: replayed from this writer's recent writes
        (``history``, newest first), else read from the memory; a relation between two people
        counts from either side unless ``directed``."""
        found: dict[tuple[str, str], list[str]] = {}

        def current(subject: str, relation: str) -> list[str]:
            key = (entity_key(subject), relation_key(relation))
            if key not in found:
                replayed = self._replayed(history, subject, relation, directed=directed)
                found[key] = (
                    replayed
                    if replayed is not None
                    else self._stored(space, subject, relation, directed)
                )
            return found[key]

        return current

    def _replayed(
        self, history: list[list[Triple]], subject: str, relation: str, *, directed: bool
    ) -> list[str] | None:
        """The subject's values of the relation after this writer's recent writes; None when
        they never gave it one."""
        key = (entity_key(subject), relation_key(relation))
        state: list[str] | None = None
        symmetric = relation in SYMMETRIC and not directed
        for written in reversed(history):
            for t in written:
                if relation_key(t.relation) != key[1]:
                    continue
                if entity_key(t.subject) == key[0]:
                    other = t.object
                elif symmetric and t.object is not None and entity_key(t.object) == key[0]:
                    other = t.subject
                else:
                    continue
                state = [] if state is None else state
                if t.retract:
                    state = [
                        v for v in state if other is not None and entity_key(v) != entity_key(other)
                    ]
                elif other is not None:
                    state = [other] if self._single(relation) else [*state, other]
        return state

    def _ended_by_death(
        self, space: str, history: list[list[Triple]], text: str, found: list[Triple]
    ) -> list[Triple]:
        """ "Kuikka died": whoever owned Kuikka (a pet, a car, a thing) owns it no more, whoever
        the statement names; the frames' own ending of the name (a car that "died") goes."""
        registry = self._people[space]
        ended = [
            Triple(subject=subject, relation=relation, object=name, retract=True)
            for name in departed(text)
            if not registry.surely_person(name)
            for subject, relation in self._holders(space, history, name)
            if relation in OWNING
        ]
        gone = {entity_key(t.object or "") for t in ended}
        kept = [t for t in found if not (t.retract and entity_key(t.object or "") in gone)]
        return [*kept, *ended]

    def _holders(
        self, space: str, history: list[list[Triple]], value: str
    ) -> list[tuple[str, str]]:
        """Who holds ``value`` now, and by which relation: this writer's recent writes, then
        the memory."""
        key = entity_key(value)
        held = {
            (t.subject, t.relation)
            for written in history
            for t in written
            if not t.retract and t.object is not None and entity_key(t.object) == key
        }
        stored = exact_facts(self.memory.store, space, FactQuery(object=value)).facts
        held |= {(f.subject, f.relation) for f in stored}
        return sorted(held)

    def _stored(self, space: str, subject: str, relation: str, directed: bool) -> list[str]:
        facts = exact_facts(
            self.memory.store, space, FactQuery(subject=subject, relation=relation)
        ).facts
        values = [f.object for f in facts]
        if relation in SYMMETRIC and not directed:
            held = exact_facts(
                self.memory.store, space, FactQuery(relation=relation, object=subject)
            ).facts
            values += [f.subject for f in held]
        return list(dict.fromkeys(values))

    def triples(self, space: str, statement: StatementInput) -> list[Triple]:
        """The facts this writer stores for ``statement`` (what an evaluation grades)."""
        return self.resolve(space, statement).triples

    def resolve(self, space: str, statement: StatementInput) -> WrittenTriples:
        """The facts for ``statement`` with their names resolved, and how they were."""
        return self.resolve_many(space, [statement])[0]

    def resolve_many(
        self, space: str, statements: Sequence[StatementInput]
    ) -> list[WrittenTriples]:
        """The facts for each statement, in order, as ``resolve`` one after another would give
        them; the model writes every sentence of the batch in one go."""
        readings: list[_Reading] = []
        last: str | None = None  # the batch's latest statement that states something
        statements = [replace(s, text=as_turn(s.text)) for s in statements]  # its own words
        for statement in statements:
            reading = self._read(space, statement, last)
            readings.append(reading)
            if reading.stated.strip():
                last = statement.text
        modelled = self._modelled(readings)
        return [
            self._finish(space, statement, reading, found)
            for statement, reading, found in zip(statements, readings, modelled, strict=True)
        ]

    def _read(self, space: str, statement: StatementInput, last: str | None) -> _Reading:
        """What the model reads of ``statement``: attributed (the registry learns from it, so
        statements are read in order) and, for ``pretext``, the statement before it."""
        resolving = self.context in ("resolve", "both")
        if resolving:
            with self._lock:
                attributed = attribute(self._registry(space), statement.text)
                people = self._people[space].names()
        else:
            stated = stated_text(statement.text) if self.context != "none" else statement.text
            attributed, people = Attributed(stated), []
        pretext: list[str] = []
        if self.context in ("pretext", "both") and attributed.text.strip():
            pretext = [stated_text(last)] if last is not None else self._pretext(space)
        return _Reading(attributed, people, pretext)

    def _modelled(self, readings: list[_Reading]) -> list[list[Triple]]:
        """The model's facts for each reading, every sentence decoded in one batch."""
        asked = [i for i, r in enumerate(readings) if r.stated.strip()]
        found: list[list[Triple]] = [[] for _ in readings]
        if self.model is None or not asked:
            return found
        results = self.model.write_many(
            [readings[i].stated for i in asked], self.how, [readings[i].pretext for i in asked]
        )
        for i, result in zip(asked, results, strict=True):
            found[i] = result.triples
        return found

    def _finish(
        self, space: str, statement: StatementInput, reading: _Reading, modelled: list[Triple]
    ) -> WrittenTriples:
        """The statement's facts: the structure's and the model's, merged, resolved against the
        stream and the space, read as canonical relations, with their endings."""
        resolving = self.context in ("resolve", "both")
        attributed, people, stated = reading.attributed, reading.people, reading.stated
        if not stated.strip():
            return WrittenTriples([], [], attributed.about)
        known = self._known(space, people) if resolving else None
        structural = extract_facts(stated) if self.patterns else []
        if self.patterns and resolving:
            registry = self._people[space]
            topic = attributed.speaker or (attributed.about[-1] if attributed.about else None)
            with self._lock:
                framed = frame_facts(
                    stated, people, topic, registry.surely_person, attributed.speaker
                )
                held = {
                    entity_key(t.object)
                    for _, written in self._recent[space]
                    for t in written
                    if t.object and not t.retract and t.relation not in SYMMETRIC
                }
                structural = combine(
                    framed,
                    structural,
                    registry.surely_person,
                    lambda n: any(set(entity_key(n).split()) <= set(v.split()) for v in held),
                )
        found = as_offices(merge_sources(structural, modelled), stated)
        found = [_named_as_said(t) for t in found]
        resolutions: list[Resolution] = []
        due_merges: list[DueMerge] = []
        if known:
            if known.similar is not None:
                embed_names(self.memory, found, known)
            resolved = resolve_names(
                found,
                f"{statement.text} {stated}",
                known.people,
                known.names,
                aliases=known.aliases,
                similar=known.similar,
                said_by=attributed.speaker,
            )
            found = resolved.triples
            resolutions = list(dict.fromkeys([*resolved.resolutions, *attributed.resolutions]))
            merged, due_merges = self._adopt_lone_names(space, resolutions)
            if merged:
                known = self._known(space, people)  # the merged names are aliases now
        with self._lock:
            history = [written for _, written in self._recent[space]]
        if known and known.aliases:  # a name merged since is its entity's ("Sofia" → …)
            history = [[_renamed(t, known) for t in written] for written in history]
        earlier = [t for written in history for t in written]
        found = self.memory.canonical(space, found, earlier)
        year = _year_said(statement.observed_at)
        found = [t for t in found if not told_as_past(t, stated, year)]
        if resolving:
            found = self._ended_by_death(space, history, stated, found)
            current = self._current(space, history)
            found = _arrived(found, current, stated, attributed.speaker)
            found = with_endings(
                found,
                current,
                self._single,
                is_vehicle,
                held=self._current(space, history, directed=True),
                first=attributed.speaker,
                touched=lambda s, r: self._replayed(history, s, r, directed=False) is not None,
                text=f"{statement.text} {stated}",
            )
        found = [t for t in found if storable(t) and not _an_institution_as_home(t)]
        with self._lock:
            self._recent[space].appendleft((statement.text, found))
        return WrittenTriples(found, resolutions, _about(attributed, found, people), due_merges)

    def __call__(self, space: str, statement: StatementInput) -> FactsPart | None:
        return self._one(space, statement)

    def many(self, space: str, statements: Sequence[StatementInput]) -> list[FactsPart | None]:
        """Each statement's facts as an update part, the model's sentences decoded in one batch.
        Without a model, or for one statement, they are read one by one. A batch that fails is
        read again one statement at a time, from the state it started from (the registry is
        saved only for such a batch: a copy per statement would cost the hot path)."""
        if self.model is None or len(statements) < 2:
            return [self._one(space, statement) for statement in statements]
        saved = self._saved(space)
        try:
            written = self.resolve_many(space, statements)
        except RecallGraphError:
            raise  # the stores themselves failed: the update must fail whole
        except Exception:
            self._restore(space, saved)
            return [self._one(space, statement) for statement in statements]
        return [self._part(space, s, w) for s, w in zip(statements, written, strict=True)]

    def _one(self, space: str, statement: StatementInput) -> FactsPart | None:
        """The statement's facts; a fault in reading them costs the facts of this statement,
        logged, never the statement itself (its text, concepts and vectors)."""
        try:
            written = self.resolve(space, statement)
        except RecallGraphError:
            raise  # the stores themselves failed: the update must fail whole
        except Exception:
            LOG.exception("no facts written for statement %r: reading them failed", statement.id)
            return None
        return self._part(space, statement, written)

    def _part(
        self, space: str, statement: StatementInput, written: WrittenTriples
    ) -> FactsPart | None:
        try:
            if not written.triples:
                return None
            prepared = self.memory.prepare(
                space, written.triples, writer=self.writer, source=statement.source
            )
            part = recorded(prepared.part, written.resolutions)
            return replace(part, due_merges=written.due_merges) if written.due_merges else part
        except RecallGraphError:
            raise
        except Exception:
            LOG.exception("no facts written for statement %r: storing them failed", statement.id)
            return None

    def _saved(self, space: str) -> tuple[People | None, list[tuple[str, list[Triple]]]]:
        """What reading a batch changes: the space's people and the writer's recent writes."""
        with self._lock:
            return copy.deepcopy(self._people.get(space)), list(self._recent[space])

    def _restore(
        self, space: str, saved: tuple[People | None, list[tuple[str, list[Triple]]]]
    ) -> None:
        people, recent = saved
        with self._lock:
            if people is None:
                self._people.pop(space, None)
            else:
                self._people[space] = people
            self._recent[space] = deque(recent, maxlen=_REMEMBERED)
