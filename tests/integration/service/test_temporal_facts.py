"""Temporal reads through the doors: the REST facts endpoint's `when` and `facts --when`."""

from __future__ import annotations

from click.testing import CliRunner
from flask.testing import FlaskClient

from app.cli import cli

MOVES = ("Bergen", "Oslo", "Lisbon")


def _move(client: FlaskClient, space: str) -> None:
    for city in MOVES:
        added = client.post(
            f"/v1/spaces/{space}/facts",
            json={"subject": "Ilse Brandvold", "relation": "moved to", "object": city},
        )
        assert added.status_code == 201, added.json


def _when(client: FlaskClient, space: str, when: str, **extra: str) -> dict:
    query = {"subject": "Ilse Brandvold", "relation": "lives in", "when": when} | extra
    response = client.get(f"/v1/spaces/{space}/facts", query_string=query)
    assert response.status_code == 200, response.json
    return response.json


def test_the_facts_endpoint_takes_the_memory_apis_operators(
    client: FlaskClient, space: str
) -> None:
    _move(client, space)  # "moved to" is stored as the canonical "lives in"
    assert _when(client, space, "now")["values"] == ["Lisbon"]
    assert _when(client, space, "previous")["values"] == ["Oslo"]
    assert _when(client, space, "first")["values"] == ["Bergen"]
    assert _when(client, space, "before Oslo")["values"] == ["Bergen"]
    assert _when(client, space, "after Bergen")["values"] == ["Oslo"]
    assert _when(client, space, "all")["values"] == list(MOVES)
    assert _when(client, space, "count")["count"] == 3
    assert _when(client, space, "as_of 2")["values"] == ["Oslo"]
    gone = _when(client, space, "still", object="Bergen")
    assert (gone["holds"], gone["since"]) == (False, 2)
    bad = client.get(
        f"/v1/spaces/{space}/facts", query_string={"subject": "Ilse", "when": "before"}
    )
    assert bad.status_code == 400 and "@before needs an argument" in bad.json["error"]["message"]
    unknown = client.get(
        f"/v1/spaces/{space}/facts", query_string={"subject": "Ilse", "when": "sometimes"}
    )
    assert (
        unknown.status_code == 400
        and "unknown temporal operator" in unknown.json["error"]["message"]
    )
    lonely = client.get(f"/v1/spaces/{space}/facts", query_string={"when": "previous"})
    assert lonely.status_code == 400


def test_facts_when_on_the_command_line(client: FlaskClient, space: str) -> None:
    _move(client, space)
    run = CliRunner().invoke(
        cli, ["facts", "--space", space, "-s", "Ilse Brandvold", "-r", "lives in", "--when",
              "before Lisbon"],
    )  # fmt: skip
    assert run.exit_code == 0, run.output
    assert "Oslo" in run.output and "Lisbon" not in run.output.replace("before Lisbon", "")
    still = CliRunner().invoke(
        cli, ["facts", "--space", space, "-s", "Ilse Brandvold", "-r", "lives in", "--when",
              "still"],
    )  # fmt: skip
    assert "still: yes" in still.output
