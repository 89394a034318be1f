"""`eval-answers` on a small QA set of its own, with the set's labels as the writes: every reader
answers at its point in the stream, and the grader checks the value and the person."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from experiments.eval_answers import evaluate, summarise
from experiments.gold_writes import GoldWriter, gold_triples
from hybrid.discriminators.rule import RuleDiscriminator
from hybrid.recallgraph import RecallGraph

pytestmark = pytest.mark.slow

STATEMENTS = [
    ("s1", "Oyelaran Teague lives in Gdynia and works at Baltmar Shipping.",
     [["Oyelaran Teague", "lives in", "Gdynia"],
      ["Oyelaran Teague", "works for", "Baltmar Shipping"]], []),
    ("s2", "Pernille Vasko adopted a terrier called Biscuit.",
     [["Pernille Vasko", "has pet", "Biscuit"]], []),
    ("s3", "Oyelaran has moved to Sopot.",
     [["Oyelaran Teague", "lives in", "Sopot"]], [["Oyelaran Teague", "lives in", "Gdynia"]]),
]  # fmt: skip
QUESTIONS = [
    ("q1", "s3", "now", "Where does Oyelaran live now?", "Oyelaran Teague", ["Sopot"], ["Gdynia"]),
    ("q2", "s3", "before", "Where did Oyelaran live before Sopot?", "Oyelaran Teague",
     ["Gdynia"], []),
    ("q3", "s3", "still", "Does Oyelaran still work at Baltmar Shipping?", "Oyelaran Teague",
     ["yes"], []),
]  # fmt: skip


def write_set(folder: Path, stream: str) -> None:
    folder.mkdir()
    (folder / "streams.jsonl").write_text(
        "".join(
            json.dumps(
                {"stream": stream, "id": i, "text": t, "gold": g, "retract": r, "effect": "new"}
            )
            + "\n"
            for i, t, g, r in STATEMENTS
        )
    )
    (folder / "questions.jsonl").write_text(
        "".join(
            json.dumps(
                {
                    "stream": stream,
                    "id": i,
                    "ask_after": after,
                    "category": category,
                    "question": question,
                    "subject": subject,
                    "answers": answers,
                    "outdated": outdated,
                    "changed": category != "still",
                }
            )
            + "\n"
            for i, after, category, question, subject, answers, outdated in QUESTIONS
        )
    )


def test_the_readers_alone_answer_from_the_labelled_facts(
    recallgraph: RecallGraph, tmp_path: Path
) -> None:
    stream = f"mini-{uuid.uuid4().hex[:8]}"
    folder = tmp_path / "qa"
    write_set(folder, stream)
    memory = recallgraph.variant(triple_writer="patterns")
    memory.triple_writer = GoldWriter(memory.triples, gold_triples(folder / "streams.jsonl"))
    records = evaluate(memory, folder)  # each stream's space is deleted after its questions
    answers = {r["id"]: r["readers"]["triples"] for r in records}
    assert answers["q1"]["answer"] == "Sopot" and answers["q1"]["right"]
    assert answers["q2"]["answer"] == "Gdynia" and answers["q2"]["right"]
    assert answers["q3"]["answer"].startswith("Yes") and answers["q3"]["right"]
    assert all(r["hybrid"]["reader"] == "triples" for r in records)
    rows = {row["system"]: row for row in summarise(records, [RuleDiscriminator()])}
    assert rows["hybrid"]["all"] == 1.0 and rows["questions"]["all"] == 3
