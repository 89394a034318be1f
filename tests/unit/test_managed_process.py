"""The managed servers' pid files and folders: a stale pid file never makes ``stop`` kill another
process, and data folders are private."""

from __future__ import annotations

import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from graph.managed_process import PidFile, private_dir, start_time
from graph.neo4j_server import ManagedNeo4j, ServerConfig
from hybrid.chroma_server import ChromaServerConfig, ManagedChroma


@pytest.fixture
def bystander() -> Iterator[subprocess.Popen[bytes]]:
    """A process that is not ours, leading its own group, as a reused pid would be."""
    process = subprocess.Popen(["sleep", "60"], start_new_session=True)
    yield process
    process.kill()
    process.wait()


def servers(home: Path) -> list[ManagedNeo4j | ManagedChroma]:
    neo4j = ManagedNeo4j(ServerConfig(version="5.26.30", home=home, cache_dir=home / "cache"))
    chroma = ManagedChroma(ChromaServerConfig(home=home, data=home / "chroma", port=18999))
    return [neo4j, chroma]


@pytest.mark.parametrize("recorded", ["old format: the pid alone", "a start time that differs"])
def test_a_stale_pid_file_never_kills_another_process(
    tmp_path: Path, bystander: subprocess.Popen[bytes], recorded: str
) -> None:
    for server in servers(tmp_path):
        pid_file = server.config.pid_file
        pid_file.parent.mkdir(parents=True, exist_ok=True)
        content = f"{bystander.pid}\n" if recorded.startswith("old") else f"{bystander.pid} 1\n"
        pid_file.write_text(content)
        assert server.pid() is None
        assert server.stop(timeout=1) is False
        assert bystander.poll() is None, f"{type(server).__name__} killed a process not its own"
        assert not pid_file.exists(), "the stale pid file is removed"


def test_the_pid_file_records_the_start_time_and_the_command_must_be_ours(
    tmp_path: Path, bystander: subprocess.Popen[bytes]
) -> None:
    pid_file = PidFile(tmp_path / "x.pid")
    pid_file.write(bystander.pid)
    assert pid_file.path.read_text().split() == [str(bystander.pid), str(start_time(bystander.pid))]
    assert stat.S_IMODE(os.stat(pid_file.path).st_mode) == 0o600
    assert pid_file.live_pid(lambda command: "sleep" in command) == bystander.pid
    assert pid_file.live_pid(lambda command: "java" in command) is None


def test_data_folders_are_created_private(tmp_path: Path) -> None:
    neo4j, _ = servers(tmp_path / "a" / "b")
    assert isinstance(neo4j, ManagedNeo4j)
    neo4j.prepare_home()
    home = neo4j.config.home
    for folder in (home.parent, home, *[home / sub for sub in ("conf", "data", "logs", "run")]):
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700, folder
    assert stat.S_IMODE(os.stat(neo4j.config.conf_dir / "neo4j.conf").st_mode) == 0o600
    loose = tmp_path / "loose"
    loose.mkdir(mode=0o755)
    private_dir(loose)
    assert stat.S_IMODE(os.stat(loose).st_mode) == 0o700
