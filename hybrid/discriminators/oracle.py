"""The perfect discriminator (the paper's "Hybrid-RecallM Maximum"): with the reference answers
known, it takes a candidate the grader accepts. For experiments only."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hybrid.ask import Choice
from hybrid.candidate import Candidate

NAME = "oracle"
Grader = Callable[[str, Sequence[str]], bool]


class OracleDiscriminator:
    name = NAME

    def __init__(self, grader: Grader) -> None:
        self.grader = grader

    def choose(
        self, question: str, candidates: list[Candidate], references: Sequence[str] = ()
    ) -> Choice:
        for candidate in candidates:
            if self.grader(candidate.answer, references):
                return Choice(candidate.reader, "the grader accepts this answer")
        return Choice(candidates[0].reader, "no candidate is correct; took the first")
