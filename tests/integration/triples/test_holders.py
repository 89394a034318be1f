"""Questions that name a value and ask who holds it, read by object on a real memory."""

from __future__ import annotations

import pytest

from extraction.memory_api import Query
from hybrid.holders import asks_for_people
from hybrid.triple_memory import TripleMemory
from hybrid.triple_reader import TripleReader
from tests.integration.triples.conftest import fact, write_at


@pytest.fixture
def reader(memory: TripleMemory, space: str) -> TripleReader:
    write_at(memory, space, 1, fact("Sam Okoro", "works for", "Brightwave Analytics"))
    write_at(memory, space, 2, fact("Priya Nair", "works for", "Brightwave Analytics"))
    write_at(memory, space, 3, fact("Priya Nair", "lives in", "Chicago"))
    write_at(memory, space, 4, fact("Emre Kaya", "works for", "Brightwave Analytics"))
    write_at(memory, space, 5, fact("Sam Okoro", "works for", "Globex"))  # supersedes
    write_at(memory, space, 6, fact("Tobi Okoro", "lives in", "Chicago"))
    write_at(memory, space, 7, fact("Emre Kaya", "reports to", "Tobi Okoro"))
    return TripleReader(memory, None)


def test_who_holds_a_value_now(reader: TripleReader, space: str) -> None:
    answer = reader.answer(space, "Who works at Brightwave Analytics?")
    assert answer.answer == "Priya Nair and Emre Kaya"
    assert answer.signals["queries"] == [">>works for>>Brightwave Analytics"]
    assert {e.text for e in answer.evidence} >= {
        "Priya Nair>>works for>>Brightwave Analytics",
        "Emre Kaya>>works for>>Brightwave Analytics",
    }
    count = reader.answer(space, "How many people work at Brightwave now?")
    assert count.answer == "2 (Priya Nair and Emre Kaya)"
    assert reader.answer(space, "Which of the people live in Chicago?").answer == (
        "Priya Nair and Tobi Okoro"
    )


def test_who_ever_held_it_and_as_of(reader: TripleReader, space: str) -> None:
    ever = reader.answer(space, "How many people have ever worked at Brightwave Analytics?")
    assert ever.answer == "3 (Sam Okoro, Priya Nair and Emre Kaya)"
    then = reader.answer(space, "Who works at Brightwave Analytics?", as_of=2)
    assert then.answer == "Sam Okoro and Priya Nair"
    past = reader.answer(space, "How many people worked at Brightwave Analytics?")
    assert past.answer == "3 (Sam Okoro, Priya Nair and Emre Kaya)"
    assert past.signals["queries"] == [">>works for>>Brightwave Analytics@count"]
    former = reader.answer(space, "Who used to work at Brightwave?")
    assert former.answer == "Sam Okoro"
    assert reader.answer(space, "Who no longer works at Brightwave Analytics?").answer == (
        "Sam Okoro"
    )


def test_a_question_about_a_person_is_still_read_by_subject(
    reader: TripleReader, space: str
) -> None:
    assert reader.answer(space, "Who does Sam Okoro work for?").answer == "Globex"
    nobody = reader.answer(space, "Who works at Initech?")
    assert nobody.no_information
    subject_named = reader.answer(space, "Who is Tobi Okoro with?")  # about Tobi, not his reports
    assert subject_named.no_information
    for unread in (
        "Who is the CEO of Brightwave Analytics?",  # no relation of the value fits the words
        "Who was the first to join Brightwave?",  # first holder: not read here
    ):
        assert reader.answer(space, unread).no_information, unread
    lives_with = reader.answer(space, "Who lives with Tobi Okoro?")  # not the people he manages
    assert "Emre" not in lives_with.answer


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("Who works at Globex?", True),
        ("How many of the people in the log report to Helen?", True),
        ("Which employees are based in Kraków?", True),
        ("How many dogs does Ingrid have?", False),
        ("Where does Priya live?", False),
        ("Who is Tunde Bakare's line manager?", False),
        ("Who got promoted first, Marcus or Pri?", False),
        ("Who's the head coach of the Lions now?", True),
        ("Which ones did Sam buy in Chicago?", False),
    ],
)
def test_asks_for_people(question: str, asks: bool) -> None:
    assert asks_for_people(question) is asks


def test_a_question_planned_by_rule_is_not_answered_by_a_paraphrased_relation(
    reader: TripleReader, memory: TripleMemory, space: str
) -> None:
    """Sam has an employer and no job title: "what does he do" is not "Globex". The model's
    reads (MEMLLM's fuzzy read) still find paraphrases of a relation, never another canonical
    relation's facts."""
    job = reader.answer(space, "What does Sam Okoro do for a living?")
    assert job.no_information, job.answer
    assert memory.read_when(space, Query(subject="Sam Okoro", relation="works as")).values == []
    employed = memory.read_when(space, Query(subject="Sam Okoro", relation="is employed by"))
    assert employed.values == ["Globex"]


def test_a_person_named_by_their_role_to_another_is_read_as_that_person(
    reader: TripleReader, memory: TripleMemory, space: str
) -> None:
    where = reader.answer(space, "Where does Emre Kaya's manager live?")
    assert where.answer == "Chicago"
    assert where.signals["queries"] == ["Tobi Okoro>>lives in>>"]
    assert reader.answer(space, "Who is Emre Kaya's manager?").answer == "Tobi Okoro"
    write_at(memory, space, 8, fact("Priya Nair", "married to", "Sam Okoro"))
    spouse = reader.answer(space, "Who does Sam Okoro's wife work for now?")  # stored her way
    assert spouse.answer == "Brightwave Analytics"
    assert reader.answer(space, "Where does Sam Okoro's wife live?", as_of=7).no_information


def test_a_couples_relation_is_read_from_either_side(memory: TripleMemory, space: str) -> None:
    """The stream wrote "Priyanka Nair married to Sam Okoro"; asked about Sam, the read finds
    it from Sam's side (is seeing, married to and partner of hold both ways)."""
    write_at(memory, space, 1, fact("Priyanka Nair", "married to", "Sam Okoro"))
    write_at(memory, space, 2, fact("Priyanka Nair", "works for", "Brightwave Analytics"))
    read = memory.read_when(space, Query(subject="Sam Okoro", relation="married to"))
    assert [(f.subject, f.object) for f in read.facts] == [("Sam Okoro", "Priyanka Nair")]
    assert memory.read_when(space, Query(subject="Sam Okoro", relation="works for")).facts == []
    answer = TripleReader(memory, None).answer(space, "Who is Sam Okoro married to?")
    assert answer.answer == "Priyanka Nair"
