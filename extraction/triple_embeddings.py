"""How entity and relation names become vectors for the triple memory's fuzzy matching.

Entities are embedded by their key (so the vector does not depend on which surface form came
first). Relations are embedded *inside carrier sentences*: a bare phrase such as "works for" is a
poor input for a sentence model (MiniLM gives cos("works for", "employed by") = 0.24, below
MEMLLM's τ_t = 0.7), while "someone works for something" and "someone employed by something" are
ordinary sentences whose meanings the model compares well. Each relation is embedded in the
``RELATION_TEMPLATES`` below and the unit mean of the vectors is used (averaging templates cancels
each template's own bias). ``experiments/relation_similarity.py`` measured this choice against
bare phrases and single templates on held-out synonym and non-synonym pairs; its table is in
``experiments/results/relation_similarity/``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from extraction.embeddings import Embedder

RELATION_TEMPLATES: tuple[str, ...] = ("someone {} something", "a person {} a thing")
_CACHE_SIZE = 4096


def relation_texts(key: str, templates: Sequence[str] = RELATION_TEMPLATES) -> list[str]:
    return [template.format(key) for template in templates]


def embed_relation_keys(
    embedder: Embedder, keys: Sequence[str], templates: Sequence[str] = RELATION_TEMPLATES
) -> np.ndarray:
    """One unit vector per relation key: the normalised mean over the carrier templates."""
    if not keys:
        return embedder.embed([])
    texts = [text for key in keys for text in relation_texts(key, templates)]
    vectors = embedder.embed(texts).reshape(len(keys), len(templates), -1).mean(axis=1)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


class NameEmbedder:
    """Entity and relation vectors with a small LRU cache (relations repeat constantly)."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._cache: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def _embed(self, kind: str, keys: Sequence[str]) -> dict[str, list[float]]:
        unique = list(dict.fromkeys(keys))
        with self._lock:
            found = {k: self._cache[(kind, k)] for k in unique if (kind, k) in self._cache}
            for k in found:
                self._cache.move_to_end((kind, k))
        todo = [k for k in unique if k not in found]
        if todo:
            if kind == "relation":
                matrix = embed_relation_keys(self.embedder, todo)
            else:
                matrix = self.embedder.embed(todo)
            fresh = dict(zip(todo, matrix, strict=True))
            found.update(fresh)
            with self._lock:
                for k, vector in fresh.items():
                    self._cache[(kind, k)] = vector
                while len(self._cache) > _CACHE_SIZE:
                    self._cache.popitem(last=False)
        return {k: found[k].tolist() for k in unique}

    def entities(self, keys: Sequence[str]) -> dict[str, list[float]]:
        """Key → unit vector, for entity keys."""
        return self._embed("entity", keys)

    def relations(self, keys: Sequence[str]) -> dict[str, list[float]]:
        """Key → unit vector (carrier-template mean), for relation keys."""
        return self._embed("relation", keys)
