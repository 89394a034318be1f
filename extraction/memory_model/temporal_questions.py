"""Training reads with temporal operators: a question about a history → one MEM_READ whose
``@op`` says which versions it wants (``extraction.temporal_ops``).

Why: "What was her job before Globex?" cannot be asked of a memory that only returns the current
value, and a 135M model cannot order versions itself. Taught here, the model writes
``Ada Holm>>works for>>@before Globex`` and the memory composes the answer. People and values are
invented from syllables; the question wording is this module's own and shares no five words in a
row with any evaluation set (``tests/unit/test_ood_separation.py``).
"""

from __future__ import annotations

import random

from extraction.memory_api import Query
from extraction.memory_model.styles import StyleGenerator
from extraction.memory_model.synthetic import Example, read_example
from extraction.temporal_ops import TemporalOp, When

ASKED: dict[str, tuple[str, dict[TemporalOp, tuple[str, ...]]]] = {
    "lives in": (
        "place",
        {
            TemporalOp.NOW: ("Which town is {s} based in at the moment?", "{s} lives where now?"),
            TemporalOp.PREVIOUS: (
                "Where was {s} living before the latest move?",
                "What was {s}'s old town?",
            ),
            TemporalOp.FIRST: ("Where did {s} live originally?",),
            TemporalOp.ALL: ("Name every town {s} has called home.", "List the places {s} lived."),
            TemporalOp.COUNT: ("How many times has {s} changed towns?",),
            TemporalOp.BEFORE: ("Where did {s} stay prior to {x}?",),
            TemporalOp.AFTER: ("Where did {s} go once {s} left {x}?",),
            TemporalOp.STILL: ("Is {s} still based in {x}?", "{s} still lives in {x}, right?"),
        },
    ),
    "works for": (
        "org",
        {
            TemporalOp.NOW: ("Who pays {s}'s salary these days?", "Which firm is {s} with now?"),
            TemporalOp.PREVIOUS: ("Which employer did {s} have before this one?",),
            TemporalOp.FIRST: ("What was {s}'s very first employer?",),
            TemporalOp.ALL: ("Every company {s} has worked for, please.",),
            TemporalOp.COUNT: ("How many employers has {s} gone through?",),
            TemporalOp.BEFORE: ("Which company employed {s} prior to {x}?",),
            TemporalOp.AFTER: ("Where did {s} end up working after {x}?",),
            TemporalOp.STILL: ("Is {s} still employed at {x}?", "Does {s} still work for {x}?"),
        },
    ),
    "works as": (
        "job",
        {
            TemporalOp.NOW: ("What does {s} do for a living now?",),
            TemporalOp.PREVIOUS: ("What was {s}'s old job title?",),
            TemporalOp.FIRST: ("What did {s} first work as?",),
            TemporalOp.ALL: ("Which job titles has {s} held over time?",),
            TemporalOp.STILL: ("Is {s} still working as a {x}?",),
        },
    ),
    "is seeing": (
        "person",
        {
            TemporalOp.NOW: ("Who is {s} going out with lately?",),
            TemporalOp.PREVIOUS: ("Who was {s}'s last partner?",),
            TemporalOp.COUNT: ("How many people has {s} dated?",),
            TemporalOp.STILL: ("Are {s} and {x} still together?", "Is {s} still dating {x}?"),
        },
    ),
    "reports to": (
        "person",
        {
            TemporalOp.NOW: ("Whose team is {s} on now?",),
            TemporalOp.PREVIOUS: ("Who managed {s} before the reshuffle?",),
            TemporalOp.STILL: ("Does {s} still answer to {x}?",),
        },
    ),
    "drives": (
        "vehicle",
        {
            TemporalOp.PREVIOUS: ("What car did {s} have before the current one?",),
            TemporalOp.ALL: ("Which cars has {s} owned?",),
        },
    ),
    "is learning": (
        "skill",
        {
            TemporalOp.FIRST: ("Which hobby did {s} pick up first?",),
            TemporalOp.ALL: ("What has {s} been learning over the years?",),
            TemporalOp.COUNT: ("How many hobbies has {s} taken up?",),
        },
    ),
}


class TemporalQuestions:
    """Reads with operators, from one random stream (same seed, same data)."""

    def __init__(self, seed: int) -> None:
        self.styles = StyleGenerator(seed)
        self.rng: random.Random = self.styles.rng

    def example(self) -> Example:
        relation = self.rng.choice(list(ASKED))
        kind, by_op = ASKED[relation]
        op = self.rng.choice(list(by_op))
        s = self.styles.full_name()
        if self.rng.random() < 0.3:
            s = s.split()[0]
        x = self.styles.value(kind)
        question = self.styles.pick(by_op[op]).format(s=s, x=x)
        when = When(op=op, argument=x if op in (TemporalOp.BEFORE, TemporalOp.AFTER) else None)
        obj = x if op == TemporalOp.STILL else None
        query = Query(subject=s, relation=relation, object=obj, when=when)
        return read_example(f"temporal {op}", question, [query])


def build(seed: int, reads: int) -> list[Example]:
    """``reads`` questions, operators drawn evenly per relation, reproducibly from ``seed``."""
    gen = TemporalQuestions(seed)
    return [gen.example() for _ in range(reads)]
