"""How a reader turns its prepared candidate and prompt into an answer: all at once, or streamed.

Graph and vector readers differ in what they retrieve and how they prompt, not in this.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from extraction.llm.base import ChatBackend, ChatMessage, ChatOptions
from hybrid.candidate import Candidate


def complete(
    llm: ChatBackend | None,
    candidate: Candidate,
    messages: list[ChatMessage] | None,
    options: ChatOptions,
) -> Candidate:
    """The candidate with the LLM's answer (unchanged when there was nothing to ask)."""
    if messages is None or llm is None:
        return candidate
    return replace(candidate, answer=llm.chat(messages, options).text.strip())


def stream(
    llm: ChatBackend | None,
    candidate: Candidate,
    messages: list[ChatMessage] | None,
    options: ChatOptions,
) -> Iterator[str | Candidate]:
    """The answer's pieces as the LLM produces them, then the whole candidate."""
    if messages is None or llm is None:
        yield candidate.answer
        yield candidate
        return
    pieces = []
    for chunk in llm.stream(messages, options):
        if chunk.text:
            pieces.append(chunk.text)
            yield chunk.text
    yield replace(candidate, answer="".join(pieces).strip())
