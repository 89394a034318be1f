"""The components one Flask app shares between requests, built lazily once per app.

Neo4j, ChromaDB and the models are opened on first use (``app.runtime`` keeps one of each per
process), so creating an app per test is cheap and ``/healthz`` can report a model that is not
loaded yet without loading it.
"""

from __future__ import annotations

import threading
from functools import cached_property

from flask import current_app

from app.config import Settings
from app.runtime import build_asker, build_writer, llm_backend, open_store, open_triple_memory
from extraction.triple_memory import TripleMemory
from graph.store import GraphStore
from hybrid.ask import Asker
from hybrid.ingestion import MemoryWriter
from hybrid.llm.base import ChatBackend

EXTENSION = "recallgraph"


class Services:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._lock = threading.RLock()

    @cached_property
    def llm(self) -> ChatBackend:
        with self._lock:
            return llm_backend(self.settings)

    @cached_property
    def store(self) -> GraphStore:
        with self._lock:
            return open_store(self.settings)

    @cached_property
    def writer(self) -> MemoryWriter:
        with self._lock:
            return build_writer(self.settings)

    @cached_property
    def asker(self) -> Asker:
        with self._lock:
            return build_asker(self.settings)

    @cached_property
    def memory(self) -> TripleMemory:
        with self._lock:
            return open_triple_memory(self.settings)

    def loaded(self, name: str) -> bool:
        """Whether a component has been built (without building it)."""
        return name in self.__dict__


def services() -> Services:
    """The current app's services."""
    return current_app.extensions[EXTENSION]  # type: ignore[no-any-return]
