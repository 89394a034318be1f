"""Benchmark: how long one client waits for an answer in the default (``hybrid``) mode.

The development QA set's streams are fed (structural writer, vectors on), then every question is
asked once, one at a time, in ``hybrid`` mode with the default settings, as a user of
``recallgraph ask`` or the REST API would: the triples reader first, and the other readers (two
local-model prompts) only when the memory cannot compose the answer. Latency is reported overall
and by which reader answered; the target is p95 ≤ 2 s for one client on 2 cores.

    python -m experiments.bench_answers
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path
from typing import Any

from experiments.eval_answers import load
from experiments.results_io import write_results
from extraction.statements import StatementInput
from graph.spaces import create_space, space_exists
from hybrid.recallgraph import RecallGraph

RESULTS = Path(__file__).parent / "results" / "bench_answers"
DATA = Path(__file__).parent / "data" / "ood_dev"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def row(name: str, seconds: list[float]) -> dict[str, Any]:
    return {
        "answered by": name,
        "questions": len(seconds),
        "p50 s": round(statistics.median(seconds), 3),
        "p95 s": round(percentile(seconds, 0.95), 3),
        "max s": round(max(seconds), 3),
    }


def run(memory: RecallGraph, data: Path) -> list[dict[str, Any]]:
    statements, questions = load(data)
    latencies: dict[str, list[float]] = {}
    for name, stream in statements.items():
        space = f"bench-answers-{name}"
        if space_exists(memory.store, space):
            memory.delete_space(space)
        create_space(memory.store, space)
        try:
            memory.remember(
                space,
                [StatementInput(s.text, id=s.id, observed_at=s.observed_at) for s in stream],
            )
            memory.ask(space, "Who is here?")  # load the models before the clock starts
            for question in (q for q in questions if q.stream == name):
                started = time.perf_counter()
                answer = memory.ask(space, question.question)
                latencies.setdefault(answer.chosen, []).append(time.perf_counter() - started)
        finally:
            memory.delete_space(space)
    every = [s for values in latencies.values() for s in values]
    return [row("all", every)] + [row(reader, values) for reader, values in latencies.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    with RecallGraph.from_settings() as memory:
        rows = run(memory, args.data)
        settings = memory.settings
    write_results(
        args.out,
        name="bench_answers",
        command="python -m experiments.bench_answers",
        setup={
            "data": f"{args.data.name}: every question, asked after its whole stream is fed",
            "mode": "hybrid (the default), one client, one question at a time",
            "writer": settings.triple_writer,
            "discriminator": settings.discriminator,
            "answering model": "SmolLM2-135M-Instruct on the local engine",
            "load average at the end (1, 5, 15 min)": ", ".join(
                f"{v:.2f}" for v in os.getloadavg()
            ),
        },
        rows=rows,
        targets={"all": "p95 <= 2 s for one client on 2 cores"},
    )
    for line in rows:
        print(line)


if __name__ == "__main__":
    main()
