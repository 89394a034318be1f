"""Real processes to break: a Neo4j of its own, a Chroma server, the service, and a client that
streams statements and retries until each is acknowledged.

Everything listens on 127.0.0.1 on free ports, in a temporary folder; the shared Neo4j of the
machine is never touched (the lab starts another, with its own home, from the cached jars). The
service is ``recallgraph serve`` (gunicorn, several workers), run from ``service_root``: this
checkout by default, or another one to see how an older version fares under the same faults.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import chromadb
import requests
from chromadb.config import Settings as ChromaSettings

from graph.neo4j_server import ManagedNeo4j
from graph.store import GraphStore, open_driver
from hybrid.chroma_server import ChromaServerConfig, ManagedChroma
from hybrid.recallgraph import managed_server
from hybrid.settings import Settings
from hybrid.vector_store import collection_name

ROOT = Path(__file__).resolve().parent.parent
BATCH = 200
"""Statements per request: ten requests make a 2,000-statement stream (the fault still strikes
mid-stream, after 500 are acknowledged); the batch's commit and round trip are paid 10 times,
not 40."""
REQUEST_TIMEOUT_S = 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(check: Callable[[], bool], timeout: float, what: str, poll: float = 0.05) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(poll)
    raise TimeoutError(f"{what} did not happen within {timeout:.0f} s")


def port_free(port: int) -> bool:
    """Nothing listens there any more (a killed process's sockets close last)."""
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) != 0


def signal_group(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, sig)


COMMIT = b"\x00\x02\xb0\x12\x00\x00"
"""A Bolt COMMIT message as it travels: a 2-byte chunk (tiny struct, signature 0x12), then the
end-of-message marker."""


