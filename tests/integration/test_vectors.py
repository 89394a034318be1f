"""The vector baseline on a real ChromaDB, kept consistent with Neo4j."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from extraction.statements import StatementInput
from graph.store import GraphStore
from graph.updates import pending_statements
from hybrid.ingestion import VECTORS, Ingestor, MemoryWriter
from hybrid.recallgraph import ingest_settings
from hybrid.settings import Settings
from hybrid.vector_store import VectorConfig, VectorStore, segment


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> VectorStore:
    return VectorStore(VectorConfig(path=tmp_path_factory.mktemp("chroma")))


def writer(store: GraphStore, settings: Settings, vectors: VectorStore | None) -> MemoryWriter:
    return MemoryWriter(store, Ingestor(store, ingest_settings(settings)), vectors)


def test_ingest_writes_graph_and_vectors(
    store: GraphStore, settings: Settings, space: str, vectors: VectorStore
) -> None:
    w = writer(store, settings, vectors)
    w.ingest(space, StatementInput("Brandon wants to go to Paris for his next vacation.", "a"))
    w.ingest(space, StatementInput("The museum in Hobart displayed a rare compass.", "b"))
    outcome = w.ingest(space, StatementInput("Brandon is now going to Brazil instead.", "c"))
    assert outcome.pending == [] and outcome.warnings == []
    assert vectors.count(space) == 3
    hits = vectors.search(space, "Where is Brandon travelling?", k=2)
    assert {h.statement_id for h in hits} == {"a", "c"}
    assert {h.t for h in hits} == {1, 3}
    as_of_2 = vectors.search(space, "Brandon travel", k=5, max_t=2)
    assert {h.statement_id for h in as_of_2} == {"a", "b"}
    assert pending_statements(store, space, VECTORS) == []
    again = w.ingest(space, StatementInput("Brandon is now going to Brazil instead.", "c"))
    assert again.duplicate and vectors.count(space) == 3


def test_a_failed_vector_write_is_reported_recorded_and_replayed(
    store: GraphStore, settings: Settings, space: str, vectors: VectorStore
) -> None:
    unreachable = VectorStore(VectorConfig(path=Path("/unused"), host="127.0.0.1", port=1))
    outcome = writer(store, settings, unreachable).ingest(
        space, StatementInput("Carter bought a red bicycle.", "x")
    )
    assert outcome.pending == [VECTORS]
    assert "rebuild-vectors" in outcome.warnings[0]
    assert [row["id"] for row in pending_statements(store, space, VECTORS)] == ["x"]
    assert writer(store, settings, vectors).sync_vectors(space) == 1
    assert pending_statements(store, space, VECTORS) == []
    assert vectors.search(space, "bicycle", k=1)[0].statement_id == "x"


@pytest.mark.slow
def test_rebuild_vectors_restores_a_deleted_chroma_folder(
    store: GraphStore, settings: Settings, space: str, tmp_path: Path
) -> None:
    env = {**os.environ, "CHROMA_PATH": str(tmp_path / "chroma")}
    lines = "Brandon ate a salad.\nCarter ate some chicken.\nBrandon ate a banana.\n"

    def cli(*args: str, stdin: str | None = None) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "app.cli", *args],
            input=stdin,
            text=True,
            env=env,
            capture_output=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def count() -> str:
        folder = str(tmp_path / "chroma")
        code = (
            "from pathlib import Path; from hybrid.vector_store import VectorStore, VectorConfig;"
            f"print(VectorStore(VectorConfig(path=Path({folder!r}))).count({space!r}))"
        )
        return subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        ).stdout.strip()

    cli("ingest", "-", "--space", space, stdin=lines)
    assert count() == "3"
    shutil.rmtree(tmp_path / "chroma")
    assert count() == "0"
    assert "Wrote 3 statements" in cli("rebuild-vectors", "--space", space)
    assert count() == "3"


def test_long_statements_are_cut_at_sentence_boundaries() -> None:
    text = " ".join(f"Sentence number {i} is here." for i in range(40))
    chunks = segment(text, 120)
    assert all(len(c) <= 120 + 40 for c in chunks)
    assert all(c.endswith(".") for c in chunks)
    assert chunks[0].startswith("Sentence number 0")
