"""The shipped memory adapter end to end, on the real Neo4j: no training run needed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from app.cli import cli
from extraction.memory_api import Query
from extraction.statements import StatementInput
from hybrid.recallgraph import RecallGraph
from hybrid.triple_reader import TripleReader

pytestmark = pytest.mark.slow

PARIS = "Brandon wants to go to Paris for his next vacation."
BRAZIL = "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead."
TRIP = Query(subject="Brandon", relation="plans to travel to")


@pytest.fixture(scope="module")
def with_model(recallgraph: RecallGraph) -> RecallGraph:
    return recallgraph.variant(triple_writer="model")


def test_the_model_writes_the_belief_update_and_closes_the_old_fact(
    with_model: RecallGraph, space: str
) -> None:
    writer = with_model.writer
    first = writer.ingest(space, StatementInput(PARIS))
    second = writer.ingest(space, StatementInput(BRAZIL))
    memory = with_model.triples
    now = memory.read(space, TRIP)
    assert [f.object for f in now.facts] == ["Brazil"]
    assert now.facts[0].t_from == second.t and now.facts[0].writer.startswith("model:")
    history = memory.history(space, "Brandon", "plans to travel to")
    assert [(f.object, f.t_from, f.t_to) for f in history] == [
        ("Paris", first.t, second.t),
        ("Brazil", second.t, None),
    ]


def test_the_triples_reader_answers_from_the_current_fact(
    with_model: RecallGraph, space: str
) -> None:

    writer = with_model.writer
    for text in (PARIS, "Carter bought a red bicycle.", BRAZIL):
        writer.ingest(space, StatementInput(text))
    reader = TripleReader(with_model.triples, with_model.memory_model)
    candidate = reader.answer(space, "Where does Brandon plan on traveling for his next vacation?")
    assert not candidate.no_information
    current = [e.text for e in candidate.evidence if e.t_to is None]
    assert "Brandon>>plans to travel to>>Brazil" in current
    assert "Brazil" in candidate.answer


def test_ingest_with_the_model_writer_from_the_command_line(space: str, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text(f"{PARIS}\n{BRAZIL}\n")
    result = CliRunner().invoke(cli, ["ingest", str(notes), "--space", space, "--writer", "model"])
    assert result.exit_code == 0, result.output
    facts = CliRunner().invoke(cli, ["facts", "--space", space, "-s", "Brandon"])
    assert "Brazil" in facts.output and "Paris" not in facts.output


def test_the_gguf_export_writes_what_the_peft_adapter_writes(with_model: RecallGraph) -> None:
    """llama.cpp with the exported adapter and transformers with the peft one are one model."""
    llama = with_model.variant(memory_engine="llamacpp").memory_model
    torch = with_model.variant(memory_engine="transformers").memory_model
    for sentence in (PARIS, "Zofia Larsen moved from Oslo to Lima.", "It rained all week."):
        assert (
            llama.write_sentence(sentence, how="greedy")[1]
            == torch.write_sentence(sentence, how="greedy")[1]
        )


def test_the_shipped_model_asks_for_the_versions_a_question_needs(
    with_model: RecallGraph,
) -> None:
    """Issue 16: the memory model emits temporal operators (questions worded apart from its
    training templates)."""
    model = with_model.memory_model
    asked = {
        "Does Hanna Ilves still work at Brightwell?": "still",
        "Which cities has Aurelio Maas lived in over the years?": "all",
        "How many jobs has Okonkwo had?": "count",
    }
    for question, op in asked.items():
        queries = model.read(question).queries
        assert any(q.when.op == op for q in queries), (question, model.read(question).reply)
