"""A trained discriminator: logistic regression on the readers' signals and answer features.

It scores each candidate's chance of being correct (``features.FEATURES``, standardised) and
takes the best. The weights are a few dozen numbers in ``weights/discriminator.json`` (fitted by
``recallgraph train-discriminator`` on recorded runs named in the weights file; see the card
``weights/README.md``) and are read without pickle.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from graph.errors import AssetMissingError
from hybrid.ask import Choice
from hybrid.candidate import Candidate
from hybrid.discriminators.features import FEATURES, candidate_features

NAME = "trained"
WEIGHTS = Path(__file__).parent / "weights" / "discriminator.json"


@dataclass(frozen=True)
class LinearModel:
    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    trained_on: tuple[str, ...] = ()  # the record files it was fitted on, from the repo root

    def probability(self, x: Sequence[float]) -> float:
        z = self.intercept + sum(
            c * (v - m) / s for c, v, m, s in zip(self.coef, x, self.mean, self.scale, strict=True)
        )
        return 1.0 / (1.0 + math.exp(-z))

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(self), indent=2) + "\n")

    @classmethod
    def load(cls, path: Path) -> LinearModel:
        if not path.exists():
            raise AssetMissingError(
                f"no discriminator weights at {path}: run `recallgraph train-discriminator`"
            )
        data = json.loads(path.read_text())
        model = cls(
            features=tuple(data["features"]),
            mean=tuple(data["mean"]),
            scale=tuple(data["scale"]),
            coef=tuple(data["coef"]),
            intercept=float(data["intercept"]),
            trained_on=tuple(data.get("trained_on", ())),
        )
        if model.features != FEATURES:
            raise AssetMissingError(
                f"the discriminator weights at {path} were fitted on other features; refit them "
                "with `recallgraph train-discriminator`"
            )
        return model


def fit(
    rows: Sequence[Sequence[float]],
    labels: Sequence[int],
    c: float = 1.0,
    trained_on: Sequence[str] = (),
) -> LinearModel:
    """Standardise, then an L2-regularised logistic regression (scikit-learn)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    x = np.asarray(rows, dtype=np.float64)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    classifier = LogisticRegression(C=c, max_iter=1000)
    classifier.fit((x - mean) / scale, np.asarray(labels))
    return LinearModel(
        FEATURES,
        tuple(float(v) for v in mean),
        tuple(float(v) for v in scale),
        tuple(float(v) for v in classifier.coef_[0]),
        float(classifier.intercept_[0]),
        tuple(trained_on),
    )


class TrainedDiscriminator:
    name = NAME

    def __init__(self, model: LinearModel | None = None, weights: Path = WEIGHTS) -> None:
        self._model = model
        self.weights = weights

    @property
    def model(self) -> LinearModel:
        """The weights, read on first use (asking in one reader's mode never needs them)."""
        if self._model is None:
            self._model = LinearModel.load(self.weights)
        return self._model

    def scores(self, question: str, candidates: list[Candidate]) -> dict[str, float]:
        rows = candidate_features(question, candidates)
        return {c.reader: self.model.probability(x) for c, x in zip(candidates, rows, strict=True)}

    def choose(
        self, question: str, candidates: list[Candidate], references: Sequence[str] = ()
    ) -> Choice:
        scores = self.scores(question, candidates)
        best = max(candidates, key=lambda c: scores[c.reader])
        ranked = ", ".join(f"{r} {p:.2f}" for r, p in sorted(scores.items(), key=lambda i: -i[1]))
        return Choice(best.reader, f"estimated chance of being right: {ranked}", scores)
