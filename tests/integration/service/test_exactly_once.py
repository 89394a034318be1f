"""Each statement once in every store, whatever failed in between, and a delete that never leaves
vectors behind for a re-created space; ChromaDB's batch limit never refuses a write.

Reproductions from issue 17: a statement sent without an id got a random one, so a retried POST
stored it twice; a retry after a failure between Neo4j and ChromaDB was answered as a duplicate
and never reached ChromaDB; a delete with ChromaDB down removed the graph and left the vectors.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from app.api import create_app
from extraction.statements import StatementInput
from graph.errors import VectorStoreError
from graph.spaces import create_space, space_exists
from graph.store import GraphStore
from graph.updates import pending_statements
from hybrid.ingestion import VECTORS, Ingestor, MemoryWriter
from hybrid.recallgraph import RecallGraph, ingest_settings
from hybrid.settings import Settings
from hybrid.vector_store import VectorConfig, VectorStore, segment

DEAD_PORT = 1


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> VectorStore:
    return VectorStore(VectorConfig(path=tmp_path_factory.mktemp("chroma")))


def unreachable() -> VectorStore:
    return VectorStore(VectorConfig(path=Path("/unused"), host="127.0.0.1", port=DEAD_PORT))


def writer(store: GraphStore, settings: Settings, vectors: VectorStore | None) -> MemoryWriter:
    return MemoryWriter(store, Ingestor(store, ingest_settings(settings)), vectors)


def statements(store: GraphStore, space: str) -> list[str]:
    rows = store.query("MATCH (s:Statement {space: $space}) RETURN s.id AS id", space=space)
    return [row["id"] for row in rows]


def test_a_retried_post_without_ids_stores_each_statement_once(
    client: FlaskClient, space: str, store: GraphStore
) -> None:
    body = [{"text": "Ann moved to Oslo."}, {"text": "Bo moved to Rome."}]
    first = client.post(f"/v1/spaces/{space}/statements", json=body)
    retried = client.post(f"/v1/spaces/{space}/statements", json=body)
    assert first.status_code == 201 and retried.status_code == 200
    assert [r["duplicate"] for r in retried.json["statements"]] == [True, True]
    assert [r["t"] for r in retried.json["statements"]] == [1, 2]
    assert len(statements(store, space)) == 2
    dated = client.post(
        f"/v1/spaces/{space}/statements",
        json={"text": "Ann moved to Oslo.", "observed_at": "2024-05-01"},
    )
    assert dated.status_code == 201, "the same words at another time are a new update"
    assert len(statements(store, space)) == 3


def test_a_retry_after_a_vector_failure_reaches_the_vector_store(
    store: GraphStore, settings: Settings, space: str, vectors: VectorStore
) -> None:
    batch = [StatementInput("Carter bought a red bicycle."), StatementInput("Dana sold a kite.")]
    failed = writer(store, settings, unreachable()).ingest_many(space, batch)
    assert [o.pending for o in failed] == [[VECTORS], [VECTORS]]
    retried = writer(store, settings, vectors).ingest_many(space, batch)
    assert all(o.duplicate and o.pending == [] for o in retried)
    assert vectors.count(space) == 2
    assert pending_statements(store, space, VECTORS) == []
    again = writer(store, settings, vectors).ingest_many(space, batch)
    assert all(o.duplicate for o in again) and vectors.count(space) == 2


def test_a_vector_write_that_raced_a_delete_is_taken_back(
    store: GraphStore, settings: Settings, space: str, vectors: VectorStore
) -> None:
    rows = [{"id": "gone", "t": 1, "text": "Erin painted a boat.", "source": None}]
    writer(store, settings, vectors)._give_vectors(space, rows)
    assert vectors.count(space) == 0, "a statement Neo4j no longer holds leaves no vector"


def test_a_delete_with_chromadb_down_deletes_nothing(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    recallgraph.remember(space, ["Ann moved to Oslo.", "Bo moved to Rome."])
    down = recallgraph.variant(chroma_host="127.0.0.1", chroma_port=DEAD_PORT)
    for keep_space in (False, True):
        with pytest.raises(VectorStoreError):
            down.delete_space(space, keep_space=keep_space)
        assert len(statements(store, space)) == 2
        assert pending_statements(store, space, VECTORS) == []
    assert recallgraph.vectors is not None and recallgraph.vectors.count(space) == 2
    recallgraph.delete_space(space)
    assert recallgraph.vectors.count(space) == 0
    create_space(store, space)
    recallgraph.remember(space, "Cy moved to Lima.")
    assert recallgraph.vectors.count(space) == 1, "the re-created space holds only its own"


def test_the_http_delete_with_chromadb_down_is_a_503_and_keeps_the_space(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    recallgraph.remember(space, "Ann moved to Oslo.")
    down = recallgraph.variant(chroma_host="127.0.0.1", chroma_port=DEAD_PORT)
    client = create_app(down.settings, memory=down).test_client()
    response = client.delete(f"/v1/spaces/{space}")
    assert response.status_code == 503, response.json
    assert space_exists(store, space) and len(statements(store, space)) == 1


def test_writes_are_split_below_chromas_batch_limit(
    store: GraphStore, settings: Settings, space: str, tmp_path: Path, vectors: VectorStore
) -> None:
    """Chroma's own limit (5,461 records here) is asked and never passed; a smaller configured
    one shows the split, in ingestion and in a rebuild, without embedding 5,461 chunks."""
    assert vectors.max_batch() == vectors.client.get_max_batch_size()
    small = VectorStore(VectorConfig(path=tmp_path / "chroma", chunk_chars=50, max_batch=7))
    text = "\n".join(f"Ann visited harbour number {i}." for i in range(30))
    chunks = len(segment(text, 50))
    assert chunks > 3 * small.max_batch()
    outcome = writer(store, settings, small).ingest(space, StatementInput(text, "long"))
    assert outcome.pending == [] and small.count(space) == chunks
    assert small.max_batch() == 7
    assert writer(store, settings, small).sync_vectors(space, rebuild=True) == 1
    assert small.count(space) == chunks
