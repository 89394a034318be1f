"""Questions about dates on multi-session chats (``experiments/data/time_chats/``, card beside it).

Each conversation is fed, turn by turn with its ``observed_at``, into a space of its own; then its
questions are asked two ways, in the same reader mode:

- ``readers``: the readers and discriminator alone (no calendar time: the question goes to them as
  written, as of now);
- ``time``: ``RecallGraph.ask``, whose calendar-time hook answers "when did", "how long after"
  from the statements' resolved dates and hands "what was true on <date>" to the readers as of
  the ``t`` that date stands for.

Grading, by kind: ``when_did`` is right when the answer names a date inside the gold interval
(for a month or a year, that month or year named); ``how_long_after`` when it gives the gold
number of days (or weeks, exactly; months within 10 %); ``true_on`` when it names the value true
then and none of the outdated ones (whole words).

    python -m experiments.time_chats [--mode graph] [--backend local|openai]

``--backend openai`` runs the readers on the OpenAI-compatible server ``OPENAI_BASE_URL`` names and
is skipped (recorded as such) when none is configured.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from experiments.grading import contains, grade_when
from extraction.statements import StatementInput
from hybrid.ask import Asker
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

DATA = Path(__file__).parent / "data" / "time_chats"
RESULTS = Path(__file__).parent / "results" / "time_chats"
KINDS = ("when_did", "true_on", "how_long_after")
_SPAN = re.compile(r"\b(\d+(?:\.\d+)?)\s*(day|week|month|year)s?\b", re.I)
_UNIT_DAYS = {"day": 1.0, "week": 7.0, "month": 30.44, "year": 365.25}


def grade_how_long(answer: str, gold: dict[str, int]) -> bool:
    for m in _SPAN.finditer(answer):
        unit = m[2].lower()
        days = float(m[1]) * _UNIT_DAYS[unit]
        tolerance = 0.1 * gold["days"] if unit in ("month", "year") else 0.5
        if abs(days - gold["days"]) <= tolerance:
            return True
    return False


def grade_true_on(answer: str, gold: dict[str, list[str]]) -> bool:
    return contains(answer, gold["value"]) and not contains(answer, gold["outdated"])


GRADERS = {"when_did": grade_when, "how_long_after": grade_how_long, "true_on": grade_true_on}


def load() -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, Any]]]:
    chats: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in (DATA / "chats.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        chats[row["conversation"]].append(row)
    questions = [
        json.loads(line)
        for line in (DATA / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    return chats, questions


def run(memory: RecallGraph, mode: str) -> list[dict[str, Any]]:
    """Every question answered both ways, graded; each conversation's space deleted after."""
    chats, questions = load()
    plain = Asker(memory.readers, memory.discriminator)  # the same readers, no calendar time
    records = []
    for conversation, turns in chats.items():
        space = f"timechats-{conversation}-{uuid.uuid4().hex[:8]}"
        memory.remember(
            space,
            [
                StatementInput(t["text"], t["id"], f"session {t['session']}", t["observed_at"])
                for t in turns
            ],
        )
        try:
            for q in (q for q in questions if q["conversation"] == conversation):
                for system in ("readers", "time"):
                    started = time.perf_counter()
                    if system == "time":
                        answer = memory.ask(space, q["question"], mode=mode)  # type: ignore[arg-type]
                    else:
                        answer = plain.ask(space, q["question"], mode)  # type: ignore[arg-type]
                    records.append(
                        {
                            "id": q["id"],
                            "kind": q["kind"],
                            "system": system,
                            "question": q["question"],
                            "answer": answer.answer,
                            "chosen": answer.chosen,
                            "as_of": answer.as_of,
                            "correct": GRADERS[q["kind"]](answer.answer, q["gold"]),
                            "seconds": round(time.perf_counter() - started, 2),
                        }
                    )
        finally:
            memory.delete_space(space)
    return records


def summary(records: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    right: Counter[tuple[str, str]] = Counter()
    total: Counter[tuple[str, str]] = Counter()
    for r in records:
        for kind in (r["kind"], "all"):
            total[(r["system"], kind)] += 1
            right[(r["system"], kind)] += r["correct"]
    return {
        system: {kind: right[(system, kind)] / total[(system, kind)] for kind in (*KINDS, "all")}
        for system in ("readers", "time")
        if total[(system, "all")]
    }


def table(scores: dict[str, dict[str, float]], label: str) -> str:
    lines = [
        "| system | when did (24) | what was true on (11) | how long after (6) | all (41) |",
        "|---|---|---|---|---|",
    ]
    for system, row in scores.items():
        cells = " | ".join(f"{row[k]:.2f}" for k in (*KINDS, "all"))
        lines.append(f"| {label}, {system} | {cells} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="graph", choices=("graph", "vector", "hybrid"))
    parser.add_argument("--backend", default="local", choices=("local", "openai"))
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    command = f"python -m experiments.time_chats --mode {args.mode} --backend {args.backend}"
    out = args.out / f"{args.backend}-{args.mode}"
    out.mkdir(parents=True, exist_ok=True)
    settings = Settings().model_copy(update={"triple_writer": "none"})
    if args.backend == "openai":
        if not settings.openai_base_url:
            note = "skipped: no OpenAI-compatible backend configured (OPENAI_BASE_URL unset)\n"
            (out / "README.md").write_text(f"Command: `{command}`: {note}", encoding="utf-8")
            print(note, end="")
            return
        settings = settings.model_copy(update={"llm_backend": "openai"})
    load_average = os.getloadavg()
    with RecallGraph.from_settings(settings) as memory:
        records = run(memory, args.mode)
    scores = summary(records)
    model = settings.llm_model if args.backend == "openai" else "SmolLM2-135M-Instruct (local)"
    label = f"{args.mode}, {model}"
    (out / "records.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
    )
    (out / "results.json").write_text(json.dumps(scores, indent=2) + "\n", encoding="utf-8")
    (out / "README.md").write_text(
        f"# Questions about dates on multi-session chats ({label})\n\n"
        f"Command: `{command}`. Data: `experiments/data/time_chats/` (6 conversations, 46 dated "
        "turns, 41 questions). Graders: see `experiments/time_chats.py`. Triple writer off "
        "(concepts and vectors only). Load average when it began: "
        + ", ".join(f"{x:.2f}" for x in load_average)
        + ".\n\n"
        + table(scores, label)
        + "\nEvery answer is in `records.jsonl`.\n",
        encoding="utf-8",
    )
    print(table(scores, label))


if __name__ == "__main__":
    main()
