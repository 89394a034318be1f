"""Running RecallM's temporal belief-update experiment on RecallGraph, and recording everything.

A dataset (``experiments.belief_data``) is fed into a fresh space: its initial statements, then
each repetition's stream (updates interleaved with fresh unrelated statements). After every
repetition every question is asked of every reader; each candidate, its grade and the LLM
discriminator's pick are written as one JSON line, so the accuracies, the trained and oracle
discriminators, and the plots are computed afterwards without asking again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TextIO

from experiments.belief_data import BeliefDataset, Question, grade
from extraction.statements import StatementInput
from graph.spaces import create_space, current_t, delete_space, space_exists
from graph.store import GraphStore
from hybrid.ask import Discriminator, Reader
from hybrid.candidate import Candidate
from hybrid.ingestion import MemoryWriter

HYBRID_READERS = ("graph", "triples", "vector")
BATCH = 16


@dataclass(frozen=True)
class Record:
    repetition: int
    t: int
    set: str  # standard | long_range
    question: dict[str, Any]
    candidates: list[dict[str, Any]]
    correct: dict[str, bool]
    llm_choice: str | None
    seconds: dict[str, float]


def feed(writer: MemoryWriter, space: str, texts: list[str], prefix: str) -> None:
    statements = [
        StatementInput(text, id=f"{prefix}-{i}", source="belief-experiment")
        for i, text in enumerate(texts)
    ]
    for start in range(0, len(statements), BATCH):
        writer.ingest_many(space, statements[start : start + BATCH])


def ask_all(
    space: str,
    question: Question,
    readers: Mapping[str, Reader],
    discriminator: Discriminator | None,
) -> tuple[list[Candidate], dict[str, float], str | None]:
    candidates, seconds = [], {}
    for name, reader in readers.items():
        started = time.perf_counter()
        candidates.append(reader.answer(space, question.question))
        seconds[name] = round(time.perf_counter() - started, 2)
    hybrid = [c for c in candidates if c.reader in HYBRID_READERS]
    choice = None
    if discriminator is not None and len(hybrid) > 1:
        started = time.perf_counter()
        choice = discriminator.choose(question.question, hybrid).reader
        seconds["llm_discriminator"] = round(time.perf_counter() - started, 2)
    return candidates, seconds, choice


def run(
    dataset: BeliefDataset,
    store: GraphStore,
    writer: MemoryWriter,
    readers: Mapping[str, Reader],
    discriminator: Discriminator | None,
    out: TextIO,
    *,
    space: str,
    progress: Callable[[str], None] = lambda _: None,
    advance: Callable[[int], None] = lambda _: None,
) -> None:
    """Feed and ask, repetition by repetition, writing one JSON line per question asked
    (``advance(1)`` after each)."""
    if space_exists(store, space):
        delete_space(store, space)
    create_space(store, space)
    if writer.vectors is not None:
        writer.vectors.drop(space)
    feed(writer, space, dataset.initial, "initial")
    sets = (("standard", dataset.standard), ("long_range", dataset.long_range))
    for repetition, stream in enumerate(dataset.streams, start=1):
        progress(f"repetition {repetition}: feeding {len(stream)} statements")
        feed(writer, space, stream, f"rep{repetition}")
        t = current_t(store, space)
        for set_name, questions in sets:
            for question in questions:
                candidates, seconds, choice = ask_all(space, question, readers, discriminator)
                record = Record(
                    repetition,
                    t,
                    set_name,
                    asdict(question),
                    [c.to_dict() for c in candidates],
                    {c.reader: grade(c.answer, question) for c in candidates},
                    choice,
                    seconds,
                )
                out.write(json.dumps(asdict(record)) + "\n")
                out.flush()
                advance(1)
        progress(f"repetition {repetition}: asked at t={t}")


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    with path.open() as f:
        for line in f:
            if line.strip():
                yield json.loads(line)
