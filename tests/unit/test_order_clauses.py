"""The clauses of an order question, and whose a said statement is (pure functions)."""

from __future__ import annotations

import pytest

from hybrid.event_order import OrderClauses, order_clauses
from hybrid.said_about import given_name_in, people_words, whose
from hybrid.statement_order import _parallel_options


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Did Imogen start the cello before or after she split with Angus?",
            OrderClauses("before_after", "Imogen start the cello ", "she split with Angus?"),
        ),
        (
            "which trip did mireille plan first, brazil or porto?",
            OrderClauses("which_first", "brazil", "porto", "which trip did mireille plan"),
        ),
        (
            "Did Kev get engaged before Shannon moved to Leeds?",
            OrderClauses("yesno", "Kev get engaged", "Shannon moved to Leeds", wanted="before"),
        ),
        (
            "Was the deli sold after Róisín's wedding?",
            OrderClauses("yesno", "the deli sold", "Róisín's wedding", wanted="after"),
        ),
    ],
)
def test_order_clauses(question: str, expected: OrderClauses) -> None:
    assert order_clauses(question) == expected


@pytest.mark.parametrize(
    "question",
    ["Where does Noor live now?", "Which trip did she plan first?", "When did Ana move?"],
)
def test_questions_that_compare_nothing_have_no_clauses(question: str) -> None:
    assert order_clauses(question) is None


PEOPLE = ["Imogen Hart", "Hattie Oduya", "Mira", "Angus Hart"]
IMOGEN = people_words("Imogen Hart", PEOPLE)


def test_a_persons_words_are_the_given_name_and_the_parts_no_one_else_bears() -> None:
    assert IMOGEN.person == {"imogen"}  # "Hart" is Angus's too
    assert {"hattie", "oduya"} in IMOGEN.others and {"angus"} in IMOGEN.others


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Imogen: I started cello lessons.", (True, False)),  # the speaker says "I"
        ("Imogen: Booked flights to Porto with Mira!", (True, True)),  # hers, Mira along
        ("Imogen: Angus and I split up last night.", (True, True)),
        ("Imogen: Hattie has started cello lessons.", (False, True)),  # Hattie's news
        ("Imogen: Gordon has started cello lessons.", (False, True)),  # a given name, no facts
        ("Imogen: my sister Hattie started cello.", (False, True)),  # Hattie's
        ("Hattie: Imogen started the cello today.", (True, False)),  # names her
        ("Angus: Imogen's cello lessons started.", (True, False)),  # hers, though he says it
        ("[02/01/2025, 09:31] Angus Hart: I started the cello", (False, True)),  # Angus's own
        ("[02/01/2025, 09:31] Imogen: I started the cello", (True, False)),  # an exported chat
        ("Started the cello today.", (False, False)),  # a diary: no one else's
        ("Gordon: I started the cello today.", (False, False)),  # a speaker the space lacks
    ],
)
def test_whose_statement(text: str, expected: tuple[bool, bool]) -> None:
    assert whose(text, IMOGEN) == expected


def test_a_given_name_stands_for_the_subject_when_the_space_knows_no_people() -> None:
    assert given_name_in("Did Imogen start the cello before Hattie?") == "Imogen"
    assert given_name_in("Was Imogen's cello new?") == "Imogen"
    assert given_name_in("Did the deli open before or after the wedding?") is None


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        ("Did Marisol live in Lyon or Ghent first?", "Lyon", "Ghent"),
        ("Did she visit New York or Boston first?", "New York", "Boston"),
        ("Did she visit Paris or New York first?", "Paris", "New York"),
        ("Is Leeds or Manchester her original home?", "Leeds", "Manchester"),
        ("Did he work for Google or Apple, originally?", "Google", "Apple"),
        (
            "What came first for Ximena: the half-marathon or the move?",
            "the half-marathon",
            "the move",
        ),
        ("Which came first: Dev moving in, or Dev's results?", "Dev moving in", "Dev's results"),
        ("Which did Kwame own first, the Octavia or the Jazz?", "the Octavia", "the Jazz"),
    ],
)
def test_options_are_as_parallel_as_the_question_words_them(
    question: str, first: str, second: str
) -> None:
    clauses = order_clauses(question)
    assert clauses is not None
    options = _parallel_options(clauses)
    assert (options.first, options.second) == (first, second)
