"""The REST API against the real Neo4j, ChromaDB and local model."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient
from pydantic import SecretStr

from app.api import create_app
from graph.spaces import space_exists
from graph.store import GraphStore
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

PARIS = "Brandon wants to go to Paris for his next vacation."
BRAZIL = "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead."


def post(client: FlaskClient, space: str, body: object, **kw: object):  # type: ignore[no-untyped-def]
    return client.post(f"/v1/spaces/{space}/statements", json=body, **kw)


def test_statements_one_a_batch_and_ndjson_in_order_with_idempotent_ids(
    client: FlaskClient, space: str
) -> None:
    one = post(client, space, {"text": PARIS, "id": "s1", "source": "test"})
    assert one.status_code == 201, one.json
    assert one.json["statements"][0]["t"] == 1
    assert "brandon" in one.json["statements"][0]["written"]["concepts"]["labels"]
    again = post(client, space, {"text": PARIS, "id": "s1"})
    assert again.status_code == 200 and again.json["statements"][0] == again.json["statements"][
        0
    ] | {"t": 1, "duplicate": True}
    batch = post(client, space, [{"text": f"Carter visited town {i}."} for i in range(5)])
    assert [s["t"] for s in batch.json["statements"]] == [2, 3, 4, 5, 6]
    lines = "\n".join(json.dumps({"text": t}) for t in ("Dana sang.", BRAZIL)) + "\n"
    nd = client.post(
        f"/v1/spaces/{space}/statements", data=lines, content_type="application/x-ndjson"
    )
    assert [s["t"] for s in nd.json["statements"]] == [7, 8]


def test_bad_statements_are_clear_4xx_and_store_nothing(
    client: FlaskClient, space: str, store: GraphStore
) -> None:
    cases = [
        (post(client, space, {"text": ""}), 400, "text"),
        (post(client, space, {"txt": "x"}), 400, "txt"),
        (post(client, space, [{"text": "fine"}, {"text": "  "}]), 400, "statements[1]"),
        (post(client, space, []), 400, "no statements"),
        (
            client.post(
                f"/v1/spaces/{space}/statements",
                data=b'{"text": "a"',
                content_type="application/json",
            ),
            400,
            "malformed JSON",
        ),
        (
            client.post(
                f"/v1/spaces/{space}/statements",
                data=b'{"text": "caf\xe9"}',
                content_type="application/json",
            ),
            400,
            "UTF-8",
        ),
        (client.post(f"/v1/spaces/{space}/statements", data="text"), 415, "application/json"),
        (post(client, space, {"text": "x" * 70_000}), 413, ""),
        (post(client, "bad space!", {"text": "x"}), 400, "space name"),
    ]
    for response, status, needle in cases:
        assert response.status_code == status, (needle, response.json)
        body = response.json
        assert set(body) == {"error"} and needle in body["error"]["message"]
        assert "Traceback" not in response.get_data(as_text=True)
    assert (
        not space_exists(store, space)
        or store.query("MATCH (s:Statement {space: $space}) RETURN count(s) AS n", space=space)[0][
            "n"
        ]
        == 0
    )


@pytest.mark.slow
def test_questions_in_graph_mode_with_evidence_and_as_of(client: FlaskClient, space: str) -> None:
    post(
        client, space, [{"text": PARIS}, {"text": "Carter bought a red bicycle."}, {"text": BRAZIL}]
    )
    asked = client.post(
        f"/v1/spaces/{space}/questions",
        json={
            "question": "Where does Brandon plan on traveling for his next vacation?",
            "mode": "graph",
        },
    )
    assert asked.status_code == 200, asked.json
    body = asked.json
    assert body["chosen"] == "graph" and body["answer"]
    evidence = body["candidates"][0]["evidence"]
    assert [(e["t"], e["text"]) for e in evidence] == [(3, BRAZIL), (1, PARIS)]  # newest first
    earlier = client.post(
        f"/v1/spaces/{space}/questions",
        json={"question": "Where does Brandon plan on traveling?", "as_of": 2, "mode": "graph"},
    )
    assert [e["t"] for e in earlier.json["candidates"][0]["evidence"]] == [1]
    unknown = client.post("/v1/spaces/nope-404-space/questions", json={"question": "Hi?"})
    assert unknown.status_code == 404
    bad = client.post(f"/v1/spaces/{space}/questions", json={"question": "x", "mode": "magic"})
    assert bad.status_code == 400 and "mode" in bad.json["error"]["message"]


@pytest.mark.slow
def test_questions_stream_tokens_then_the_answer(client: FlaskClient, space: str) -> None:
    post(client, space, [{"text": PARIS}, {"text": BRAZIL}])
    response = client.post(
        f"/v1/spaces/{space}/questions",
        json={"question": "Where does Brandon plan on traveling?", "stream": True, "mode": "graph"},
    )
    assert response.mimetype == "text/event-stream"
    events = [
        (block.split("\n")[0].removeprefix("event: "), json.loads(block.split("data: ", 1)[1]))
        for block in response.get_data(as_text=True).strip().split("\n\n")
    ]
    kinds = [kind for kind, _ in events]
    assert kinds[-2:] == ["answer", "done"] and "token" in kinds  # a short answer is one piece
    streamed = "".join(data["text"] for kind, data in events if kind == "token")
    assert streamed.strip() == events[-2][1]["answer"]


def test_facts_add_list_as_of_history_and_delete(client: FlaskClient, space: str) -> None:
    base = f"/v1/spaces/{space}/facts"
    first = client.post(
        base, json={"subject": "Brandon", "relation": "plans to travel to", "object": "Paris"}
    )
    assert first.status_code == 201 and first.json["t"] == 1
    client.post(
        base, json={"subject": "Brandon", "relation": "plans to travel to", "object": "Brazil"}
    )
    now = client.get(base, query_string={"subject": "Brandon", "relation": "plans to travel to"})
    assert [f["object"] for f in now.json["facts"]] == ["Brazil"]
    then = client.get(base, query_string={"subject": "Brandon", "as_of": 1})
    assert [f["object"] for f in then.json["facts"]] == ["Paris"]
    history = client.get(f"{base}/history", query_string={"subject": "Brandon"})
    assert [(f["object"], f["t_from"], f["t_to"]) for f in history.json["facts"]] == [
        ("Paris", 1, 2),
        ("Brazil", 2, None),
    ]
    assert client.get(base, query_string={"as_of": "soon"}).status_code == 400
    assert client.get(f"{base}/history").status_code == 400
    paris = history.json["facts"][0]["id"]
    assert client.delete(f"{base}/{paris}").status_code == 200
    assert client.delete(f"{base}/{paris}").status_code == 404


def test_concepts_spaces_and_export_import(
    client: FlaskClient, space: str, store: GraphStore
) -> None:
    post(client, space, [{"text": PARIS}, {"text": BRAZIL}])
    concept = client.get(f"/v1/spaces/{space}/concepts/vacation")
    assert concept.status_code == 200 and concept.json["label"] == "vacat"
    assert {n["label"] for n in concept.json["neighbours"]} == {"pari"}
    assert client.get(f"/v1/spaces/{space}/concepts/zeppelin").status_code == 404
    names = [s["name"] for s in client.get("/v1/spaces").json["spaces"]]
    assert space in names
    assert client.post("/v1/spaces", json={"name": space}).status_code == 409
    exported = client.get(f"/v1/spaces/{space}/export")
    assert exported.mimetype == "application/x-ndjson"
    copy = f"{space}-copy"
    try:
        imported = client.post(
            f"/v1/spaces/{copy}/import", data=exported.data, content_type="application/x-ndjson"
        )
        assert imported.status_code == 201 and imported.json["statements"] == 2
        assert client.get(f"/v1/spaces/{copy}").json["statements"] == 2
    finally:
        client.delete(f"/v1/spaces/{copy}")
    assert not space_exists(store, copy)


def test_health_and_bearer_token(settings: Settings, recallgraph: RecallGraph) -> None:
    with_token = settings.model_copy(update={"api_token": SecretStr("s3cret")})
    client = create_app(with_token, memory=recallgraph).test_client()
    health = client.get("/healthz")
    assert health.status_code == 200 and health.json["checks"]["neo4j"]["ok"]
    assert client.get("/v1/spaces").status_code == 401
    assert client.get("/v1/spaces", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert client.get("/v1/spaces", headers={"Authorization": "Bearer s3cret"}).status_code == 200


def test_cors_is_off_unless_configured(settings: Settings, recallgraph: RecallGraph) -> None:
    closed = create_app(settings, memory=recallgraph).test_client()
    assert (
        "Access-Control-Allow-Origin" not in closed.get("/healthz", headers={"Origin": "x"}).headers
    )
    with_cors = settings.model_copy(update={"cors_origins": "http://x"})
    opened = create_app(with_cors, memory=recallgraph).test_client()
    response = opened.get("/healthz", headers={"Origin": "http://x"})
    assert response.headers["Access-Control-Allow-Origin"] == "http://x"
