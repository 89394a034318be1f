"""What merging concepts does to them, as pure arithmetic: one concept through a batch's merges.

A batch's concept writes are computed here, between one read of the concepts the batch touches
and one write of their final state (``graph.concept_writes``), so that the batch costs two round
trips whatever its size and still leaves every concept exactly as merging the statements one by
one did: each merge appends its sentences with its ``t``, counts its surface words, adds one to
``merges`` and moves ``t``; a concept that becomes due is revised right there, between two
merges of the same batch, so the later merge appends to the revised context.

A context is read only when the batch can make the concept due (``due_at_end`` on the server's
side): otherwise the batch's sentences are appended to the stored list by the write itself.
Lengths are counted in UTF-16 code units, as Neo4j's ``size()`` counts them, so the size limit
triggers at the same sentence as it did when the server checked it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ConceptRow:
    """One concept of an update: its label, the surface forms seen, its sentences in order."""

    label: str
    names: tuple[str, ...]
    sentences: tuple[str, ...]


@dataclass(frozen=True)
class DueConcept:
    """A concept whose context is due for revision, as it stood right after the merge."""

    label: str
    context: tuple[str, ...]
    context_t: tuple[int, ...]
    merges: int


@dataclass(frozen=True)
class Revision:
    label: str
    context: tuple[str, ...]
    context_t: tuple[int, ...]
    merges: int  # the merge count the revision was computed from (optimistic check)


Reviser = Callable[[DueConcept], Revision]


def text_size(sentences: Sequence[str]) -> int:
    """The sentences' characters as Neo4j's ``size()`` counts them (UTF-16 code units)."""
    joined = "".join(sentences)
    return len(joined) if joined.isascii() else len(joined.encode("utf-16-le")) // 2


@dataclass
class ConceptState:
    """A concept as the batch leaves it so far.

    ``whole``: ``context``/``context_t`` are the whole context (a new concept, or one whose
    context was read); otherwise they hold only what the batch appends, and the concept cannot
    become due in this batch."""

    label: str
    names: list[str] = field(default_factory=list)
    name_counts: list[int] = field(default_factory=list)
    merges: int = 0
    revised_merges: int = 0
    revisions: int = 0
    chars: int = 0
    context: list[str] = field(default_factory=list)
    context_t: list[int] = field(default_factory=list)
    whole: bool = True
    exists: bool = False  # stored before the batch
    created_t: int | None = None  # the t of the batch's first merge into a new concept
    t: int | None = None
    revised_at: int | None = None

    @classmethod
    def stored(cls, record: Mapping[str, Any]) -> ConceptState:
        """The state read from Neo4j (``READ_CONCEPTS``)."""
        whole = record["context"] is not None
        return cls(
            label=record["label"],
            names=list(record["names"] or []),
            name_counts=list(record["name_counts"] or []),
            merges=record["merges"],
            revised_merges=record["revised_merges"],
            revisions=record["revisions"] or 0,
            chars=record["chars"],
            context=list(record["context"] or []),
            context_t=list(record["context_t"] or []),
            whole=whole,
            exists=True,
        )

    def merge(self, t: int, row: ConceptRow) -> None:
        """One update's merge: its words counted, its sentences appended at ``t``."""
        if not self.exists and self.created_t is None:
            self.created_t = t
        names = self.names + [name for name in row.names if name not in self.names]
        self.name_counts = [
            (self.name_counts[i] if i < len(self.name_counts) else 0)
            + (1 if names[i] in row.names else 0)
            for i in range(len(names))
        ]
        self.names = names
        self.context += row.sentences
        self.context_t += [t] * len(row.sentences)
        self.chars += text_size(row.sentences)
        self.merges += 1
        self.t = t

    def is_due(self, period: int, char_limit: int) -> bool:
        return self.merges - self.revised_merges >= period or self.chars > char_limit

    def due(self) -> DueConcept:
        if not self.whole:
            raise RuntimeError(f"concept {self.label!r} became due but its context was not read")
        return DueConcept(self.label, tuple(self.context), tuple(self.context_t), self.merges)

    def revise(self, revision: Revision, t: int) -> None:
        """A revision written inside the update at ``t`` (what ``WRITE_REVISIONS`` does)."""
        self.context = list(revision.context)
        self.context_t = list(revision.context_t)
        self.chars = text_size(self.context)
        self.revised_merges = self.merges
        self.revised_at = t
        self.revisions += 1

    @property
    def caption(self) -> str | None:
        """The most used surface word, the first seen on a tie."""
        if not self.names:
            return None
        best = 0
        for i, count in enumerate(self.name_counts):
            if count > self.name_counts[best]:
                best = i
        return self.names[best]

    def as_row(self) -> dict[str, Any]:
        """The write query's row: the final state, the context whole or as an append."""
        return {
            "label": self.label,
            "names": self.names,
            "name_counts": self.name_counts,
            "caption": self.caption,
            "context": self.context,
            "context_t": self.context_t,
            "whole": self.whole,
            "merges": self.merges,
            "revised_merges": self.revised_merges,
            "revisions": self.revisions,
            "revised_at": self.revised_at,
            "created_t": self.created_t,
            "t": self.t,
        }
