"""The memory model's data builders, decoding and export: pure functions, no model."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from experiments.belief_data import PEOPLE
from experiments.noise import NOISE_PEOPLE
from extraction.memory_api import Triple
from extraction.memory_model import redocred, synthetic, vocabulary
from extraction.memory_model.decoding import greedy, late_stopping
from extraction.memory_model.evaluate import Counts, exact_matches
from extraction.memory_model.gguf_export import permute_rows
from extraction.memory_parser import parse


def test_same_seed_same_data_and_every_target_parses() -> None:
    first = synthetic.build(3, 60, 20, 20)
    assert first == synthetic.build(3, 60, 20, 20)
    assert first != synthetic.build(4, 60, 20, 20)
    for example in first:
        if example.task == "write":
            parsed = parse(example.target)
            assert not parsed.issues
            assert [t for w in parsed.writes for t in w.triples] == list(example.triples)
        if example.task == "read":
            assert [q for r in parse(example.target).reads for q in r.queries] == list(
                example.queries
            )


def test_held_out_names_are_never_trained_on_and_experiment_casts_are_excluded() -> None:
    assert not set(vocabulary.TRAIN_FIRST) & set(vocabulary.EVAL_FIRST)
    cast = {name for name, _ in PEOPLE} | set(NOISE_PEOPLE)
    assert not cast & set(vocabulary.FIRST_NAMES)
    held_out = synthetic.build(1, 50, 0, 0, held_out=True)
    train_names = set(vocabulary.TRAIN_FIRST)
    for example in held_out:
        for triple in example.triples:
            assert triple.subject.split()[0] not in train_names


def test_updates_retract_the_old_value_and_assert_the_new() -> None:
    gen = synthetic.Generator(0, vocabulary.TRAIN_FIRST)
    for _ in range(30):
        example = gen.update()
        if len(example.triples) == 2:
            old, new = example.triples
            assert old.retract and not new.retract and old.relation == new.relation
            assert old.object != new.object


def _tiny_redocred(root: Path) -> Path:
    """A two-document Re-DocRED split in the real format (tokenised sentences, mentions with
    sentence ids and token spans, labelled relations by Wikidata id)."""
    folder = root / "redocred"
    folder.mkdir(parents=True)
    documents = [
        {
            "title": "Ada Lindqvist",
            "sents": [
                ["Ada", "Lindqvist", "was", "born", "in", "Oslo", "."],
                ["She", "works", "for", "Nordbank", "in", "Bergen", "."],
                ["The", "weather", "was", "mild", "."],
            ],
            "vertexSet": [
                [{"name": "Ada Lindqvist", "sent_id": 0, "pos": [0, 2], "type": "PER"}],
                [{"name": "Oslo", "sent_id": 0, "pos": [5, 6], "type": "LOC"}],
                [{"name": "Nordbank", "sent_id": 1, "pos": [3, 4], "type": "ORG"}],
                [{"name": "Bergen", "sent_id": 1, "pos": [5, 6], "type": "LOC"}],
            ],
            "labels": [
                {"r": "P19", "h": 0, "t": 1, "evidence": [0]},
                {"r": "P108", "h": 0, "t": 2, "evidence": [1]},
                {"r": "P159", "h": 2, "t": 3, "evidence": [1]},
            ],
        },
        {
            "title": "Nordbank",
            "sents": [["Nordbank", "is", "based", "in", "Bergen", "."]],
            "vertexSet": [
                [{"name": "Nordbank", "sent_id": 0, "pos": [0, 1], "type": "ORG"}],
                [{"name": "Bergen", "sent_id": 0, "pos": [4, 5], "type": "LOC"}],
            ],
            "labels": [{"r": "P159", "h": 0, "t": 1, "evidence": [0]}],
        },
    ]
    (folder / "dev_revised.json").write_text(json.dumps(documents))
    relations = {"P19": "place of birth", "P108": "employer", "P159": "headquarters location"}
    (folder / "rel_info.json").write_text(json.dumps(relations))
    return root


def test_redocred_focus_sentences_follow_memllm(tmp_path: Path) -> None:
    data = _tiny_redocred(tmp_path)
    documents, names = redocred.load_split(data, "dev")
    focus = list(redocred.focus_sentences(documents[0], names, pretext_sentences=2))
    assert len(focus) == len(documents[0]["sents"])
    assert all(len(f.pretext) <= 2 for f in focus)
    first_triples = [t for f in focus for t in f.triples]
    assert first_triples and all(t.relation in names.values() for t in first_triples)
    train = redocred.build(data, "dev", 50, 0)
    assert 0 < len(train) <= 50 and all(len(e.triples) <= 8 for e in train)


def test_detokenise_rejoins_punctuation() -> None:
    assert redocred.detokenise(["Paris", ",", "France", "(", "EU", ")", "."]) == (
        "Paris, France (EU)."
    )


class ScriptedStepper:
    """Logits that follow a script: each step prefers the scripted token, then a runner-up."""

    def __init__(self, script: Sequence[tuple[int, int, float]]) -> None:
        self.script = list(script)
        self.calls = 0

    def feed(self, ids: Sequence[int]) -> np.ndarray:
        logits = np.full(10, -10.0)
        if self.calls < len(self.script):
            best, runner_up, margin = self.script[self.calls]
            logits[best], logits[runner_up] = 0.0, -margin
        self.calls += 1
        return logits


class ScriptedModel:
    def __init__(self, script: Sequence[tuple[int, int, float]]) -> None:
        self.stepper_ = ScriptedStepper(script)

    @contextmanager
    def stepper(self) -> Iterator[ScriptedStepper]:
        yield self.stepper_


def test_greedy_stops_at_the_end_token() -> None:
    model = ScriptedModel([(3, 4, 1.0), (5, 4, 1.0), (9, 4, 1.0)])
    assert greedy(model, [1], end_id=9, max_new=10).ids == [3, 5]


def test_late_stopping_continues_past_a_close_and_cuts_at_the_best() -> None:
    # 7 is the closing token. The first close is confident; what follows is weak, so the reply
    # is cut back to the first close.
    script = [(3, 4, 1.0), (7, 6, 0.1), (5, 4, 0.1), (7, 6, 0.1)] + [(7, 6, 0.1)] * 8
    decoded = late_stopping(ScriptedModel(script), [1], end_id=9, closing_ids={7}, max_new=20)
    assert decoded.ids == [3, 7]
    assert decoded.closing_points >= 5


def test_exact_matching_normalises_names() -> None:
    gold = [Triple.from_parts("Brandon", "works for", "Acme"), Triple.from_parts("B", "likes", "x")]
    predicted = [
        Triple.from_parts("brandon", "works for", "ACME"),
        Triple.from_parts("B", "not likes", "x"),
    ]
    assert exact_matches(predicted, gold) == 1
    counts = Counts()
    counts.add(1, 2, 2)
    assert counts.scores() == {"precision": 0.5, "recall": 0.5, "f1": 0.5}


def test_permute_rows_matches_llama_cpp_layout() -> None:
    rows = np.arange(8 * 2).reshape(8, 2)
    permuted = permute_rows(rows, n_head=2)
    # per head of 4 rows: (0, 1, 2, 3) -> (0, 2, 1, 3): halves interleaved
    assert permuted[:, 0].tolist() == [0, 4, 2, 6, 8, 12, 10, 14]