class BoltProxy:
    """A TCP relay between the service and Neo4j that can swallow the answer to a commit.

    Once ``arm()``-ed, the next commit of a transaction that creates statements is forwarded,
    but everything Neo4j answers on that connection is held back; killing Neo4j then (and
    dropping the relayed connections) is a crash after the commit and before the service heard
    of it: the window in which a retry finds its statements already stored."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self._armed = threading.Event()
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, name="bolt-proxy", daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(("127.0.0.1", self.target_port), timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            with self._lock:
                self._sockets += [client, server]
            held = threading.Event()
            threading.Thread(
                target=self._requests, args=(client, server, held), daemon=True
            ).start()
            threading.Thread(target=self._answers, args=(server, client, held), daemon=True).start()

    def _requests(self, source: socket.socket, sink: socket.socket, held: threading.Event) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if self._armed.is_set() and COMMIT in data:
                    self._armed.clear()
                    held.set()
                sink.sendall(data)
        self._close(source, sink)

    def _answers(self, source: socket.socket, sink: socket.socket, held: threading.Event) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                while held.is_set():
                    time.sleep(0.01)
                sink.sendall(data)
        self._close(source, sink)

    @staticmethod
    def _close(*ends: socket.socket) -> None:
        for end in ends:
            with contextlib.suppress(OSError):
                end.close()

    def arm(self) -> None:
        self._armed.set()

    def drop(self) -> None:
        """Close every relayed connection (what the service sees when Neo4j dies)."""
        self._armed.clear()
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            self._close(sock)

    def close(self) -> None:
        self.drop()
        self.listener.close()


@dataclass
class Tally:
    """What the client sent and what the service acknowledged (a 2xx naming the statement)."""

    sent: set[str] = field(default_factory=set)
    acknowledged: set[str] = field(default_factory=set)
    retries: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self) -> int:
        with self.lock:
            return len(self.acknowledged)


class Service:
    """``recallgraph serve`` in a process group of its own, logging to a file."""

    def __init__(self, root: Path, env: dict[str, str], workers: int, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        command = [sys.executable, "-m", "app.cli", "serve", "--port", str(self.port)]
        command += ["--workers", str(workers)]
        with open(log, "ab") as out:
            self.process = subprocess.Popen(
                command,
                cwd=root,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        wait_until(self._healthy, 180, "the service's start")

    def _healthy(self) -> bool:
        if self.process.poll() is not None:
            tail = self.log.read_text(errors="replace").splitlines()[-20:]
            raise RuntimeError(
                f"the service exited with {self.process.returncode} at start-up; the end of "
                f"its log ({self.log}):\n" + "\n".join(tail)
            )
        try:
            return requests.get(f"{self.url}/healthz", timeout=2).status_code == 200
        except requests.RequestException:
            return False

    def kill(self) -> None:
        """SIGKILL: no shutdown, no cleanup, as a crash or the OOM killer would."""
        signal_group(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        signal_group(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.kill()


class FaultLab:
    """A separate Neo4j and a Chroma server in a temporary folder, and services on top."""

    def __init__(self, service_root: Path = ROOT) -> None:
        self.service_root = service_root
        self.root = Path(tempfile.mkdtemp(prefix="recallgraph-faults-"))
        base = managed_server(Settings().model_copy(update={"neo4j_uri": None}))
        assert base is not None
        self.password = secrets.token_urlsafe(18)
        self.neo4j = ManagedNeo4j(
            replace(
                base.config,
                home=self.root / "neo4j",
                bolt_port=free_port(),
                http_port=free_port(),
                password=self.password,
                start_timeout=240,
            )
        )
        self.chroma = ManagedChroma(
            ChromaServerConfig(
                home=self.root / "chroma-home", data=self.root / "chroma", port=free_port()
            )
        )
        self.log = self.root / "service.log"
        self._store: GraphStore | None = None
        self.proxy: BoltProxy | None = None

    def __enter__(self) -> FaultLab:
        self.neo4j.start()
        self.chroma.start()
        self.proxy = BoltProxy(self.neo4j.config.bolt_port)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._store is not None:
            self._store.close()
        if self.proxy is not None:
            self.proxy.close()
        self.chroma.stop()
        self.neo4j.stop()

    def env(self, **overrides: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "CHROMA_"))}
        assert self.proxy is not None, "enter the lab first"
        return (
            env
            | {
                "NEO4J_URI": f"bolt://127.0.0.1:{self.proxy.port}",
                "NEO4J_PASSWORD": self.password,
                "CHROMA_HOST": "127.0.0.1",
                "CHROMA_PORT": str(self.chroma.config.port),
                "RECALLGRAPH_TRIPLE_WRITER": "none",
                "RECALLGRAPH_VECTOR_REPLAY_SECONDS": "1",
                "RECALLGRAPH_CHROMA_HOME": str(self.root / "unused-chroma-home"),
                # Two workers, Neo4j, Chroma and the client share the cores: OpenMP threads
                # that spin while they wait would starve the others.
                "OMP_WAIT_POLICY": os.environ.get("OMP_WAIT_POLICY", "PASSIVE"),
                "PYTHONPATH": str(self.service_root),
            }
            | overrides
        )

    def service(self, workers: int = 2, **overrides: str) -> Service:
        return Service(self.service_root, self.env(**overrides), workers, self.log)

    @property
    def store(self) -> GraphStore:
        if self._store is None:
            uri = self.neo4j.config.bolt_uri
            self._store = GraphStore(open_driver(uri, "neo4j", self.password), uri=uri)
        return self._store

    # --- what each store holds ------------------------------------------------------------

    def neo4j_ids(self, space: str) -> list[str]:
        rows = self.store.query(
            "MATCH (s:Statement {space: $space}) RETURN s.id AS id", space=space
        )
        return [row["id"] for row in rows]

    def pending(self, space: str) -> int:
        rows = self.store.query(
            "MATCH (s:Statement {space: $space}) WHERE 'vectors' IN s.pending RETURN count(s) AS n",
            space=space,
        )
        return int(rows[0]["n"])

    def chroma_ids(self, space: str) -> list[str]:
        """The statement id of every chunk in the space's collection (each statement here is
        one chunk, so a statement stored twice would show twice)."""
        client = chromadb.HttpClient(
            host="127.0.0.1",
            port=self.chroma.config.port,
            settings=ChromaSettings(anonymized_telemetry=False),
        )
        try:
            collection = client.get_collection(collection_name(space))
        except Exception:  # no collection: nothing stored
            return []
        found = collection.get(include=["metadatas"])
        return [str(meta["statement_id"]) for meta in found["metadatas"] or []]

    # --- faults ---------------------------------------------------------------------------

    def kill_neo4j_after_a_commit(self, space: str) -> None:
        """Hold Neo4j's answers, wait for a commit of ``space`` the service has not heard of,
        then SIGKILL Neo4j: the service's transaction committed, its answer never arrived."""
        assert self.proxy is not None
        before = len(self.neo4j_ids(space))
        self.proxy.arm()
        wait_until(lambda: len(self.neo4j_ids(space)) > before, 60, "a commit unanswered")
        pid = self.neo4j.pid()
        assert pid is not None, "the lab's Neo4j is not running"
        signal_group(pid, signal.SIGKILL)
        ports = (self.neo4j.config.bolt_port, self.neo4j.config.http_port)
        wait_until(lambda: all(port_free(p) for p in ports), 30, "Neo4j's death")
        self.proxy.drop()
        if self._store is not None:
            self._store.close()
            self._store = None

    def kill_chroma(self) -> None:
        pid = self.chroma.pid()
        assert pid is not None, "the lab's Chroma is not running"
        signal_group(pid, signal.SIGKILL)
        wait_until(lambda: port_free(self.chroma.config.port), 30, "Chroma's death")

    @contextlib.contextmanager
    def chroma_frozen(self) -> Iterator[None]:
        """Chroma stopped mid-flight (SIGSTOP): a write to it hangs until it resumes."""
        pid = self.chroma.pid()
        assert pid is not None
        signal_group(pid, signal.SIGSTOP)
        try:
            yield
        finally:
            signal_group(pid, signal.SIGCONT)


