"""Decoding the memory model's replies: greedy, and MEMLLM's late stopping for memory writes.

Late stopping (MEMLLM Appendix A): decode greedily, but whenever the closing token ``})`` wins,
note the position and the mean log-probability of the reply so far, and continue with the
runner-up instead (usually ``;``, the start of one more triple). After ``patience`` closing points
without a better mean, stop, and cut the reply at the best one. Greedy decoding tends to close a
write before every relation is out; late stopping trades a little precision for recall.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Literal, Protocol

import numpy as np

Decoding = Literal["greedy", "late"]
WRITE_DECODING: Decoding = "greedy"
"""Writes decode greedily by default: late stopping gives the same F1 on held-out data at half the
speed (see the model card)."""
PATIENCE = 5


class Stepper(Protocol):
    """One generation's state: feed tokens, get the next token's logits."""

    def feed(self, ids: Sequence[int]) -> np.ndarray: ...


class StepModel(Protocol):
    """A model that can open a generation (``with model.stepper() as s: s.feed(prompt)``)."""

    def stepper(self) -> AbstractContextManager[Stepper]: ...


@dataclass(frozen=True)
class Decoded:
    ids: list[int]
    closing_points: int  # how often the closing token won (late stopping)


def log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits.astype(np.float64) - float(np.max(logits))
    return shifted - float(np.log(np.exp(shifted).sum()))


def greedy(model: StepModel, prompt: list[int], end_id: int, max_new: int) -> Decoded:
    """Top token each step until the end-of-turn token (excluded) or ``max_new`` tokens."""
    out: list[int] = []
    with model.stepper() as step:
        logits = step.feed(prompt)
        while len(out) < max_new:
            token = int(np.argmax(logits))
            if token == end_id:
                break
            out.append(token)
            logits = step.feed([token])
    return Decoded(out, 0)


def late_stopping(
    model: StepModel,
    prompt: list[int],
    end_id: int,
    closing_ids: Collection[int],
    max_new: int,
    patience: int = PATIENCE,
) -> Decoded:
    """MEMLLM's late stopping; the reply ends with the best-scoring closing token."""
    out: list[int] = []
    logprob_sum = 0.0
    best: tuple[float, int, int] | None = None  # (mean log-prob, length, closing token)
    since_best = 0
    points = 0
    with model.stepper() as step:
        logits = step.feed(prompt)
        while len(out) < max_new:
            logprobs = log_softmax(logits)
            second, first = (int(i) for i in np.argpartition(logprobs, -2)[-2:])
            if logprobs[second] > logprobs[first]:
                first, second = second, first
            if first in closing_ids:
                points += 1
                mean = (logprob_sum + float(logprobs[first])) / (len(out) + 1)
                if best is None or mean > best[0]:
                    best, since_best = (mean, len(out), first), 0
                else:
                    since_best += 1
                if since_best >= patience:
                    break
                token = second
            else:
                token = first
            if token == end_id:
                break
            out.append(token)
            logprob_sum += float(logprobs[token])
            logits = step.feed([token])
    if best is None:
        return Decoded(out, points)
    _, length, closing = best
    return Decoded([*out[:length], closing], points)


def decode(
    model: StepModel,
    prompt: list[int],
    *,
    end_id: int,
    closing_ids: Collection[int],
    max_new: int,
    how: Decoding,
) -> Decoded:
    if how == "late":
        return late_stopping(model, prompt, end_id, closing_ids, max_new)
    return greedy(model, prompt, end_id, max_new)
