"""`eval-writes` on a small stream of its own: the real model writer, graded and summarised;
the stream's context keeps a pronoun and a first name on the person."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from experiments.eval_writes import evaluate, load_streams
from graph.keys import entity_key
from hybrid.recallgraph import RecallGraph

pytestmark = pytest.mark.slow

STREAM = [
    (
        "Kalinda Abernethy-Quist lives in Wollongong.",
        [["Kalinda Abernethy-Quist", "lives in", "Wollongong"]],
        ["plain"],
    ),
    (
        "She works for Illawarra Tiles.",
        [["Kalinda Abernethy-Quist", "works for", "Illawarra Tiles"]],
        ["pronoun"],
    ),
    (
        "Kalinda moved to Goulburn.",
        [["Kalinda Abernethy-Quist", "lives in", "Goulburn"]],
        ["partial_name", "update"],
    ),
]


def test_a_stream_is_graded_per_phenomenon_with_its_chain(
    recallgraph: RecallGraph, tmp_path: Path
) -> None:
    data = tmp_path / "stream.jsonl"
    data.write_text(
        "".join(
            json.dumps(
                {
                    "stream": "mini",
                    "id": f"mini-{i}",
                    "text": text,
                    "gold": gold,
                    "tags": tags,
                    "effect": "supersedes" if "update" in tags else "new",
                }
            )
            + "\n"
            for i, (text, gold, tags) in enumerate(STREAM)
        )
    )
    memory = recallgraph.variant(triple_writer="model", write_context="resolve")
    summary, records = evaluate(memory, load_streams(data))
    assert [r["id"] for r in records] == ["mini-0", "mini-1", "mini-2"]
    assert {row["phenomenon"] for row in summary["rows"]} >= {"all", "plain", "pronoun"}
    assert summary["pronoun_subjects"] == 0
    assert all(t.split(">>")[0] == "Kalinda Abernethy-Quist" for t in records[1]["written"])
    chain = summary["chains"][0]
    assert chain["subject"] == entity_key("Kalinda Abernethy-Quist")
    assert chain["expected"] == ["goulburn"]
