"""Any OpenAI-compatible server through the ``openai`` package: a hosted model, vLLM, Ollama, a
llama.cpp server, or this project's own ``recallgraph llm-serve``.

Retries with exponential backoff on 429, 5xx and connection failures are the ``openai`` client's
own (``max_retries``); what still fails leaves here as a ``ModelError`` that says what to check.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import openai

from extraction.llm.base import (
    DEFAULT_OPTIONS,
    ChatMessage,
    ChatOptions,
    ChatResult,
    StreamChunk,
    validate_messages,
)
from graph.errors import ContextWindowError, ModelError, ModelTimeoutError


@dataclass(frozen=True)
class OpenAIConfig:
    model: str
    base_url: str | None = None
    api_key: str | None = None
    max_retries: int = 3
    timeout: float = 120.0


class OpenAIBackend:
    def __init__(self, config: OpenAIConfig) -> None:
        self.config = config
        self.client = openai.OpenAI(
            base_url=config.base_url,
            api_key=config.api_key or "not-needed",
            max_retries=config.max_retries,
            timeout=config.timeout,
        )

    @property
    def model_name(self) -> str:
        return self.config.model

    def _where(self) -> str:
        return self.config.base_url or "api.openai.com"

    def _request(self, messages: Sequence[ChatMessage], options: ChatOptions, stream: bool) -> Any:
        checked = validate_messages(messages)
        try:
            create: Any = self.client.chat.completions.create
            return create(
                model=self.config.model,
                messages=[{"role": m.role, "content": m.content} for m in checked],
                max_tokens=options.max_tokens,
                temperature=options.temperature,
                stop=list(options.stop) or None,
                stream=stream,
                timeout=options.timeout or self.config.timeout,
                **({"stream_options": {"include_usage": True}} if stream else {}),
            )
        except openai.APIError as e:
            raise self._translate(e) from e

    def _translate(self, e: openai.APIError) -> Exception:
        where = self._where()
        if isinstance(e, openai.AuthenticationError | openai.PermissionDeniedError):
            return ModelError(f"{where} refused the API key (check OPENAI_API_KEY): {e.message}")
        if isinstance(e, openai.NotFoundError):
            return ModelError(
                f"{where} has no model {self.config.model!r} (check RECALLGRAPH_LLM_MODEL; "
                f"the server's /v1/models lists what it serves): {e.message}"
            )
        if isinstance(e, openai.APITimeoutError):
            return ModelTimeoutError(f"{where} did not answer in time")
        if isinstance(e, openai.APIConnectionError):
            return ModelError(
                f"cannot reach the LLM server at {where} (check OPENAI_BASE_URL): {e.message}"
            )
        if isinstance(e, openai.BadRequestError) and "context" in str(e.message).lower():
            return ContextWindowError(f"{where}: {e.message}")
        status = getattr(e, "status_code", None)
        return ModelError(f"the LLM server at {where} failed (HTTP {status}): {e.message}")

    def chat(
        self, messages: Sequence[ChatMessage], options: ChatOptions = DEFAULT_OPTIONS
    ) -> ChatResult:
        response = self._request(messages, options, stream=False)
        choice = response.choices[0]
        usage = response.usage
        return ChatResult(
            text=choice.message.content or "",
            prompt_tokens=usage.prompt_tokens if usage else 0,
            completion_tokens=usage.completion_tokens if usage else 0,
            finish_reason="length" if choice.finish_reason == "length" else "stop",
            model=response.model or self.config.model,
        )

    def stream(
        self, messages: Sequence[ChatMessage], options: ChatOptions = DEFAULT_OPTIONS
    ) -> Iterator[StreamChunk]:
        response = self._request(messages, options, stream=True)
        return self._chunks(response)

    def _chunks(self, response: Any) -> Iterator[StreamChunk]:
        finish: str | None = None
        usage: dict[str, int] = {}
        try:
            for event in response:
                if event.usage is not None:
                    usage = {
                        "prompt_tokens": event.usage.prompt_tokens,
                        "completion_tokens": event.usage.completion_tokens,
                        "total_tokens": event.usage.total_tokens,
                    }
                for choice in event.choices:
                    if choice.delta and choice.delta.content:
                        yield StreamChunk(choice.delta.content)
                    if choice.finish_reason:
                        finish = choice.finish_reason
        except openai.APIError as e:
            raise self._translate(e) from e
        yield StreamChunk("", finish_reason="length" if finish == "length" else "stop", usage=usage)
