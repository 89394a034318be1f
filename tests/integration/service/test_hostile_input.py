"""Hostile input at the REST doors: a 4xx that names the problem, never a 500, nothing stored.

Reproductions from issue 17: a header at ``t`` = 2^63 - 1 bricked a space (every later write
failed with ``long overflow``); an array nested 50,000 deep was a 500.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from app.api import create_app
from graph.spaces import space_exists
from graph.store import GraphStore
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

NDJSON = "application/x-ndjson"


def export_lines(*records: dict[str, Any]) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in records).encode()


def header(t: int) -> dict[str, Any]:
    return {"kind": "space", "format": "recallgraph-memory", "version": 2, "name": "x", "t": t}


def statement_count(store: GraphStore, space: str) -> int:
    rows = store.query("MATCH (s:Statement {space: $space}) RETURN count(s) AS n", space=space)
    return int(rows[0]["n"])


def test_an_import_at_the_end_of_the_clock_is_refused_and_the_space_still_writes(
    client: FlaskClient, space: str, store: GraphStore
) -> None:
    body = export_lines(
        header(2**63 - 1),
        {"kind": "statement", "id": "a", "t": 1, "text": "Ann likes tea."},
        {"kind": "end", "statements": 1, "facts": 0},
    )
    refused = client.post(f"/v1/spaces/{space}/import", data=body, content_type=NDJSON)
    assert refused.status_code == 400, refused.json
    assert refused.json["error"]["message"].startswith("line 1: space: field 't'")
    written = client.post(f"/v1/spaces/{space}/statements", json={"text": "Ann likes coffee."})
    assert written.status_code == 201, written.json
    assert written.json["statements"][0]["t"] == 1


def test_an_import_is_all_or_nothing_and_names_the_bad_line(
    client: FlaskClient, space: str, store: GraphStore
) -> None:
    good = [
        {"kind": "statement", "id": f"s{i}", "t": i, "text": f"Ann met Bo {i}."} for i in (1, 2)
    ]
    cases = [
        ([header(5), *good, {"kind": "statement", "id": "x", "t": -1, "text": "x"}], "line 4"),
        ([header(5), *good, {"kind": "statement", "id": "x", "t": 3, "text": " "}], "line 4"),
        ([header(5), *good], "cut short"),
        (
            [
                header(5),
                *good,
                {
                    "kind": "fact",
                    "subject": "Ann",
                    "relation": "lives in",
                    "object": "Oslo",
                    "t_from": 1,
                    "statement_id": "s1",
                },
                {
                    "kind": "fact",
                    "subject": "Ann",
                    "relation": "lives in",
                    "object": "Rome",
                    "t_from": 2,
                    "statement_id": "s2",
                },
                {"kind": "end", "statements": 2, "facts": 2},
            ],
            "line 5: fact: 'Ann' 'lives in' is single-valued but has two values at t=2",
        ),
    ]
    for records, needle in cases:
        response = client.post(
            f"/v1/spaces/{space}/import", data=export_lines(*records), content_type=NDJSON
        )
        assert response.status_code == 400, response.json
        assert needle in response.json["error"]["message"]
        assert statement_count(store, space) == 0


HOSTILE_BODIES = {
    "nested 50,000 deep": b"[" * 50_000 + b"]" * 50_000,
    "nested objects": b'{"a":' * 5000 + b"1" + b"}" * 5000,
    "a 5,000-digit number": b'{"text": "x", "id": 1' + b"0" * 5000 + b"}",
    "NaN": b'{"text": "x", "observed_at": NaN}',
    "a lone surrogate": b'{"text": "caf\\udce9"}',
    "an overflowing float": b'{"question": "x", "as_of": 1e999}',
}
JSON_ROUTES = [
    ("/v1/spaces/{space}/statements", "application/json"),
    ("/v1/spaces/{space}/statements", NDJSON),
    ("/v1/spaces/{space}/questions", "application/json"),
    ("/v1/spaces/{space}/facts", "application/json"),
    ("/v1/spaces", "application/json"),
    ("/v1/chat/completions", "application/json"),
    ("/v1/spaces/{space}/import", NDJSON),
]


@pytest.mark.parametrize("kind", sorted(HOSTILE_BODIES))
def test_hostile_json_is_a_4xx_at_every_door(
    settings: Settings, recallgraph: RecallGraph, space: str, store: GraphStore, kind: str
) -> None:
    client = create_app(settings, memory=recallgraph).test_client()  # the default 16 MiB limit
    for route, content_type in JSON_ROUTES:
        response = client.post(
            route.format(space=space), data=HOSTILE_BODIES[kind], content_type=content_type
        )
        assert 400 <= response.status_code < 500, (route, content_type, response.json)
        assert response.status_code != 413, "refused for its nesting or its values, not its size"
        assert set(response.json) == {"error"}
    assert statement_count(store, space) == 0


def test_a_million_empty_ndjson_lines_are_refused_before_they_are_built(
    settings: Settings, recallgraph: RecallGraph, space: str
) -> None:
    client = create_app(settings, memory=recallgraph).test_client()
    body = b"{}\n" * 1_000_000
    response = client.post(f"/v1/spaces/{space}/statements", data=body, content_type=NDJSON)
    assert response.status_code == 413, response.json
    assert "the limit is 1000" in response.json["error"]["message"]
    array = b"[" + b",".join([b"{}"] * 1_000_000) + b"]"
    response = client.post(
        f"/v1/spaces/{space}/statements", data=array, content_type="application/json"
    )
    assert response.status_code == 413, response.json


def test_a_refused_space_name_creates_nothing(client: FlaskClient, store: GraphStore) -> None:
    response = client.post("/v1/spaces", json={"name": "../etc"})
    assert response.status_code == 400
    assert not space_exists(store, "../etc")
