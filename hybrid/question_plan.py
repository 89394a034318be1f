"""A question read as a memory read: whom it asks about, which relation, which versions.

"What was Kwame's job before he joined Otterburn?" is the read ``Kwame Asante>>works as>>`` as
of the moment before ``Kwame Asante>>works for>>Otterburn`` began: the person is the first one
the question names (``hybrid.question_people``), the relation is the one its words, the values
it names and the kind of thing it asks for point to (``hybrid.question_relation``), and the
operator comes from its temporal words ("before", "first", "still", "how many", "has … ever").
A clause that dates the question ("before he went to Saltmarsh", "after leaving Globex") is an
event: one of the person's facts, found by the value or the words it names, whose start (or, for
"quit", "sold", "broke up", its end) bounds the read. Questions that compare two events ("Did she
move before or after she started at X?", "Leeds or Manchester first?") are read as two events
(``hybrid.event_order``).

The memory then answers from the facts' versions and the answer is composed from them
(``hybrid.composed_answers``): the small model is not asked to put a history in order. A
question this cannot read (no known person, no relation) gets no plan, and the readers that work
from sentences answer it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from extraction.memory_api import Query
from extraction.temporal_ops import TemporalOp, When
from extraction.text import tag_words
from graph.facts_read import FactRecord
from hybrid.event_order import Event, OrderQuestion, find_event, is_order_question, read_order
from hybrid.question_people import QUESTION_STOPWORDS, Mention, people_mentioned, question_words
from hybrid.question_relation import (
    LIGHT_STEMS,
    RelationChoice,
    choose_relations,
    names_value,
    relation_stems,
    stems,
)

AnswerKind = Literal["value", "list", "count", "yesno", "order"]

_WORD = re.compile(r"[\w'’-]+")
_BEFORE = re.compile(r"\b(?:before|prior to|until)\s+(.+?)[?.!]*$", re.IGNORECASE)
_AFTER = re.compile(r"\b(?:after|since)\s+(.+?)[?.!]*$", re.IGNORECASE)
_YESNO = re.compile(r"^\s*(?:is|are|does|do|did|has|have|was|were|can|could|will)\b", re.IGNORECASE)
_COUNT = re.compile(r"\bhow many\b|\bnumber of\b", re.IGNORECASE)
_HISTORY = re.compile(
    r"\b(?:ever|so far|in total|altogether|over the years|all the|every|different|"
    r"to date|in (?:his|her|their) life)\b",
    re.IGNORECASE,
)
NOW_WORDS = re.compile(
    r"\b(?:now|currently|at the moment|these days|right now|at present|today|still)\b",
    re.IGNORECASE,
)
_LIST = re.compile(r"\b(?:which|what)\b.*\b(?:all|every)\b|\blist\b|\ball the\b", re.IGNORECASE)
_FIRST = re.compile(
    r"\b(?:first|originally|original|initially|to begin with|at first|earliest|"
    r"at the (?:very )?start|early on|in the beginning|at the beginning|back at the start)\b",
    re.IGNORECASE,
)
_PREVIOUS = re.compile(
    r"\b(?:before|previous|previously|used to|former|formerly|earlier|last one|prior|"
    r"old|no longer)\b",
    re.IGNORECASE,
)
_LEADING = re.compile(
    r"^\s*(before|after|since|when|while|during)\s+([^,?]+),\s*(?=\w)", re.IGNORECASE
)
_CLAUSE_OPS = {
    "before": TemporalOp.BEFORE,
    "after": TemporalOp.AFTER,
    "since": TemporalOp.AFTER,
}
_DURING = re.compile(r"\b(?:when|while|during|back when)\s+([^,?]+)", re.IGNORECASE)
_WH = re.compile(r"\b(?:what|which|where|who|whom|whose|how)\b", re.IGNORECASE)
# Relations that hold the same kind of thing, read when the asked one holds nothing.
_KIN: dict[str, tuple[str, ...]] = {
    "has pet": ("owns",),
    "owns": ("has pet", "drives"),
    "drives": ("owns", "rides"),
    "rides": ("drives",),
    "is seeing": ("married to",),
    "married to": ("is seeing",),
    "is learning": ("plays", "studies"),
    "plays": ("is learning",),
}
ALTERNATIVE_MARGIN = 1.0  # cue score: one cue word
_WHICH = re.compile(r"\b(?:which|what)\s+(\w+)", re.IGNORECASE)
_NOT_NOUNS = frozenset("is are was were does do did has have had kind sort type of".split())
_HAVE = frozenset({"has", "have", "'s", "'ve", "hasn't", "haven't"})


@dataclass(frozen=True)
class QuestionPlan:
    """The memory read a question asks for, and the shape its answer takes. ``as_of``: the
    ``t`` an event bounds the read at ("before he went to Saltmarsh"); ``order``: the two
    events an order question compares."""

    subject: str
    relation: str
    when: When
    kind: AnswerKind
    value: str | None = None  # the value a yes/no question asks about ("still in Bergen?")
    why: str = ""
    as_of: int | None = None
    order: OrderQuestion | None = field(default=None, compare=False)
    alternatives: tuple[str, ...] = ()  # relations to read when this one holds nothing
    holders: bool = False  # ``subject`` is a value, and the question asks who holds it
    # Nouns a yes/no question names beside the person, the relation and its stored values
    # ("volleyball" in "does he still play volleyball?" when none is stored): the read's value
    # does not answer it.
    unnamed: tuple[str, ...] = ()

    def query(self) -> Query:
        if self.holders:
            return Query(relation=self.relation, object=self.subject, when=self.when)
        obj = self.value if self.when.op == TemporalOp.STILL else None
        return Query(subject=self.subject, relation=self.relation, object=obj, when=self.when)


def perfect_tense(question: str) -> bool:
    """Whether the question is in the present perfect ("has she lived", "have they dated"):
    it asks about the whole history."""
    words = _WORD.findall(question.casefold())
    tagged = tag_words(words)
    for i, word in enumerate(words):
        if word in _HAVE and any(tag in ("VBN", "VBD") for _, tag in tagged[i + 1 : i + 5]):
            return True
    return False


def _stored(history: Sequence[FactRecord]) -> dict[str, list[str]]:
    relations: dict[str, list[str]] = {}
    for fact in sorted(history, key=lambda f: f.t_from):
        relations.setdefault(fact.relation, []).append(fact.object)
    return relations


def _dated_by(question: str) -> tuple[TemporalOp | None, str, str] | None:
    """A clause that dates the question: "before he went to Saltmarsh", "after leaving
    Globex", "Before the BBC, where …", "When he was first at Norrland, what …" (``None``: at
    the event's time); its operator, the clause, and the question without it."""
    leading = _LEADING.match(question)
    if leading is not None:
        word = leading.group(1).casefold()
        op = _CLAUSE_OPS.get(word)
        return op, leading.group(2), question[leading.end() :]
    for pattern, op in ((_BEFORE, TemporalOp.BEFORE), (_AFTER, TemporalOp.AFTER)):
        found = pattern.search(question)
        if found is not None:
            return op, found.group(1), question[: found.start()]
    during = _DURING.search(question)
    if during is not None and _WH.search(question[: during.start()]):
        return None, during.group(1), question[: during.start()]
    return None


