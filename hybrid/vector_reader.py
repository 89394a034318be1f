"""The vector-database reader: top-k chunks by similarity, prompt, answer.

Two recipes. ``paper``: the baseline RecallM compares against, chunks ordered by similarity, not
time, and a prompt that says nothing about chronology (that blindness is what the belief-update
experiment measures). ``focused`` (the default): more chunks are retrieved, those about the
question kept, newest first, the latest marked (``hybrid.evidence``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Literal

from extraction.llm.base import ChatBackend, ChatMessage, ChatOptions
from hybrid import reader_answers
from hybrid.candidate import Candidate, Evidence
from hybrid.evidence import EVIDENCE_BUDGET, focused, numbered, question_focus
from hybrid.prompts import FOCUSED_ANSWER, VECTOR_ANSWER
from hybrid.vector_store import Chunk, VectorStore

READER = "vector"


VECTOR_TOP_K = 4
"""Chunks the vector reader puts into its prompt."""


FOCUS_POOL = 4
"""The focused recipe retrieves this many times its budget, then keeps the chunks about the
question."""


class VectorReader:
    def __init__(
        self,
        vectors: VectorStore,
        llm: ChatBackend | None,
        k: int = VECTOR_TOP_K,
        max_answer_tokens: int = 64,
        *,
        evidence: Literal["focused", "paper"] = "focused",
        budget: int = EVIDENCE_BUDGET,
        people: Callable[[str], list[str]] | None = None,
    ) -> None:
        self.vectors = vectors
        self.llm = llm
        self.k = k
        self.max_answer_tokens = max_answer_tokens
        self.evidence = evidence
        self.budget = budget
        self.people = people

    def retrieve(self, space: str, question: str, as_of: int | None = None) -> list[Chunk]:
        k = self.budget * FOCUS_POOL if self.evidence == "focused" else self.k
        return self.vectors.search(space, question, k, max_t=as_of)

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
        if self.evidence == "focused":
            people = self.people(space) if self.people else []
            chosen = focused(
                [(c.t, c.text) for c in chunks], question_focus(question, people), self.budget
            )
            if not chosen:
                return Candidate(
                    READER, "I have no stored text about that.", evidence, True, signals
                ), None
            signals |= {"focused": len(chosen), "newest_t": chosen[0].t}
            items = [Evidence("chunk", r.text, r.t) for r in chosen]
            messages = FOCUSED_ANSWER.messages(statements=numbered(chosen), question=question)
            return Candidate(READER, "", items, signals=signals, prompt=FOCUSED_ANSWER.id), messages
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
