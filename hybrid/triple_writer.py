"""The model as the triple writer of ingestion: a ``PartBuilder`` for ``extraction.statements``.

The model runs before the update's transaction opens; its triples become a ``FactsPart`` that is
written in the same transaction as the statement's concepts, at the same ``t``, with the writer
recorded as ``model:<adapter>``.
"""

from __future__ import annotations

from extraction.memory_model.decoding import WRITE_DECODING, Decoding
from extraction.memory_model.model import MemoryModel
from extraction.statements import StatementInput
from graph.facts_write import FactsPart
from hybrid.triple_memory import TripleMemory


class ModelTripleWriter:
    def __init__(
        self, model: MemoryModel, memory: TripleMemory, how: Decoding = WRITE_DECODING
    ) -> None:
        self.model = model
        self.memory = memory
        self.how = how
        self.writer = f"model:{model.name}"

    def __call__(self, space: str, statement: StatementInput) -> FactsPart | None:
        result = self.model.write(statement.text, self.how)
        if not result.triples:
            return None
        prepared = self.memory.prepare(
            space, result.triples, writer=self.writer, source=statement.source
        )
        return prepared.part
