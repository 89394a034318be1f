"""Batched memory writes on the real llama.cpp model: a reply does not depend on the batch."""

from __future__ import annotations

import pytest

from extraction.memory_model.model import WRITE_MAX_TOKENS, BatchGreedy, MemoryModel
from extraction.memory_model.prompts import write_turn
from hybrid.recallgraph import RecallGraph

pytestmark = pytest.mark.slow

SENTENCES = (
    "Sigrun Solheim finally found a flat in Tromsø!",
    "Brandon wants to go to Paris for his next vacation.",
    "Zofia Larsen moved from Oslo to Lima.",
    "Dear diary, April 2023, Valparaíso: Ines started at the port authority today.",
    "Tomas and Ruth got married in June; she works for the Red Cross now.",
    "It rained all week.",
)


@pytest.fixture(scope="module")
def model(recallgraph: RecallGraph) -> MemoryModel:
    return recallgraph.variant(memory_engine="llamacpp").memory_model


def test_greedy_replies_are_the_same_alone_and_batched(model: MemoryModel) -> None:
    engine = model.step
    assert isinstance(engine, BatchGreedy)
    prompts = [model.tokens.prompt(write_turn(s)) for s in SENTENCES]
    end = model.tokens.end_id
    alone = [engine.greedy_many([p], end, WRITE_MAX_TOKENS)[0] for p in prompts]
    together = engine.greedy_many(prompts, end, WRITE_MAX_TOKENS)
    reversed_order = engine.greedy_many(prompts[::-1], end, WRITE_MAX_TOKENS)[::-1]
    assert together == alone
    assert reversed_order == alone
    assert all(alone[:3])  # the named sentences get a reply


def test_a_batch_of_statements_writes_the_same_in_any_order(model: MemoryModel) -> None:
    texts = [" ".join(SENTENCES[:2]), SENTENCES[2], "nice. lol", " ".join(SENTENCES[3:])]
    batched = model.write_many(texts)
    assert model.write_many(texts[::-1])[::-1] == batched
    assert batched[2].replies == ["", ""]  # no one named: the model was not asked
    assert any(t.subject == "Zofia Larsen" for t in batched[1].triples)
    assert model.write_many(texts[1:2]) == [model.write(texts[1])]  # a lone sentence
