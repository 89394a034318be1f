"""Calendar time at the import door (``POST …/import``): intervals that close before they open and
observed times that run backwards are refused by line number with nothing written, or (with
``RECALLGRAPH_OBSERVED_ORDER=warn``) imported with a warning; an imported space keeps the rule for
the writes that follow."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from app.api import create_app
from graph.store import GraphStore
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

NDJSON = "application/x-ndjson"


def body(*records: dict[str, Any]) -> bytes:
    kinds = [r["kind"] for r in records]
    end = {"kind": "end", "statements": kinds.count("statement"), "facts": kinds.count("fact")}
    head = {"kind": "space", "format": "recallgraph-memory", "version": 2, "name": "x", "t": 9}
    return "".join(json.dumps(r) + "\n" for r in (head, *records, end)).encode()


def said(sid: str, t: int, observed_at: str, **more: Any) -> dict[str, Any]:
    text = f"Ana moved to city {sid}."
    return {"kind": "statement", "id": sid, "t": t, "text": text, "observed_at": observed_at} | more


def lives(t: int, sid: str, **more: Any) -> dict[str, Any]:
    fact = {"kind": "fact", "subject": "Ana", "relation": "lives in", "object": f"city {sid}"}
    return fact | {"t_from": t, "statement_id": sid} | more


def statements(store: GraphStore, space: str) -> int:
    rows = store.query("MATCH (s:Statement {space: $space}) RETURN count(s) AS n", space=space)
    return int(rows[0]["n"])


def test_dates_out_of_order_are_refused_by_line_and_nothing_is_written(
    client: FlaskClient, space: str, store: GraphStore
) -> None:
    week = {
        "date_texts": ["last week"],
        "date_kinds": ["week"],
        "date_first": ["2024-03-04"],
        "date_last": ["2024-02-26"],
    }
    cases = [
        (
            [said("a", 1, "2024-03-01T10:00Z"), said("b", 2, "2024-02-01T10:00Z")],
            "line 3: statement 'b' (t=2) has observed_at 2024-02-01T10:00Z, before",
        ),
        (
            [
                said("a", 1, "2024-03-01T10:00Z"),
                lives(1, "a", valid_from="2024-03-01", valid_to="2023-12-31"),
            ],
            "line 3: fact: valid_to 2023-12-31 is before valid_from 2024-03-01",
        ),
        ([said("a", 1, "2024-03-11T10:00Z", **week)], "line 2: statement: date phrase"),
    ]
    for records, needle in cases:
        response = client.post(
            f"/v1/spaces/{space}/import", data=body(*records), content_type=NDJSON
        )
        assert response.status_code == 400, response.json
        assert needle in response.json["error"]["message"]
        assert statements(store, space) == 0, "a refused import writes nothing"


def test_an_imported_space_keeps_its_latest_observed_time_for_later_writes(
    client: FlaskClient, space: str
) -> None:
    records = [
        said("a", 1, "2024-03-01T10:00Z"),
        lives(1, "a", t_to=2, closed_by="b", valid_from="2024-03-01", valid_to="2024-04-02"),
        said("b", 2, "2024-04-02T10:00Z"),
        lives(2, "b", valid_from="2024-04-02"),
    ]
    imported = client.post(f"/v1/spaces/{space}/import", data=body(*records), content_type=NDJSON)
    assert imported.status_code == 201, imported.json
    assert imported.json["warnings"] == []
    believed = client.get(f"/v1/spaces/{space}/facts", query_string={"as_of": "2024-03-15"})
    assert believed.status_code == 200, believed.json
    assert [f["object"] for f in believed.json["facts"]] == ["city a"]
    late = {"text": "Ana likes tea.", "observed_at": "2024-03-20T10:00Z"}
    refused = client.post(f"/v1/spaces/{space}/statements", json=late)
    assert refused.status_code == 409, refused.json
    assert "2024-04-02" in refused.json["error"]["message"]


def test_with_warn_a_backwards_observed_time_is_imported_with_a_warning(
    settings: Settings, recallgraph: RecallGraph, space: str, store: GraphStore
) -> None:
    lenient = recallgraph.variant(observed_order="warn")
    client = create_app(settings, memory=lenient).test_client()
    records = [said("a", 1, "2024-03-01T10:00Z"), said("b", 2, "2024-02-01T10:00Z")]
    response = client.post(f"/v1/spaces/{space}/import", data=body(*records), content_type=NDJSON)
    assert response.status_code == 201, response.json
    (warning,) = response.json["warnings"]
    assert warning.startswith("line 3: statement 'b' (t=2) has observed_at 2024-02-01T10:00Z")
    assert statements(store, space) == 2
