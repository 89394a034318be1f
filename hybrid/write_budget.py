"""How much model work one statement and one request may cause.

The model writer spends about a second per sentence on a CPU, so a 190 KB statement would mean
thousands of generations and a retry would repeat them. The budget bounds it:

- per statement, the model reads the first ``statement_sentences`` sentences, as long as they fit
  in ``statement_tokens`` tokens; every sentence still goes through the part-of-speech path (the
  concept graph) and into the vector store, and the response says how much the model read;
- per request, more than ``request_sentences`` sentences for the model is refused (413) before any
  work, and model writes that pass ``request_seconds`` stop the request (422); either way nothing
  is stored, because the graph is written only after the model has finished.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from extraction.text import split_sentences
from graph.errors import PayloadTooLargeError, WorkBudgetError


@dataclass(frozen=True)
class WriteBudget:
    statement_sentences: int = 8
    statement_tokens: int = 512
    request_sentences: int = 256
    request_seconds: float = 300.0


@dataclass(frozen=True)
class ModelShare:
    """The part of a statement the model reads: its first ``read`` sentences of ``total``."""

    text: str
    read: int
    total: int

    @property
    def truncated(self) -> bool:
        return self.read < self.total

    def as_dict(self) -> dict[str, int]:
        return {"read": self.read, "total": self.total}

    def warning(self) -> str:
        return (
            f"the model wrote facts from the first {self.read} of {self.total} sentences "
            "(RECALLGRAPH_WRITE_SENTENCES, RECALLGRAPH_WRITE_TOKENS); every sentence is in the "
            "concept graph and the vector store"
        )


def model_share(text: str, budget: WriteBudget, count_tokens: Callable[[str], int]) -> ModelShare:
    """The statement's leading sentences within the budget, cut from the text as written."""
    sentences = split_sentences(text)
    taken = tokens = 0
    end = position = 0
    for sentence in sentences[: budget.statement_sentences]:
        tokens += count_tokens(sentence)
        if tokens > budget.statement_tokens:
            break
        found = text.find(sentence, position)
        if found < 0:
            break
        position = end = found + len(sentence)
        taken += 1
    return ModelShare(text[:end] if taken else "", taken, len(sentences))


class RequestBudget:
    """One request's model work: its sentences counted before, its seconds while it runs."""

    def __init__(self, budget: WriteBudget, shares: Sequence[ModelShare]) -> None:
        wanted = sum(share.read for share in shares)
        if wanted > budget.request_sentences:
            raise PayloadTooLargeError(
                f"the model would write {wanted} sentences for this request; the limit is "
                f"{budget.request_sentences} (RECALLGRAPH_WRITE_REQUEST_SENTENCES): send fewer "
                "or shorter statements per request"
            )
        self.budget = budget
        self.deadline = time.monotonic() + budget.request_seconds

    def check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise WorkBudgetError(
                f"the model writes of this request took more than {self.budget.request_seconds:g} "
                "s (RECALLGRAPH_WRITE_REQUEST_SECONDS); nothing was stored: send fewer "
                "statements per request"
            )
