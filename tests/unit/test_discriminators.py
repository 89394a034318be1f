"""The trained and oracle discriminators and their features: pure functions and the committed
weights (no LLM)."""

from __future__ import annotations

from pathlib import Path

import pytest

from experiments.belief_data import Question, grade
from experiments.discriminator_training import fit_from_records
from graph.errors import AssetMissingError
from hybrid.candidate import Candidate, Evidence
from hybrid.discriminators.features import FEATURES, candidate_features
from hybrid.discriminators.oracle import OracleDiscriminator
from hybrid.discriminators.trained import WEIGHTS, LinearModel, TrainedDiscriminator, fit

REPO = Path(__file__).resolve().parents[2]
RECORDS = REPO / "experiments" / "data" / "discriminator"
QUESTION = "Where does Brandon plan on traveling for his next vacation?"
BRAZIL = Candidate(
    "graph",
    "Brandon is planning on going to Brazil.",
    [
        Evidence("sentence", "Brandon wants to go to Paris for his next vacation.", 1),
        Evidence("sentence", "Brandon cancelled his Paris trip and is going to Brazil.", 3),
    ],
)
HEDGE = Candidate(
    "vector", "I don't know; the context does not say.", [Evidence("chunk", "Ann ate.", 2)]
)
PARIS = Candidate(
    "triples",
    "Brandon plans to travel to Paris.",
    [Evidence("fact", "Brandon>>plans to travel to>>Paris", 1, t_to=3)],
)


def by_name(row: list[float]) -> dict[str, float]:
    return dict(zip(FEATURES, row, strict=True))


def test_features_flag_hedges_closed_facts_and_the_reader() -> None:
    rows = [by_name(r) for r in candidate_features(QUESTION, [BRAZIL, HEDGE, PARIS])]
    assert rows[1]["hedges"] == 1.0 and rows[0]["hedges"] == 0.0
    assert rows[2]["closed_evidence"] == 1.0 and rows[0]["closed_evidence"] == 0.0
    assert rows[0]["recency"] == 1.0 and rows[2]["recency"] == pytest.approx(1 / 3)
    assert rows[0]["newest_grounded"] > 0 and rows[1]["grounded"] == 0.0
    assert [r["reader_graph"] for r in rows] == [1.0, 0.0, 0.0]


def test_fit_learns_which_feature_predicts_correctness(tmp_path: Path) -> None:
    width = len(FEATURES)
    rows = [[float(i % 2)] + [float(i % 5)] * (width - 1) for i in range(40)]
    labels = [i % 2 for i in range(40)]
    model = fit(rows, labels)
    assert model.coef[0] > 1.0
    assert model.probability(rows[1]) > 0.5 > model.probability(rows[0])
    model.save(tmp_path / "w.json")
    assert LinearModel.load(tmp_path / "w.json") == model


def test_weights_fitted_on_other_features_or_missing_are_refused(tmp_path: Path) -> None:
    with pytest.raises(AssetMissingError, match="train-discriminator"):
        LinearModel.load(tmp_path / "absent.json")
    stale = LinearModel(("old",), (0.0,), (1.0,), (1.0,), 0.0)
    stale.save(tmp_path / "stale.json")
    with pytest.raises(AssetMissingError, match="other features"):
        LinearModel.load(tmp_path / "stale.json")


def test_the_committed_weights_are_what_the_committed_records_give() -> None:
    committed = LinearModel.load(WEIGHTS)
    files = [REPO / name for name in committed.trained_on]
    assert files and all(f.is_relative_to(RECORDS) and f.exists() for f in files)
    refit, report = fit_from_records(files)
    assert refit.features == committed.features
    assert refit.coef == pytest.approx(committed.coef, abs=1e-6)
    assert refit.intercept == pytest.approx(committed.intercept, abs=1e-6)
    assert report["training choice accuracy"] >= report["best single reader on the same questions"]


def test_the_trained_discriminator_prefers_a_grounded_answer_to_a_hedge() -> None:
    choice = TrainedDiscriminator().choose(QUESTION, [HEDGE, BRAZIL])
    assert choice.reader == "graph"
    assert choice.reason.startswith("estimated chance of being right: graph")
    assert choice.scores["graph"] > choice.scores["vector"]


def test_the_oracle_takes_an_answer_the_grader_accepts() -> None:
    question = Question("q", "Brandon", "current", QUESTION, ["Brazil"], ["Paris"])
    oracle = OracleDiscriminator(lambda answer, _refs: grade(answer, question))
    assert oracle.choose(QUESTION, [HEDGE, PARIS, BRAZIL], ["Brazil"]).reader == "graph"
    assert oracle.choose(QUESTION, [HEDGE, PARIS], ["Brazil"]).reader == "vector"
