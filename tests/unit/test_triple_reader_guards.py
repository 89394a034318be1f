"""Reads the triples reader will not answer with: a value that contradicts its relation's kind
(``plausible_value``), or the value the question itself names (``unechoed``)."""

from __future__ import annotations

import pytest

from extraction.temporal_ops import When
from graph.facts_read import FactRecord
from hybrid.question_plan import QuestionPlan
from hybrid.temporal_reads import TemporalAnswer
from hybrid.triple_reader import ReadOutcome, plausible_value, unechoed


def fact(relation: str, value: str) -> FactRecord:
    return FactRecord(
        id="f1",
        subject="Ilse Varga",
        relation=relation,
        object=value,
        relation_key=relation,
        t_from=1,
        t_to=None,
        t_confirmed=1,
        confirmations=1,
        statement_id="s1",
        statement=None,
        source=None,
        writer="patterns",
        closed_by=None,
        score=1.0,
    )


@pytest.mark.parametrize(
    ("relation", "value", "plausible"),
    [
        ("works for", "Regional Sales Manager", False),  # a job title is no employer
        ("works for", "John Lewis", True),  # an employer named after a person
        ("studies at", "Johns Hopkins", True),
        ("works for", "Bergen kommune", True),  # a council may employ her
        ("works as", "Lisbon office", False),
        ("works as", "lab technician", True),  # a job, though it names a lab
        ("works as", "Support Team Lead", True),
        ("works as", "PA", True),
        ("works as", "Barista at Kade Coffee", True),
        ("lives in", "Tomasz Nowak", False),  # a person of the space
        ("lives in", "Temple Bar", True),  # a neighbourhood named like a pub
        ("lives in", "Kraków", True),
        ("is seeing", "Lisbon", False),
        ("is seeing", "Sofia", True),  # a given name, though a city's too
        ("is seeing", "Dean", True),
        ("reports to", "the CTO", True),  # a boss by title
        ("is seeing", "", True),  # nothing to contradict
        ("plays", "Tomasz Nowak", True),  # a relation without a kind checked here
    ],
)
def test_plausible_value(relation: str, value: str, plausible: bool) -> None:
    assert plausible_value(fact(relation, value), {"tomasz nowak"}) is plausible


def test_a_read_that_answers_with_the_questions_own_value_is_no_answer() -> None:
    """ "What was Ilse's job at Halden Robotics …?" read as her employer answers "Halden
    Robotics": the question named it, so it asks for something else."""
    question = "What was Ilse Varga's job at Halden Robotics before she became CTO?"
    plan = QuestionPlan("Ilse Varga", "works for", When(), "value")
    found = TemporalAnswer(When(), [fact("works for", "Halden Robotics")])
    assert (
        unechoed(question, ReadOutcome(plan, found, [], "Halden Robotics", "structure")).text
        is None
    )
    other = TemporalAnswer(When(), [fact("works for", "Norrsken Labs")])
    kept = unechoed(question, ReadOutcome(plan, other, [], "Norrsken Labs", "structure"))
    assert kept.text == "Norrsken Labs"
    offered = "Where does Ilse work now, still Halden Robotics?"  # asks to confirm it
    confirmed = ReadOutcome(plan, found, [], "Halden Robotics", "structure")
    assert unechoed(offered, confirmed).text == "Halden Robotics"
