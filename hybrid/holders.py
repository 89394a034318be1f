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
from graph.facts_read import FactRecord
from hybrid.composed_answers import join_values
from hybrid.event_order import is_order_question
from hybrid.question_plan import AnswerKind, QuestionPlan, operator_plan
from hybrid.question_relation import choose_relations, names_value
from hybrid.temporal_reads import believed_at

_ASKS_FOR_PEOPLE = re.compile(
    r"^\s*(?:who|whom)\b"
    r"|\b(?:which|how many|what)\s+(?:of\s+)?(?:the\s+|these\s+|those\s+|our\s+|my\s+|your\s+)?"
    r"(?:people|persons?|employees|colleagues|members|staff|friends|folks|ones|of them|of us)\b",
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


def read_holders(
    question: str,
    names: Sequence[str],
    facts_about: Callable[[str], list[FactRecord]],
    as_of: int | None = None,
) -> HoldersRead | None:
    """The answer to a question about who holds a value, or None when the question does not
    ask for people, names no value of the space, or no relation of that value fits it.
    ``facts_about(value)``: every version of the facts whose object is ``value``."""
    if not asks_for_people(question):
        return None
    value = named_value(question, names)
    if value is None or _names_the_subject(question, value):
        return None
    versions = [f for f in facts_about(value) if as_of is None or f.t_from <= as_of]
    held: dict[str, list[str]] = {}
    for fact in versions:
        held.setdefault(fact.relation, []).append(fact.object)
    if not held:
        return None
    choices = [c for c in choose_relations(question, held, values_count=True) if c.relation in held]
    if not choices:
        return None  # no relation of the value fits the question's words
    relation = choices[0].relation
    why = f"value {value!r} held through {relation!r}"
    plan = operator_plan(question, value, relation, None, why, yesno=False)
    history_wide = plan.when.op in (TemporalOp.ALL, TemporalOp.FIRST, TemporalOp.PREVIOUS) or (
        plan.when.op == TemporalOp.COUNT and plan.when.argument is None
    )
    chosen = [
        f for f in versions if f.relation == relation and (history_wide or believed_at(f, as_of))
    ]
    holders = list(dict.fromkeys(f.subject for f in sorted(chosen, key=lambda f: f.t_from)))
    kind: AnswerKind = "count" if plan.when.op == TemporalOp.COUNT else "list"
    when = plan.when if kind == "count" else When(op=TemporalOp.ALL) if history_wide else When()
    plan = QuestionPlan(value, relation, when, kind, why=why, holders=True)
    if kind == "count":
        text = f"{len(holders)} ({join_values(holders)})" if holders else "0"
    elif holders:
        text = join_values(holders)
    else:
        return None
    return HoldersRead(plan, chosen, text)
