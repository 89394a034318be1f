"""The MEM_WRITE / MEM_READ text API of RET-LLM and MEMLLM: validated calls and their text forms.

Both papers' forms are read; MEMLLM's is the canonical form this project writes (and trains the
memory model to emit):

=========  ===============================================  ====================================
call       MEMLLM (canonical)                               RET-LLM
=========  ===============================================  ====================================
write      ``({MEM_WRITE--> s>>r>>o; s2>>r2>>o2})``         ``[MEM_WRITE{s>>r>>o}]`` (one each)
read       ``({MEM_READ(s>>r>>; >>r>>o)-->`` (pending)     ``[MEM_READ{s>>r>>}]`` (pending)
answered   ``({MEM_READ(s>>r>>)--> e1, e2})``               ``[MEM_READ{s>>r>>}:{s>>r>>o};{…}]``
=========  ===============================================  ====================================

A query leaves the parts it asks for empty (``_`` and ``*`` also mean empty); any non-empty subset
of subject, relation and object is a query, which covers RET-LLM's six shapes ⟨s⟩ ⟨r⟩ ⟨o⟩ ⟨s,r⟩
⟨s,o⟩ ⟨r,o⟩ plus the full-triple check ⟨s,r,o⟩. A query may end with a temporal operator,
``s>>r>>@previous``, ``s>>r>>@before Globex``, ``s>>r>>o@still``, ``s>>r>>@as_of 212``, in either
form (``extraction.temporal_ops``). Extensions, for RET-LLM's form only: a write or a
read may hold several ``;``-separated triples or queries inside its braces.

**Retraction** (this project's addition, kept regular so a small model can learn it): a write
whose relation starts with ``not`` (or ``no longer``) closes facts instead of adding one, and an
object of ``*`` (or empty) closes whatever the subject currently has for that relation.
``Brandon>>not works for>>*`` is "Brandon is no longer employed"; ``Brandon>>not likes>>tea``
retracts one value of a multi-valued relation.

Names may not contain ``>``, ``;``, ``{``, ``}`` or line breaks (they would make the text forms
ambiguous) and are at most ``MAX_NAME_CHARS`` long. The parser (``extraction.memory_parser``)
turns anything else into a ``ParseIssue`` instead of raising.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from extraction.temporal_ops import NOW, When

MAX_NAME_CHARS = 200
FORBIDDEN_CHARS = frozenset(">;{}\n\r")
_RETRACTION = re.compile(r"(?:not|no\s+longer)\s+(.*)", re.IGNORECASE | re.DOTALL)
BLANKS = frozenset({"", "_", "*"})
ANY_OBJECT = "*"


class CallForm(StrEnum):
    MEMLLM = "memllm"
    RETLLM = "retllm"


def _clean(value: str, what: str) -> str:
    text = value.strip()
    if not text:
        raise ValueError(f"{what} is empty")
    if len(text) > MAX_NAME_CHARS:
        raise ValueError(f"{what} is longer than {MAX_NAME_CHARS} characters")
    bad = sorted(FORBIDDEN_CHARS.intersection(text))
    if bad:
        raise ValueError(f"{what} contains {''.join(bad)!r}, which the API reserves")
    return text


def split_retraction(relation: str) -> tuple[str, bool]:
    """(relation without its ``not``/``no longer`` prefix, whether it had one)."""
    match = _RETRACTION.match(relation.strip())
    if match is None:
        return relation.strip(), False
    return match.group(1).strip(), True


class Triple(BaseModel):
    """One write: an assertion, or (``retract``) a retraction whose object may be any (None)."""

    model_config = ConfigDict(frozen=True)

    subject: str
    relation: str
    object: str | None
    retract: bool = False
    phrase: str | None = None  # the statement's words for the relation, when canonicalised

    @field_validator("phrase")
    @classmethod
    def _phrase(cls, v: str | None) -> str | None:
        return None if v is None or not v.strip() else _clean(v, "relation phrase")

    @field_validator("subject")
    @classmethod
    def _subject(cls, v: str) -> str:
        return _clean(v, "subject")

    @field_validator("relation")
    @classmethod
    def _relation(cls, v: str) -> str:
        return _clean(v, "relation")

    @field_validator("object")
    @classmethod
    def _object(cls, v: str | None) -> str | None:
        if v is None or v.strip() in BLANKS:
            return None
        return _clean(v, "object")

    @model_validator(mode="after")
    def _consistent(self) -> Triple:
        if not self.retract and self.object is None:
            raise ValueError("an assertion needs an object ('*' is only for retractions)")
        if not self.retract and split_retraction(self.relation)[1]:
            raise ValueError("a relation starting with 'not' is a retraction")
        return self

    @classmethod
    def from_parts(cls, subject: str, relation: str, obj: str | None) -> Triple:
        """Build from the three text parts, reading a ``not …`` relation as a retraction."""
        bare, retract = split_retraction(relation)
        return cls(subject=subject, relation=bare, object=obj, retract=retract)

    def to_text(self) -> str:
        relation = f"not {self.relation}" if self.retract else self.relation
        return f"{self.subject}>>{relation}>>{self.object or ANY_OBJECT}"


QueryShape = Literal["s", "r", "o", "sr", "so", "ro", "sro"]


class Query(BaseModel):
    """A read: the given parts are the search terms, the missing ones are asked for; ``when``
    says which versions (``extraction.temporal_ops``: now, as_of, previous, first, all, before,
    after, count, still)."""

    model_config = ConfigDict(frozen=True)

    subject: str | None = None
    relation: str | None = None
    object: str | None = None
    when: When = NOW

    @field_validator("subject", "relation", "object")
    @classmethod
    def _part(cls, v: str | None) -> str | None:
        if v is None or v.strip() in BLANKS:
            return None
        return _clean(v, "query term")

    @model_validator(mode="after")
    def _not_empty(self) -> Query:
        if self.subject is None and self.relation is None and self.object is None:
            raise ValueError("a query needs at least one of subject, relation, object")
        return self

    @property
    def shape(self) -> QueryShape:
        letters = "".join(
            letter
            for letter, part in (("s", self.subject), ("r", self.relation), ("o", self.object))
            if part is not None
        )
        return letters  # type: ignore[return-value]

    def to_text(self) -> str:
        return (
            f"{self.subject or ''}>>{self.relation or ''}>>{self.object or ''}{self.when.suffix()}"
        )


class WriteCall(BaseModel):
    """A parsed MEM_WRITE; ``start``/``end`` locate it in the parsed text."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["write"] = "write"
    triples: tuple[Triple, ...]
    form: CallForm = CallForm.MEMLLM
    start: int = 0
    end: int = 0


