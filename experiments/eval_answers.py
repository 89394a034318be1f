"""Answers graded on streams nobody trained on (``experiments/data/ood_qa``, held out).

Each stream is fed in order into a space of its own, through the configured writers (concepts,
triples, vectors), and each question is asked at its point in the stream (after its
``ask_after`` statement), in ``all`` mode: every reader answers and the discriminator picks
(the hybrid answer). Every reader's answer is graded, so one run gives the table of readers and
the hybrid, and the oracle (some reader was right).

The grader accepts an answer only when it names a right value **for the asked person** and no
outdated value:

- value: an acceptable answer appears as whole words (case and accents aside) and no outdated
  value does; a yes/no answer must start with the right word; a count must state the number;
- person: an answer composed from facts must come from the asked person's facts (the read's
  subject); any other answer must not name another person of the stream without naming the
  asked one (the graph reader once answered a question about Brandon with Dana's plans);
- an answer that says it does not know is wrong, whatever it quotes: "I have no facts about that
  (memory read: Ximena Cruz>>works as>>@before Senior UX designer)" names the gold value only
  in the read it tried.
"""

from __future__ import annotations

import calendar
import json
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from experiments.grading import grade_when
from extraction.statements import StatementInput
from graph.keys import entity_key, fold
from graph.spaces import create_space, space_exists
from hybrid.ask import Answer, Discriminator, still_overrules
from hybrid.candidate import Candidate
from hybrid.recallgraph import RecallGraph
from hybrid.statement_still import READER as STILL

