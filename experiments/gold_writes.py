"""The QA sets' own labels as the writes: what the readers score when every fact is right.

``eval-answers --gold-writes`` stores, for each statement, the gold triples its set labels it with
(after coreference, retractions included) instead of what a writer reads, through the memory's
canonical relations like any write. The answers then measure the question planning, the temporal
reads and the composition alone, apart from the writer's errors.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from experiments.eval_writes import load_streams
from extraction.memory_api import Triple
from extraction.statements import StatementInput
from hybrid.triple_memory import TripleMemory
from hybrid.triple_writer import TripleWriter, WrittenTriples, storable


def gold_triples(streams: Path) -> dict[str, list[Triple]]:
    """Each statement id's labelled triples."""
    return {s.id: list(s.gold) for stream in load_streams(streams).values() for s in stream}


class GoldWriter(TripleWriter):
    """A triple writer that writes each statement's labels."""

    def __init__(self, memory: TripleMemory, gold: Mapping[str, Sequence[Triple]]) -> None:
        super().__init__(memory, None, patterns=True)
        self.writer = "gold"
        self.gold = gold

    def resolve(self, space: str, statement: StatementInput) -> WrittenTriples:
        found = list(self.gold.get(statement.id or "", ()))
        with self._lock:
            earlier = [t for _, written in self._recent[space] for t in written]
        found = [t for t in self.memory.canonical(space, found, earlier) if storable(t)]
        with self._lock:
            self._recent[space].appendleft((statement.text, found))
        return WrittenTriples(found, [])
