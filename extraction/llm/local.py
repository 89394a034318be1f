"""The chat backend over a local engine (llama.cpp or transformers): one decoding driver for both.

An engine only turns a prompt into token ids and produces the next tokens; everything a caller
relies on — the context-window check, stop strings, the timeout, incremental UTF-8-safe text,
finish reasons and token counts — happens here once, so both engines behave the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from extraction.llm.base import (
    DEFAULT_OPTIONS,
    ChatMessage,
    ChatOptions,
    ChatResult,
    StreamChunk,
    validate_messages,
)
from extraction.llm.stops import StopScanner
from graph.errors import ContextWindowError, ModelTimeoutError

REPLACEMENT_CHAR = "\ufffd"


class Engine(Protocol):
    """A loaded local model."""

    name: str
    context_window: int
    eos_ids: frozenset[int]

    def encode(self, messages: Sequence[ChatMessage]) -> list[int]:
        """The prompt's token ids, chat template applied, assistant turn opened."""
        ...

    def decode(self, ids: Sequence[int]) -> str: ...

    def tokens(self, prompt: Sequence[int], temperature: float, limit: int) -> Iterator[int]:
        """At most ``limit`` next tokens (greedy at temperature 0); closing it stops the work."""
        ...


class LocalBackend:
    """``ChatBackend`` for a local engine; safe to share between threads.

    The engine is loaded on first use (``load`` is expected to return the process's one engine).
    """

    def __init__(self, name: str, load: Callable[[], Engine]) -> None:
        self._name = name
        self._load = load

    @property
    def model_name(self) -> str:
        return self._name

    @property
    def engine(self) -> Engine:
        return self._load()

    def count_tokens(self, messages: Sequence[ChatMessage]) -> int:
        return len(self.engine.encode(validate_messages(messages)))

    def _prompt(
        self, messages: Sequence[ChatMessage], options: ChatOptions
    ) -> tuple[list[int], int]:
        prompt = self.engine.encode(validate_messages(messages))
        room = self.engine.context_window - len(prompt)
        if room < 1:
            raise ContextWindowError(
                f"the prompt is {len(prompt)} tokens; the model's context window is "
                f"{self.engine.context_window} tokens (RECALLGRAPH_LLM_CONTEXT). Shorten the "
                "messages."
            )
        return prompt, min(options.max_tokens, room)

    def stream(
        self, messages: Sequence[ChatMessage], options: ChatOptions = DEFAULT_OPTIONS
    ) -> Iterator[StreamChunk]:
        """Answer piece by piece; the last chunk carries the finish reason and token counts."""
        prompt, limit = self._prompt(messages, options)
        return self._generate(prompt, limit, options)

    def _generate(
        self, prompt: list[int], limit: int, options: ChatOptions
    ) -> Iterator[StreamChunk]:
        deadline = None if options.timeout is None else time.monotonic() + options.timeout
        scanner = StopScanner(options.stop)
        generated: list[int] = []
        decoded = ""
        finish = "length"
        tokens = self.engine.tokens(prompt, options.temperature, limit)
        try:
            for token in tokens:
                if token in self.engine.eos_ids:
                    finish = "stop"
                    break
                generated.append(token)
                text = self.engine.decode(generated)
                if not text.endswith(REPLACEMENT_CHAR):  # else: a character is split in two
                    piece, decoded = text[len(decoded) :], text
                    if out := scanner.feed(piece):
                        yield StreamChunk(out)
                if scanner.stopped:
                    finish = "stop"
                    break
                if deadline is not None and time.monotonic() > deadline:
                    raise ModelTimeoutError(
                        f"generation passed its {options.timeout:g} s timeout after "
                        f"{len(generated)} tokens"
                    )
        finally:
            tokens.close()  # type: ignore[attr-defined]
        tail = (
            "" if scanner.stopped else scanner.feed(self.engine.decode(generated)[len(decoded) :])
        )
        usage = {
            "prompt_tokens": len(prompt),
            "completion_tokens": len(generated),
            "total_tokens": len(prompt) + len(generated),
        }
        yield StreamChunk(tail + scanner.flush(), finish_reason=finish, usage=usage)  # type: ignore[arg-type]

    def chat(
        self, messages: Sequence[ChatMessage], options: ChatOptions = DEFAULT_OPTIONS
    ) -> ChatResult:
        pieces: list[str] = []
        last = StreamChunk("")
        for chunk in self.stream(messages, options):
            pieces.append(chunk.text)
            last = chunk
        return ChatResult(
            text="".join(pieces),
            prompt_tokens=last.usage["prompt_tokens"],
            completion_tokens=last.usage["completion_tokens"],
            finish_reason=last.finish_reason or "length",
            model=self.model_name,
        )
