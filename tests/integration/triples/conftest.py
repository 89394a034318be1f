"""Fixtures for the triple-memory tests: one memory (and one embedding model) per session."""

from __future__ import annotations

import uuid

import pytest

from extraction.memory_api import Triple
from graph.spaces import current_t
from graph.updates import StatementRecord, write_update
from hybrid.recallgraph import RecallGraph
from hybrid.triple_memory import FactsReceipt, TripleMemory


@pytest.fixture(scope="session")
def memory(recallgraph: RecallGraph) -> TripleMemory:
    return recallgraph.triples


def fact(subject: str, relation: str, obj: str) -> Triple:
    return Triple.from_parts(subject, relation, obj)


def write_at(memory: TripleMemory, space: str, t: int, *triples: Triple) -> FactsReceipt:
    """Write ``triples`` as the update that gets temporal index ``t`` (other statements first)."""
    for i in range(current_t(memory.store, space) + 1, t):
        filler = StatementRecord(id=str(uuid.uuid4()), text=f"Unrelated statement {i}.")
        write_update(memory.store, space, filler)
    receipt = memory.write(space, list(triples), writer="test", source="test")
    assert receipt.t == t
    return receipt
