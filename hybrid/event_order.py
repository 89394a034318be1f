"""Events in a person's history, and questions that put two of them in order.

An event is a fact's beginning (or, for "quit", "sold", "broke up", its end) found by what a
phrase names: one of the person's values ("Saltmarsh", "the polo"), words of the relation or of
the statement's own phrase ("moved", "got engaged", "started her MSc"). Order questions compare
two of them by ``t``, which the memory knows exactly and a small model cannot work out:

- "Did Anjali start her MSc before or after she moved to Sheffield?" → "Before — …";
- "Did she live in Leeds or Manchester first?", "Was Seoul or Taipei his original plan?" → the
  value that came first;
- "Did Noor move to Utrecht before Jonah did?" → "Yes — …" (the second event is the same fact
  of another person when the clause names no fact of its own).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from extraction.relations import read_relation
from graph.facts_read import FactRecord
from hybrid.question_people import Mention, people_mentioned
from hybrid.question_relation import content_stems, cue_score, names_value, stems

OrderForm = Literal["before_after", "which_first", "yesno"]

_ENDINGS = frozenset(
    stems(
        """quit quits quitting left leave leaves leaving sold sell sells stop stops stopped
        stopping gave give gives giving broke break split resigned fired laid dropped cancel
        cancelled ended end finished graduated retired divorced"""
    )
)
_PARTICLES = frozenset(stems("up out off down over away back along"))
_CHANGES = frozenset(stems("change changed changes switch switched switches new promotion"))
_BEFORE_OR_AFTER = re.compile(r"\b(before|after)\s+or\s+(?:before|after)\b", re.IGNORECASE)
_FIRST_CHOICE = re.compile(
    r"\b(?:first|earlier|sooner|original|originally|initially|to begin with)\b", re.IGNORECASE
)
_YESNO_ORDER = re.compile(
    r"^\s*(?:did|was|were|had|has|is|does)\b(.+?)\b(before|after)\b(.+?)[?.!]*$", re.IGNORECASE
)
_AUX = re.compile(r"^\s*(?:did|was|were|had|has|have|is|are|does|do)\b\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Event:
    subject: str
    relation: str
    value: str
    t: int
    ending: bool = False
    fact: FactRecord | None = field(default=None, compare=False)

    def describe(self) -> str:
        verb = f"stopped {self.relation}" if self.ending else self.relation
        return f"{self.subject} {verb} {self.value} (t={self.t})"


@dataclass(frozen=True)
class OrderQuestion:
    form: OrderForm
    first: Event  # the event the question names first
    second: Event

    def describe(self) -> str:
        return f"{self.first.describe()}; {self.second.describe()}"

    @property
    def facts(self) -> list[FactRecord]:
        return [e.fact for e in (self.first, self.second) if e.fact is not None]


def _score(text: str, fact: FactRecord) -> float:
    canonical = read_relation(fact.relation).name
    words = content_stems(f"{fact.relation} {fact.phrase or ''}")
    score = 1.5 * names_value(text, fact.object)
    shared = (content_stems(text) & words) - _PARTICLES  # "break up" is not "signed up"
    return score + cue_score(stems(text), canonical) + len(shared)


def find_event(
    text: str,
    history: Sequence[FactRecord],
    subject: str | None = None,
    ending: bool | None = None,
) -> Event | None:
    """The event of ``history`` that ``text`` speaks of, or None when it names none;
    ``ending``: whether it is the fact's end ("quit", "sold"), when the text around says so."""
    said = set(stems(text))
    ending = bool(said & _ENDINGS) if ending is None else ending
    changing = bool(said & _CHANGES)
    scored = [(s, f) for f in history if (s := _score(text, f)) >= 1.0]
    if not scored:
        return None
    best = max(s for s, _ in scored)
    facts = sorted((f for s, f in scored if s == best), key=lambda f: (f.t_from, f.id))
    if ending:
        closed = [f for f in facts if f.t_to is not None]
        fact = closed[0] if closed else facts[0]
        t = fact.t_to or fact.t_from
        return Event(subject or fact.subject, fact.relation, fact.object, t, bool(closed), fact)
    if changing:
        firsts = {min(g.t_from for g in history if g.relation == f.relation) for f in facts}
        later = [f for f in facts if f.t_from not in firsts]
        facts = later or facts
    fact = facts[0]
    return Event(subject or fact.subject, fact.relation, fact.object, fact.t_from, fact=fact)


def _same_fact(event: Event, person: str, history: Sequence[FactRecord]) -> Event | None:
    """ "… before Jonah did": the same relation and value in another person's history."""
    for fact in sorted(history, key=lambda f: f.t_from):
        if fact.relation == event.relation and names_value(fact.object, event.value):
            t = fact.t_to if event.ending and fact.t_to else fact.t_from
            return Event(person, fact.relation, fact.object, t, event.ending, fact)
    return None


