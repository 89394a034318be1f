"""One ingestion call writes every store: the graph (concepts, facts) and the vector baseline.

``Ingestor`` writes the graph: each statement is validated, its concepts extracted, and every part
(concepts, and the facts of a triple writer when one is configured) written in the update's single
transaction. Symbolic revision happens inside that transaction; LLM revision is left to the
caller, which gets the due concepts back.

Neo4j is written first, in the update's transaction, with the statement marked as pending for the
vector store; the mark is cleared once ChromaDB has the statement. If ChromaDB fails, the statement
is safe in Neo4j, the failure is reported in the result, and ``sync_vectors`` replays what is
missing (``rebuild=True`` recreates a deleted collection from the Statement nodes): the service
does it in the background (``hybrid.vector_replay``), and a re-sent statement that is still
pending goes to ChromaDB with the retry.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from extraction.concepts import ConceptExtraction, extract_many
from extraction.datetimes import zone
from extraction.statements import (
    IngestSettings,
    PartBuilder,
    StatementInput,
    concepts_part,
    dates_part,
    validate_statement,
)
from graph.concept_merges import DueConcept
from graph.concept_writes import ConceptsPart
from graph.errors import ConflictError, InvalidInputError, VectorStoreError
from graph.store import GraphStore
from graph.update_parts import UpdatePart
from graph.updates import (
    StatementRecord,
    UpdateReceipt,
    clear_pending,
    get_statement,
    mark_all_pending,
    pending_among,
    pending_statements,
    write_updates,
)
from hybrid.part_builders import built_parts
from hybrid.vector_store import ChunkVectors, VectorStore
from hybrid.write_budget import (
    ModelShare,
    RequestBudget,
    WriteBudget,
    model_share,
)

VECTORS = "vectors"
REPLAY_BATCH = 256
ORDER_TIMEOUT = 120.0  # seconds a batch waits for the statement it follows (``after``)


def wait_for_statement(store: GraphStore, space: str, statement_id: str, timeout: float) -> None:
    """Return once ``statement_id`` is stored in ``space``; a ``ConflictError`` after
    ``timeout`` seconds (the batch it belongs to failed, or was never sent)."""
    deadline = time.monotonic() + timeout
    pause = 0.002
    while get_statement(store, space, statement_id) is None:
        if time.monotonic() >= deadline:
            raise ConflictError(
                f"statement {statement_id!r}, which this batch follows, is not stored in space "
                f"{space!r} after {timeout:.0f} s: send the batch it belongs to first"
            )
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


@dataclass(frozen=True)
class IngestResult:
    record: StatementRecord  # as stored: the id is filled in
    receipt: UpdateReceipt
    due_for_revision: list[DueConcept] = field(default_factory=list)
    model: ModelShare | None = None  # what the part builders (the model writer) read

    @property
    def t(self) -> int:
        return self.receipt.t


@dataclass(frozen=True)
class PreparedBatch:
    """A batch ready to write: each statement's record and parts, in order."""

    updates: list[tuple[StatementRecord, list[UpdatePart]]]
    concept_parts: list[ConceptsPart]  # each update's, for the concepts due for LLM revision
    shares: list[ModelShare | None]  # what the model writer read of each


