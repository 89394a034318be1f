"""A long ingest as a pipeline (concepts extracted in a worker process, vectors in a thread)
stores what feeding its batches one after another stores."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from experiments.noise import unrelated_statements
from extraction.statements import StatementInput
from graph.spaces import create_space
from hybrid.ingest_stream import ingest_stream
from hybrid.recallgraph import RecallGraph
from tests.conftest import new_space_name
from tests.integration.writes.snapshot import snapshot


@pytest.fixture
def twin(recallgraph: RecallGraph) -> Iterator[str]:
    name = new_space_name("twin")
    create_space(recallgraph.store, name)
    yield name
    recallgraph.delete_space(name)


def test_the_pipeline_stores_what_batches_one_after_another_store(
    recallgraph: RecallGraph, space: str, twin: str
) -> None:
    memory = recallgraph.variant(triple_writer="none", revision_period=2)
    writer = memory.writer
    statements = [
        StatementInput(text, id=f"p{i}") for i, text in enumerate(unrelated_statements(120, 4))
    ]
    batches = [statements[i : i + 16] for i in range(0, len(statements), 16)]
    stored: list[int] = []
    outcomes = [
        o
        for done in ingest_stream(
            writer, space, batches, extract_workers=1, on_stored=stored.append
        )
        for o in done
    ]
    assert [o.t for o in outcomes] == list(range(1, 121))
    assert sum(stored) == 120 and not any(o.pending for o in outcomes)
    for batch in batches:
        writer.ingest_many(twin, batch)
    assert snapshot(memory.store, space) == snapshot(memory.store, twin)
    assert memory.vectors is not None and memory.vectors.count(space) == 120