def _event_of(
    text: str,
    subject: str,
    others: Sequence[Mention],
    histories: Mapping[str, Sequence[FactRecord]],
    like: Event | None = None,
    ending: bool | None = None,
) -> Event | None:
    names = [m.name for m in others]
    named = people_mentioned(text, names) if names else []
    person = named[0].name if named and named[0].start == 0 else subject  # "… after Jonah did"
    history = histories.get(person, ())
    event = find_event(text, history, person, ending)
    if event is None and like is not None and person != like.subject:
        event = _same_fact(like, person, history)
    return event


def is_order_question(question: str) -> bool:
    """Whether ``question`` compares two events ("before or after", "A or B first", "did X
    before Y?")."""
    if _BEFORE_OR_AFTER.search(question):
        return True
    if _FIRST_CHOICE.search(question) and _options(question) is not None:
        return True
    return _YESNO_ORDER.match(question) is not None


def _options(question: str) -> tuple[str, str] | None:
    """The two options of "A or B first?" / "Which did she give up first, A or B?"."""
    body = re.sub(r"[?.!]+\s*$", "", question)
    if " or " not in body:
        return None
    left, right = body.split(" or ", 1)
    pieces = [p for p in re.split(r",|\bfirst\b|\bearlier\b", left) if p.strip(" :")]
    left = pieces[-1].strip(" :") if pieces else ""  # "Which came first: A, or B?"
    right = _FIRST_CHOICE.split(right)[0]
    return (left, right) if left.strip() and right.strip() else None


@dataclass(frozen=True)
class OrderClauses:
    """The two things an order question compares, as it words them: "did A before or after
    B?", "which first, A or B?" (``context``: the question without its options), "did A
    before B?" (``wanted``: "before" or "after")."""

    form: OrderForm
    first: str
    second: str
    context: str = ""
    wanted: str = "before"


def order_clauses(question: str) -> OrderClauses | None:
    """The clauses of an order question (see ``is_order_question``), or None."""
    split = _BEFORE_OR_AFTER.search(question)
    if split is not None:
        first = _AUX.sub("", question[: split.start()])
        return OrderClauses("before_after", first, question[split.end() :].strip())
    options = _options(question) if _FIRST_CHOICE.search(question) else None
    if options is not None:
        context = question
        for option in options:  # the option itself, not a word it is part of
            context = re.sub(rf"(?<!\w){re.escape(option.strip())}(?!\w)", " ", context, count=1)
        context = re.sub(r"\s+", " ", _FIRST_CHOICE.sub(" ", context.replace(" or ", " ")))
        left, right = options[0].strip(), options[1].strip()
        return OrderClauses("which_first", left, right, re.sub(r"[?,:]", "", context).strip())
    yesno = _YESNO_ORDER.match(question)
    if yesno is not None:
        first, wanted, second = yesno.group(1).strip(), yesno.group(2).casefold(), yesno.group(3)
        return OrderClauses("yesno", first, second.strip(), wanted=wanted)
    return None


def read_order(
    question: str,
    subject: str,
    mentions: Sequence[Mention],
    histories: Mapping[str, Sequence[FactRecord]],
) -> OrderQuestion | None:
    """The two events an order question compares, or None when it is not one (or names an
    event the memory does not hold)."""
    clauses = order_clauses(question)
    if clauses is None:
        return None
    others = [m for m in mentions if m.name != subject]
    ending = None
    if clauses.form == "which_first":  # "which did she give up first, A or B?"
        ending = bool(set(stems(question)) & _ENDINGS)
    first = _event_of(clauses.first, subject, others, histories, ending=ending)
    second = _event_of(clauses.second, subject, others, histories, first, ending)
    if first is None or second is None:
        return None
    if clauses.form == "before_after":
        return OrderQuestion("before_after", first, second)
    if first == second:
        return None
    if clauses.form == "yesno" and clauses.wanted == "after":
        return OrderQuestion("yesno", second, first)
    return OrderQuestion(clauses.form, first, second)


def order_answer(order: OrderQuestion) -> str:
    """The composed answer: "Before — …", "Leeds", "Yes — …"."""
    a, b = order.first, order.second
    if order.form == "which_first":
        earlier = a if a.t <= b.t else b
        return f"{earlier.value} (first, at t={earlier.t})"
    if order.form == "yesno":
        verdict = "Yes" if a.t < b.t else "No"
        return f"{verdict} — {a.describe()}; {b.describe()}."
    word = "Before" if a.t < b.t else "After" if a.t > b.t else "At the same time"
    return f"{word} — {a.describe()}; {b.describe()}."
