"""How a reader turns its prepared candidate and prompt into an answer: all at once, or streamed.

Graph and vector readers differ in what they retrieve and how they prompt, not in this.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from extraction.llm.base import ChatBackend, ChatMessage, ChatOptions
from hybrid.candidate import Candidate

_SPEAKER = re.compile(
    r"^\s*(?i:answer:\s*)?(?:(?!(?i:yes|no)\b)[A-Z][\w'-]*(?: [A-Z][\w'-]*)?:\s+)?"
)


_ECHO = re.compile(r"^\s*(?:the answer is:?\s*|\d+\.\s*(?:\(latest\)\s*)?)", re.I)


def clean_answer(text: str) -> str:
    """The answer as a reply, not a quoted turn or a copied evidence line: its first line,
    without an "Answer:", "The answer is", "1. (latest)" or "Speaker: " prefix, unquoted."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    first = _SPEAKER.sub("", _ECHO.sub("", first, count=1), count=1).strip()
    return first.strip("\"'“”‘’ ").strip() or text.strip()


def complete(
    llm: ChatBackend | None,
    candidate: Candidate,
    messages: list[ChatMessage] | None,
    options: ChatOptions,
) -> Candidate:
    """The candidate with the LLM's answer (unchanged when there was nothing to ask)."""
    if messages is None or llm is None:
        return candidate
    return replace(candidate, answer=clean_answer(llm.chat(messages, options).text))


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
    yield replace(candidate, answer=clean_answer("".join(pieces)))
