"""The managed Chroma server (``recallgraph chroma``) and ``serve --workers N``, which never opens
the embedded folder from several processes: it uses the managed server, or refuses and says how
to point CHROMA_HOST at one."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from experiments.fault_harness import free_port


def env_for(tmp_path: Path, port: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHROMA_")}
    return env | {
        "CHROMA_PATH": str(tmp_path / "chroma"),
        "CHROMA_PORT": str(port),
        "RECALLGRAPH_CHROMA_HOME": str(tmp_path / "chroma-home"),
        "RECALLGRAPH_TRIPLE_WRITER": "none",
    }


def cli(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def chroma_env(tmp_path: Path) -> Iterator[dict[str, str]]:
    env = env_for(tmp_path, free_port())
    yield env
    cli(env, "chroma", "stop")


def test_start_status_logs_stop(chroma_env: dict[str, str], tmp_path: Path) -> None:
    assert cli(chroma_env, "chroma", "status").returncode == 1
    started = cli(chroma_env, "chroma", "start")
    assert started.returncode == 0 and "Chroma started." in started.stdout, started.stderr
    again = cli(chroma_env, "chroma", "start")
    assert "already running" in again.stdout
    status = cli(chroma_env, "chroma", "status")
    assert status.returncode == 0 and "running" in status.stdout
    port = chroma_env["CHROMA_PORT"]
    assert requests.get(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=5).ok
    assert f"127.0.0.1:{port}" in cli(chroma_env, "chroma", "logs", "-n", "5").stdout
    assert oct((tmp_path / "chroma").stat().st_mode & 0o777) == oct(0o700)
    stopped = cli(chroma_env, "chroma", "stop")
    assert "Chroma stopped." in stopped.stdout
    assert cli(chroma_env, "chroma", "status").returncode == 1


def test_several_workers_without_a_chroma_server_are_refused_with_the_way_out(
    tmp_path: Path,
) -> None:
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        env = env_for(tmp_path, squatter.getsockname()[1])
        refused = cli(env, "serve", "--workers", "2", "--port", str(free_port()))
    assert refused.returncode == 5, refused.stdout + refused.stderr
    assert "CHROMA_HOST" in refused.stderr and "Traceback" not in refused.stderr


@pytest.mark.slow
def test_several_workers_start_and_use_the_managed_chroma(chroma_env: dict[str, str]) -> None:
    port = free_port()
    service = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve", "--workers", "2", "--port", str(port)],
        env=chroma_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        health: dict[str, object] = {}
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and not health:
            try:
                health = requests.get(f"http://127.0.0.1:{port}/healthz", timeout=2).json()
            except requests.RequestException:
                time.sleep(0.5)
        assert health.get("status") == "ok", health
        assert cli(chroma_env, "chroma", "status").returncode == 0, "serve started the server"
    finally:
        os.killpg(service.pid, 15)
        service.wait(60)
