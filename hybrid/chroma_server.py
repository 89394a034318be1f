"""The managed Chroma server: ``chroma run`` (from the ``chromadb`` package) on 127.0.0.1, managed
the way the project manages Neo4j (start, status, stop, logs; a pid file with the process's start
time; private folders).

ChromaDB's embedded client is not safe for several processes: ``serve --workers N`` would have N
workers writing one folder. The server owns ``CHROMA_PATH`` instead and every worker, and every
command run while it is up, talks to it over HTTP: one truth.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import requests

from graph.errors import ServerSetupError
from graph.managed_process import PidFile, private_dir, stop_group

HOST = "127.0.0.1"
HEARTBEAT = "/api/v2/heartbeat"
CHROMA_REMEDY = (
    "install chromadb into this environment (`make setup`), or run a Chroma server yourself "
    "and point CHROMA_HOST (and CHROMA_PORT) at it"
)


@dataclass(frozen=True)
class ChromaServerConfig:
    home: Path  # run and log files
    data: Path  # the collections (CHROMA_PATH)
    port: int = 8000
    start_timeout: float = 60.0

    @property
    def pid_file(self) -> Path:
        return self.home / "run" / "chroma.pid"

    @property
    def log_file(self) -> Path:
        return self.home / "logs" / "chroma.log"

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"


@dataclass(frozen=True)
class ChromaStatus:
    running: bool
    pid: int | None
    url: str
    data: Path
    log_file: Path


def chroma_command() -> str | None:
    """The ``chroma`` entry point of this environment (beside its Python), else on PATH."""
    beside = Path(sys.executable).with_name("chroma")
    return str(beside) if beside.is_file() else shutil.which("chroma")


def _port_taken(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((HOST, port)) == 0


class ManagedChroma:
    def __init__(self, config: ChromaServerConfig) -> None:
        self.config = config

    def _is_ours(self, command: Sequence[str]) -> bool:
        return (
            "run" in command
            and str(self.config.data) in command
            and str(self.config.port) in command
            and any(Path(part).name == "chroma" for part in command[:3])
        )

    def pid(self) -> int | None:
        """The server's pid while it runs; None when stopped or when the pid file is stale."""
        return PidFile(self.config.pid_file).live_pid(self._is_ours)

    def answers(self) -> bool:
        try:
            return requests.get(self.config.url + HEARTBEAT, timeout=1).ok
        except requests.RequestException:
            return False

    def status(self) -> ChromaStatus:
        pid = self.pid()
        return ChromaStatus(
            running=pid is not None and self.answers(),
            pid=pid,
            url=self.config.url,
            data=self.config.data,
            log_file=self.config.log_file,
        )

    def start(self) -> ChromaStatus:
        """Start the server unless it runs; return once it answers. Idempotent."""
        if (pid := self.pid()) is not None:
            self._wait(pid, None)
            return self.status()
        command = chroma_command()
        if command is None:
            raise ServerSetupError(f"the `chroma` command is not installed: {CHROMA_REMEDY}")
        if _port_taken(self.config.port):
            raise ServerSetupError(
                f"port {self.config.port} is already taken by another process: stop it, choose "
                "another CHROMA_PORT, or point CHROMA_HOST at that server if it is Chroma"
            )
        for folder in (self.config.home / "run", self.config.home / "logs", self.config.data):
            private_dir(folder)
        env = dict(os.environ, ANONYMIZED_TELEMETRY="False")
        arguments = ["run", "--path", str(self.config.data), "--host", HOST]
        arguments += ["--port", str(self.config.port)]
        with open(self.config.log_file, "ab") as log:
            process = subprocess.Popen(
                [command, *arguments],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
                start_new_session=True,
            )
        PidFile(self.config.pid_file).write(process.pid)
        try:
            self._wait(process.pid, process)
        except ServerSetupError:
            stop_group(process.pid, 30)  # the process we just started, whatever the pid file says
            process.wait()
            PidFile(self.config.pid_file).clear()
            raise
        return self.status()

    def _wait(self, pid: int, process: subprocess.Popen[bytes] | None) -> None:
        deadline = time.monotonic() + self.config.start_timeout
        while time.monotonic() < deadline:
            if process is not None and process.poll() is not None:
                raise ServerSetupError(
                    f"Chroma exited with code {process.returncode} while starting; see "
                    f"{self.config.log_file}"
                )
            if process is None and self.pid() != pid:
                raise ServerSetupError(f"Chroma (pid {pid}) is not running; see the log")
            if self.answers():
                return
            time.sleep(0.2)
        raise ServerSetupError(
            f"Chroma did not answer at {self.config.url} within {self.config.start_timeout:.0f} "
            f"s; see {self.config.log_file}"
        )

    def stop(self, timeout: float = 30.0) -> bool:
        """Stop the server; False if it was not running (a stale pid file is never acted on)."""
        pid = self.pid()
        if pid is not None:
            stop_group(pid, timeout)
        PidFile(self.config.pid_file).clear()
        return pid is not None

    def log_tail(self, lines: int = 50) -> str:
        path = self.config.log_file
        if not path.exists():
            return f"(no log yet at {path})"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