def estimated_tokens(sentence: str) -> int:
    """About three characters per token (SmolLM2's tokenizer on English), for an ``Ingestor``
    given no tokenizer."""
    return max(1, -(-len(sentence) // 3))


def _read(statement: StatementInput, share: ModelShare | None) -> StatementInput | None:
    """What the part builders read of a statement: all of it, its share of the model's budget,
    or nothing (over the budget)."""
    if share is None:
        return statement
    return replace(statement, text=share.text) if share.read else None


class Ingestor:
    """Writes statements into a space: concepts always, other parts when builders are given."""

    def __init__(
        self,
        store: GraphStore,
        settings: IngestSettings,
        part_builders: Sequence[PartBuilder] = (),
        *,
        budget: WriteBudget | None = None,
        count_tokens: Callable[[str], int] = estimated_tokens,
    ) -> None:
        """``budget`` bounds what the part builders read of each statement (the model writer's
        work: ``hybrid.write_budget``); None gives them whole statements."""
        self.store = store
        self.settings = settings
        self.part_builders = list(part_builders)
        self.budget = budget
        self.count_tokens = count_tokens

    def ingest(
        self, space: str, statement: StatementInput, *, pending: tuple[str, ...] = ()
    ) -> IngestResult:
        """Store one statement; ``pending`` names the stores beside Neo4j still to take it."""
        return self.ingest_many(space, [statement], pending=pending)[0]

    def ingest_many(
        self,
        space: str,
        statements: Sequence[StatementInput],
        *,
        pending: tuple[str, ...] = (),
        bounded: bool = False,
        extractions: Sequence[ConceptExtraction] | None = None,
    ) -> list[IngestResult]:
        """Store statements in order, each its own update, all in one transaction."""
        prepared = self.prepare(
            space, statements, pending=pending, bounded=bounded, extractions=extractions
        )
        return self.write(space, prepared)

    def prepare(
        self,
        space: str,
        statements: Sequence[StatementInput],
        *,
        pending: tuple[str, ...] = (),
        bounded: bool = False,
        extractions: Sequence[ConceptExtraction] | None = None,
    ) -> PreparedBatch:
        """Everything of a batch but the write: validated records and each one's parts.

        Every statement is validated before anything is written: one bad statement (named by its
        position) stores none of the batch. The part builders read each statement's first
        sentences within the budget; ``bounded`` (one HTTP request) adds the request's budget.
        ``extractions``: the statements' concepts, extracted beforehand (by a worker process).
        """
        records = []
        default_zone = zone(self.settings.timezone)
        for i, statement in enumerate(statements):
            try:
                record = validate_statement(
                    statement, self.settings.max_statement_chars, space, default_zone
                )
            except InvalidInputError as e:
                where = f"statement {i + 1}: " if len(statements) > 1 else ""
                raise type(e)(f"{where}{e}") from e
            records.append(replace(record, pending=pending))
        budget = self.budget if self.part_builders else None
        shares: list[ModelShare | None] = [
            None if budget is None else model_share(r.text, budget, self.count_tokens)
            for r in records
        ]
        request = (
            RequestBudget(budget, [s for s in shares if s is not None])
            if bounded and budget is not None
            else None
        )
        found = extractions if extractions is not None else [None] * len(records)
        reads = [
            _read(statement, share) for statement, share in zip(statements, shares, strict=True)
        ]
        built = built_parts(space, reads, self.part_builders, request)
        updates: list[tuple[StatementRecord, list[UpdatePart]]] = []
        concept_parts = []
        for record, extraction, extra in zip(records, found, built, strict=True):
            concepts = concepts_part(record.text, self.settings, extraction)
            parts: list[UpdatePart] = [concepts, *extra]
            dates = dates_part(record)  # last: it dates the facts the parts above wrote
            if dates is not None:
                parts.append(dates)
            updates.append((record, parts))
            concept_parts.append(concepts)
        if request is not None:
            request.check_time()
        return PreparedBatch(updates, concept_parts, shares)

    def write(self, space: str, prepared: PreparedBatch) -> list[IngestResult]:
        """Write a prepared batch as one transaction."""
        receipts = write_updates(self.store, space, prepared.updates, self.settings.observed_order)
        llm_mode = self.settings.revision_mode == "llm"
        return [
            IngestResult(record, receipt, concepts.due if llm_mode else [], share)
            for (record, _), receipt, concepts, share in zip(
                prepared.updates, receipts, prepared.concept_parts, prepared.shares, strict=True
            )
        ]


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
        *,
        order_timeout: float = ORDER_TIMEOUT,
    ) -> None:
        self.store = store
        self.ingestor = ingestor
        self.vectors = vectors
        self.after_commit = after_commit
        self._embedding: ThreadPoolExecutor | None = None  # started on the first batch
        self.order_timeout = order_timeout
        self._lock = threading.Lock()

    def ingest(self, space: str, statement: StatementInput) -> IngestOutcome:
        return self.ingest_many(space, [statement])[0]

    def ingest_many(
        self,
        space: str,
        statements: Sequence[StatementInput],
        *,
        bounded: bool = False,
        after: str | None = None,
    ) -> list[IngestOutcome]:
        """Store statements in order (one Neo4j transaction), then give the vector store, in one
        batch, the new ones and the re-sent ones it never got (a retry after a failure between
        the two stores ends with each holding the statement once).

        The statements are embedded meanwhile, in a thread of their own: the embedder, the
        slowest step, runs while the concepts are extracted and Neo4j writes. ``after``: the id
        of the statement this batch follows (a client sending its batches concurrently): the
        concepts are extracted at once, the rest waits until that statement is stored."""
        embedded = self._embed_ahead([s.text for s in statements])
        extractions = None
        if after is not None:
            extractions = extract_many([s.text for s in statements])
            wait_for_statement(self.store, space, after, self.order_timeout)
        results = self.write_graph(space, statements, bounded=bounded, extractions=extractions)
        return self.write_vectors(space, results, embedded.result() if embedded else None)

    def _embed_ahead(self, texts: list[str]) -> Future[ChunkVectors] | None:
        if self.vectors is None:
            return None
        with self._lock:
            if self._embedding is None:
                self._embedding = ThreadPoolExecutor(1, thread_name_prefix="embed-ahead")
        return self._embedding.submit(self.vectors.embed, texts)

    def write_graph(
        self,
        space: str,
        statements: Sequence[StatementInput],
        *,
        bounded: bool = False,
        extractions: Sequence[ConceptExtraction] | None = None,
    ) -> list[IngestResult]:
        """The Neo4j half: one transaction, each statement marked as pending for the vector
        store; then the work that must not hold the space's lock (LLM revision)."""
        pending = (VECTORS,) if self.vectors is not None else ()
        results = self.ingestor.ingest_many(
            space, statements, pending=pending, bounded=bounded, extractions=extractions
        )
        if self.after_commit is not None:
            for result in results:
                if not result.receipt.duplicate:
                    self.after_commit(space, result)
        return results

    def write_vectors(
        self, space: str, results: Sequence[IngestResult], embedded: ChunkVectors | None = None
    ) -> list[IngestOutcome]:
        """The vector store's half, for what the graph half stored (``embedded``: vectors
        computed beforehand); each statement's outcome with its warnings."""
        new = [r for r in results if not r.receipt.duplicate]
        notes = {
            r.record.id: [
                *r.receipt.warnings,
                *([r.model.warning()] if r.model and r.model.truncated else []),
            ]
            for r in results
        }
        if self.vectors is None:
            return [IngestOutcome(r, warnings=notes[r.record.id]) for r in results]
        rows = [
            {"id": r.record.id, "t": r.t, "text": r.record.text, "source": r.record.source}
            for r in new
        ]
        resent = [r.record.id for r in results if r.receipt.duplicate]
        rows += pending_among(self.store, space, VECTORS, resent) if resent else []
        try:
            self._give_vectors(space, rows, embedded)
        except VectorStoreError as e:
            missed = {row["id"] for row in rows}
            return [
                IngestOutcome(
                    r,
                    pending=[VECTORS],
                    warnings=[
                        *notes[r.record.id],
                        f"stored in Neo4j at t={r.t} but not yet in the vector store ({e}); the "
                        "service replays it in the background (or: `recallgraph rebuild-vectors "
                        f"--space {space} --missing-only`)",
                    ],
                )
                if r.record.id in missed
                else IngestOutcome(r, warnings=notes[r.record.id])
                for r in results
            ]
        return [IngestOutcome(r, warnings=notes[r.record.id]) for r in results]

    def _give_vectors(
        self, space: str, rows: Sequence[dict[str, Any]], embedded: ChunkVectors | None = None
    ) -> None:
        """Add rows to the vector store and clear their pending mark; rows whose statement is
        gone meanwhile (the space was deleted) are taken out again, so a deleted space never
        comes back in ChromaDB."""
        if not rows or self.vectors is None:
            return
        self.vectors.add(space, rows, embedded)
        ids = [str(row["id"]) for row in rows]
        gone = set(ids) - clear_pending(self.store, space, VECTORS, ids)
        if gone:
            self.vectors.delete(space, sorted(gone))

    def sync_vectors(
        self,
        space: str,
        *,
        rebuild: bool = False,
        on_written: Callable[[int], None] | None = None,
    ) -> int:
        """Give the vector store every statement it misses; ``rebuild`` starts from nothing
        (``on_written(n)``: n more are in the vector store)."""
        if self.vectors is None:
            raise VectorStoreError("no vector store is configured")
        if rebuild:
            self.vectors.drop(space)
            mark_all_pending(self.store, space, VECTORS)
        written = 0
        while batch := pending_statements(self.store, space, VECTORS, limit=REPLAY_BATCH):
            self._give_vectors(space, batch)
            written += len(batch)
            if on_written is not None:
                on_written(len(batch))
        return written
