"""A statement as callers give it, and what it becomes before anything is written: a validated
record and its concept writes (``hybrid.ingestion`` writes them as one knowledge update).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from functools import partial
from typing import Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, field_validator

from extraction.concepts import ConceptExtraction, extract_concepts
from extraction.datetimes import parse_datetime
from extraction.messages import without_export_stamp
from extraction.revision import remember_sentence_labels, revise_recent
from extraction.time_expressions import find_time_expressions, validity
from graph.concept_merges import ConceptRow
from graph.concept_writes import ConceptsPart
from graph.dates import DatedPhrase, DatesPart
from graph.errors import InvalidInputError, PayloadTooLargeError
from graph.update_parts import UpdatePart
from graph.updates import StatementRecord

RevisionMode = Literal["recent", "llm", "off"]
ObservedOrder = Literal["refuse", "warn"]
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

    @field_validator("observed_at")
    @classmethod
    def _iso_datetime(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                parse_datetime(value, UTC)
            except InvalidInputError as e:
                raise ValueError(str(e)) from e
        return value

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
    """A statement as a caller gives it; ``id`` is an idempotency key (derived from the content
    when absent: ``content_id``)."""

    text: str
    id: str | None = None
    source: str | None = None
    observed_at: str | datetime | None = None  # ISO 8601 text or an aware date-time


@dataclass(frozen=True)
class IngestSettings:
    revision_mode: RevisionMode = "recent"
    revision_period: int = 3
    context_char_limit: int = 2000
    max_statement_chars: int = 200_000
    timezone: str = "UTC"
    observed_order: ObservedOrder = "refuse"


PartBuilder = Callable[[str, StatementInput], UpdatePart | None]
"""Builds an extra part of an update (e.g. the triple writer's facts) from (space, statement)."""


@runtime_checkable
class BatchPartBuilder(Protocol):
    """A part builder that reads several statements at once (the model writer decodes their
    sentences together), giving each the part it would give it alone."""

    def __call__(self, space: str, statement: StatementInput) -> UpdatePart | None: ...

    def many(
        self, space: str, statements: Sequence[StatementInput]
    ) -> Sequence[UpdatePart | None]: ...


def content_id(space: str, text: str, observed_at: datetime | None) -> str:
    """The id of a statement sent without one: its space, text and ``observed_at``, hashed.

    A retried request (after a timeout, a 503, a crash) then finds its statements already stored
    and stores nothing twice. The trade-off: the same text sent again later, with no ``id`` and
    no ``observed_at`` to tell the two apart, is the same statement, not a second update; a
    client that means "said again" gives an ``id`` or an ``observed_at``.
    """
    digest = hashlib.sha256()
    for part in (space, text, observed_at.isoformat() if observed_at else ""):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\x00")
    return f"sha256:{digest.hexdigest()[:32]}"


def validate_statement(
    statement: StatementInput, max_chars: int, space: str, default_zone: tzinfo = UTC
) -> StatementRecord:
    """Refuse what cannot be a knowledge update, naming the problem; read ``observed_at`` (its
    zone kept; ``default_zone`` when it names none) and fill in a missing id (``content_id``)."""
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
    try:
        statement.text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise InvalidInputError(
            f"text holds a lone surrogate at character {e.start}, which is not a character"
        ) from e
    observed = statement.observed_at
    if isinstance(observed, datetime):
        observed = observed if observed.tzinfo else observed.replace(tzinfo=default_zone)
    elif observed is not None:
        observed = parse_datetime(observed, default_zone)
    statement_id = (
        statement.id if statement.id is not None else content_id(space, statement.text, observed)
    )
    if not statement_id.strip() or len(statement_id) > STATEMENT_ID_MAX:
        raise InvalidInputError(f"id must be 1 to {STATEMENT_ID_MAX} characters")
    return StatementRecord(
        id=statement_id,
        text=statement.text,
        source=statement.source,
        observed_at=observed,
    )


NEVER = 2**62


def concepts_part(
    text: str, settings: IngestSettings, extraction: ConceptExtraction | None = None
) -> ConceptsPart:
    """The concept writes of ``text`` (``extraction``: its concepts, when already extracted),
    revising inline in ``recent`` mode and never when ``off``."""
    if extraction is None:
        extraction = extract_concepts(text)
    if settings.revision_mode == "recent":
        remember_sentence_labels(extraction)
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


MAX_DATED_PHRASES = 50  # per statement: a long document keeps its first 50


def dates_part(record: StatementRecord) -> DatesPart | None:
    """The statement's date phrases resolved against its ``observed_at``, and the validity
    dates they give its facts; None when it has none. Where ``observed_at`` says when it was
    said, a chat export's own stamp of that moment ("[08/02/2025, 14:12] Mum: … this
    morning") is no phrase of it."""
    stamped = record.observed_at is not None
    words = without_export_stamp(record.text) if stamped else record.text
    phrases = find_time_expressions(words, record.observed_at)[:MAX_DATED_PHRASES]
    if not phrases:
        return None
    valid_from, valid_to = validity(phrases)
    return DatesPart(
        phrases=[DatedPhrase(p.text, p.kind, p.first, p.last) for p in phrases],
        valid_from=valid_from,
        valid_to=valid_to,
    )
