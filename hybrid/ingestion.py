"""One ingestion call writes every store: the graph (concepts, facts) and the vector baseline.

Neo4j is written first, in the update's transaction, with the statement marked as pending for the
vector store; the mark is cleared once ChromaDB has the statement. If ChromaDB fails, the statement
is safe in Neo4j, the failure is reported in the result, and ``sync_vectors`` replays what is
missing (``rebuild=True`` recreates a deleted collection from the Statement nodes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from extraction.ingest import Ingestor, IngestResult, StatementInput
from graph.errors import VectorStoreError
from graph.store import GraphStore
from graph.updates import (
    clear_pending,
    mark_all_pending,
    pending_statements,
)
from hybrid.vector_store import VectorStore

VECTORS = "vectors"
REPLAY_BATCH = 256


@dataclass(frozen=True)
class IngestOutcome:
    result: IngestResult
    pending: list[str] = field(default_factory=list)  # stores that still miss this statement
    warnings: list[str] = field(default_factory=list)

    @property
    def t(self) -> int:
        return self.result.t

    @property
    def duplicate(self) -> bool:
        return self.result.receipt.duplicate


AfterCommit = Callable[[str, IngestResult], None]
"""Work that must not hold the space's lock (LLM context revision), run after the commit."""


class MemoryWriter:
    """Writes statements into the graph and, when configured, the vector store."""

    def __init__(
        self,
        store: GraphStore,
        ingestor: Ingestor,
        vectors: VectorStore | None,
        after_commit: AfterCommit | None = None,
    ) -> None:
        self.store = store
        self.ingestor = ingestor
        self.vectors = vectors
        self.after_commit = after_commit

    def ingest(self, space: str, statement: StatementInput) -> IngestOutcome:
        return self.ingest_many(space, [statement])[0]

    def ingest_many(self, space: str, statements: Sequence[StatementInput]) -> list[IngestOutcome]:
        """Store statements in order (one Neo4j transaction), then give the new ones to the
        vector store in one batch."""
        pending = (VECTORS,) if self.vectors is not None else ()
        results = self.ingestor.ingest_many(space, statements, pending=pending)
        new = [r for r in results if not r.receipt.duplicate]
        if self.after_commit is not None:
            for result in new:
                self.after_commit(space, result)
        if self.vectors is None or not new:
            return [IngestOutcome(r) for r in results]
        rows = [
            {"id": r.record.id, "t": r.t, "text": r.record.text, "source": r.record.source}
            for r in new
        ]
        try:
            self.vectors.add(space, rows)
        except VectorStoreError as e:
            missed = {r.record.id for r in new}
            return [
                IngestOutcome(
                    r,
                    pending=[VECTORS],
                    warnings=[
                        f"stored in Neo4j at t={r.t} but not in the vector store ({e}); "
                        f"`recallgraph rebuild-vectors --space {space}` replays it"
                    ],
                )
                if r.record.id in missed
                else IngestOutcome(r)
                for r in results
            ]
        clear_pending(self.store, space, VECTORS, [r.record.id for r in new])
        return [IngestOutcome(r) for r in results]

    def sync_vectors(self, space: str, *, rebuild: bool = False) -> int:
        """Give the vector store every statement it misses; ``rebuild`` starts from nothing."""
        if self.vectors is None:
            raise VectorStoreError("no vector store is configured")
        if rebuild:
            self.vectors.drop(space)
            mark_all_pending(self.store, space, VECTORS)
        written = 0
        while batch := pending_statements(self.store, space, VECTORS, limit=REPLAY_BATCH):
            self.vectors.add(space, batch)
            clear_pending(self.store, space, VECTORS, [row["id"] for row in batch])
            written += len(batch)
        return written
