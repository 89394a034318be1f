"""Is memory-model training reproducible? The same ``train-memory-model --quick`` command is run
twice with one seed and once with another, each adapter is evaluated on the same held-out data,
and the table shows the loss curves' largest difference and the metrics side by side: the same
seed should agree within noise, another seed shows what noise is.

    python -m experiments.training_reproducibility      # about 15 minutes on 2 CPU cores
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from experiments.results_io import write_results

RESULTS = Path(__file__).parent / "results" / "training_reproducibility"
EVAL_SIZES = ("--synthetic-writes", "40", "--redocred", "0", "--reads", "20", "--answers", "20")


def recallgraph(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "app.cli", *args], check=True)


def train_and_evaluate(folder: Path, seed: int) -> dict[str, Any]:
    started = time.perf_counter()
    recallgraph("train-memory-model", "--quick", "--seed", str(seed), "--out", str(folder))
    minutes = (time.perf_counter() - started) / 60
    recallgraph("eval-memory-model", "--adapter", str(folder), *EVAL_SIZES, "--out", str(folder))
    report = json.loads((folder / "training_config.json").read_text())["report"]
    rows = json.loads((folder / "evaluation.json").read_text())["rows"]
    greedy_write = next(r for r in rows if r["task"] == "write" and r["decoding"] == "greedy")
    accuracy = {r["task"]: r["accuracy"] for r in rows if r["task"] in ("read", "answer")}
    return {
        "seed": seed,
        "training minutes": round(minutes, 1),
        "final loss": report["final_loss"],
        "curve": report["loss_curve"],
        "write exact F1": greedy_write["exact_f1"],
        "read accuracy": accuracy["read"],
        "answer accuracy": accuracy["answer"],
    }


def largest_curve_gap(a: list[list[float]], b: list[list[float]]) -> float:
    return max(abs(x[1] - y[1]) for x, y in zip(a, b, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--other-seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="recallgraph-repro-") as scratch:
        runs = [
            train_and_evaluate(Path(scratch) / name, seed)
            for name, seed in (("a", args.seed), ("b", args.seed), ("c", args.other_seed))
        ]
    first = runs[0]["curve"]
    rows = [
        {"run": label, **{k: v for k, v in run.items() if k != "curve"}}
        | {"largest loss-curve gap to run 1": round(largest_curve_gap(first, run["curve"]), 4)}
        for label, run in zip(("1", "2 (same seed)", "3 (other seed)"), runs, strict=True)
    ]
    write_results(
        args.out,
        name="training_reproducibility",
        command="python -m experiments.training_reproducibility",
        setup={
            "training": "recallgraph train-memory-model --quick (1 epoch, 96 synthetic writes, "
            "24 reads, 24 answers, 16 Re-DocRED dev writes), CPU",
            "evaluation": "recallgraph eval-memory-model "
            + " ".join(EVAL_SIZES)
            + " (held-out seed 1, exact match after normalisation)",
        },
        rows=rows,
        notes="Same seed, same command: the loss curves and metrics should match within noise; "
        "the other seed shows the size of seed-to-seed variation.",
    )
    print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
