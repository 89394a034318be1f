"""``recallgraph mcp --http``: streamable HTTP behind the REST API's bearer token."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[3]
TOKEN = "mcp-http-token"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    },
}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_mcp_over_http_needs_the_bearer_token(tmp_path: Path) -> None:
    port = free_port()
    env = os.environ | {"PYTHONPATH": str(ROOT), "RECALLGRAPH_API_TOKEN": TOKEN}
    server = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "mcp", "--http", "--port", str(port)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                refused = requests.post(url, json=INITIALIZE, headers=HEADERS, timeout=10)
                break
            except requests.ConnectionError:
                assert time.monotonic() < deadline, "recallgraph mcp --http did not listen"
                time.sleep(0.5)
        assert refused.status_code == 401
        wrong = requests.post(
            url, json=INITIALIZE, headers=HEADERS | {"Authorization": "Bearer nope"}, timeout=10
        )
        assert wrong.status_code == 401
        allowed = requests.post(
            url, json=INITIALIZE, headers=HEADERS | {"Authorization": f"Bearer {TOKEN}"}, timeout=30
        )
        assert allowed.status_code == 200, allowed.text
        body = allowed.text
        payload = body.split("data: ", 1)[1] if body.startswith("event:") else body
        assert json.loads(payload.strip())["result"]["serverInfo"]["name"] == "recallgraph"
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.slow
def test_mcp_over_http_refuses_a_network_without_a_token() -> None:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    env.pop("RECALLGRAPH_API_TOKEN", None)
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "mcp", "--http", "--host", "0.0.0.0"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and "RECALLGRAPH_API_TOKEN" in done.stderr
