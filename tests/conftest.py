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

# OpenMP threads (torch's MiniLM embedder, llama.cpp) sleep instead of spinning while they wait:
# on a 2-core machine the suite, Neo4j, Chroma and the services share, spinning threads starve
# the rest (embedding 500 statements took 15-17 s spinning and 2.4-3.8 s passive on this
# machine, busy). Set before anything imports torch; child processes (the fault lab's services,
# the MCP server) inherit it.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
# The suite's ChromaDB lives in a throw-away folder, never in the user's.
os.environ["CHROMA_PATH"] = tempfile.mkdtemp(prefix="recallgraph-test-chroma-")
# Ingestion in the suite writes concepts and vectors; the tests of the memory model turn its
# triple writer on where they need it (it costs about a second per statement on a CPU).
os.environ.setdefault("RECALLGRAPH_TRIPLE_WRITER", "none")
# No background vector replay in the suite's shared memory: the tests that replay say when.
os.environ.setdefault("RECALLGRAPH_VECTOR_REPLAY_SECONDS", "0")

from app.config import get_settings
from graph.spaces import create_space, space_exists
from graph.store import GraphStore
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings


@pytest.fixture(scope="session")
def settings() -> Settings:
    return get_settings()


@pytest.fixture(scope="session")
def recallgraph(settings: Settings) -> Iterator[RecallGraph]:
    """The suite's one memory: one driver, one set of model engines, shared by every test
    (a test that needs other settings takes ``recallgraph.variant(...)``)."""
    with RecallGraph.from_settings(settings) as shared:
        yield shared


@pytest.fixture(scope="session")
def store(recallgraph: RecallGraph) -> GraphStore:
    return recallgraph.store


def new_space_name(prefix: str = "test") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def space(recallgraph: RecallGraph) -> Iterator[str]:
    """A fresh, empty space for one test, deleted afterwards (graph and vectors)."""
    name = new_space_name()
    create_space(recallgraph.store, name)
    yield name
    if space_exists(recallgraph.store, name):
        recallgraph.delete_space(name)
    elif recallgraph.vectors is not None:
        recallgraph.vectors.drop(name)