class ReadCall(BaseModel):
    """A parsed MEM_READ; ``results`` is None (or empty) while it waits for the memory's answer."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["read"] = "read"
    queries: tuple[Query, ...]
    results: tuple[str, ...] | None = None
    form: CallForm = CallForm.MEMLLM
    start: int = 0
    end: int = 0

    @property
    def pending(self) -> bool:
        return not self.results


class ParseIssue(BaseModel):
    """Something in the text that looked like a memory call but could not be read."""

    model_config = ConfigDict(frozen=True)

    start: int
    end: int
    reason: str
    fragment: str


class ParseResult(BaseModel):
    """The well-formed calls, in text order, and what could not be read."""

    calls: list[WriteCall | ReadCall]
    issues: list[ParseIssue]

    @property
    def writes(self) -> list[WriteCall]:
        return [c for c in self.calls if isinstance(c, WriteCall)]

    @property
    def reads(self) -> list[ReadCall]:
        return [c for c in self.calls if isinstance(c, ReadCall)]


def emit_write(triples: Sequence[Triple], form: CallForm = CallForm.MEMLLM) -> str:
    """The text of a write call (RET-LLM: one call per triple, as in the paper)."""
    if form is CallForm.RETLLM:
        return "".join(f"[MEM_WRITE{{{t.to_text()}}}]" for t in triples)
    return "({MEM_WRITE--> " + "; ".join(t.to_text() for t in triples) + "})"


def emit_read(
    queries: Sequence[Query],
    results: Sequence[str] | None = None,
    form: CallForm = CallForm.MEMLLM,
) -> str:
    """The text of a read call: pending when ``results`` is None, else answered.

    MEMLLM's answered form lists entities (``e1, e2``); RET-LLM's lists triples ``s>>r>>o``.
    A pending MEMLLM read ends at ``-->``, where the model stops and the memory answers.
    """
    body = "; ".join(q.to_text() for q in queries)
    if form is CallForm.RETLLM:
        if results is None:
            return f"[MEM_READ{{{body}}}]"
        return f"[MEM_READ{{{body}}}:" + ";".join(f"{{{r}}}" for r in results) + "]"
    if results is None:
        return f"({{MEM_READ({body})-->"
    return f"({{MEM_READ({body})--> " + ", ".join(results) + "})"