DATA = Path(__file__).parent / "data" / "ood_qa"
READERS = ("graph", "triples", "vector")
_NUMBERS = {
    "zero": 0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip


@dataclass(frozen=True)
class QAQuestion:
    stream: str
    id: str
    ask_after: str
    category: str
    question: str
    subject: str
    answers: tuple[str, ...]
    outdated: tuple[str, ...]
    changed: bool


@dataclass(frozen=True)
class QAStatement:
    stream: str
    id: str
    text: str
    observed_at: str | None
    subjects: tuple[str, ...]  # the people its gold facts are about


def _rows(path: Path) -> Iterable[dict[str, Any]]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            yield json.loads(line)


def load(folder: Path = DATA) -> tuple[dict[str, list[QAStatement]], list[QAQuestion]]:
    """The streams (in order) and the questions of a QA set."""
    streams: dict[str, list[QAStatement]] = defaultdict(list)
    for row in _rows(folder / "streams.jsonl"):
        people = {g[0] for g in row.get("gold", [])} | {g[0] for g in row.get("retract", [])}
        streams[row["stream"]].append(
            QAStatement(
                row["stream"], row["id"], row["text"], row.get("observed_at"), tuple(people)
            )
        )
    questions = [
        QAQuestion(
            row["stream"],
            row["id"],
            row["ask_after"],
            row["category"],
            row["question"],
            row["subject"],
            tuple(str(a) for a in row["answers"]),
            tuple(str(o) for o in row.get("outdated", [])),
            bool(row.get("changed", False)),
        )
        for row in _rows(folder / "questions.jsonl")
    ]
    return dict(streams), questions


def mentions(text: str, value: str) -> bool:
    """``value`` in ``text`` as whole words, case and accents aside."""
    needle = fold(value)
    return bool(needle) and re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", fold(text)) is not None


def _first_word(text: str) -> str:
    words = fold(text).split()
    return words[0] if words else ""


def _numbers(text: str) -> set[int]:
    found = {int(n) for n in re.findall(r"\b\d+\b", text)}
    return found | {_NUMBERS[w] for w in fold(text).split() if w in _NUMBERS}


def gold_interval(answer: str) -> dict[str, str] | None:
    """A gold ISO day, month ("2024-04") or year as the days it spans."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", answer):
        return {"first": answer, "last": answer}
    if re.fullmatch(r"\d{4}-\d{2}", answer):
        year, month = (int(p) for p in answer.split("-"))
        last = calendar.monthrange(year, month)[1]
        return {"first": f"{answer}-01", "last": f"{answer}-{last:02d}"}
    if re.fullmatch(r"\d{4}", answer):
        return {"first": f"{answer}-01-01", "last": f"{answer}-12-31"}
    return None


def value_right(answer: str, question: QAQuestion) -> bool:
    if question.category == "when":
        spans = [s for a in question.answers if (s := gold_interval(a)) is not None]
        if spans:  # "On 3 May 2024" answers "2024-05-03"
            return any(grade_when(answer, span) for span in spans)
    if question.category == "still":
        return _first_word(answer) == fold(question.answers[0])
    if question.category == "count":
        wanted = {int(a) for a in question.answers if a.strip().isdigit()}
        return bool(wanted & _numbers(answer)) and not any(
            mentions(answer, o) for o in question.outdated
        )
    if question.category == "list":
        named = all(mentions(answer, a) for a in question.answers)
    else:
        named = any(mentions(answer, a) for a in question.answers)
    return named and not any(mentions(answer, o) for o in question.outdated)


def _name_parts(name: str) -> set[str]:
    return {p for p in entity_key(name).split() if len(p) > 2}


def person_right(candidate: Candidate, question: QAQuestion, people: Sequence[str]) -> bool:
    """The answer is about the asked person (see the module's docstring)."""
    subject = candidate.signals.get("subject")
    if candidate.signals.get("composed") and isinstance(subject, str):
        return entity_key(subject) == entity_key(question.subject)
    answer = fold(candidate.answer)
    asked = _name_parts(question.subject)
    words = set(answer.split())
    if words & asked:
        return True
    others = [p for p in people if entity_key(p) != entity_key(question.subject)]
    return not any(words & _name_parts(p) for p in others)


def grade(candidate: Candidate, question: QAQuestion, people: Sequence[str]) -> dict[str, Any]:
    value = not candidate.no_information and value_right(candidate.answer, question)
    person = person_right(candidate, question, people)
    return {"answer": candidate.answer, "value": value, "person": person, "right": value and person}


Asker = Callable[[str, QAQuestion], Answer]


def run_stream(
    memory: RecallGraph,
    name: str,
    statements: Sequence[QAStatement],
    questions: Sequence[QAQuestion],
    progress: Callable[[str], None] = lambda _: None,
    advance: Callable[[int], None] = lambda _: None,
) -> list[dict[str, Any]]:
    """Feed one stream, asking each question at its point; one record per question
    (``advance(n)``: n more statements fed)."""
    space = f"eval-answers-{name}"
    if space_exists(memory.store, space):
        memory.delete_space(space)
    create_space(memory.store, space)
    people = sorted({p for s in statements for p in s.subjects} | {q.subject for q in questions})
    asked_after: dict[str, list[QAQuestion]] = defaultdict(list)
    for question in questions:
        asked_after[question.ask_after].append(question)
    records: list[dict[str, Any]] = []
    pending: list[StatementInput] = []
    try:
        for position, statement in enumerate(statements, start=1):
            pending.append(
                StatementInput(
                    statement.text, id=statement.id, source=name, observed_at=statement.observed_at
                )
            )
            due = asked_after.get(statement.id, [])
            if not due and position < len(statements):
                continue
            memory.remember(space, pending)
            advance(len(pending))
            pending = []
            for question in due:
                started = time.perf_counter()
                answer = memory.ask(space, question.question, mode="all")
                seconds = time.perf_counter() - started
                graded = {c.reader: grade(c, question, people) for c in answer.candidates}
                chosen = graded[answer.chosen]
                records.append(
                    {
                        "id": question.id,
                        "stream": name,
                        "position": position,
                        "category": question.category,
                        "changed": question.changed,
                        "question": question.question,
                        "subject": question.subject,
                        "answers": list(question.answers),
                        "outdated": list(question.outdated),
                        "readers": graded,
                        "hybrid": chosen | {"reader": answer.chosen, "reason": answer.reason},
                        "oracle": any(g["right"] for g in graded.values()),
                        "seconds": round(seconds, 3),
                        "candidates": [c.to_dict() for c in answer.candidates],
                    }
                )
            if due:
                progress(f"{name}: {position}/{len(statements)} statements, {len(records)} asked")
    finally:
        memory.delete_space(space)
    return records


def reader_right(record: dict[str, Any], reader: str) -> bool:
    return bool(record["readers"].get(reader, {}).get("right"))


def rechosen(record: dict[str, Any], discriminator: Discriminator) -> bool:
    """Whether ``discriminator``, choosing among the recorded candidates, picks a right one."""
    candidates = [Candidate.from_dict(c) for c in record["candidates"]]
    state = next((c for c in candidates if c.reader == STILL), None)
    readers = [c for c in candidates if c is not state]
    if state is not None and still_overrules(state, readers):  # as hybrid.ask does
        return bool(record["readers"].get(STILL, {}).get("right"))
    choice = discriminator.choose(record["question"], readers)
    return bool(record["readers"].get(choice.reader, {}).get("right"))


def summarise(
    records: Sequence[dict[str, Any]], discriminators: Sequence[Discriminator] = ()
) -> list[dict[str, Any]]:
    """Accuracy per system (each reader, hybrid, oracle, and the hybrid as each of
    ``discriminators`` would have chosen from the same candidates) and category, plus 'changed'
    and all."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        groups[record["category"]].append(record)
        if record["changed"]:
            groups["changed"].append(record)
        groups["all"].append(record)
    order = [g for g in ("now", "before", "order", "long_range", "still", "list", "count", "when",
                         "as_of_date", "changed", "all") if g in groups]  # fmt: skip
    systems: dict[str, Callable[[dict[str, Any]], bool]] = {
        reader: partial(reader_right, reader=reader) for reader in READERS
    }
    systems["hybrid"] = lambda r: bool(r["hybrid"]["right"])
    for discriminator in discriminators:
        systems[f"hybrid-{discriminator.name}"] = partial(rechosen, discriminator=discriminator)
    systems["oracle"] = lambda r: bool(r["oracle"])
    rows = []
    for system, right in systems.items():
        row: dict[str, Any] = {"system": system}
        for group in order:
            row[group] = round(sum(map(right, groups[group])) / len(groups[group]), 3)
        rows.append(row)
    rows.append({"system": "questions"} | {g: len(groups[g]) for g in order})
    return rows


def evaluate(
    memory: RecallGraph,
    folder: Path = DATA,
    *,
    streams: Sequence[str] = (),
    progress: Callable[[str], None] = lambda _: None,
    advance: Callable[[int], None] = lambda _: None,
) -> list[dict[str, Any]]:
    """Every question of the set (or of ``streams``), answered and graded."""
    statements, questions = load(folder)
    records: list[dict[str, Any]] = []
    for name, stream in statements.items():
        if streams and name not in streams:
            continue
        asked = [q for q in questions if q.stream == name]
        records += run_stream(memory, name, stream, asked, progress, advance)
    return records
