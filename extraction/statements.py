"""A statement as callers give it, and what it becomes before anything is written: a validated
record and its concept writes (``hybrid.ingestion`` writes them as one knowledge update).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from extraction.concepts import extract_concepts
from extraction.revision import revise_recent
from graph.concepts import ConceptRow, ConceptsPart
from graph.errors import InvalidInputError, PayloadTooLargeError
from graph.updates import StatementRecord, UpdatePart

RevisionMode = Literal["recent", "llm", "off"]
STATEMENT_ID_MAX = 200


class StatementBody(BaseModel):
    """A statement as a client sends it, one JSON Lines record or one REST body: the one place
    its fields are checked (numbers are accepted as ids)."""

    model_config = ConfigDict(extra="forbid")

    text: str
    id: str | None = Field(default=None, min_length=1, max_length=STATEMENT_ID_MAX)
    source: str | None = Field(default=None, max_length=500)
    observed_at: str | None = Field(default=None, max_length=100)

    @field_validator("id", mode="before")
    @classmethod
    def _numbers_are_ids_too(cls, value: object) -> object:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @field_validator("text")
    @classmethod
    def _visible(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("text is empty: a statement needs at least one visible character")
        return value

    def to_input(
        self, default_id: str | None = None, default_source: str | None = None
    ) -> StatementInput:
        return StatementInput(
            self.text,
            self.id or default_id,
            self.source if self.source is not None else default_source,
            self.observed_at,
        )


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
