"""The managed Neo4j's lifecycle and its failure messages, on a second instance of its own.

The shared test server is never touched: these tests run another server on other ports in a
temporary home, reusing the cached jars.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from graph.errors import ServerSetupError
from graph.neo4j_server import ManagedNeo4j, ServerConfig
from graph.store import open_driver
from hybrid.recallgraph import managed_server
from hybrid.settings import Settings

pytestmark = pytest.mark.slow

BOLT, HTTP = 17787, 17574
# A leading dash (as one generated password in 64 has), spaces, a quote, a backslash: the argument
# file ends the options and quotes the value.
PASSWORD = '-first pass"word \\ 123'


def command_lines() -> list[str]:
    """Every process's command line (what ``ps`` shows anyone on the machine)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode())
            except OSError:
                continue
    return found


def server_config(settings: Settings) -> ServerConfig:
    """The managed server's configuration, whether or not the suite itself uses it."""
    server = managed_server(settings.model_copy(update={"neo4j_uri": None}))
    assert server is not None
    return server.config


@pytest.fixture
def second_server(settings: Settings, tmp_path: Path) -> Iterator[ManagedNeo4j]:
    config = replace(
        server_config(settings),
        home=tmp_path / "neo4j",
        bolt_port=BOLT,
        http_port=HTTP,
        password=PASSWORD,
        start_timeout=120,
    )
    server = ManagedNeo4j(config)
    yield server
    server.stop()


def test_start_stop_start_again(second_server: ManagedNeo4j) -> None:
    status = second_server.start()
    assert status.running and status.pid is not None
    assert second_server.start().pid == status.pid, "start is idempotent"
    conf = (second_server.config.conf_dir / "neo4j.conf").read_text()
    assert "dbms.usage_report.enabled=false" in conf
    assert f"server.bolt.listen_address=127.0.0.1:{BOLT}" in conf
    assert second_server.stop()
    assert not second_server.status().running
    assert not second_server.stop(), "stopping a stopped server reports it"
    again = second_server.start()
    assert again.running
    driver = open_driver(again.bolt_uri, "neo4j", PASSWORD)
    driver.close()
    assert not [line for line in command_lines() if PASSWORD in line]


def test_generated_password_file_is_private(tmp_path: Path, settings: Settings) -> None:
    server = ManagedNeo4j(replace(server_config(settings), home=tmp_path, password=None))
    password = server.password()
    assert len(password) >= 16
    assert server.password() == password
    assert (os.stat(server.config.password_file).st_mode & 0o777) == 0o600


def test_wrong_password_is_one_clear_error(second_server: ManagedNeo4j) -> None:
    second_server.start()
    wrong = ManagedNeo4j(replace(second_server.config, password="not-it-456789"))
    with pytest.raises(ServerSetupError, match="refused the login"):
        wrong.start()


def test_port_taken_is_one_clear_error(second_server: ManagedNeo4j) -> None:
    with socket.socket() as blocker:
        blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        blocker.bind(("127.0.0.1", BOLT))
        blocker.listen()
        with pytest.raises(ServerSetupError, match=f"port {BOLT}"):
            second_server.start()


def _cli(env_overrides: dict[str, str | None], *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in {**os.environ, **env_overrides}.items() if v is not None}
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def _assert_one_line_error(result: subprocess.CompletedProcess[str], needle: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.strip().splitlines() if line]
    assert len(lines) == 1, result.stderr
    assert needle in lines[0]


def test_missing_java_or_maven_is_one_clear_error(tmp_path: Path) -> None:
    python_only = tmp_path / "bin"
    python_only.mkdir()
    java = shutil.which("java")
    assert java is not None
    env: dict[str, str | None] = {
        "NEO4J_URI": None,
        "PATH": str(python_only),
        "RECALLGRAPH_NEO4J_HOME": str(tmp_path / "home"),
        "RECALLGRAPH_CACHE_DIR": str(tmp_path / "cache"),
        "RECALLGRAPH_NEO4J_BOLT_PORT": str(BOLT + 1),
        "RECALLGRAPH_NEO4J_HTTP_PORT": str(HTTP + 1),
    }
    result = _cli(env, "neo4j", "start")
    _assert_one_line_error(result, "java not found")
    (python_only / "java").symlink_to(java)
    result = _cli(env, "neo4j", "start")
    _assert_one_line_error(result, "mvn not found")


def test_unreachable_neo4j_uri_is_one_clear_error() -> None:
    result = _cli({"NEO4J_URI": "bolt://127.0.0.1:1", "NEO4J_PASSWORD": "x"}, "spaces")
    _assert_one_line_error(result, "cannot reach Neo4j at bolt://127.0.0.1:1")
    assert result.returncode == 4