def _bounded(
    plan: QuestionPlan, op: TemporalOp | None, event: Event, history: Sequence[FactRecord]
) -> QuestionPlan | None:
    """The read dated by an event of another relation: as it stood just before the event, at
    its time, or at the first version of the asked relation that began at or after it."""
    if op == TemporalOp.BEFORE:
        bound: int | None = event.t - 1
    elif op is None:
        bound = event.t
    else:
        later = sorted(
            f.t_from for f in history if f.relation == plan.relation and f.t_from >= event.t
        )
        bound = later[0] if later else None
    if bound is None or bound < 0:
        return None
    why = f"{plan.why}, {op or 'at'} {event.describe()}"
    return replace(plan, when=When(), kind="value", value=None, why=why, as_of=bound)


def _with_family(
    choices: Sequence[RelationChoice], stored: Mapping[str, Sequence[str]]
) -> list[str]:
    """Relations to read when the first holds nothing: the other candidates the question cues
    about as strongly (within ``ALTERNATIVE_MARGIN`` of the best) that the person has values of,
    then the first one's kin ("owns" for "has pet"). A weaker candidate is another question:
    "do for a living" also cues "lives in", by its last word."""
    best = choices[0]
    close = [c.relation for c in choices[1:] if c.score >= best.score - ALTERNATIVE_MARGIN]
    kin = _KIN.get(best.relation, ())
    return [r for r in dict.fromkeys([*close, *kin]) if stored.get(r)]


