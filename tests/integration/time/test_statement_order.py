"""Order questions answered from when each event was said (``hybrid.statement_order``): the
statements hold both events even where no fact was written of them."""

from __future__ import annotations

import pytest

from extraction.statements import StatementInput
from hybrid.recallgraph import RecallGraph

DIARY = [
    ("d1", "Imogen: Hattie has started cello lessons, she is hopeless and loves it."),
    ("d2", "Imogen: Mira and I are planning a trip to Brazil for the carnival."),
    ("d3", "Imogen: Angus and I split up last night. Five years, gone."),
    ("d4", "Imogen: Booked flights to Porto for October with Mira!"),
    ("d5", "Imogen: I started cello lessons at the community hall, my teacher is very patient."),
    ("d6", "Imogen: My sister bought a red bicycle."),
]


@pytest.fixture
def diary(recallgraph: RecallGraph, space: str) -> str:
    recallgraph.remember(space, [StatementInput(text, id=i) for i, text in DIARY])
    return space


def test_before_or_after_compares_the_statements_that_say_each_event(
    recallgraph: RecallGraph, diary: str
) -> None:
    answer = recallgraph.ask(
        diary, "Did Imogen start the cello before or after she split with Angus?", mode="hybrid"
    )
    assert answer.chosen == "order"
    assert answer.answer.startswith("After —"), answer.answer
    said = [e.text for e in answer.candidates[0].evidence]
    assert said == [DIARY[4][1], DIARY[2][1]]  # her own lessons, not Hattie's
    reverse = recallgraph.ask(
        diary, "Did Imogen split with Angus before or after she started the cello?", mode="hybrid"
    )
    assert reverse.answer.startswith("Before —"), reverse.answer


def test_which_first_names_the_option_said_first(recallgraph: RecallGraph, diary: str) -> None:
    question = "Which trip did Imogen plan first, Porto or Brazil?"
    answer = recallgraph.ask(diary, question, mode="all")
    assert answer.chosen == "order" and answer.answer.startswith("Brazil — the first for Imogen"), (
        answer.answer
    )


def test_did_a_before_b_is_yes_or_no(recallgraph: RecallGraph, diary: str) -> None:
    yes = recallgraph.ask(diary, "Did Imogen split with Angus before she started the cello?")
    assert yes.answer.startswith("Yes —"), yes.answer
    no = recallgraph.ask(diary, "Did Imogen start the cello before she split with Angus?")
    assert no.answer.startswith("No —"), no.answer


def test_as_of_sees_only_what_was_said_by_then(recallgraph: RecallGraph, diary: str) -> None:
    """Before the cello was said (t=4), only Hattie's lessons mention one: about someone else,
    so the order is not answered from the statements."""
    answer = recallgraph.ask(
        diary, "Did Imogen start the cello before or after she split with Angus?", as_of=4
    )
    assert answer.chosen != "order"
