"""Giving ChromaDB, in the background, the statements it missed.

A statement is committed to Neo4j (the source of truth) marked as pending for the vector store,
and the mark is cleared once ChromaDB has it. When ChromaDB was down, or the process died between
the two writes, the mark stays; this thread finds every space with such statements and replays
them every ``interval`` seconds, so the stores agree again without anyone running
``recallgraph rebuild-vectors``. Replays are idempotent (chunk ids derive from statement ids), so
several workers replaying at once only repeat each other's work.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from graph.errors import RecallGraphError
from graph.updates import spaces_with_pending
from hybrid.ingestion import VECTORS, MemoryWriter

log = logging.getLogger(__name__)

VECTOR_REPLAY_S = 30.0


class VectorReplay:
    """A daemon thread replaying pending statements into the vector store. The writer is built
    on the thread's first round, so starting it opens nothing (a service booting several
    workers at once does not open Neo4j at once in each)."""

    def __init__(self, writer: Callable[[], MemoryWriter], interval: float) -> None:
        self._open_writer = writer
        self._writer: MemoryWriter | None = None
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="vector-replay", daemon=True)

    def start(self) -> VectorReplay:
        self._thread.start()
        return self

    def run_once(self) -> int:
        """Replay every space's pending statements now; how many were written."""
        if self._writer is None:
            self._writer = self._open_writer()
        written = 0
        for space in spaces_with_pending(self._writer.store, VECTORS):
            try:
                written += self._writer.sync_vectors(space)
            except RecallGraphError as e:
                log.warning("vector replay of space %r failed (retried later): %s", space, e)
        return written

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                if written := self.run_once():
                    log.info("vector replay wrote %d statements", written)
            except RecallGraphError as e:
                log.warning("vector replay could not reach Neo4j (retried later): %s", e)

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)
