"""The DuoRC ParaphraseRC subset RecallM used for its Table 1 (read in place, never copied).

Each ``test-N.txt`` holds a ``PARAGRAPH`` line, a movie plot, a ``QUESTIONS`` line, then
``q: question`` / ``a: ['answer', ...]`` pairs. Source: github.com/cisco-open/DeepVision,
``recallm/datasets/duorc/`` (DuoRC is MIT-licensed).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from graph.errors import InvalidInputError

_FILE_NUMBER = re.compile(r"test-(\d+)\.txt$")


@dataclass(frozen=True)
class QA:
    question: str
    answers: tuple[str, ...]


@dataclass(frozen=True)
class Plot:
    id: str
    paragraph: str
    questions: tuple[QA, ...]


def parse_plot(plot_id: str, text: str) -> Plot:
    if "QUESTIONS" not in text or not text.lstrip().startswith("PARAGRAPH"):
        raise InvalidInputError(f"{plot_id}: not a DuoRC file (no PARAGRAPH/QUESTIONS sections)")
    head, _, tail = text.partition("\nQUESTIONS")
    paragraph = head.lstrip().removeprefix("PARAGRAPH").strip()
    questions: list[QA] = []
    question: str | None = None
    for line in tail.splitlines():
        if line.startswith("q:"):
            question = line[2:].strip()
        elif line.startswith("a:") and question is not None:
            answers = ast.literal_eval(line[2:].strip())
            questions.append(QA(question, tuple(str(a) for a in answers)))
            question = None
    return Plot(plot_id, paragraph, tuple(questions))


def load_plots(folder: Path, limit: int | None = None) -> list[Plot]:
    """Plots in file-number order (test-0, test-1, …), the first ``limit`` of them."""
    if not folder.is_dir():
        raise InvalidInputError(f"DuoRC folder not found: {folder}")
    files = sorted(
        (p for p in folder.iterdir() if _FILE_NUMBER.search(p.name)),
        key=lambda p: int(_FILE_NUMBER.search(p.name).group(1)),  # type: ignore[union-attr]
    )
    if limit is not None:
        files = files[:limit]
    return [parse_plot(p.stem, p.read_text(encoding="utf-8")) for p in files]
