"""The memory model's reads on questions nobody trained on: does its MEM_READ ask about the right
person with the operator the question needs?

Each question of a QA set (hand-written, out of distribution: ``experiments/data/ood_*``) goes to
the model alone (``MemoryModel.read``, no structural plan). A read is *on subject* when one of its
queries names the question's person as its subject or object (the full name, or a first name or
surname of it), and *on operator* when that query's temporal operator is one the question's
category allows:

=============  ======================================
category       operators accepted
=============  ======================================
now            now
long_range     now, first (the value back then)
still          still
before         previous, before
order          first, before, after, all
count          count
list           all, now (a list of what holds now)
=============  ======================================

Questions whose person the question does not name ("Where does Yuki's sister live?") are left
out, as are "when" and "as of a date" questions: no operator names a date asked in words. The
relation is not graded (the set's gold names no relation), nor the answer (``recallgraph
eval-answers`` does that).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from experiments.eval_answers import DATA, load
from experiments.results_io import write_results
from extraction.memory_model.model import MemoryModel
from extraction.temporal_ops import TemporalOp
from graph.keys import entity_key
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

RESULTS = Path(__file__).parent / "results" / "eval_model_reads"
ACCEPTED: dict[str, frozenset[TemporalOp]] = {
    "now": frozenset({TemporalOp.NOW}),
    "long_range": frozenset({TemporalOp.NOW, TemporalOp.FIRST}),
    "still": frozenset({TemporalOp.STILL}),
    "before": frozenset({TemporalOp.PREVIOUS, TemporalOp.BEFORE}),
    "order": frozenset({TemporalOp.FIRST, TemporalOp.BEFORE, TemporalOp.AFTER, TemporalOp.ALL}),
    "count": frozenset({TemporalOp.COUNT}),
    "list": frozenset({TemporalOp.ALL, TemporalOp.NOW}),
}


def is_person(name: str | None, person: str) -> bool:
    """``name`` is the person, or one word of the person's name."""
    if not name:
        return False
    asked, full = entity_key(name), entity_key(person)
    return asked == full or asked in full.split()


def named_in(question: str, person: str) -> bool:
    words = set(entity_key(question).split())
    return any(part in words for part in entity_key(person).split())


def grade(model: MemoryModel, question: str, person: str, category: str) -> dict[str, Any]:
    plan = model.read(question)
    on_subject = [
        q for q in plan.queries if is_person(q.subject, person) or is_person(q.object, person)
    ]
    on_operator = any(q.when.op in ACCEPTED[category] for q in on_subject)
    return {
        "on_subject": bool(on_subject),
        "on_operator": on_operator,
        "reply": plan.reply,
    }


def grade_sets(
    model: MemoryModel, folders: list[Path]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The table (per set and category) and one record per question."""
    rows: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []
    for folder in folders:
        tally: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for q in load(folder)[1]:
            if q.category in ACCEPTED and named_in(q.question, q.subject):
                graded = grade(model, q.question, q.subject, q.category)
                tally[q.category].append(graded)
                records.append({"set": folder.name, "id": q.id, "category": q.category} | graded)
        everything = [g for graded in tally.values() for g in graded]
        for category, graded in [*sorted(tally.items()), ("all", everything)]:
            if not graded:
                continue
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
    return rows, records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, action="append", help="QA set folder (repeatable)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    folders = args.data or [DATA]
    memory = RecallGraph(Settings())
    try:
        adapter = memory.settings.memory_adapter
        started = time.perf_counter()
        rows, records = grade_sets(memory.memory_model, folders)
        wall = round(time.perf_counter() - started, 1)
    finally:
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
            "as subject or object and carries an operator the question's category allows "
            "(see the module)",
            "wall_seconds": wall,
        },
        rows=rows,
    )
    with (args.out / "records.jsonl").open("w") as out:
        out.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    for row in rows:
        print(row)


if __name__ == "__main__":
    main()
