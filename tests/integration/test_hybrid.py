"""Hybrid-RecallM end to end: one ingestion writes concepts, triples and vectors; every mode
answers, with the real Neo4j, ChromaDB, MiniLM, memory model and local LLM, and no network."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from app.cli import cli
from extraction.statements import StatementInput
from graph.spaces import create_space
from hybrid.recallgraph import RecallGraph
from tests.conftest import new_space_name

pytestmark = pytest.mark.slow

STREAM = (
    "Brandon wants to go to Paris for his next vacation.",
    "Brandon just ate a salad.",
    "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead.",
)
QUESTION = "Where does Brandon plan on traveling for his next vacation?"
READERS = ["graph", "triples", "vector"]


@pytest.fixture(scope="module")
def fed_space(recallgraph: RecallGraph) -> Iterator[str]:
    """Fed once for the module (concepts, facts from the statements' structure, vectors)."""
    space = new_space_name("hybrid")
    create_space(recallgraph.store, space)
    writer = recallgraph.variant(triple_writer="patterns").writer
    for text in STREAM:
        writer.ingest(space, StatementInput(text))
    yield space
    recallgraph.delete_space(space)


@pytest.mark.parametrize(
    ("discriminator", "reason"),
    [("trained", "estimated chance of being right"), ("llm", "the LLM")],
)
def test_hybrid_asks_every_reader_and_answers_with_the_chosen_one(
    recallgraph: RecallGraph, fed_space: str, discriminator: str, reason: str
) -> None:

    asker = recallgraph.variant(discriminator=discriminator).asker
    answer = asker.ask(fed_space, QUESTION, "hybrid")
    assert [c.reader for c in answer.candidates] == READERS
    assert reason in (answer.reason or "")
    chosen = next(c for c in answer.candidates if c.reader == answer.chosen)
    assert answer.answer == chosen.answer
    triples = answer.candidates[1]
    assert any(e.text == "Brandon>>plans to travel to>>Brazil" for e in triples.evidence)
    vector = answer.candidates[2]
    assert {e.t for e in vector.evidence} >= {1, 3}
    for mode in READERS:
        single = asker.ask(fed_space, QUESTION, mode)  # type: ignore[arg-type]
        assert [c.reader for c in single.candidates] == [mode] and single.answer.strip()


def test_the_rule_answers_from_composed_facts_without_asking_the_other_readers(
    recallgraph: RecallGraph, fed_space: str
) -> None:
    answer = recallgraph.variant(discriminator="rule").asker.ask(fed_space, QUESTION, "hybrid")
    assert [c.reader for c in answer.candidates] == ["triples"]
    assert answer.answer == "Brazil" and "composed from the memory's facts" in (answer.reason or "")
    every = recallgraph.variant(discriminator="rule").asker.ask(fed_space, QUESTION, "all")
    assert [c.reader for c in every.candidates] == READERS and every.chosen == "triples"


def test_ask_all_prints_each_candidate_the_choice_and_why(fed_space: str) -> None:
    result = CliRunner().invoke(cli, ["ask", QUESTION, "--space", fed_space, "--mode", "all"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split("]")[0] for line in lines[:3]] == ["[graph", "[triples", "[vector"]
    assert lines[3].startswith("chosen: ") and " — " in lines[3]
    assert lines[4].startswith("answer: ")
