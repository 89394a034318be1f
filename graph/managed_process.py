"""What every server the project manages (Neo4j, Chroma) needs of its process and its folders.

A pid file alone is a hazard: after a reboot or a crash the number can belong to anything, and
``stop`` would kill it. The pid file here records the process's start time (``/proc/<pid>/stat``,
in clock ticks since boot) beside its number, and a process counts as ours only if its start time
matches and its command line is the one we started; a mismatch is stale and never signalled.
Data folders are created with mode 0700: they hold databases, logs and a password.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

PRIVATE = 0o700


def private_dir(path: Path) -> Path:
    """Create ``path`` (and its missing parents) readable by its owner only; an existing
    ``path`` is narrowed to 0700 too. Returns ``path``."""
    missing = [p for p in (path, *path.parents) if not p.exists()]
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):
            folder.mkdir(mode=PRIVATE)
        os.chmod(folder, PRIVATE)
    os.chmod(path, PRIVATE)
    return path


def private_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` with mode 0600, whatever the umask."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)


def start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (field 22 of ``/proc/<pid>/stat``);
    None when there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()  # the name, in parentheses, may hold spaces
    return fields[19] if len(fields) > 19 else None


def command_line(pid: int) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def alive(pid: int) -> bool:
    """Whether ``pid`` runs. A zombie does not, unless it still has threads: a killed JVM's main
    thread is a zombie while its other threads exit, and holds its ports until they have."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    with contextlib.suppress(OSError):
        if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
            return _threads(pid) > 1
    return True


def _threads(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    return 1


@dataclass(frozen=True)
class PidFile:
    """``<pid> <start time>`` of a server we started."""

    path: Path

    def write(self, pid: int) -> None:
        private_file(self.path, f"{pid} {start_time(pid) or '-'}\n")

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)

    def live_pid(self, ours: Callable[[Sequence[str]], bool]) -> int | None:
        """The recorded process, if it still runs and is the one we started: the same start
        time and a command line ``ours`` recognises. Anything else is stale (None)."""
        try:
            parts = self.path.read_text().split()
            pid = int(parts[0])
        except (OSError, ValueError, IndexError):
            return None
        recorded = parts[1] if len(parts) > 1 else None
        if not alive(pid):
            return None
        if recorded not in (None, "-") and recorded != start_time(pid):
            return None
        return pid if ours(command_line(pid)) else None


def stop_group(pid: int, timeout: float) -> None:
    """SIGTERM the process group led by ``pid``, SIGKILL it after ``timeout`` seconds."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and alive(pid):
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        time.sleep(0.2)
    if alive(pid):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)
