"""Four clients posting 500 statements each over real HTTP, re-sending a random tenth of their
batches: 2,000 distinct ``t`` values, every statement stored exactly once. One client sending its
batches at once (``ingest --server``) gets them stored in order."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner
from werkzeug.serving import make_server

from app.api import create_app
from app.cli import cli
from graph.store import GraphStore
from hybrid.recallgraph import RecallGraph

CLIENTS = 4
PER_CLIENT = 500
BATCH = 25


@pytest.fixture
def base_url(recallgraph: RecallGraph) -> Iterator[str]:
    memory = recallgraph.variant(triple_writer="none", vectors_enabled=False)
    app = create_app(memory.settings, memory=memory)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


def client_run(base_url: str, space: str, client: int) -> list[int]:
    rng = random.Random(client)
    session = requests.Session()
    statements = [
        {"id": f"c{client}-{i}", "text": f"Client {client} saw comet {i} over harbour {i % 7}."}
        for i in range(PER_CLIENT)
    ]
    batches = [statements[i : i + BATCH] for i in range(0, PER_CLIENT, BATCH)]
    resent = set(rng.sample(range(len(batches)), len(batches) // 10))
    seen: list[int] = []
    for index, batch in enumerate(batches):
        for attempt in range(2 if index in resent else 1):
            response = session.post(
                f"{base_url}/v1/spaces/{space}/statements", json=batch, timeout=120
            )
            assert response.status_code in (200, 201), response.text
            rows = response.json()["statements"]
            assert all(r["duplicate"] == (attempt == 1) for r in rows)
            if attempt == 0:
                seen += [r["t"] for r in rows]
    return seen


def test_four_clients_get_distinct_t_and_each_statement_once(
    base_url: str, space: str, store: GraphStore
) -> None:
    with ThreadPoolExecutor(CLIENTS) as pool:
        results = list(pool.map(lambda c: client_run(base_url, space, c), range(CLIENTS)))
    every_t = [t for ts in results for t in ts]
    assert sorted(every_t) == list(range(1, CLIENTS * PER_CLIENT + 1))
    for ts in results:
        assert ts == sorted(ts), "each client's statements keep their order"
    counts = store.query(
        "MATCH (s:Statement {space: $space}) RETURN count(s) AS n, count(DISTINCT s.id) AS ids, "
        "count(DISTINCT s.t) AS ts",
        space=space,
    )[0]
    assert counts == {"n": 2000, "ids": 2000, "ts": 2000}


def test_ingest_to_a_server_sends_batches_at_once_and_stores_them_in_order(
    base_url: str, space: str, store: GraphStore, tmp_path: Path
) -> None:
    lines = [f"Line {i} mentions lantern {i % 5} and harbour {i % 3}." for i in range(120)]
    feed = tmp_path / "feed.txt"
    feed.write_text("\n".join(lines) + "\n")
    args = ["ingest", str(feed), "--space", space, "--server", base_url, "--batch-size", "7"]
    result = CliRunner().invoke(cli, [*args, "--concurrency", "6"])
    assert result.exit_code == 0, result.output
    assert "Stored 120 new statements" in result.output
    stored = store.query(
        "MATCH (s:Statement {space: $space}) RETURN s.text AS text ORDER BY s.t", space=space
    )
    assert [row["text"] for row in stored] == lines


def test_a_batch_after_a_statement_never_stored_is_refused(
    recallgraph: RecallGraph, space: str
) -> None:
    memory = recallgraph.variant(triple_writer="none", vectors_enabled=False, order_timeout=0.2)
    client = create_app(memory.settings, memory=memory).test_client()
    url = f"/v1/spaces/{space}/statements"
    first = client.post(url, json=[{"id": "a", "text": "First."}])
    assert first.status_code == 201
    after_a = client.post(url, query_string={"after": "a"}, json=[{"text": "Second."}])
    assert after_a.status_code == 201 and after_a.json["statements"][0]["t"] == 2
    orphan = client.post(url, query_string={"after": "never"}, json=[{"text": "Third."}])
    assert orphan.status_code == 409
    assert "'never'" in orphan.json["error"]["message"]
