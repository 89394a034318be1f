"""NLTK's averaged perceptron, predicting the same tags several times faster.

Tagging is the costliest step of the part-of-speech ingest path, and most of it is NLTK's
``AveragedPerceptron.predict``: a Python loop over every feature's weights into a dict, then a
Python ``max`` over all 45 classes through a lambda, for every token. Here the weights are one
dense matrix (a row per feature, a column per class, 34 MB for the WSJ weights) and a token's
scores are the sum of its features' rows. The sum runs down the rows in the features' order, as
NLTK adds them, so every score is the same float; a class a feature has no weight for adds 0.0,
which changes nothing. The columns are in descending label order, so the first maximum is NLTK's
choice on a tie (the greatest label). A test checks the tags are identical.

The weights are kept once, as the matrix: NLTK's 94,000 per-feature dicts are not kept beside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
from nltk.tag.perceptron import AveragedPerceptron


class FastAveragedPerceptron(AveragedPerceptron):
    """Prediction only: the weights were trained elsewhere (the WSJ weights shipped in
    ``textblob-aptagger``)."""

    def __init__(self, weights: Mapping[str, Mapping[str, float]], classes: Iterable[str]) -> None:
        super().__init__()
        self.classes = set(classes)
        self._labels = sorted(self.classes, reverse=True)
        column = {label: j for j, label in enumerate(self._labels)}
        self._row = {feature: i for i, feature in enumerate(weights)}
        self._strongest = {
            feature: max(row.items(), key=lambda item: item[1])[0]
            for feature, row in weights.items()
            if row
        }
        self._matrix = np.zeros((len(weights), len(self._labels)), dtype=np.float64)
        for i, row in enumerate(weights.values()):
            for label, weight in row.items():
                self._matrix[i, column[label]] = weight

    def strongest_label(self, feature: str) -> str | None:
        """The class with the greatest weight for ``feature`` alone (the first such class, as
        ``max`` over NLTK's weights finds it); None for a feature without weights."""
        return self._strongest.get(feature)

    def predict(
        self, features: Mapping[str, int], return_conf: bool = False
    ) -> tuple[str, float | None]:
        rows: list[int] = []
        values: list[int] = []
        for feature, value in features.items():
            i = self._row.get(feature)
            if i is not None and value != 0:
                rows.append(i)
                values.append(value)
        if rows:
            block = self._matrix[rows]
            if any(value != 1 for value in values):
                block = block * np.array(values, dtype=np.float64)[:, None]
            scores = block.sum(axis=0)
        else:
            scores = np.zeros(len(self._labels))
        best = int(scores.argmax())
        if not return_conf:
            return self._labels[best], None
        exps = np.exp(scores)  # NLTK's confidence: the softmax over every class's score
        return self._labels[best], float(exps.max() / exps.sum())
