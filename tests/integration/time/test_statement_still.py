""" "Is she still …?" answered "No" from a newer statement that says it ended
(``hybrid.statement_still``), where the facts still hold it."""

from __future__ import annotations

import pytest

from extraction.statements import StatementInput
from hybrid.recallgraph import RecallGraph

POSTS = [
    ("p1", "Marcus: I'm coaching the Logan Square Lions U10s on saturdays, they are feral."),
    ("p2", "Zeynep: I'm allergic to peanuts, please label the cookies."),
    ("p3", "Marcus: the Lions won their first game 4-3!"),
    ("p4", "Marcus: Roz and I are going to Rarotonga in July, ten days."),
    ("p5", "Zeynep: whoever left peanut butter cookies at the nurses' station: I see you."),
    ("p6", "Marcus: coached my last Lions game today, cart life doesn't leave saturdays free."),
    ("p7", "Marcus: Rarotonga is off, we can't justify it with the move."),
    ("p8", "Zeynep: handed in my notice at Lakeview, my last day will be the 18th."),
]


@pytest.fixture
def posts(recallgraph: RecallGraph, space: str) -> str:
    recallgraph.remember(space, [StatementInput(text, id=i) for i, text in POSTS])
    return space


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Does Marcus still coach the Lions?", POSTS[5][1]),
        ("Is Marcus still going to Rarotonga?", POSTS[6][1]),
    ],
)
def test_a_newer_ending_answers_no(
    recallgraph: RecallGraph, posts: str, question: str, said: str
) -> None:
    answer = recallgraph.ask(posts, question, mode="hybrid")
    assert answer.chosen == "still", (answer.chosen, answer.answer)
    assert answer.answer.startswith("No — “") and "(Marcus, said at t=" in answer.answer, (
        answer.answer
    )
    still = next(c for c in answer.candidates if c.reader == "still")
    assert still.signals["verdict"] == "ended" and still.evidence[0].text in said
    assert [c.reader for c in answer.candidates] == ["triples", "still"]  # no model call


def test_all_mode_keeps_every_reader_and_chooses_the_ending(
    recallgraph: RecallGraph, posts: str
) -> None:
    answer = recallgraph.ask(posts, "Does Marcus still coach the Lions?", mode="all")
    assert answer.chosen == "still"
    assert {"graph", "triples", "vector", "still"} <= {c.reader for c in answer.candidates}


@pytest.mark.parametrize(
    "question",
    [
        "Is Zeynep still allergic to peanuts?",  # someone else "left" the cookies
        "Does Zeynep still work at Lakeview?",  # an ending announced for later
        "Is Marcus still going to Rarotonga in July?",
    ],
)
def test_no_ending_leaves_the_readers_to_answer(
    recallgraph: RecallGraph, posts: str, question: str
) -> None:
    if question.endswith("July?"):
        answer = recallgraph.ask(posts, question, mode="hybrid", as_of=6)  # before "is off"
    else:
        answer = recallgraph.ask(posts, question, mode="hybrid")
    assert not answer.answer.startswith("No — “"), answer.answer


def test_a_newer_statement_that_says_it_answers_yes_where_no_fact_does(
    recallgraph: RecallGraph, posts: str
) -> None:
    answer = recallgraph.ask(posts, "Is Zeynep still allergic to peanuts?", mode="all")
    triples = next(c for c in answer.candidates if c.reader == "triples")
    if triples.signals.get("composed"):
        assert answer.chosen == "triples"  # the facts answer; the statements only fill in
    else:
        assert answer.chosen == "still" and answer.answer.startswith("Yes — “"), answer.answer


def test_single_reader_modes_are_not_overruled(recallgraph: RecallGraph, posts: str) -> None:
    answer = recallgraph.ask(posts, "Does Marcus still coach the Lions?", mode="triples")
    assert answer.chosen == "triples"


def test_a_shared_surname_near_an_ending_does_not_end_the_state(
    recallgraph: RecallGraph, space: str
) -> None:
    """ "Rusk" names Alan and Imogen Rusk; beside "has left the band" it is the person, not
    the bassoon he still plays."""
    recallgraph.remember(
        space,
        [
            "Prof. Alan Rusk plays bassoon with the Exe Valley Sinfonia.",
            "Dr Imogen Rusk joined the sediment lab.",
            "Prof. Alan Rusk has left the Penryn Wind Band since the move to Truro, "
            "but still plays bassoon at home.",
        ],
    )
    answer = recallgraph.ask(space, "Does Alan Rusk still play the bassoon?", mode="hybrid")
    assert not answer.answer.startswith("No"), answer.answer
