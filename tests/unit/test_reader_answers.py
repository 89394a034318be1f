"""Cleaning a reader's answer, all at once and as a stream: the same text either way."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hybrid.reader_answers import AnswerStream, clean_answer


@pytest.mark.parametrize(
    ("raw", "answer"),
    [
        ("The answer is: Paris", "Paris"),
        ("Answer: Caroline: It was a poetry reading.", "It was a poetry reading."),
        ("1. (latest) Brandon moved to Lisbon.", "Brandon moved to Lisbon."),
        ('"Globex"\nBecause she works there.', "Globex"),
        ("Answer:\nParis", "Paris"),
        ("2.5 years", "2.5 years"),
        ("Yes: she still lives there.", "Yes: she still lives there."),
        ("The answer to this question is: Morvale Town.", "Morvale Town."),
        ("The latest statement is: 1. (latest) Kaito Hirano: Biology now.", "Biology now."),
        ("The most recent statement is the latest, so the answer is: Nagoya", "Nagoya"),
        ("shrimpwhisperer: starting vet nurse training", "starting vet nurse training"),
        ("HOST (Clodagh): we moved to Galway", "we moved to Galway"),
        ("Lisbon, since March.", "Lisbon, since March."),
        ("lisbon: since 2021", "lisbon: since 2021"),
        ("Acme (London): since May", "Acme (London): since May"),
        ("   ", ""),
    ],
)
def test_clean_answer_keeps_the_reply_only(raw: str, answer: str) -> None:
    assert clean_answer(raw) == answer


def streamed(raw: str, cuts: list[int]) -> str:
    answer = AnswerStream()
    bounds = sorted({c % (len(raw) + 1) for c in cuts} | {0, len(raw)})
    pieces = [answer.push(raw[a:b]) for a, b in pairwise(bounds)]
    return "".join(pieces) + answer.end()


PARTS = st.sampled_from(
    [
        "The answer is: ",
        "Answer: ",
        "1. (latest) ",
        "Caroline: ",
        "Ana Lopes: ",
        "The answer to this question is: ",
        "kofi: ",
        "GUEST (Sunita): ",
        '"',
        "“",
        " ",
        "\n",
        "Paris",
        "Brandon moved to Lisbon",
        ".",
        "3.5 km",
        "no",
        "Yes",
        "x" * 70,
        "x" * 150,
    ]
)


@given(st.lists(PARTS, max_size=8).map("".join), st.lists(st.integers(0, 400), max_size=12))
def test_a_streamed_answer_is_the_answer_given_at_once(raw: str, cuts: list[int]) -> None:
    assert streamed(raw, cuts) == clean_answer(raw)


def test_the_stream_passes_text_on_before_the_model_finishes() -> None:
    answer = AnswerStream()
    assert answer.push("The answer is: ") == ""
    first = answer.push(
        "Brandon is planning a long trip to Brazil with his sister next year, after her wedding"
        " in Porto and before he starts his new job at the observatory in the spring, when the"
        " telescope opens, "
    )
    assert first.startswith("Brandon is planning")
    assert first.endswith("telescope opens,")  # the space waits for what follows it
    assert answer.push("then Peru.\nIgnored line") == " then Peru."
    assert answer.end() == "" and answer.answer == first + " then Peru."
