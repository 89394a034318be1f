"""Questions that name a value and ask who holds it: "Who works at Brightwave?", "How many people
live in Leeds now?", "Which of them were ever in the choir?".

The memory is read by subject everywhere else; these questions name the object. They are read as
the facts whose object is the named value, the relation chosen by the question's words among the
relations that value is held by, and answered with the subjects, composed by rule: "Sam Okoro,
Priyanka Nair and Emre Kaya"; "3 (…)". Whether the question asks about now or about everyone who
ever held it comes from the same temporal words as a person's questions (``operator_plan``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from extraction.temporal_ops import TemporalOp, When
from extraction.text import tag_words, tokenize
from graph.facts_read import FactRecord
from hybrid.composed_answers import join_values
from hybrid.event_order import is_order_question
from hybrid.question_plan import NOW_WORDS, AnswerKind, QuestionPlan, operator_plan
from hybrid.question_relation import choose_relations, names_value
from hybrid.temporal_reads import believed_at

_ASKS_FOR_PEOPLE = re.compile(
    r"^\s*(?:who|whom)\b"
    r"|\b(?:which|how many|what)\s+(?:of\s+)?(?:the\s+|these\s+|those\s+|our\s+|my\s+|your\s+)?"
    r"(?:people|persons?|employees|colleagues|members|staff|friends|folks|of them|of us)\b",
    re.IGNORECASE,
)


# "Tunde's manager", "Roz's boyfriend": the question is about that person, read by subject.
_POSSESSIVE = re.compile(
    r"\b(?!(?:who|what|that|it|there|here|where|how|he|she|which)['’]s\b)[\w-]+['’]s\b",
    re.IGNORECASE,
)
# "Who is Sam seeing?", "who was sam with": the name right after the verb is the subject.
_WHO_THEN_VERB = re.compile(
    r"^\s*(?:who|whom)(?:['’]s|\s+(?:is|are|was|were|does|do|did|has|have|had|will|would|"
    r"could|can))\s+",
    re.IGNORECASE,
)


def asks_for_people(question: str) -> bool:
    """Whether the question's answer is people holding something ("who works at …", "how many
    of the people …"), not a person's own value ("who is Tunde's manager?") or an order."""
    return (
        _ASKS_FOR_PEOPLE.search(question) is not None
        and _POSSESSIVE.search(question) is None
        and not is_order_question(question)
    )


def _names_the_subject(question: str, value: str) -> bool:
    """ "Who was Sam Okoro with?": the value is named right after "who" and a verb."""
    after = _WHO_THEN_VERB.match(question)
    if after is None:
        return False
    opening = " ".join(question[after.end() :].split()[: len(value.split())])
    return names_value(opening, value) > 0


@dataclass(frozen=True)
class HoldersRead:
    """The plan (its ``subject`` is the value asked about, its query reads by object) and the
    facts that answer it."""

    plan: QuestionPlan
    facts: list[FactRecord]
    text: str


def named_value(question: str, names: Sequence[str]) -> str | None:
    """The space's name the question names best: every word of it, the longest first."""
    named = [(names_value(question, name), len(name), name) for name in names]
    best = max((n for n in named if n[0] > 0), default=None)
    return best[2] if best else None


def _asks_about_the_past(question: str) -> bool:
    """A past-tense verb and no word for now ("How many people worked at X?"): everyone who
    ever held it."""
    if NOW_WORDS.search(question):
        return False
    return any(tag == "VBD" for _, tag in tag_words(tokenize(question)))


def _relation(question: str, held: Sequence[str]) -> str | None:
    """The relation of the value the question's own words point to (the value being named by
    the question adds nothing: every relation of it holds that value)."""
    choices = choose_relations(question, {relation: () for relation in held})
    return next((c.relation for c in choices if c.relation in held), None)


def read_holders(
    question: str,
    names: Sequence[str],
    facts_about: Callable[[str], list[FactRecord]],
    as_of: int | None = None,
) -> HoldersRead | None:
    """The answer to a question about who holds a value, or None when the question does not
    ask for people, names no value of the space, no relation of that value fits its words, or it
    asks who held it first (not read here). ``facts_about(value)``: every version of the facts
    whose object is ``value`` (empty when there are too many to read whole)."""
    if not asks_for_people(question):
        return None
    value = named_value(question, names)
    if value is None or _names_the_subject(question, value):
        return None
    versions = [f for f in facts_about(value) if as_of is None or f.t_from <= as_of]
    relation = _relation(question, list(dict.fromkeys(f.relation for f in versions)))
    if relation is None:
        return None
    why = f"value {value!r} held through {relation!r}"
    when = operator_plan(question, value, relation, None, why, yesno=False).when
    if when.op == TemporalOp.FIRST:
        return None
    held = sorted((f for f in versions if f.relation == relation), key=lambda f: f.t_from)
    holding = {f.subject for f in held if believed_at(f, as_of)}
    ever = when.op == TemporalOp.ALL or _asks_about_the_past(question)
    if when.op == TemporalOp.PREVIOUS:  # "who used to work at X?": held it, no longer does
        chosen = [f for f in held if f.subject not in holding]
    elif ever or (when.op == TemporalOp.COUNT and when.argument is None):
        chosen = held
        when = When(op=TemporalOp.COUNT if when.op == TemporalOp.COUNT else TemporalOp.ALL)
    else:
        chosen = [f for f in held if believed_at(f, as_of)]
        when = When(op=TemporalOp.COUNT, argument="now") if when.op == TemporalOp.COUNT else When()
    holders = list(dict.fromkeys(f.subject for f in chosen))
    kind: AnswerKind = "count" if when.op == TemporalOp.COUNT else "list"
    if kind == "count":
        text = f"{len(holders)} ({join_values(holders)})" if holders else "0"
    elif holders:
        text = join_values(holders)
    else:
        return None
    plan = QuestionPlan(value, relation, when, kind, why=why, holders=True)
    return HoldersRead(plan, chosen, text)
