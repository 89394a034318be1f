"""The one chat interface every caller uses: answers, revision, discriminator, memory model.

Messages in, text out; deterministic by default (temperature 0). Backends implement ``chat`` and
``stream``; callers never see which one they got.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from graph.errors import InvalidInputError

Role = Literal["system", "user", "assistant"]
ROLES: frozenset[str] = frozenset({"system", "user", "assistant"})


@dataclass(frozen=True)
class ChatMessage:
    role: Role
    content: str


@dataclass(frozen=True)
class ChatOptions:
    """Decoding options; the defaults make answers reproducible."""

    max_tokens: int = 256
    temperature: float = 0.0
    stop: tuple[str, ...] = ()
    timeout: float | None = 120.0


DEFAULT_OPTIONS = ChatOptions()


@dataclass(frozen=True)
class ChatResult:
    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: Literal["stop", "length"]
    model: str


@dataclass(frozen=True)
class StreamChunk:
    """One piece of a streamed answer; the last chunk carries the finish reason and token counts."""

    text: str
    finish_reason: Literal["stop", "length"] | None = None
    usage: dict[str, int] = field(default_factory=dict)


class ChatBackend(Protocol):
    """What every LLM backend offers."""

    @property
    def model_name(self) -> str: ...

    def chat(self, messages: Sequence[ChatMessage], options: ChatOptions = ...) -> ChatResult: ...

    def stream(
        self, messages: Sequence[ChatMessage], options: ChatOptions = ...
    ) -> Iterator[StreamChunk]: ...


def validate_messages(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    """Refuse what no backend can answer: no messages, unknown roles, non-text content."""
    if not messages:
        raise InvalidInputError("messages must hold at least one message")
    checked = []
    for i, message in enumerate(messages):
        if message.role not in ROLES:
            raise InvalidInputError(
                f"messages[{i}].role must be one of {sorted(ROLES)}, got {message.role!r}"
            )
        if not isinstance(message.content, str):
            raise InvalidInputError(f"messages[{i}].content must be a string")
        checked.append(message)
    return checked
