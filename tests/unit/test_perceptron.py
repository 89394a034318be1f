"""The faster perceptron tags exactly as NLTK's does, with the same weights."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nltk.tag.perceptron import AveragedPerceptron, PerceptronTagger

from extraction.llm.assets import load_tagger_model
from extraction.perceptron import FastAveragedPerceptron
from extraction.text import split_sentences, tokenize

DATA = Path(__file__).resolve().parents[2] / "experiments" / "data"
STREAMS = ("ood_dev/streams.jsonl", "ood_dev2/streams.jsonl", "ood_writes/streams.jsonl")


def _sentences() -> list[list[str]]:
    """Tokenised sentences in many styles: development streams, chat turns, odd casing."""
    texts = []
    for name in STREAMS:
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            texts.append(json.loads(line)["text"])
    texts += [
        "OK so I LOVE it!!! 2024-05-01, 1999 and 42 km north-east of re-entry.",
        "-- the 3rd of May; e-mail me @ noon ... 'quoted' \"twice\"",
        "",
    ]
    return [tokenize(s) for text in texts for s in split_sentences(text)]


@pytest.fixture(scope="module")
def taggers() -> tuple[PerceptronTagger, PerceptronTagger]:
    weights, tagdict, classes = load_tagger_model()
    nltk_tagger = PerceptronTagger(load=False)
    nltk_tagger.model.weights = weights
    nltk_tagger.model.classes = classes
    fast = PerceptronTagger(load=False)
    fast.model = FastAveragedPerceptron(weights, classes)
    for tagger in (nltk_tagger, fast):
        tagger.tagdict = tagdict
        tagger.classes = classes
    return nltk_tagger, fast


def test_same_tags_as_nltk(taggers: tuple[PerceptronTagger, PerceptronTagger]) -> None:
    nltk_tagger, fast = taggers
    sentences = _sentences()
    assert len(sentences) > 1000
    for words in sentences:
        assert fast.tag(words) == nltk_tagger.tag(words), words


def test_same_confidence_and_strongest_label(
    taggers: tuple[PerceptronTagger, PerceptronTagger],
) -> None:
    nltk_tagger, fast = taggers
    for words in _sentences()[:200]:
        expected = nltk_tagger.tag(words, return_conf=True)
        got = fast.tag(words, return_conf=True)
        assert [(w, t) for w, t, _ in got] == [(w, t) for w, t, _ in expected]
        assert [c for *_, c in got] == pytest.approx([c for *_, c in expected])
    weights = nltk_tagger.model.weights
    for feature in ["i word brandon", "i word run", "i suffix ing", "bias", "no such feature"]:
        row = weights.get(feature)
        expected_label = max(row.items(), key=lambda item: item[1])[0] if row else None
        assert fast.model.strongest_label(feature) == expected_label


def test_no_features_picks_the_greatest_label() -> None:
    model = FastAveragedPerceptron({"x": {"NN": 1.0}}, {"NN", "VB", "DT"})
    assert model.predict({"unknown": 1}) == ("VB", None)
    assert model.predict({"x": 1}) == ("NN", None)
    assert model.predict({"x": 0}) == ("VB", None)


def test_scores_are_summed_in_the_features_order() -> None:
    """B's 1e16 + 1 + 1 is 1e16 added in order (each 1 rounds away), so A's 1e16 + 2 wins; added
    in another order B's would be 1e16 + 2 too, and the tie would go to B."""
    weights = {"big": {"B": 1e16}, "one": {"B": 1.0}, "two": {"B": 1.0}, "a": {"A": 1e16 + 2}}
    features = {"big": 1, "one": 1, "two": 1, "a": 1}
    reference = AveragedPerceptron(weights)
    reference.classes = {"A", "B"}
    assert FastAveragedPerceptron(weights, {"A", "B"}).predict(features) == (
        reference.predict(features)[0],
        None,
    )
