"""Questions end to end with the real model: `recallgraph ask` in graph mode, LLM revision."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from app.cli import cli
from extraction.statements import IngestSettings, StatementInput
from graph.concepts import get_concept
from graph.spaces import describe_space
from graph.store import GraphStore
from hybrid.ingestion import Ingestor, MemoryWriter
from hybrid.llm_revision import LLMReviser
from hybrid.recallgraph import RecallGraph

pytestmark = pytest.mark.slow

PARIS = "Brandon wants to go to Paris for his next vacation."
BRAZIL = "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead."


def test_ask_graph_mode_prints_the_answer_the_concepts_and_the_evidence_in_order(
    space: str,
) -> None:
    stream = [PARIS, "Carter bought a red bicycle.", "The museum opened late.", BRAZIL]
    ingest = CliRunner().invoke(cli, ["ingest", "-", "--space", space], input="\n".join(stream))
    assert ingest.exit_code == 0, ingest.output
    result = CliRunner().invoke(
        cli,
        [
            "ask",
            "Where does Brandon plan on traveling for his next vacation?",
            "--space",
            space,
            "--mode",
            "graph",
            "--show-context",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("[graph] ") and len(lines[0]) > len("[graph] ")
    assert "brandon (t=4)" in result.output and "vacat (t=1)" in result.output
    evidence = [line.strip() for line in lines if line.strip().startswith("t=")]
    assert evidence == [f"t=4  {BRAZIL}", f"t=1  {PARIS}"]  # focused evidence: newest first


def test_the_papers_recipe_keeps_its_oldest_first_evidence(
    recallgraph: RecallGraph, space: str
) -> None:
    paper = recallgraph.variant(evidence="paper", triple_writer="none")
    paper.remember(space, [PARIS, "Carter bought a red bicycle.", BRAZIL])
    answer = paper.ask(space, "Where does Brandon plan on traveling?", mode="graph")
    (candidate,) = answer.candidates
    assert [e.text for e in candidate.evidence][:1] == [PARIS]
    assert candidate.prompt == "recallm-answer@v1"


def test_ask_an_unknown_space_is_a_clear_error() -> None:
    result = CliRunner().invoke(cli, ["ask", "Anything?", "--space", "no-such-space-42"])
    assert result.exit_code == 3
    assert "space 'no-such-space-42' does not exist" in result.output


def test_llm_revision_rewrites_the_context_after_the_commit_and_keeps_statements(
    store: GraphStore, space: str, recallgraph: RecallGraph
) -> None:

    ingestor = Ingestor(store, IngestSettings(revision_mode="llm", revision_period=3))
    writer = MemoryWriter(store, ingestor, None, LLMReviser(store, recallgraph.llm))
    texts = [PARIS, "Brandon is still looking forward to his vacation in Paris.", BRAZIL]
    for text in texts:
        writer.ingest(space, StatementInput(text))
    brandon = get_concept(store, space, "brandon")
    assert brandon is not None
    assert brandon["revisions"] == 1 and brandon["revised_at"] == 3
    assert brandon["context"] and list(brandon["context"]) != texts
    assert set(brandon["context_t"]) == {3}
    assert describe_space(store, space).statements == 3
