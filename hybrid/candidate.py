"""What every reader returns: an answer with its evidence and the signals a discriminator uses."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

EvidenceKind = Literal["sentence", "fact", "chunk"]


@dataclass(frozen=True)
class Evidence:
    """One piece of support: a concept-context sentence, a triple, or a vector chunk."""

    kind: EvidenceKind
    text: str
    t: int | None
    ref: str | None = None  # concept label, fact id or chunk id
    t_to: int | None = None  # for facts: when they stopped being true


@dataclass(frozen=True)
class Candidate:
    reader: str
    answer: str
    evidence: list[Evidence]
    no_information: bool = False
    signals: dict[str, Any] = field(default_factory=dict)
    prompt: str | None = None  # template id, e.g. "recallm-answer@v1"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Candidate:
        """The inverse of ``to_dict`` (recorded experiment runs are re-read with it)."""
        return cls(
            reader=data["reader"],
            answer=data["answer"],
            evidence=[Evidence(**e) for e in data["evidence"]],
            no_information=data["no_information"],
            signals=data.get("signals", {}),
            prompt=data.get("prompt"),
        )


def composed(candidate: Candidate) -> bool:
    """The answer was composed from the memory's facts (and the read found some)."""
    return bool(candidate.signals.get("composed")) and not candidate.no_information
