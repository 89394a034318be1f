"""Automatic graders for question answering, no hosted model needed.

- ``token_f1``: SQuAD-style token overlap F1 against the best reference.
- ``contains``: a normalised reference appears in the normalised answer as whole words.
- ``rubric``: RecallM's 0/1/2 scale (0 wrong, 1 partially correct or correct but rambling,
  2 correct and succinct) applied by a fixed rule instead of GPT:
  correct  = contains a reference, or token F1 >= 0.8;
  succinct = at most 3 × (reference tokens) + 6 tokens;
  partial  = token F1 >= 0.3.
  Score 2 = correct and succinct; 1 = correct but long, or partial; 0 otherwise.
  Accuracy over a set = total score / (2 × questions), as the paper defines it.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Sequence

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCTUATION = str.maketrans("", "", string.punctuation)


def normalise(text: str) -> str:
    text = text.lower().translate(_PUNCTUATION)
    return " ".join(_ARTICLES.sub(" ", text).split())


def _f1(prediction: list[str], reference: list[str]) -> float:
    common = Counter(prediction) & Counter(reference)
    overlap = sum(common.values())
    if overlap == 0:
        return 0.0
    precision = overlap / len(prediction)
    recall = overlap / len(reference)
    return 2 * precision * recall / (precision + recall)


def token_f1(answer: str, references: Sequence[str]) -> float:
    tokens = normalise(answer).split()
    return max((_f1(tokens, normalise(r).split()) for r in references if normalise(r)), default=0.0)


def contains(answer: str, references: Sequence[str]) -> bool:
    padded = f" {normalise(answer)} "
    return any(normalise(r) and f" {normalise(r)} " in padded for r in references)


def rubric(answer: str, references: Sequence[str]) -> int:
    f1 = token_f1(answer, references)
    correct = contains(answer, references) or f1 >= 0.8
    shortest = min((len(normalise(r).split()) for r in references if normalise(r)), default=1)
    succinct = len(normalise(answer).split()) <= 3 * shortest + 6
    if correct:
        return 2 if succinct else 1
    return 1 if f1 >= 0.3 else 0
