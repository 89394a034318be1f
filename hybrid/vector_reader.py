"""The vector-database baseline (RecallM's VectorDB): top-k chunks by similarity, prompt, answer.

Faithful to the baseline the paper compares against: chunks are ordered by similarity, not time,
and the prompt says nothing about chronology. That blindness to time is what the belief-update
experiment measures.
"""

from __future__ import annotations

from collections.abc import Iterator

from extraction.llm.base import ChatBackend, ChatMessage, ChatOptions
from hybrid import reader_answers
from hybrid.candidate import Candidate, Evidence
from hybrid.prompts import VECTOR_ANSWER
from hybrid.vector_store import Chunk, VectorStore

READER = "vector"


VECTOR_TOP_K = 4
"""Chunks the vector reader puts into its prompt."""


class VectorReader:
    def __init__(
        self,
        vectors: VectorStore,
        llm: ChatBackend | None,
        k: int = VECTOR_TOP_K,
        max_answer_tokens: int = 64,
    ) -> None:
        self.vectors = vectors
        self.llm = llm
        self.k = k
        self.max_answer_tokens = max_answer_tokens

    def retrieve(self, space: str, question: str, as_of: int | None = None) -> list[Chunk]:
        return self.vectors.search(space, question, self.k, max_t=as_of)

    def _prepare(
        self, space: str, question: str, as_of: int | None
    ) -> tuple[Candidate, list[ChatMessage] | None]:
        chunks = self.retrieve(space, question, as_of)
        evidence = [Evidence("chunk", c.text, c.t, ref=c.id) for c in chunks]
        signals = {
            "chunks": len(chunks),
            "best_distance": min((c.distance for c in chunks), default=2.0),
            "newest_t": max((c.t for c in chunks), default=0),
        }
        if not chunks:
            return Candidate(
                READER, "I have no stored text to answer from.", [], True, signals
            ), None
        if self.llm is None:
            raise ValueError("VectorReader.answer needs an LLM backend; use retrieve() without one")
        context = "\n\n".join(c.text for c in chunks)
        messages = VECTOR_ANSWER.messages(context=context, question=question)
        return Candidate(READER, "", evidence, signals=signals, prompt=VECTOR_ANSWER.id), messages

    def answer(self, space: str, question: str, as_of: int | None = None) -> Candidate:
        candidate, messages = self._prepare(space, question, as_of)
        return reader_answers.complete(
            self.llm, candidate, messages, ChatOptions(max_tokens=self.max_answer_tokens)
        )

    def stream(
        self, space: str, question: str, as_of: int | None = None
    ) -> Iterator[str | Candidate]:
        """The answer's pieces as the LLM produces them, then the whole candidate."""
        candidate, messages = self._prepare(space, question, as_of)
        return reader_answers.stream(
            self.llm, candidate, messages, ChatOptions(max_tokens=self.max_answer_tokens)
        )
