"""Questions read as memory reads, and answers composed from the versions a read selects."""

from __future__ import annotations

import pytest

from extraction.temporal_ops import TemporalOp, When
from graph.facts_read import FactRecord
from hybrid.composed_answers import compose, join_values
from hybrid.question_plan import find_subject, plan_question
from hybrid.temporal_reads import select

PEOPLE = ["Ilse Brandvold", "Tomas Okafor"]
NAMES = [*PEOPLE, "Norrsken Labs", "Stavanger"]
STORED = {
    "Ilse Brandvold": {
        "lives in": ["Bergen", "Stavanger", "Molde"],
        "works for": ["Norrsken Labs", "Fjord Bank"],
        "carpools with": ["Tomas Okafor"],
        "is learning": ["Sami", "Welsh"],
    }
}


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("Where does Ilse Brandvold live?", "Ilse Brandvold"),
        ("where's ilse living these days", "Ilse Brandvold"),
        ("Who does Brandvold work for?", "Ilse Brandvold"),
        ("What does Okafr drive?", "Tomas Okafor"),  # misspelt
        ("What does Okafor drive?", "Tomas Okafor"),
        ("What did Zebulon eat?", None),
    ],
)
def test_the_person_asked_about(question: str, subject: str | None) -> None:
    assert find_subject(question, PEOPLE, names=NAMES) == subject


def test_first_person_questions_are_about_the_speaker() -> None:
    assert find_subject("Where do I work now?", PEOPLE, speaker="Tomas Okafor") == "Tomas Okafor"


@pytest.mark.parametrize(
    ("question", "relation", "op", "argument", "kind"),
    [
        ("Where does Ilse live now?", "lives in", TemporalOp.NOW, None, "value"),
        ("Who is Ilse's employer?", "works for", TemporalOp.NOW, None, "value"),
        ("Where did Ilse live before Stavanger?", "lives in", TemporalOp.BEFORE, "Stavanger",
         "value"),
        ("Where did Ilse work after leaving Norrsken Labs?", "works for", TemporalOp.AFTER,
         "Norrsken Labs", "value"),
        ("Which language did Ilse learn first?", "is learning", TemporalOp.FIRST, None, "value"),
        ("Where did Ilse live previously?", "lives in", TemporalOp.PREVIOUS, None, "value"),
        ("Does Ilse still live in Bergen?", "lives in", TemporalOp.STILL, None, "yesno"),
        ("How many languages has Ilse ever learned?", "is learning", TemporalOp.COUNT, None,
         "count"),
        ("Who does Ilse carpool with?", "carpools with", TemporalOp.NOW, None, "value"),
        ("Which cities has Ilse ever lived in?", "lives in", TemporalOp.ALL, None, "list"),
    ],
)  # fmt: skip
def test_relation_and_operator(
    question: str, relation: str, op: TemporalOp, argument: str | None, kind: str
) -> None:
    plan = plan_question(question, PEOPLE, STORED)
    assert plan is not None
    assert (plan.relation, plan.when.op, plan.when.argument, plan.kind) == (
        relation,
        op,
        argument,
        kind,
    )


def test_a_still_question_names_its_value() -> None:
    plan = plan_question("Does Ilse still live in Bergen?", PEOPLE, STORED)
    assert plan is not None and plan.value == "Bergen"
    assert plan.query().to_text() == "Ilse Brandvold>>lives in>>Bergen@still"


def test_no_plan_without_a_known_person_or_relation() -> None:
    assert plan_question("What is the capital of Peru?", PEOPLE, STORED) is None
    assert plan_question("Is Ilse happy?", PEOPLE, STORED) is None


def fact(obj: str, t_from: int, t_to: int | None) -> FactRecord:
    return FactRecord(
        f"{obj}-{t_from}", "Ilse Brandvold", "lives in", obj, "lives in", t_from, t_to, t_from,
        1, "s", None, None, "test", None, 1.0,
    )  # fmt: skip


HOMES = [fact("Bergen", 1, 7), fact("Stavanger", 7, 12), fact("Molde", 12, None)]


def answer(question: str) -> str | None:
    plan = plan_question(question, PEOPLE, STORED)
    assert plan is not None
    return compose(plan, select(HOMES, plan.when), HOMES)


def test_composed_answers_are_the_values() -> None:
    assert answer("Where does Ilse live now?") == "Molde"
    assert answer("Where did Ilse live before Stavanger?") == "Bergen"
    assert answer("Which cities has Ilse ever lived in?") == "Bergen, then Stavanger, then Molde"
    assert answer("How many cities has Ilse lived in so far?") == (
        "3 (Bergen, Stavanger and Molde)"
    )
    assert answer("Does Ilse still live in Bergen?") == "No — not since t=7 (now: Molde)."
    assert answer("Is Ilse still living in Molde?") == "Yes — still Molde."


def test_join_values() -> None:
    assert join_values(["A"]) == "A"
    assert join_values(["A", "B", "C"]) == "A, B and C"
    assert join_values(["A", "B"], ordered=True) == "A, then B"
    assert select([], When()).values == []
