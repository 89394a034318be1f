"""The model writer's work is bounded per statement and per request, over HTTP, with the real
memory model: a 190 KB statement costs RECALLGRAPH_WRITE_SENTENCES generations, not thousands."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from app.api import create_app
from graph.concepts import get_concept
from graph.store import GraphStore
from hybrid.recallgraph import RecallGraph
from hybrid.vector_store import segment

pytestmark = pytest.mark.slow


def client_for(recallgraph: RecallGraph, **changes: object) -> FlaskClient:
    memory = recallgraph.variant(triple_writer="model", vectors_enabled=False, **changes)
    return create_app(memory.settings, memory=memory).test_client()


def statement_count(store: GraphStore, space: str) -> int:
    rows = store.query("MATCH (s:Statement {space: $space}) RETURN count(s) AS n", space=space)
    return int(rows[0]["n"])


def test_a_long_statement_is_written_whole_and_the_model_reads_its_first_sentences(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    """Issue 17 item 3: the POS path (concepts) and the vector store take all of it; the model
    writes its first N sentences, and the response says so."""
    sentences = [f"Ann moved to town number {i} with her cat." for i in range(4500)]
    sentences[-1] = "Ann finally settled in Zanzibar."
    text = " ".join(sentences)
    assert 190_000 < len(text) < 200_000
    memory = recallgraph.variant(triple_writer="model", write_sentences=2)  # vectors on
    assert memory.vectors is not None, "the suite's memory writes to ChromaDB"
    client = create_app(memory.settings, memory=memory).test_client()
    response = client.post(f"/v1/spaces/{space}/statements", json={"text": text})
    assert response.status_code == 201, response.json
    row = response.json["statements"][0]
    assert row["model_sentences"] == {"read": 2, "total": 4500}
    (warning,) = row["warnings"]  # no "not yet in every store" warning: ChromaDB took it
    assert "first 2 of 4500 sentences" in warning and "the vector store" in warning
    assert get_concept(store, space, "zanzibar") is not None, "every sentence reached the graph"
    chunks = segment(text, memory.settings.chunk_chars)
    assert memory.vectors.count(space) == len(chunks) > 300, "every chunk reached ChromaDB"
    (hit,) = memory.vectors.search(space, "Where did Ann finally settle? Zanzibar", k=1)
    assert hit.statement_id == row["id"] and "Zanzibar" in hit.text, hit
    pending = store.query(
        "MATCH (st:Statement {space: $space, id: $id}) RETURN st.pending AS pending",
        space=space,
        id=row["id"],
    )
    assert not pending[0]["pending"], "nothing left for the vector replay"


def test_a_request_over_the_sentence_budget_is_a_413_and_stores_nothing(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    text = " ".join(f"Bo visited harbour {i}." for i in range(8))
    body = [{"text": f"{text} Day {n}."} for n in range(40)]
    response = client_for(recallgraph).post(f"/v1/spaces/{space}/statements", json=body)
    assert response.status_code == 413, response.json
    assert "RECALLGRAPH_WRITE_REQUEST_SENTENCES" in response.json["error"]["message"]
    assert statement_count(store, space) == 0


def test_a_request_past_its_seconds_is_a_422_and_stores_nothing(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    hurried = client_for(recallgraph, write_request_seconds=0.001)
    body = [{"text": "Cy moved to Lima."}, {"text": "Cy works for Initech."}]
    response = hurried.post(f"/v1/spaces/{space}/statements", json=body)
    assert response.status_code == 422, response.json
    assert "RECALLGRAPH_WRITE_REQUEST_SECONDS" in response.json["error"]["message"]
    assert statement_count(store, space) == 0
