"""The model writer's economies: sentences that name no one skip the model, and a prompt starts
from the tokens the llama.cpp context already holds."""

from __future__ import annotations

import numpy as np
import pytest

from extraction.llm.local_llamacpp import cached_prefix
from extraction.memory_model.model import names_someone


@pytest.mark.parametrize(
    "sentence",
    [
        "Sigrun Solheim finally found a flat in Tromsø!",
        "she starts at Fjordline Ferries on Monday.",
        "my sister got a dog.",
        "Oddvar told me he drives a rusty Volvo.",
        "ilse moved to Molde.",
    ],
)
def test_a_sentence_that_names_someone_goes_to_the_model(sentence: str) -> None:
    assert names_someone(sentence)


@pytest.mark.parametrize(
    "sentence", ["nice.", "unreal.", "lol of course", "The harbour smelled of diesel."]
)
def test_a_sentence_that_names_no_one_does_not(sentence: str) -> None:
    assert not names_someone(sentence)


def test_the_cached_prefix_is_what_the_context_holds_of_the_prompt() -> None:
    held = np.array([1, 2, 3, 4, 9, 9], dtype=np.intc)
    assert cached_prefix(held, [1, 2, 3, 4, 5, 6]) == 4
    assert cached_prefix(held, [7, 2, 3]) == 0
    assert cached_prefix(held[:0], [1, 2]) == 0
    assert cached_prefix(held, [1, 2, 3]) == 2, "the last prompt token is always evaluated"
    assert cached_prefix(held, [1]) == 0
