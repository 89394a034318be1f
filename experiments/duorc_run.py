"""RecallM's Table 1 on RecallGraph: DuoRC plots, each ingested into a fresh space, its questions
asked in graph and vector modes, Hybrid-RecallM picking between the two (LLM, trained and oracle
discriminators), graded without a hosted model (``experiments.grading``)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from experiments.duorc import Plot
from experiments.grading import contains, rubric, token_f1
from extraction.statements import StatementInput
from extraction.text import split_sentences
from graph.spaces import create_space, delete_space, space_exists
from graph.store import GraphStore
from hybrid.ask import Discriminator, Reader
from hybrid.candidate import Candidate
from hybrid.discriminators.trained import TrainedDiscriminator
from hybrid.ingestion import MemoryWriter

READERS = ("graph", "vector")
SYSTEMS = ("graph", "vector", "hybrid-llm", "hybrid-trained", "hybrid-oracle")
SENTENCES_PER_STATEMENT = 2


def plot_statements(plot: Plot) -> list[StatementInput]:
    """The plot as a stream: two sentences per knowledge update, in order."""
    sentences = split_sentences(plot.paragraph)
    return [
        StatementInput(
            " ".join(sentences[i : i + SENTENCES_PER_STATEMENT]),
            id=f"{plot.id}-{i}",
            source=plot.id,
        )
        for i in range(0, len(sentences), SENTENCES_PER_STATEMENT)
    ]


@dataclass(frozen=True)
class Grades:
    rubric: int
    f1: float
    contains: bool


def grade(answer: str, references: tuple[str, ...]) -> Grades:
    return Grades(
        rubric(answer, references), token_f1(answer, references), contains(answer, references)
    )


def run(
    plots: Iterable[Plot],
    store: GraphStore,
    writer: MemoryWriter,
    readers: Mapping[str, Reader],
    discriminator: Discriminator,
    out: TextIO,
    *,
    questions_per_plot: int | None,
    progress: Callable[[str], None] = lambda _: None,
    advance: Callable[[int], None] = lambda _: None,
) -> None:
    """One JSON line per question: each reader's answer and grades, the LLM discriminator's pick
    (``advance(1)`` after each)."""
    for plot in plots:
        space = f"duorc-{plot.id}"
        if space_exists(store, space):
            delete_space(store, space)
        create_space(store, space)
        if writer.vectors is not None:
            writer.vectors.drop(space)
        writer.ingest_many(space, plot_statements(plot))
        for qa in plot.questions[:questions_per_plot]:
            candidates: list[Candidate] = []
            seconds = {}
            for name in READERS:
                started = time.perf_counter()
                candidates.append(readers[name].answer(space, qa.question))
                seconds[name] = round(time.perf_counter() - started, 2)
            choice = discriminator.choose(qa.question, candidates).reader
            record = {
                "plot": plot.id,
                "question": qa.question,
                "references": list(qa.answers),
                "candidates": [c.to_dict() for c in candidates],
                "grades": {c.reader: vars(grade(c.answer, qa.answers)) for c in candidates},
                "llm_choice": choice,
                "seconds": seconds,
            }
            out.write(json.dumps(record) + "\n")
            out.flush()
            advance(1)
        delete_space(store, space)
        if writer.vectors is not None:
            writer.vectors.drop(space)
        progress(f"plot {plot.id} done")


def summarise(
    records: list[dict[str, Any]], trained: TrainedDiscriminator | None
) -> list[dict[str, Any]]:
    """One row per system: the paper's rubric accuracy (score / 2n), token F1, containment."""
    per_system: dict[str, list[dict[str, Any]]] = {s: [] for s in SYSTEMS}
    for record in records:
        grades = record["grades"]
        for reader in READERS:
            per_system[reader].append(grades[reader])
        per_system["hybrid-llm"].append(grades[record["llm_choice"]])
        if trained is not None:
            candidates = [Candidate.from_dict(c) for c in record["candidates"]]
            per_system["hybrid-trained"].append(
                grades[trained.choose(record["question"], candidates).reader]
            )
        per_system["hybrid-oracle"].append(
            max((grades[r] for r in READERS), key=lambda g: g["rubric"])
        )
    rows = []
    for system, values in per_system.items():
        if not values:
            continue
        rows.append(
            {
                "system": system,
                "questions": len(values),
                "rubric accuracy": round(sum(v["rubric"] for v in values) / (2 * len(values)), 3),
                "token F1": round(sum(v["f1"] for v in values) / len(values), 3),
                "contains": round(sum(v["contains"] for v in values) / len(values), 3),
            }
        )
    return rows
