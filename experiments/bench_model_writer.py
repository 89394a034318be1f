"""The model writer's speed, one sentence at a time against batched, in the same run.

The statements of ``experiments/data/ood_writes`` (as the writer reads them: without a chat
turn's speaker) go to the memory model three ways: each sentence decoded alone in the engine's own
llama.cpp context (the path before batching), one statement at a time (its sentences decoded
together, as ``eval-writes`` feeds them) and in ingest batches. The three run in turn on the same
loaded model, so a busy machine slows them alike. Each way's replies are compared with the first's.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from experiments.eval_writes import DATA, load_streams
from experiments.results_io import write_results
from extraction.memory_model.decoding import StepModel, Stepper
from extraction.memory_model.model import MemoryModel, WriteResult
from extraction.name_resolution import stated_text
from extraction.text import split_sentences
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

RESULTS = Path(__file__).parent / "results" / "bench_model_writer"


class OneAtATime:
    """The engine without its batch decoder: each sentence decodes alone in its own context."""

    def __init__(self, engine: StepModel) -> None:
        self.engine = engine

    def stepper(self) -> AbstractContextManager[Stepper]:
        return self.engine.stepper()


def timed(write: Any, texts: Sequence[str]) -> tuple[list[WriteResult], float]:
    started = time.perf_counter()
    results = write(texts)
    return results, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--statements", type=int, default=40)
    parser.add_argument("--batch", type=int, default=64, help="statements per ingest batch")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    statements = [s for stream in load_streams(DATA).values() for s in stream]
    texts = [stated_text(s.text) for s in statements[: args.statements]]
    sentences = sum(len(split_sentences(t) or [t]) for t in texts)
    memory = RecallGraph(Settings())
    model = memory.memory_model
    alone = MemoryModel(OneAtATime(model.step), model.tokens, model.name)
    model.write_many(texts[:2])  # load both contexts before timing
    alone.write_many(texts[:2])
    ways = {
        "each sentence alone (before)": lambda ts: alone.write_many(ts),
        "one statement at a time": lambda ts: [model.write(t) for t in ts],
        f"batches of {args.batch} statements": lambda ts: [
            r
            for i in range(0, len(ts), args.batch)
            for r in model.write_many(ts[i : i + args.batch])
        ],
    }
    results: dict[str, list[WriteResult]] = {}
    rows: list[dict[str, Any]] = []
    for name, write in ways.items():
        results[name], seconds = timed(write, texts)
        asked = sum(bool(reply) for r in results[name] for reply in r.replies)
        rows.append(
            {
                "way": name,
                "statements": len(texts),
                "sentences": sentences,
                "seconds": round(seconds, 1),
                "sentences/s": round(sentences / seconds, 2),
                "statements/s": round(len(texts) / seconds, 2),
                "model replies": asked,
            }
        )
        print(rows[-1], flush=True)
    first, *others = results.values()
    same = [
        sum(a.replies == b.replies for a, b in zip(first, other, strict=True)) for other in others
    ]
    base = float(rows[0]["seconds"])
    for row in rows:
        row["speed-up"] = round(base / row["seconds"], 2)
    load = os.getloadavg()
    write_results(
        args.out,
        name="bench_model_writer",
        command=f"python -m experiments.bench_model_writer --statements {args.statements} "
        f"--batch {args.batch}",
        setup={
            "machine": f"{os.cpu_count()} cores, CPU only (load average "
            f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} at the end of the run)",
            "model": f"SmolLM2-135M-Instruct + {model.name}, llama.cpp, greedy writes",
            "data": f"the first {len(texts)} statements of {DATA.relative_to(Path.cwd())}",
        },
        rows=rows,
        targets={"model writer": ">= 5 sentences/s on 2 cores, at equal write F1"},
        notes=f"Replies equal to the before path's: {same[0]} of {len(texts)} statements one "
        f"at a time, {same[1]} batched. Several sentences decode together with flash attention "
        "in a context of their own, whose sums round differently from the engine's context; a "
        "reply does not depend on its batch (tests/integration/llm/test_batched_writes.py), and "
        "write F1 on the held-out streams is the same both ways (README).",
    )


if __name__ == "__main__":
    main()