def statements(run: str, count: int) -> list[dict[str, Any]]:
    return [
        {"id": f"{run}-{i}", "text": f"Run {run}: Ann saw comet number {i} over harbour {i % 7}."}
        for i in range(count)
    ]


def stream(
    url: Callable[[], str],
    space: str,
    rows: Sequence[dict[str, Any]],
    tally: Tally,
    timeout: float,
    cancel: threading.Event | None = None,
) -> None:
    """Post ``rows`` in batches, in order, each batch retried (same ids) until a 2xx: what a
    client that must not lose anything does. ``url`` says where the service is now (a restarted
    one listens elsewhere). Fails past ``timeout`` seconds, or when ``cancel`` is set."""
    deadline = time.monotonic() + timeout
    session = requests.Session()
    for start in range(0, len(rows), BATCH):
        batch = list(rows[start : start + BATCH])
        ids = {row["id"] for row in batch}
        with tally.lock:
            tally.sent |= ids
        while True:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the stream did not finish within {timeout:.0f} s")
            if cancel is not None and cancel.is_set():
                raise RuntimeError("the stream was cancelled: its fault failed")
            try:
                response = session.post(
                    f"{url()}/v1/spaces/{space}/statements", json=batch, timeout=REQUEST_TIMEOUT_S
                )
            except requests.RequestException:
                response = None
            if response is not None and response.status_code in (200, 201):
                acknowledged = {row["id"] for row in response.json()["statements"]}
                with tally.lock:
                    tally.acknowledged |= acknowledged & ids
                break
            if response is not None and response.status_code < 500:
                raise RuntimeError(f"refused: {response.status_code} {response.text[:200]}")
            tally.retries += 1
            session = requests.Session()
            time.sleep(0.3)