def plan_question(
    question: str,
    people: Sequence[str],
    histories: Mapping[str, Sequence[FactRecord]],
    *,
    subject: str | None = None,
    speaker: str | None = None,
    aliases: Mapping[str, Sequence[str]] | None = None,
) -> QuestionPlan | None:
    """The plan for ``question``. ``histories``: every version of every fact of the people the
    question names (at least its subject), oldest first or in any order."""
    mentions = people_mentioned(question, people, speaker=speaker, aliases=aliases)
    subject = subject or (mentions[0].name if mentions else None)
    if subject is None:
        return None
    history = list(histories.get(subject, ()))
    if is_order_question(question):
        order = read_order(question, subject, mentions, histories)
        if order is None:
            return None  # two events, and the memory holds at most one of them
        why = f"person {subject!r}, two events compared: {order.describe()}"
        return QuestionPlan(subject, order.first.relation, When(), "order", why=why, order=order)
    stored = _stored(history)
    dated = _dated_by(question)
    main = dated[2] if dated else question
    which = _WHICH.search(main)
    noun = which.group(1) if which and which.group(1).casefold() not in _NOT_NOUNS else None
    yesno = _is_yesno(question)
    choices = choose_relations(main, stored, asks_which=noun, values_count=yesno)
    if dated is not None and not (choices and stored.get(choices[0].relation)):
        clause_values = choose_relations(dated[1], stored, values_count=True)
        named = [c for c in clause_values if c.named_value is not None]
        choices = named[:1] + choices  # "what did he play before he switched to viola?"
    if not choices:
        return None
    relation = choices[0].relation
    why = f"person {subject!r}, relation {relation!r}"
    others = tuple(_with_family(choices, stored))
    plan = operator_plan(question, subject, relation, choices[0].named_value, why, yesno)
    plan = replace(plan, alternatives=others)
    if yesno and plan.value is None:
        plan = replace(plan, unnamed=unnamed_nouns(question, mentions, relation))
    if dated is None:
        return plan
    op, clause, _ = dated
    values = stored.get(relation, [])
    value = max(reversed(values), key=lambda v: names_value(clause, v), default=None)
    if value is not None and names_value(clause, value) and op is not None:
        return replace(plan, when=When(op=op, argument=value), kind="value", value=value)
    event = find_event(clause, history)
    bounded = _bounded(plan, op, event, history) if event is not None else None
    return bounded or plan


def unnamed_nouns(question: str, mentions: Sequence[Mention], relation: str) -> tuple[str, ...]:
    """The nouns of ``question`` that are not a person it names nor a word of ``relation``
    (``QuestionPlan.unnamed``)."""
    taken = {i for m in mentions for i in range(m.start, m.end)}
    words = [w for i, (w, _) in enumerate(question_words(question)) if i not in taken]
    spoken = relation_stems(relation)
    return tuple(
        word
        for word, tag in tag_words(words)
        if tag.startswith("NN")
        and word not in QUESTION_STOPWORDS
        and not (set(stems(word)) & spoken)
        and not set(stems(word)) <= LIGHT_STEMS
    )


def _is_yesno(question: str) -> bool:
    """ "Is she still at X?", "Does he drive?", and "tendai still in the band?" (no wh-word)."""
    if _COUNT.search(question):
        return False
    return bool(_YESNO.match(question)) or (
        bool(re.search(r"\bstill\b", question, re.IGNORECASE)) and not _WH.search(question)
    )


def operator_plan(
    question: str, subject: str, relation: str, named: str | None, why: str, yesno: bool
) -> QuestionPlan:
    """The plan's operator and answer kind, from the question's temporal words."""
    if yesno:
        ever = re.search(r"\bever\b", question, re.IGNORECASE) is not None
        op = TemporalOp.ALL if ever else TemporalOp.STILL  # "did she ever live in X?"
        return QuestionPlan(subject, relation, When(op=op), "yesno", named, why)
    history_wide = bool(_HISTORY.search(question)) or perfect_tense(question)
    if _COUNT.search(question):
        past = re.search(r"\bdid\b", question, re.IGNORECASE) is not None
        scope = "now" if NOW_WORDS.search(question) or not (history_wide or past) else None
        when = When(op=TemporalOp.COUNT, argument=scope)
        return QuestionPlan(subject, relation, when, "count", why=why)
    if _FIRST.search(question):
        return QuestionPlan(subject, relation, When(op=TemporalOp.FIRST), "value", why=why)
    if _PREVIOUS.search(question) and not NOW_WORDS.search(question):
        return QuestionPlan(subject, relation, When(op=TemporalOp.PREVIOUS), "value", why=why)
    if _LIST.search(question) or history_wide:
        return QuestionPlan(subject, relation, When(op=TemporalOp.ALL), "list", why=why)
    return QuestionPlan(subject, relation, When(), "value", why=why)
