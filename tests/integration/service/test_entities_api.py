"""The entity endpoints against the real Neo4j: list, merge, split, merges, and their 4xx."""

from __future__ import annotations

from flask.testing import FlaskClient

from hybrid.recallgraph import RecallGraph
from tests.integration.triples.conftest import fact


def test_list_merge_split_round_trip(
    client: FlaskClient, space: str, recallgraph: RecallGraph
) -> None:
    recallgraph.triples.write(space, [fact("Ines Caro", "lives in", "Lima")], writer="test")
    recallgraph.triples.write(space, [fact("Dr. Ines Caro", "works for", "Caleta")], writer="test")
    base = f"/v1/spaces/{space}/entities"
    listed = client.get(base, query_string={"contains": "caro"})
    assert listed.status_code == 200
    assert [e["name"] for e in listed.json["entities"]] == ["Dr. Ines Caro", "Ines Caro"]
    assert listed.json["total"] == 2

    merged = client.post(
        f"{base}/merge", json={"entity": "Dr. Ines Caro", "into": "Ines Caro", "reason": "title"}
    )
    assert merged.status_code == 201, merged.json
    assert merged.json | {"id": "", "merged_at": ""} == {
        "space": space,
        "id": "",
        "merged": "Dr. Ines Caro",
        "into": "Ines Caro",
        "reason": "title",
        "facts_moved": 1,
        "aliases_added": ["Dr. Ines Caro"],
        "merged_at": "",
        "undone_at": None,
        "conflicts": [],
    }
    (ines,) = client.get(base).json["entities"][1:2]
    assert ines == {
        "name": "Ines Caro",
        "key": "ines caro",
        "aliases": [{"name": "Dr. Ines Caro", "reason": "merge: title"}],
        "facts": 2,
        "current_facts": 2,
    }
    merges = client.get(f"{base}/merges").json["merges"]
    assert [m["id"] for m in merges] == [merged.json["id"]]

    split = client.post(f"{base}/split", json={"entity": "Dr. Ines Caro"})
    assert split.status_code == 200, split.json
    assert split.json == {
        "space": space,
        "merge_id": merged.json["id"],
        "restored": "Dr. Ines Caro",
        "taken_from": "Ines Caro",
        "facts_restored": 1,
        "facts_missing": [],
    }
    assert client.get(f"{base}/merges").json["merges"][0]["undone_at"] is not None


def test_bad_entity_requests_are_clear_4xx(
    client: FlaskClient, space: str, recallgraph: RecallGraph
) -> None:
    recallgraph.triples.write(space, [fact("Karl Voss", "lives in", "Bonn")], writer="test")
    base = f"/v1/spaces/{space}/entities"
    cases = [
        (client.get(base, query_string={"limit": "0"}), 400, "limit"),
        (client.get(base, query_string={"skip": "many"}), 400, "skip"),
        (client.get(base, query_string={"contains": "x" * 201}), 400, "contains"),
        (client.get(f"/v1/spaces/missing-{space}/entities"), 404, "does not exist"),
        (client.get("/v1/spaces/bad space!/entities"), 400, "space"),
        (client.post(f"{base}/merge", json={"entity": "Karl Voss"}), 400, "into"),
        (client.post(f"{base}/merge", json={"entity": "A", "into": "B", "x": 1}), 400, "x"),
        (client.post(f"{base}/merge", json=["Karl Voss", "Bonn"]), 400, "dictionary"),
        (client.post(f"{base}/merge", data="Karl", content_type="text/plain"), 415, "json"),
        (client.post(f"{base}/merge", data="{Karl", content_type="application/json"), 400, "JSON"),
        (
            client.post(f"{base}/merge", json={"entity": "Nobody", "into": "Karl Voss"}),
            404,
            "Nobody",
        ),
        (
            client.post(f"{base}/merge", json={"entity": "Karl Voss", "into": "karl voss"}),
            400,
            "itself",
        ),
        (
            client.post(
                f"{base}/merge", json={"entity": "Bonn", "into": "Karl Voss", "reason": "r" * 501}
            ),
            400,
            "reason",
        ),
        (client.post(f"{base}/split", json={"entity": "Karl Voss"}), 404, "never merged"),
        (client.post(f"{base}/split", json={"entity": ""}), 400, "entity"),
    ]
    for response, status, words in cases:
        assert response.status_code == status, (words, response.json)
        assert (
            words.lower()
            in response.json["error"]["message"].lower()
            + str(response.json["error"]["param"]).lower()
        ), (words, response.json)
    assert [e["name"] for e in client.get(base).json["entities"]] == ["Bonn", "Karl Voss"]
