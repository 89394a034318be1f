"""Text to writes: one statement becomes one knowledge update.

The statement is validated, its concepts extracted, and every part (concepts, and the facts of a
triple writer when one is configured) written in the update's single transaction. Symbolic
revision happens inside that transaction; LLM revision is left to the caller (``hybrid``), which
gets the due concepts back.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Literal

from extraction.concepts import extract_concepts
from extraction.revision import revise_recent
from graph.concepts import ConceptRow, ConceptsPart, DueConcept
from graph.errors import InvalidInputError, PayloadTooLargeError
from graph.store import GraphStore
from graph.updates import StatementRecord, UpdatePart, UpdateReceipt, write_updates

RevisionMode = Literal["recent", "llm", "off"]
STATEMENT_ID_MAX = 200


@dataclass(frozen=True)
class StatementInput:
    """A statement as a caller gives it; ``id`` is an idempotency key (generated when absent)."""

    text: str
    id: str | None = None
    source: str | None = None
    observed_at: str | None = None


@dataclass(frozen=True)
class IngestSettings:
    revision_mode: RevisionMode = "recent"
    revision_period: int = 3
    context_char_limit: int = 2000
    max_statement_chars: int = 200_000


@dataclass(frozen=True)
class IngestResult:
    record: StatementRecord  # as stored: the id is filled in
    receipt: UpdateReceipt
    due_for_revision: list[DueConcept] = field(default_factory=list)

    @property
    def t(self) -> int:
        return self.receipt.t


PartBuilder = Callable[[str, StatementInput], UpdatePart | None]
"""Builds an extra part of an update (e.g. the triple writer's facts) from (space, statement)."""


def validate_statement(statement: StatementInput, max_chars: int) -> StatementRecord:
    """Refuse what cannot be a knowledge update, naming the problem; fill in a missing id."""
    if not isinstance(statement.text, str):
        raise InvalidInputError("text must be a string")
    if not statement.text.strip():
        raise InvalidInputError("text is empty: a statement needs at least one visible character")
    if len(statement.text) > max_chars:
        raise PayloadTooLargeError(
            f"text is {len(statement.text)} characters; the limit is {max_chars} "
            "(RECALLGRAPH_MAX_STATEMENT_CHARS); split the document into several statements"
        )
    if "\x00" in statement.text:
        raise InvalidInputError("text contains a NUL character")
    statement_id = statement.id if statement.id is not None else str(uuid.uuid4())
    if not statement_id.strip() or len(statement_id) > STATEMENT_ID_MAX:
        raise InvalidInputError(f"id must be 1 to {STATEMENT_ID_MAX} characters")
    return StatementRecord(
        id=statement_id,
        text=statement.text,
        source=statement.source,
        observed_at=statement.observed_at,
    )


NEVER = 2**62


def concepts_part(text: str, settings: IngestSettings) -> ConceptsPart:
    """The concept writes of ``text``, revising inline in ``recent`` mode and never when ``off``."""
    extraction = extract_concepts(text)
    revising = settings.revision_mode != "off"
    return ConceptsPart(
        concepts=[ConceptRow(c.label, c.names, c.sentences) for c in extraction.concepts],
        relations=extraction.relations,
        revision_period=settings.revision_period if revising else NEVER,
        context_char_limit=settings.context_char_limit if revising else NEVER,
        reviser=(
            partial(revise_recent, char_limit=settings.context_char_limit)
            if settings.revision_mode == "recent"
            else None
        ),
    )


class Ingestor:
    """Writes statements into a space: concepts always, other parts when builders are given."""

    def __init__(
        self,
        store: GraphStore,
        settings: IngestSettings,
        part_builders: Sequence[PartBuilder] = (),
    ) -> None:
        self.store = store
        self.settings = settings
        self.part_builders = list(part_builders)

    def ingest(
        self, space: str, statement: StatementInput, *, pending: tuple[str, ...] = ()
    ) -> IngestResult:
        """Store one statement; ``pending`` names the stores beside Neo4j still to take it."""
        return self.ingest_many(space, [statement], pending=pending)[0]

    def ingest_many(
        self, space: str, statements: Sequence[StatementInput], *, pending: tuple[str, ...] = ()
    ) -> list[IngestResult]:
        """Store statements in order, each its own update, all in one transaction.

        Every statement is validated before anything is written: one bad statement (named by its
        position) stores none of the batch.
        """
        records = []
        for i, statement in enumerate(statements):
            try:
                record = validate_statement(statement, self.settings.max_statement_chars)
            except InvalidInputError as e:
                where = f"statement {i + 1}: " if len(statements) > 1 else ""
                raise type(e)(f"{where}{e}") from e
            records.append(replace(record, pending=pending))
        updates: list[tuple[StatementRecord, list[UpdatePart]]] = []
        concept_parts = []
        for record, statement in zip(records, statements, strict=True):
            concepts = concepts_part(record.text, self.settings)
            parts: list[UpdatePart] = [concepts]
            for build in self.part_builders:
                part = build(space, statement)
                if part is not None:
                    parts.append(part)
            updates.append((record, parts))
            concept_parts.append(concepts)
        receipts = write_updates(self.store, space, updates)
        llm_mode = self.settings.revision_mode == "llm"
        return [
            IngestResult(record, receipt, concepts.due if llm_mode else [])
            for record, receipt, concepts in zip(records, receipts, concept_parts, strict=True)
        ]
