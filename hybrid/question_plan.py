"""A question read as a memory read: whom it asks about, which relation, which versions.

"What was Kwame's job before Otterburn?" is the read ``Kwame Asante>>works for>>@before
Otterburn``: the person is found among the names the space knows (a full name, a first name or
surname of one person, a misspelling), the relation by the question's words (a cue lexicon for
the relations people's lives change in, else the stored relation of that person whose words the
question uses), and the operator by its temporal words ("before", "first", "still", "how
many"). The memory then answers from the fact's versions and the answer is composed from them
(``hybrid.composed_answers``): the small model is not asked to put a history in order.

A question this cannot read (no known person, no relation) gets no plan, and the readers that
work from sentences answer it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from nltk.stem import PorterStemmer

from extraction.memory_api import Query
from extraction.name_matching import edit_distance
from extraction.name_resolution import FIRST_PERSON
from extraction.relations import read_relation
from extraction.temporal_ops import TemporalOp, When
from graph.keys import entity_key

AnswerKind = Literal["value", "list", "count", "yesno"]

_WORD = re.compile(r"[\w'’-]+")
_STOPWORDS = frozenset(
    """a an the is are was were be been do does did has have had what which who whom whose
    where when why how of in on at to for with from by and or not no yes it its this that
    these those there their his her he she they them i me my we our you your now currently
    still ever right these days moment at the moment anymore any more than then so just""".split()
)

# Question words → canonical relation, most specific first ('|'-separated cues). A cue matches
# as a phrase, else as a set of stems that all occur in the question.
_CUES: tuple[tuple[str, str], ...] = (
    ("works for", "work for | work at | employer | employed | company | firm | who work | "
                  "where work | working at | working for | job at | workplace"),
    ("works as", "job title | title | profession | occupation | do for a living | what does do | "
                 "what do do | position | role | work as | job as | job"),
    ("works for", "work | working"),
    ("lives in", "live | living | home | reside | based | move | city | town"),
    ("is seeing", "dating | date | seeing | boyfriend | girlfriend | partner | going out | "
                  "together | relationship | who with | other half"),
    ("married to", "married | husband | wife | spouse"),
    ("plans to travel to", "trip | travel | vacation | holiday | plan to visit | "
                           "planning to visit | plan to go | planning to go | off to"),
    ("studies at", "study at | studying at | university | college | enrolled | degree | phd"),
    ("drives", "drive | driving | car"),
    ("rides", "ride | bike | bicycle"),
    ("is learning", "learn | learning | studying | lessons | taken up | picked up"),
    ("coaches", "coach | coaching"),
    ("plays", "play | playing"),
    ("has pet", "pet | dog | cat"),
    ("speaks", "speak | language"),
    ("owns", "own | owns | opened | runs"),
    ("likes", "like | likes | love | enjoy"),
)  # fmt: skip


@lru_cache(maxsize=1)
def _stemmer() -> PorterStemmer:
    return PorterStemmer()


def stems(text: str) -> list[str]:
    return [_stemmer().stem(w) for w in _WORD.findall(text.casefold())]


@lru_cache(maxsize=1)
def _cue_stems() -> tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]:
    return tuple(
        (relation, tuple(tuple(stems(cue)) for cue in cues.split("|"))) for relation, cues in _CUES
    )


@dataclass(frozen=True)
class QuestionPlan:
    """The memory read a question asks for, and the shape its answer takes."""

    subject: str
    relation: str
    when: When
    kind: AnswerKind
    value: str | None = None  # the value a yes/no question asks about ("still in Bergen?")
    why: str = ""

    def query(self) -> Query:
        obj = self.value if self.when.op == TemporalOp.STILL else None
        return Query(subject=self.subject, relation=self.relation, object=obj, when=self.when)


def find_subject(
    question: str, people: Sequence[str], speaker: str | None = None, names: Sequence[str] = ()
) -> str | None:
    """The person the question is about (``people``: the subjects the space holds facts about,
    most recent first): a full name, else the one whose first name or surname it uses, else a
    misspelling of one; "I" is the speaker. Other known ``names`` (a company, a place) only
    when no person is named."""
    return _find_name(question, people, speaker) or (
        _find_name(question, names, None) if names else None
    )


def _find_name(question: str, names: Sequence[str], speaker: str | None) -> str | None:
    words = [w.casefold() for w in _WORD.findall(question)]
    key = f" {entity_key(question)} "
    full = [n for n in names if entity_key(n) and f" {entity_key(n)} " in key]
    if full:
        return max(full, key=lambda n: len(entity_key(n)))
    if speaker and any(w in FIRST_PERSON for w in words):
        return speaker
    content = [w for w in words if w not in _STOPWORDS and len(w) > 2]
    content += [w.removesuffix("'s").removesuffix("’s") for w in content]
    parts = [n for n in names if len(entity_key(n).split()) > 1]
    partial = [n for n in parts if set(entity_key(n).split()) & set(content)]
    if len(set(partial)) == 1:
        return partial[0]
    if partial:
        return partial[0]  # names come most recent first: the one the stream spoke of last
    typos = [
        n
        for n in parts
        for part in entity_key(n).split()
        for w in content
        if len(part) >= 5 and edit_distance(w, part, 1) <= 1
    ]
    return typos[0] if typos else None


def _relation_by_cue(question_stems: list[str]) -> str | None:
    joined = f" {' '.join(question_stems)} "
    for relation, cues in _cue_stems():
        for cue in cues:
            if f" {' '.join(cue)} " in joined:
                return relation
    words = set(question_stems)
    for relation, cues in _cue_stems():
        if any(set(cue) <= words for cue in cues):
            return relation
    return None


def _relation_by_words(question_stems: list[str], relations: Sequence[str]) -> str | None:
    """The stored relation whose own words the question uses most ("allergic", "carpool")."""
    content = {s for s in question_stems if s not in _STOPWORDS}
    scored = [(len(content & {s for s in stems(r) if s not in _STOPWORDS}), r) for r in relations]
    best = max(scored, default=(0, ""))
    return best[1] if best[0] > 0 else None


_BEFORE = re.compile(r"\b(?:before|prior to)\s+(.+?)[?.!]*$", re.IGNORECASE)
_AFTER = re.compile(
    r"\bafter\s+(?:leaving\s+|quitting\s+|moving\s+(?:out\s+of|from)\s+)?(.+?)"
    r"[?.!]*$",
    re.IGNORECASE,
)
_YESNO = re.compile(r"^\s*(?:is|are|does|do|did|has|have|was|were|can)\b", re.IGNORECASE)
_COUNT = re.compile(r"\bhow many\b|\bnumber of\b", re.IGNORECASE)
_HISTORY = re.compile(
    r"\b(?:ever|so far|in total|altogether|over the years|has had|have had|all the|"
    r"every|did .* have|has .* been|have .* been)\b",
    re.IGNORECASE,
)
_LIST = re.compile(r"\b(?:which|what)\b.*\b(?:all|every)\b|\blist\b|\ball the\b", re.IGNORECASE)
_FIRST = re.compile(
    r"\b(?:first|originally|initially|to begin with|at first|earliest)\b", re.IGNORECASE
)
_PREVIOUS = re.compile(
    r"\b(?:before|previous|previously|used to|former|formerly|earlier|last one|prior)\b",
    re.IGNORECASE,
)


def _mentioned_value(text: str, values: Sequence[str]) -> str | None:
    """The stored value the question names (for "before X", "still in X?")."""
    key = f" {entity_key(text)} "
    named = [v for v in values if entity_key(v) and f" {entity_key(v)} " in key]
    if named:
        return max(named, key=len)
    words = set(entity_key(text).split()) - _STOPWORDS
    partial = [v for v in values if words & (set(entity_key(v).split()) - _STOPWORDS)]
    return partial[0] if len(set(partial)) == 1 else None


def plan_question(
    question: str,
    people: Sequence[str],
    relations_of: dict[str, dict[str, list[str]]] | None = None,
    *,
    subject: str | None = None,
    speaker: str | None = None,
) -> QuestionPlan | None:
    """The plan for ``question``; ``relations_of`` maps a name to its stored relations and each
    relation's values (any order), to read relations the cue lexicon does not know and the
    values a question names. ``subject`` skips the name search."""
    subject = subject or find_subject(question, people, speaker)
    if subject is None:
        return None
    stored = (relations_of or {}).get(subject, {})
    words = stems(question.replace(subject, " "))
    relation = _relation_by_cue(words)
    worded = _relation_by_words(words, list(stored))
    if worded is not None and (
        relation is None or (relation not in stored and not read_relation(worded).canonical)
    ):
        relation = worded  # the person's own relation the question names ("carpool")
    if relation is None:
        return None
    values = stored.get(relation, [])
    why = f"person {subject!r}, relation {relation!r}"
    if _YESNO.match(question) and not _COUNT.search(question):
        value = _mentioned_value(question, values)
        ever = re.search(r"\bever\b", question, re.IGNORECASE) is not None
        op = TemporalOp.ALL if ever else TemporalOp.STILL  # "did she ever live in X?"
        return QuestionPlan(subject, relation, When(op=op), "yesno", value, why)
    if _COUNT.search(question):
        scope = None if _HISTORY.search(question) else "now"
        return QuestionPlan(
            subject, relation, When(op=TemporalOp.COUNT, argument=scope), "count", why=why
        )
    before, after = _BEFORE.search(question), _AFTER.search(question)
    for found, op in ((before, TemporalOp.BEFORE), (after, TemporalOp.AFTER)):
        if found is not None:
            value = _mentioned_value(found.group(1), values)
            if value is not None:
                return QuestionPlan(
                    subject, relation, When(op=op, argument=value), "value", value, why
                )
    if _FIRST.search(question):
        return QuestionPlan(subject, relation, When(op=TemporalOp.FIRST), "value", why=why)
    if _PREVIOUS.search(question):
        return QuestionPlan(subject, relation, When(op=TemporalOp.PREVIOUS), "value", why=why)
    if _LIST.search(question) or _HISTORY.search(question):
        return QuestionPlan(subject, relation, When(op=TemporalOp.ALL), "list", why=why)
    return QuestionPlan(subject, relation, When(), "value", why=why)
