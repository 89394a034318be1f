"""Requests a web page can make the browser send to a RecallGraph server on the user's machine,
over real HTTP: none of them writes, and none is answered for another site.

Reproductions from issue 17: an import sent as ``text/plain`` (what a cross-site form or
``fetch(…, {mode: "no-cors"})`` sends without asking) was stored; a request naming
``Host: attacker.example`` (DNS rebinding) was served.
"""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator

import pytest
from werkzeug.serving import make_server

from app.api import create_app
from graph.spaces import space_exists
from graph.store import GraphStore
from hybrid.recallgraph import RecallGraph

EXPORT = "".join(
    json.dumps(record) + "\n"
    for record in (
        {"kind": "space", "format": "recallgraph-memory", "version": 2, "name": "x", "t": 1},
        {"kind": "statement", "id": "a", "t": 1, "text": "Ann likes tea."},
        {"kind": "end", "statements": 1, "facts": 0},
    )
)
# What a page can send cross-site without a preflight: a form (urlencoded or multipart) or
# text/plain, whatever the body holds.
SIMPLE_REQUESTS = [
    ("application/x-www-form-urlencoded", "text=Mallory+was+here"),
    ("multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="text"'),
    ("text/plain", json.dumps({"text": "Mallory was here"})),
    ("text/plain", EXPORT),
]


@pytest.fixture
def server(recallgraph: RecallGraph) -> Iterator[tuple[str, int]]:
    memory = recallgraph.variant(triple_writer="none")
    app = create_app(memory.settings, memory=memory, bind_host="127.0.0.1")
    running = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    yield "127.0.0.1", running.server_port
    running.shutdown()
    thread.join()


def send(
    server: tuple[str, int],
    method: str,
    path: str,
    body: str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(*server, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@pytest.mark.parametrize(("content_type", "body"), SIMPLE_REQUESTS)
def test_a_cross_site_form_or_text_body_writes_nothing(
    server: tuple[str, int], space: str, store: GraphStore, content_type: str, body: str
) -> None:
    origin = {"Origin": "http://attacker.example", "Content-Type": content_type}
    for path in (
        f"/v1/spaces/{space}/statements",
        f"/v1/spaces/{space}-copy/import",
        "/v1/spaces",
        f"/v1/spaces/{space}/facts",
        f"/v1/spaces/{space}/questions",
        "/v1/chat/completions",
    ):
        status, headers, _ = send(server, "POST", path, body, origin)
        assert status == 415, (path, content_type, status)
        assert "Access-Control-Allow-Origin" not in headers
    assert not space_exists(store, f"{space}-copy")
    rows = store.query("MATCH (s:Statement {space: $space}) RETURN count(s) AS n", space=space)
    assert rows[0]["n"] == 0


def test_a_rebinding_host_is_refused_and_writes_nothing(
    server: tuple[str, int], space: str, store: GraphStore
) -> None:
    json_body = {"Content-Type": "application/json", "Host": "attacker.example"}
    status, _, body = send(
        server, "POST", f"/v1/spaces/{space}/statements", json.dumps({"text": "x"}), json_body
    )
    assert status == 400 and b"attacker.example" in body
    status, _, _ = send(server, "GET", "/v1/spaces", headers={"Host": "attacker.example:8080"})
    assert status == 400
    for host in ("127.0.0.1", "localhost:1234", "[::1]"):
        status, _, _ = send(server, "GET", "/v1/spaces", headers={"Host": host})
        assert status == 200, host
    rows = store.query("MATCH (s:Statement {space: $space}) RETURN count(s) AS n", space=space)
    assert rows[0]["n"] == 0


def test_cors_is_off_so_a_page_cannot_send_json_or_read_answers(server: tuple[str, int]) -> None:
    preflight = {
        "Origin": "http://attacker.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
    }
    status, headers, _ = send(server, "OPTIONS", "/v1/spaces/x/statements", headers=preflight)
    assert status < 500
    assert not any(name.lower().startswith("access-control-allow") for name in headers)
    _, headers, _ = send(server, "GET", "/v1/spaces", headers={"Origin": "http://a.example"})
    assert "Access-Control-Allow-Origin" not in headers


def test_json_from_a_script_on_the_same_machine_still_works(
    server: tuple[str, int], space: str
) -> None:
    status, _, body = send(
        server,
        "POST",
        f"/v1/spaces/{space}/statements",
        json.dumps({"text": "Ann likes tea."}),
        {"Content-Type": "application/json"},
    )
    assert status == 201, body
    status, _, body = send(server, "DELETE", f"/v1/spaces/{space}")
    assert status == 200, body
