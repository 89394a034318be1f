"""Date phrases resolved against the moment they were said, graded on a hand-labelled set
(``experiments/data/time_expressions/``, its card beside it).

Two systems on the same expressions:

- ``dateparser``: the library alone, given the gold phrase itself (no finding), with its own
  preferences, the statement's local wall time as ``RELATIVE_BASE`` and its period as the
  interval (a day, a Monday-to-Sunday week, a month, a year);
- ``pipeline``: what ingestion stores, ``find_time_expressions`` over the whole statement: the
  grammar must find the phrase (its span overlapping the gold one), the tense picks past or
  future, the rules take the phrases dateparser misses.

An expression counts as right only when the interval's first and last days both equal the gold
ones. The sentences with no date phrase count the phrases found in them (false positives).

    python -m experiments.time_expressions
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, date
from pathlib import Path
from typing import Any

from extraction.datetimes import parse_datetime
from extraction.time_expressions import find_time_expressions, resolve_with_dateparser

DATA = Path(__file__).parent / "data" / "time_expressions" / "expressions.jsonl"
RESULTS = Path(__file__).parent / "results" / "time_expressions"
KINDS = ("relative_day", "weekday", "offset", "relative_unit", "date", "month", "year", "season")


@dataclass(frozen=True)
class Labelled:
    id: str
    text: str
    observed_at: str
    expression: str | None
    kind: str
    first: date | None
    last: date | None


def load(path: Path = DATA) -> list[Labelled]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        raw = json.loads(line)
        rows.append(
            Labelled(
                id=raw["id"],
                text=raw["text"],
                observed_at=raw["observed_at"],
                expression=raw["expression"],
                kind=raw["kind"],
                first=date.fromisoformat(raw["first"]) if raw["first"] else None,
                last=date.fromisoformat(raw["last"]) if raw["last"] else None,
            )
        )
    return rows


def grade(rows: list[Labelled]) -> dict[str, Any]:
    """Accuracy per kind for both systems, the false positives, and every miss (to read)."""
    right: dict[str, Counter[str]] = {"dateparser": Counter(), "pipeline": Counter()}
    total: Counter[str] = Counter()
    misses: list[dict[str, Any]] = []
    false_positives: list[dict[str, Any]] = []
    started = time.perf_counter()
    for row in rows:
        observed = parse_datetime(row.observed_at, UTC)
        found = find_time_expressions(row.text, observed)
        if row.expression is None:
            false_positives += [{"id": row.id, "text": row.text, "found": e.text} for e in found]
            continue
        total[row.kind] += 1
        gold = (row.first, row.last)
        alone = resolve_with_dateparser(row.expression, observed, tense=None)
        if alone is not None and alone[:2] == gold:
            right["dateparser"][row.kind] += 1
        begin = row.text.index(row.expression)
        end = begin + len(row.expression)
        spans = [e for e in found if e.start < end and begin < e.end]
        got = (spans[0].first, spans[0].last) if spans else None
        if got == gold:
            right["pipeline"][row.kind] += 1
        else:
            misses.append(
                {
                    "id": row.id,
                    "kind": row.kind,
                    "text": row.text,
                    "gold": [str(row.first), str(row.last)],
                    "pipeline": [str(d) for d in got] if got else None,
                    "dateparser": [str(d) for d in alone[:2]] if alone else None,
                }
            )
    elapsed = time.perf_counter() - started
    per_kind = {
        kind: {
            "n": total[kind],
            "dateparser": right["dateparser"][kind] / total[kind],
            "pipeline": right["pipeline"][kind] / total[kind],
        }
        for kind in KINDS
        if total[kind]
    }
    n = sum(total.values())
    return {
        "expressions": n,
        "sentences_without_dates": sum(1 for r in rows if r.expression is None),
        "per_kind": per_kind,
        "overall": {
            "dateparser": sum(right["dateparser"].values()) / n,
            "pipeline": sum(right["pipeline"].values()) / n,
        },
        "false_positives": false_positives,
        "misses": misses,
        "ms_per_statement": 1000 * elapsed / len(rows),
    }


def table(result: dict[str, Any]) -> str:
    lines = [
        "| kind | n | dateparser alone (given the phrase) | pipeline (found in the text) |",
        "|---|---|---|---|",
    ]
    for kind, row in result["per_kind"].items():
        lines.append(f"| {kind} | {row['n']} | {row['dateparser']:.2f} | {row['pipeline']:.2f} |")
    overall = result["overall"]
    lines.append(
        f"| **all** | {result['expressions']} | {overall['dateparser']:.2f} | "
        f"**{overall['pipeline']:.2f}** |"
    )
    return "\n".join(lines) + "\n"


def write(result: dict[str, Any], out: Path, command: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    fps = result["false_positives"]
    listed = ", ".join(f"{f['found']!r} in {f['text']!r}" for f in fps)
    body = [
        "# Date phrases resolved against the statement's observed_at",
        "",
        f"Command: `{command}`. Data: `experiments/data/time_expressions/expressions.jsonl` "
        f"({result['expressions']} labelled expressions, "
        f"{result['sentences_without_dates']} sentences without one); grader: the interval's "
        "first and last days equal the gold ones. No model: dateparser and the grammar only.",
        "",
        table(result),
        f"False positives in the sentences without a date: {len(fps)} "
        + (f"({listed})" if fps else "")
        + f". Time: {result['ms_per_statement']:.1f} ms per statement (finding and resolving).",
        "",
        "Misses of the pipeline (all of them are in `results.json`):",
        "",
    ]
    body += [
        f"- `{m['id']}` {m['kind']}: {m['text']!r} gold {m['gold']}, got {m['pipeline']}"
        for m in result["misses"]
    ]
    (out / "README.md").write_text("\n".join(body) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    result = grade(load())
    write(result, args.out, "python -m experiments.time_expressions")
    print(table(result))


if __name__ == "__main__":
    main()
