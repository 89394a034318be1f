"""Sentence embeddings from the packaged all-MiniLM-L6-v2, loaded once per process.

Entities, relations (triple memory) and chunks (vector baseline) are all embedded here, so the
fuzzy lookups and ChromaDB share one model and one normalisation (unit vectors: dot = cosine).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from extraction.llm.assets import minilm_dir, offline_mode
from graph.schema import EMBEDDING_DIMENSIONS

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer


class Embedder:
    """Thread-safe lazy wrapper around the sentence-transformers model."""

    def __init__(self, batch_size: int = 64) -> None:
        self.batch_size = batch_size
        self._model: SentenceTransformer | None = None
        self._load_lock = threading.Lock()
        self._encode_lock = threading.Lock()

    @property
    def model(self) -> SentenceTransformer:
        if self._model is None:
            with self._load_lock:
                if self._model is None:
                    offline_mode()
                    from sentence_transformers import SentenceTransformer

                    self._model = SentenceTransformer(str(minilm_dir()), device="cpu")
        return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-length float32 vectors, one row per text (an empty input gives shape (0, 384))."""
        if not texts:
            return np.zeros((0, EMBEDDING_DIMENSIONS), dtype=np.float32)
        with self._encode_lock:
            vectors = self.model.encode(
                list(texts),
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.asarray(vectors, dtype=np.float32)

    def embed_one(self, text: str) -> list[float]:
        return [float(x) for x in self.embed([text])[0]]
