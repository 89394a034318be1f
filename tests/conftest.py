"""Shared fixtures: one real Neo4j for the whole run, a fresh space per test.

The server is the managed one started by ``make test`` (or the one NEO4J_URI names). If it is not
reachable the integration tests fail loudly: a skip would hide a missing setup step.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator

import pytest

# The suite's ChromaDB lives in a throw-away folder, never in the user's.
os.environ["CHROMA_PATH"] = tempfile.mkdtemp(prefix="recallgraph-test-chroma-")
# Ingestion in the suite writes concepts and vectors; the tests of the memory model turn its
# triple writer on where they need it (it costs about a second per statement on a CPU).
os.environ.setdefault("RECALLGRAPH_TRIPLE_WRITER", "none")

from app.config import Settings, get_settings
from app.runtime import open_store, vector_store
from graph.spaces import create_space, delete_space, space_exists
from graph.store import GraphStore


@pytest.fixture(scope="session")
def settings() -> Settings:
    return get_settings()


@pytest.fixture(scope="session")
def store(settings: Settings) -> GraphStore:
    return open_store(settings)


def new_space_name(prefix: str = "test") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def space(store: GraphStore, settings: Settings) -> Iterator[str]:
    """A fresh, empty space for one test, deleted afterwards (graph and vectors)."""
    name = new_space_name()
    create_space(store, name)
    yield name
    if space_exists(store, name):
        delete_space(store, name)
    vectors = vector_store(settings)
    if vectors is not None:
        vectors.drop(name)
