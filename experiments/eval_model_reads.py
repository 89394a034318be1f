"""The memory model's reads on questions nobody trained on: does its MEM_READ ask about the right
person with the operator the question needs?

Each question of a QA set (hand-written, out of distribution: ``experiments/data/ood_*``) goes to
the model alone (``MemoryModel.read``, no structural plan). A read is *on subject* when one of its
queries names the question's person (the full name, or a first name or surname of it), and *on
operator* when that query's temporal operator is one the question's category calls for:

=============  ==============================
category       operators accepted
=============  ==============================
now            now
long_range     now
still          still
before         previous, before
order          first, before, after
count          count
list           all
=============  ==============================

"when" and "as of a date" questions are left out: no operator names a date asked in words. The
grader checks the reading only, not the answer (``recallgraph eval-answers`` does that).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from experiments.eval_answers import DATA, load
from experiments.results_io import write_results
from extraction.memory_api import Query
from extraction.memory_model.model import MemoryModel
from extraction.temporal_ops import TemporalOp
from graph.keys import entity_key
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

RESULTS = Path(__file__).parent / "results" / "eval_model_reads"
ACCEPTED: dict[str, frozenset[TemporalOp]] = {
    "now": frozenset({TemporalOp.NOW}),
    "long_range": frozenset({TemporalOp.NOW}),
    "still": frozenset({TemporalOp.STILL}),
    "before": frozenset({TemporalOp.PREVIOUS, TemporalOp.BEFORE}),
    "order": frozenset({TemporalOp.FIRST, TemporalOp.BEFORE, TemporalOp.AFTER}),
    "count": frozenset({TemporalOp.COUNT}),
    "list": frozenset({TemporalOp.ALL}),
}


def names_person(query: Query, person: str) -> bool:
    """The query's subject is the person, or one word of the person's name."""
    if not query.subject:
        return False
    asked, full = entity_key(query.subject), entity_key(person)
    return asked == full or asked in full.split()


def grade(model: MemoryModel, question: str, person: str, category: str) -> dict[str, Any]:
    plan = model.read(question)
    on_subject = [q for q in plan.queries if names_person(q, person)]
    on_operator = any(q.when.op in ACCEPTED[category] for q in on_subject)
    return {
        "on_subject": bool(on_subject),
        "on_operator": on_operator,
        "reply": plan.reply,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, action="append", help="QA set folder (repeatable)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    folders = args.data or [DATA]
    memory = RecallGraph(Settings())
    model = memory.memory_model
    adapter = os.environ.get("RECALLGRAPH_MEMORY_ADAPTER", "extraction/adapters/memory-lora")
    rows: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []
    started = time.perf_counter()
    for folder in folders:
        tally: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for q in load(folder)[1]:
            if q.category in ACCEPTED:
                graded = grade(model, q.question, q.subject, q.category)
                tally[q.category].append(graded)
                records.append({"set": folder.name, "id": q.id, "category": q.category} | graded)
        everything = [g for graded in tally.values() for g in graded]
        for category, graded in [*sorted(tally.items()), ("all", everything)]:
            rows.append(
                {
                    "set": folder.name,
                    "category": category,
                    "questions": len(graded),
                    "on_subject": round(sum(g["on_subject"] for g in graded) / len(graded), 3),
                    "on_subject_and_operator": round(
                        sum(g["on_operator"] for g in graded) / len(graded), 3
                    ),
                }
            )
    memory.close()
    write_results(
        args.out,
        name="eval_model_reads",
        command="python -m experiments.eval_model_reads "
        + " ".join(f"--data {f}" for f in folders)
        + f" --out {args.out}",
        setup={
            "model": f"SmolLM2-135M-Instruct + {adapter} (MemoryModel.read, greedy)",
            "grader": "a query names the question's person (full name, first name or surname) "
            "and carries an operator the question's category accepts (see the module)",
            "wall_seconds": round(time.perf_counter() - started, 1),
        },
        rows=rows,
    )
    with (args.out / "records.jsonl").open("w") as out:
        out.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    for row in rows:
        print(row)


if __name__ == "__main__":
    main()
