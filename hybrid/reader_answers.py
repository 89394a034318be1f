"""How a reader turns its prepared candidate and prompt into an answer: all at once, or streamed.

Graph and vector readers differ in what they retrieve and how they prompt, not in this. A streamed
answer is the same text as the answer given all at once: the stream is cleaned as it goes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from extraction.llm.base import ChatBackend, ChatMessage, ChatOptions
from hybrid.candidate import Candidate

_SPEAKER = re.compile(  # a name of one or two words; a role in capitals with its "(Name)"; a
    # handle ("kofi:") when a sentence follows it, so "lisbon: since 2021" keeps its value
    r"^\s*(?i:answer:\s*)?(?:(?!(?i:yes|no)\b)"
    r"(?:[A-Z][\w'-]{0,20}(?: [A-Z][\w'-]{0,20})?|[A-Z]{2,12} \([^()\n]{1,24}\)"
    r"|[a-z][\w.-]{2,24}(?=:\s+(?:\S+\s+){2,}\S))"
    r":\s+)?"
)
_ECHO = re.compile(  # "The answer to the question is: 1. (latest) ", once each
    r"^\s*(?:(?:(?:the\s+)?(?:latest|most\s+recent|newest)\s+statement\s+is:"
    r"|(?:[^:\n]{0,45}?,\s+so\s+)?the\s+answer(?:\s+to\s+(?:the|this|your)\s+question)?\s+is:?)\s*)?"
    r"(?:\d+\.(?!\d)\s*(?:\(latest\)\s*)?)?",
    re.I,
)
_QUOTES = "\"'“”‘’ "
# A prefix to strip ("The answer to this question is: 1. (latest) GUEST (Sunita Rao): ") is
# decided within this many characters of the first line (the longest such prefix is under 180).
_SETTLED_AFTER = 180


def _without_prefix(line: str) -> str:
    """A first line without its "The answer is", "1. (latest)" or "Speaker: " prefix, and
    without the quotes and spaces that open it."""
    line = _SPEAKER.sub("", _ECHO.sub("", line, count=1), count=1)
    return line.strip().lstrip(_QUOTES).lstrip() if line.strip() else ""


def clean_answer(text: str) -> str:
    """The answer as a reply, not a quoted turn or a copied evidence line: its first line with
    words, without an "Answer:", "The answer is", "1. (latest)" or "Speaker: " prefix, unquoted."""
    for line in text.strip().splitlines():
        if cleaned := _without_prefix(line).rstrip(_QUOTES).strip():
            return cleaned
    return text.strip()


class AnswerStream:
    """Turns the model's pieces into pieces of the cleaned answer, so that what a client reads
    as it streams is exactly the answer it gets at the end.

    A line is held back until its prefix is decided (a line break or ``_SETTLED_AFTER``
    characters), nothing after the answer's line is passed on, and closing quotes and spaces wait
    until more text follows them.
    """

    def __init__(self) -> None:
        self.raw = ""
        self.sent = ""

    def push(self, piece: str) -> str:
        """The new text of the cleaned answer that this piece makes certain."""
        self.raw += piece
        for line in self.raw.lstrip().splitlines(keepends=True):
            text = line.splitlines()[0]
            ended = text != line
            if not ended and len(text.strip()) < _SETTLED_AFTER:
                return ""
            cleaned = _without_prefix(text).rstrip(_QUOTES).rstrip()
            if cleaned or not ended:
                return self._advance(cleaned)
        return ""

    def end(self) -> str:
        """The rest of the cleaned answer, once the model has finished."""
        return self._advance(clean_answer(self.raw))

    @property
    def answer(self) -> str:
        return clean_answer(self.raw)

    def _advance(self, certain: str) -> str:
        if not certain.startswith(self.sent) or len(certain) <= len(self.sent):
            return ""
        new, self.sent = certain[len(self.sent) :], certain
        return new


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
    """The cleaned answer's pieces as the LLM produces them, then the whole candidate."""
    if messages is None or llm is None:
        yield candidate.answer
        yield candidate
        return
    answer = AnswerStream()
    for chunk in llm.stream(messages, options):
        if chunk.text and (piece := answer.push(chunk.text)):
            yield piece
    if rest := answer.end():
        yield rest
    yield replace(candidate, answer=answer.answer)
