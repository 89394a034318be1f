"""The README's assistant and remote examples run as written: the MCP configuration is started by
the SDK's client exactly as a desktop client would, and the remote Python example runs against a
real ``recallgraph serve`` on a loopback port."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parents[3]
README = ROOT / "README.md"
TOKEN = "readme-example-token"

pytestmark = pytest.mark.slow


def section(title: str) -> str:
    return README.read_text().split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


def worktree_env(**extra: str) -> dict[str, str]:
    """This checkout's code first, whatever the environment's editable install points at."""
    return os.environ | {"PYTHONPATH": str(ROOT), **extra}


def test_the_readme_mcp_configuration_starts_a_server_with_the_tools() -> None:
    config = json.loads(blocks(section("Use it from an assistant (MCP)"), "json")[0])
    entry = config["mcpServers"]["recallgraph"]
    command = Path(sys.executable).with_name(entry["command"])  # the venv's console script
    assert command.exists(), f"{command} is not installed (make setup installs it)"
    params = StdioServerParameters(
        command=str(command), args=entry["args"], env=worktree_env(**entry["env"]), cwd=str(ROOT)
    )

    async def tools() -> set[str]:
        async with Client(params, read_timeout_seconds=120) as client:
            listed = await client.list_tools()
            spaces = await client.call_tool("spaces", {})
            assert not spaces.is_error, spaces.content
            return {tool.name for tool in listed.tools}

    assert asyncio.run(tools()) == {"remember", "ask", "facts", "history", "forget_fact", "spaces"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """``recallgraph serve`` in a process of its own, with a token, until the test ends."""
    port = free_port()
    env = worktree_env(
        RECALLGRAPH_API_TOKEN=TOKEN,
        RECALLGRAPH_TRIPLE_WRITER="none",
        CHROMA_PATH=str(tmp_path / "chroma"),
    )
    server = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve", "--port", str(port)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                requests.get(f"{url}/healthz", timeout=5)  # any answer: it is listening
                break
            except requests.ConnectionError:
                time.sleep(0.5)
        else:
            pytest.fail("recallgraph serve did not answer within 120 s")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_readme_remote_example_runs_against_recallgraph_serve(served: str) -> None:
    example = blocks(section("Use it from Python (local or remote)"), "python")[1]
    done = subprocess.run(
        [sys.executable, "-c", example],
        env=worktree_env(RECALLGRAPH_URL=served, RECALLGRAPH_API_TOKEN=TOKEN),
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    streamed, believed = done.stdout.strip().splitlines()[:2]
    assert "On 4 March 2024" in streamed
    assert "Lisbon" in believed and "Acme" not in believed
