"""Cue-driven relation frames: the relations people's lives change in, read where the clause
parser cannot (lower-case chat, notes without verbs, passives, "X -> Y").

A frame is a cue for one relation ("moved to", "signed a lease on a flat in", "joined",
"poached", "took up", "sold"), the reader of the kind of value that relation takes
(``extraction.typed_objects``) and whether the cue ends the relation. In each clause, every cue
that is followed by a value of the right kind gives a fact; its subject is the person named
last before the cue in the clause (for a passive cue, "brinkman engineering hired Jonah Feld",
the person after it), else the statement's topic: a chat turn's speaker, else the person the
statement spoke of last. Negation ("not … anymore", "no longer") turns a fact into a retraction.
"Switched from A to B", "swapped A for B", "A -> B" read B's kind to find the relation; B is the
new value and A's ends. Only facts about people are read: a frame whose subject is no person of
the stream writes nothing. Pure.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from extraction.gazetteer import (
    is_bicycle,
    is_job_title,
    is_language,
    is_organisation_name,
    is_place,
    is_school,
    is_skill,
    is_sport,
    is_vehicle,
)
from extraction.memory_api import Triple
from extraction.text import split_sentences, word_class
from extraction.typed_objects import (
    read_job,
    read_name,
    read_org,
    read_pet,
    read_place,
    read_skill,
    read_topic,
    read_vehicle,
    tokens,
)
from graph.keys import entity_key

Reader = Callable[[Sequence[str]], str | None]
ListReader = Callable[[Sequence[str]], list[str]]


@dataclass(frozen=True)
class Frame:
    relation: str
    cue: re.Pattern[str]
    read: Reader | ListReader
    ends: bool = False
    passive: bool = False  # the person after the cue is the subject; the value comes first
    plan: str | None = None  # the relation when a future time follows ("moving to X next month")


def _cue(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _one(read: Reader) -> ListReader:
    return lambda words: [v] if (v := read(words)) else []


_HOME = r"(?:flat|apartment|place|house|room|studio|home|cottage|lease|flatshare)"
FRAMES: tuple[Frame, ...] = (
    Frame(
        "lives in",
        _cue(r"\b(?:lives?|living|resides?|residing|based|staying|settled)\b(?:\s+just)?"),
        read_place,
    ),
    Frame(
        "lives in",
        _cue(
            r"\b(?:moved|moves|relocated|emigrated)(?:\s+(?:back|home|down|up|over))?\b"
            r"(?!\s+(?:from|out|in\s+together)\b)"
        ),
        read_place,
    ),
    Frame(
        "lives in",
        _cue(r"\bmoving\s+(?:back\s+)?(?:to|into)\b"),
        read_place,
        plan="plans to move to",
    ),
    Frame(
        "lives in",
        _cue(
            r"\b(?:found|got|rented|renting|rents|bought|signed|moved\s+into)\s+(?:\S+\s+){0,4}?"
            + _HOME
            + r"\b"
        ),
        read_place,
    ),
    Frame(
        "lives in",
        _cue(r"\b(?:is|'s|am|are)\s+(?:still\s+|now\s+|already\s+|back\s+)*in\b"),
        read_place,
    ),
    Frame("lives in", _cue(r"\b(?:back|still)\s+in\b"), read_place),
    Frame("lives in", _cue(r"\baddress\s+in\b"), read_place),
    Frame("lives in", _cue(r"\bmoved\s+out\s+of\b"), read_place, ends=True),
    Frame(
        "plans to move to",
        _cue(r"\b(?:plan(?:s|ning)?|going|want(?:s|ing)?)\s+to\s+move(?:\s+back)?\s+to\b"),
        read_place,
    ),
    Frame("works for", _cue(r"\b(?:works?|working|worked)\s+(?:at|for|in)\b"), read_org),
    Frame(
        "works for",
        _cue(r"\b(?:job|position|role|shift|post|internship)\s+(?:at|with|for)\b"),
        read_org,
    ),
    Frame("works for", _cue(r"\b(?:joined|rejoined|joins|joining)\b"), read_org),
    Frame("works for", _cue(r"\b(?:hired|employed|recruited)\s+(?:by|at)\b"), read_org),
    Frame("works for", _cue(r"\b(?:started|starts|starting|start)\s+(?:work\s+)?at\b"), read_org),
    Frame("works for", _cue(r"\bsigned\s+(?:on\s+)?with\b"), read_org),
    Frame("works for", _cue(r"\b(?:gone|went|going)\s+back\s+to\b"), read_org),
    Frame(
        "works for",
        _cue(
            r"\b(?:is|'s|am|are|was|still|back|now)\s+(?:still\s+|now\s+|back\s+)*(?:at|with|w/)\b"
        ),
        read_org,
    ),
    Frame(
        "works for",
        _cue(r"\b(?:keeping|keeps|kept)\s+(?:the\s+)?(?=\S+(?:\s+\S+)?\s+job\b)"),
        read_org,
    ),
    Frame("works for", _cue(r"\b(?:hired|poached|recruited|headhunted)\b"), read_org, passive=True),
    Frame(
        "works for",
        _cue(r"\b(?:quit|left|leaving|resigned\s+from|fired\s+from|laid\s+off\s+from)\b"),
        read_org,
        ends=True,
    ),
    Frame(
        "works for",
        _cue(r"\bhanded\s+(?:in|back)\s+\S+\s+(?:notice|apron|badge|keys)\s+(?:at|to)\b"),
        read_org,
        ends=True,
    ),
    Frame(
        "works as",
        _cue(r"\b(?:works?|working|job|employed|hired|started|starts|signed\s+on)\s+as\b"),
        read_job,
    ),
    Frame(
        "works as",
        _cue(r"\b(?:as|became|become|becomes|promoted\s+to|made|named|appointed)\b"),
        read_job,
    ),
    Frame(
        "works as",
        _cue(
            r"\b(?:is|'s|am|are)\s+(?:now\s+|still\s+|also\s+)*(?:an?\s+|the\s+)?(?:new\s+)?(?=\S)"
        ),
        read_job,
    ),
    Frame("works as", _cue(r"\b(?:made|promoted|named|appointed)\b"), read_job, passive=True),
    Frame("is seeing", _cue(r"\b(?:seeing|dating|going\s+out\s+with)\b"), read_name),
    Frame("married to", _cue(r"\b(?:engaged\s+to|married(?:\s+to)?)\b"), read_name),
    Frame(
        "plans to travel to",
        _cue(r"\b(?:trip|holiday|fortnight|week|weekend|visit|flights?)\s+(?:to|in)\b"),
        read_place,
    ),
    Frame(
        "plans to travel to",
        _cue(r"\b(?:heading|going|flying|travelling|traveling|come|coming)\s+(?:out\s+)?to\b"),
        read_place,
    ),
    Frame("plans to travel to", _cue(r"\bplanning\s+(?=[A-Z])"), read_place),
    Frame("plans to travel to", _cue(r"\bback\s+from\b"), read_place, ends=True),
    Frame(
        "plans to travel to",
        _cue(
            r"\b(?P<obj>[A-Z][\w-]+)\s+(?:trip|idea|plan)\b"
            r"(?=.*\b(?:off|ice|hold|cancell?ed|dropped|scrapped)\b)"
        ),
        read_place,
        ends=True,
    ),
    Frame(
        "plans to travel to",
        _cue(
            r"\b(?:dropped|cancell?ed|scrapped|shelved)\s+the\s+(?P<obj>[A-Z][\w-]+)\s+"
            r"(?:trip|idea|plan)"
        ),
        read_place,
        ends=True,
    ),
    Frame("studies at", _cue(r"\b(?:studies|studying|student|enrolled)\s+(?:at|in)\b"), read_org),
    Frame("", _cue(r"\btransferred\s+to\b"), read_org),
    Frame(
        "studies at",
        _cue(
            r"\b(?:degree|phd|msc|masters|master's|bsc|ba|ma|course|doctorate|yr\s+\d+|"
            r"year\s+\d+)\s+(?:\S+\s+){0,4}?(?:at|@)\b"
        ),
        read_org,
    ),
    Frame("studies at", _cue(r"\bdoing\s+an?\s+(?P<obj>[A-Z][\w ]+?)\s+course\b"), read_org),
    Frame(
        "studies at",
        _cue(
            r"\b(?:finished|completed|graduated\s+from|dropped\s+out\s+of)\s+(?:\S+\s+)?"
            r"(?P<obj>[A-Z][\w ]+?)\s+(?:course|degree)\b"
        ),
        read_org,
        ends=True,
    ),
    Frame(
        "studies", _cue(r"\b(?:degree|phd|msc|masters|course|studies|ba|bsc)\s+in\s+"), read_topic
    ),
    Frame(
        "studies",
        _cue(r"\b(?P<obj>[a-z]+(?:\s+[a-z]+)?)\s+(?:degree|masters|msc|phd|bsc)\b"),
        read_topic,
    ),
    Frame(
        "drives",
        _cue(r"\b(?:drives|driving|drove|bought|buying|buys|picked\s+up|got|has|have)\b"),
        read_vehicle,
    ),
    Frame("drives", _cue(r"\b(?:sold|selling|sells|scrapped|crashed)\b"), read_name, ends=True),
    Frame(
        "drives",
        _cue(r"\b(?P<obj>[A-Z][\w-]+)\s+(?:was\s+written\s+off|(?:finally\s+)?died|was\s+stolen)"),
        read_name,
        ends=True,
    ),
    Frame(
        "is learning",
        _cue(
            r"\b(?:learn(?:ing|s|t|ed)?|taking|took|taken|take|signed\s+up\s+for|started|starting|"
            r"restarting|restarted|added|picking\s+up|picked\s+up|practi[sc]ing|lessons?\s+in)\b"
        ),
        read_skill,
    ),
    Frame(
        "is learning",
        _cue(
            r"\b(?:stopped|stopping|quit|quitting|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?|"
            r"dropped|dropping)\b"
        ),
        read_skill,
        ends=True,
    ),
    Frame(
        "is learning", _cue(r"\b(?P<obj>\w+)(?:'s|\s+is)\s+(?:done|over)\b"), read_skill, ends=True
    ),
    Frame("plays", _cue(r"\b(?:plays|playing|play)\b(?!\s+(?:for|in|with)\b)"), read_skill),
    Frame(
        "plays for",
        _cue(
            r"\b(?:plays|playing|skating|skates|signed\s+(?:\S+\s+){0,3}?contract)\s+(?:for|with)\b"
        ),
        read_name,
    ),
    Frame("plays in", _cue(r"\b(?:plays|playing)\s+in\b|\bin\s+a\s+band\s*\("), read_name),
    Frame("captains", _cue(r"\bcaptain\s+of\b"), read_name),
    Frame("coaches", _cue(r"\b(?:coaches|coaching|head\s+coach\s+of|coach\s+of)\b"), read_name),
    Frame("owns", _cue(r"\b(?:opened|founded|runs|set\s+up)\s+(?:\S+\s+){0,3}?"), read_org),
    Frame("passed", _cue(r"\bpassed\b"), read_name),
)
PET_CUE = _cue(r"\b(?:adopted|got|has|have|bought|rescued|is|'s)\b")
_NAME_IS = _cue(r"\b(?:his|her|its)\s+name\s+is\s+(?P<obj>\S+)")
_SWITCH = _cue(
    r"\b(?:switched|switching|swapped|swapping|traded|trading|changed|moved)\s+(?:in\s+)?"
    r"(?:from\s+)?(?P<a>[^,;.]+?)\s+(?:for|to|->)\s+(?P<b>[^,;.]+)"
)
_ARROW = re.compile(r"(?P<a>[\w-]+)\s*->\s*(?P<b>[^,;.()]+)")
_SWITCH_TO = _cue(r"\bswitched\s+to\s+(?P<b>[^,;.()]+)")
_NEGATION = _cue(r"\b(?:not|never|no\s+longer)\b|n't\b")
_ANYMORE = _cue(r"\b(?:any\s?more|no\s+longer)\b")
_FUTURE = _cue(
    r"\b(?:next|soon|tomorrow|end\s+of|in\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*"
    r"|in\s+the\s+new\s+year|on\s+(?:mon|tue|wed|thu|fri|sat|sun)\w*|this\s+(?:weekend|week|month)"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
)
_CLAUSES = re.compile(
    r"\s*(?:[;:!?()]|\s-\s|,\s+(?=(?:and|but|so|though|while|which|who)\b)|"
    r"\b(?:but|so|though|because|while|whereas|although)\b)\s*"
)
_FILLERS = frozenset(
    """also and so ok okay yep yes yeah then already finally recently update news btw lol
    plus now just still officially well anyway oh hey""".split()
)


def _typed_relation(value: str) -> str | None:
    """The relation a switched-to value belongs to, by its kind."""
    if is_place(value):
        return "lives in"
    if is_bicycle(value):
        return "rides"
    if is_vehicle(value):
        return "drives"
    if is_sport(value) and not is_language(value):
        return "plays"
    if is_skill(value):
        return "is learning"
    if is_job_title(value, listed=True):
        return "works as"
    if is_school(value):
        return "studies at"
    if is_organisation_name(value):
        return "works for"
    return None


_READERS: dict[str, Reader] = {
    "lives in": read_place,
    "rides": read_vehicle,
    "drives": read_vehicle,
    "plays": read_skill,
    "is learning": read_skill,
    "works as": read_job,
    "studies at": read_org,
    "works for": read_org,
}


_COUPLE_CUES: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    ("married to", _cue(r"^\s*(?:are|'re|have|'ve|just|now|officially|got|\s)*engaged\b"), False),
    ("married to", _cue(r"^\s*(?:are|'re|have|'ve|just|got|\s)*married\b"), False),
    (
        "married to",
        _cue(r"^\s*(?:have|'ve|\s)*(?:called|broken|broke)\s+off\s+(?:the|their)\s+engagement"),
        True,
    ),
    ("lives with", _cue(r"^\s*(?:are|'re|have|'ve|\s)*(?:moved|moving)\s+in\s+together"), False),
)
_PROPOSED = _cue(r"^\s*(?:has\s+|just\s+)?proposed\b")


def _verb_first(words: Sequence[str]) -> bool:
    """Whether a clause opens with a verb ("runs the kitchen …", "started at …"): its subject
    is the one before."""
    tag = word_class(words[0]) if words else None
    return tag is not None and (tag.startswith("VB") or tag == "MD")


@dataclass
class _Reading:
    people: Sequence[str]
    topic: str | None
    found: list[Triple]

    def spans(self, clause: str) -> list[tuple[int, int, str]]:
        """Where the clause names a person of the stream."""
        found: list[tuple[int, int, str]] = []
        for name in sorted(self.people, key=len, reverse=True):
            for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", clause):
                if not any(a <= m.start() < b for a, b, _ in found):
                    found.append((m.start(), m.end(), name))
        return sorted(found)

    def subjects(self, clause: str, spans: list[tuple[int, int, str]], at: int) -> list[str]:
        """Whom the cue at ``at`` is about: the person named last before it (not a possessor,
        "Kenji's flat"), with the one joined to them by "and"; else, for a clause that opens
        with its verb or with words that name no one, the topic."""
        before = [
            span for span in spans if span[1] <= at and not clause[span[1] :].startswith(_OWNED)
        ]
        if before:
            start, _, name = before[-1]
            joined = [p for p in before[:-1] if clause[p[1] : start].strip().casefold() == "and"]
            return [joined[-1][2], name] if joined else [name]
        words = [w for w in clause[:at].split() if w.casefold().strip(",") not in _FILLERS]
        if not words or _verb_first(words):
            return [self.topic] if self.topic else []
        return []

    def add(self, subject: str | None, relation: str, value: str | None, retract: bool) -> None:
        if subject is None or (value is None and not retract):
            return
        if value is not None and value in self.people and relation not in _PERSON_VALUES:
            return
        if relation in _PERSON_VALUES and value is not None and value not in self.people:
            return
        if value is not None and entity_key(value) == entity_key(subject):
            return
        triple = Triple(subject=subject, relation=relation, object=value, retract=retract)
        if triple not in self.found:
            self.found.append(triple)
        self.topic = subject

    def clause(self, clause: str) -> None:
        spans = self.spans(clause)
        for frame in FRAMES:
            for m in frame.cue.finditer(clause):
                self._frame(frame, clause, spans, m)
        self._switches(clause, spans)
        self._pets(clause, spans)
        self._couples(clause, spans)
        if not spans:
            return
        opening = [w for w in clause[: spans[0][0]].split() if w.casefold() not in _FILLERS]
        if not opening and not clause[spans[0][1] :].startswith(_OWNED):
            self.topic = spans[0][2]

    def _frame(
        self, frame: Frame, clause: str, spans: list[tuple[int, int, str]], m: re.Match[str]
    ) -> None:
        if "obj" in frame.cue.groupindex and m["obj"]:
            words = tokens(m["obj"])
        else:
            words = tokens(clause[m.end() :])
        if frame.passive:
            after = [s for s in spans if s[0] >= m.end()]
            if not after:
                return
            _, end, person = after[0]
            if frame.relation == "works for":
                value = read_org(tokens(clause[: m.start()]))
            else:
                value = read_job(tokens(clause[end:]))
            self.add(person, frame.relation, value, False)
            return
        read = frame.read(words)
        values = read if isinstance(read, list) else [read] if read else []
        negated = bool(_NEGATION.search(clause[: m.start()])) or bool(
            _ANYMORE.search(clause[m.end() :])
        )
        relation = frame.relation
        if frame.plan and _FUTURE.search(clause[m.end() :]):
            relation = frame.plan
        for found in values:
            typed = relation or _typed_relation(found)
            if typed is None or (frame.ends and negated):
                continue
            for subject in self.subjects(clause, spans, m.start()):
                self.add(subject, typed, found, frame.ends or negated)

    def _switches(self, clause: str, spans: list[tuple[int, int, str]]) -> None:
        for pattern in (_SWITCH, _ARROW, _SWITCH_TO):
            for m in pattern.finditer(clause):
                new = m["b"].strip()
                relation = None
                value: str | None = None
                for reader_relation, reader in _READERS.items():
                    value = reader(tokens(new))
                    if value and _typed_relation(value) == reader_relation:
                        relation = reader_relation
                        break
                if relation is None or value is None:
                    continue
                old = m.groupdict().get("a")
                before = _READERS[relation](tokens(old)) if old else None
                for subject in self.subjects(clause, spans, m.start()):
                    if before and before != value:
                        self.add(subject, relation, before, True)
                    self.add(subject, relation, value, False)

    def _pets(self, clause: str, spans: list[tuple[int, int, str]]) -> None:
        for m in PET_CUE.finditer(clause):
            for name in read_pet(tokens(clause[m.end() :])):
                for subject in self.subjects(clause, spans, m.start()):
                    self.add(subject, "owns", name, False)
        for m in _NAME_IS.finditer(clause):
            self.add(self.topic, "owns", m["obj"].strip(".,!").title(), False)

    def _couples(self, clause: str, spans: list[tuple[int, int, str]]) -> None:
        """ "A and B are engaged", "… have called off their engagement", "… moved in together";
        "A proposed" (to the topic)."""
        for (_, a_end, a), (b_start, b_end, b) in itertools.pairwise(spans):
            if clause[a_end:b_start].strip().casefold() != "and":
                continue
            for relation, cue, ends in _COUPLE_CUES:
                if cue.match(clause[b_end:]):
                    self.add(a, relation, b, ends)
        for _, end, proposer in spans:
            if _PROPOSED.match(clause[end:]) and self.topic and self.topic != proposer:
                topic = self.topic
                self.add(topic, "married to", proposer, False)
                self.topic = topic


_OWNED = ("'s", "’s", "'", "’")
_PERSON_VALUES = frozenset({"is seeing", "married to", "partner of", "lives with"})


def frame_facts(text: str, people: Sequence[str], topic: str | None = None) -> list[Triple]:
    """The facts the frames read in ``text`` (people written out, as ``extraction.attribution``
    writes it): about ``people`` only; ``topic``: whom a clause without a subject is about."""
    reading = _Reading(people, topic, [])
    for sentence in split_sentences(text):
        if sentence.rstrip().endswith("?"):
            continue
        for clause in _CLAUSES.split(sentence):
            if clause and clause.strip():
                reading.clause(clause)
    return reading.found
