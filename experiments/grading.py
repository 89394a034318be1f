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
- ``grade_when``: an answer names a day within the gold interval (7 May 2024, May 7, 2024,
  2024-05-07), or the gold month or year when the interval is one.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Sequence
from datetime import date

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


MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)? (?:of )?({MONTHS}),? (\d{{4}})", re.I)
_MONTH_DAY_YEAR = re.compile(rf"\b({MONTHS}) (\d{{1,2}})(?:st|nd|rd|th)?,? (\d{{4}})", re.I)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def _month(name: str) -> int:
    return MONTHS.split("|").index(name.lower()) + 1


def dates_named(answer: str) -> list[date]:
    """Every full date an answer names (7 May 2024, May 7, 2024, 2024-05-07)."""
    found = []
    for m in _DAY_MONTH_YEAR.finditer(answer):
        found.append((int(m[3]), _month(m[2]), int(m[1])))
    for m in _MONTH_DAY_YEAR.finditer(answer):
        found.append((int(m[3]), _month(m[1]), int(m[2])))
    found += [(int(m[1]), int(m[2]), int(m[3])) for m in _ISO.finditer(answer)]
    days = []
    for year, month, day in found:
        try:
            days.append(date(year, month, day))
        except ValueError:
            continue
    return days


def grade_when(answer: str, gold: dict[str, str]) -> bool:
    first, last = date.fromisoformat(gold["first"]), date.fromisoformat(gold["last"])
    if any(first <= d <= last for d in dates_named(answer)):
        return True
    whole_month = first.day == 1 and last.month == first.month and (last - first).days >= 27
    if whole_month:
        names = [first.strftime("%B %Y"), first.strftime("%Y-%m")]
        return any(n.lower() in answer.lower() for n in names)
    if first == date(first.year, 1, 1) and last == date(first.year, 12, 31):
        return re.search(rf"\b{first.year}\b", answer) is not None
    return False
