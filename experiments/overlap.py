"""How much of the belief-update experiment the trained parts have already seen.

The memory model is trained on the templates of ``extraction.memory_model.templates``; the trained
discriminator on recorded runs over belief data of another seed. This counts, for the committed
belief data set, the statements and questions that a training template produces verbatim (any
names and values in its slots), and the evaluation questions found word for word among the
discriminator's training records. Figures measured on such data are in distribution.

    python -m experiments.overlap
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

from experiments.belief_data import DATA_FILE, PEOPLE
from extraction.memory_model.templates import NEGATIONS, REHIRED, RELATIONS, UNEMPLOYED, UPDATES

DISCRIMINATOR_RECORDS = Path(__file__).parent / "data" / "discriminator" / "seed-11.jsonl"
SLOT = re.compile(r"\\\{(s|o|a|b|pr)\\\}")


def template_pattern(template: str) -> re.Pattern[str]:
    """A training template as a regular expression: any text in ``{s}``, ``{o}``…"""
    return re.compile(
        SLOT.sub(lambda m: "(his|her|their)" if m[1] == "pr" else ".+", re.escape(template)) + "$"
    )


def patterns(templates: Iterable[str]) -> list[re.Pattern[str]]:
    return [template_pattern(t) for t in templates]


def statement_templates() -> list[str]:
    found = [t for r in RELATIONS for t in (*r.statements, r.answer)]
    found += [t for group in (*NEGATIONS.values(), *UPDATES.values()) for t in group]
    return found + list(UNEMPLOYED) + list(REHIRED)


def share_matching(texts: Iterable[str], compiled: list[re.Pattern[str]]) -> tuple[int, int]:
    texts = sorted(set(texts))
    return sum(any(p.match(t) for p in compiled) for t in texts), len(texts)


def main() -> None:
    data = json.loads(DATA_FILE.read_text())
    names = {person[0] if isinstance(person, tuple) else person for person in PEOPLE}
    statements = [
        s
        for s in data["initial"] + [s for stream in data["streams"] for s in stream]
        if s.split()[0].removesuffix("'s") in names
    ]
    questions = [q["question"] for q in data["standard"] + data["long_range"]]
    question_templates = [q for r in RELATIONS for q in (*r.questions, *r.reverse_questions)]
    seen, total = share_matching(statements, patterns(statement_templates()))
    print(
        "belief statements about the tracked people that a memory-model training template "
        f"produces: {seen} of {total} distinct"
    )
    seen, total = share_matching(questions, patterns(question_templates))
    print(f"belief questions that a memory-model training template produces: {seen} of {total}")
    records = [json.loads(line) for line in DISCRIMINATOR_RECORDS.read_text().splitlines()]
    trained_on = {r["question"]["question"] for r in records}
    verbatim = sum(q in trained_on for q in questions)
    print(
        "belief questions found verbatim in the discriminator's training records: "
        f"{verbatim} of {len(questions)}"
    )


if __name__ == "__main__":
    main()
