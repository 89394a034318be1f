"""The held-out answers' grader: the right value, for the asked person, said as an answer."""

from __future__ import annotations

from experiments.eval_answers import QAQuestion, grade
from hybrid.candidate import Candidate

QUESTION = QAQuestion(
    "dated", "q1", "s9", "before", "What was Ximena's job before?", "Ximena Cruz",
    ("senior UX designer",), ("design lead",), True,
)  # fmt: skip
PEOPLE = ["Ximena Cruz", "Tobias Wren"]


def test_the_value_for_the_asked_person_is_right() -> None:
    graded = grade(Candidate("triples", "Senior UX designer", []), QUESTION, PEOPLE)
    assert graded["right"]


def test_an_answer_about_another_person_is_wrong() -> None:
    answer = Candidate("graph", "Tobias Wren was a senior UX designer.", [])
    assert not grade(answer, QUESTION, PEOPLE)["right"]


def test_an_answer_that_does_not_know_is_wrong_whatever_it_quotes() -> None:
    answer = Candidate(
        "triples",
        "I have no facts about that (memory read: Ximena Cruz>>works as>>@before Senior UX "
        "designer).",
        [],
        no_information=True,
    )
    assert not grade(answer, QUESTION, PEOPLE)["right"]
