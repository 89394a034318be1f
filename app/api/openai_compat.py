"""An OpenAI-compatible endpoint for the local model: ``POST /v1/chat/completions`` (plain and
``stream: true`` server-sent events) and ``GET /v1/models``, so any OpenAI client can use it.

Departure from OpenAI: ``temperature`` defaults to 0 (the project's deterministic default), and
``n`` must be 1. A stream always ends with ``[DONE]``, after an error chunk when it failed.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Iterator
from typing import Any, Literal

from flask import Blueprint, Response, jsonify
from pydantic import BaseModel, ConfigDict, Field, field_validator

from app.api.bodies import json_body
from app.api.errors import error_response
from app.api.services import memory
from app.api.web_safety import prepare_event_stream
from extraction.llm.base import ChatMessage, ChatOptions, StreamChunk
from graph.errors import RecallGraphError

bp = Blueprint("openai", __name__, url_prefix="/v1")
log = logging.getLogger(__name__)


class TextPart(BaseModel):
    model_config = ConfigDict(extra="ignore")
    type: Literal["text"]
    text: str


class MessageIn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    role: Literal["system", "user", "assistant", "developer"]
    content: str | list[TextPart]

    def to_message(self) -> ChatMessage:
        text = (
            self.content if isinstance(self.content, str) else "".join(p.text for p in self.content)
        )
        return ChatMessage("system" if self.role == "developer" else self.role, text)


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="ignore")
    include_usage: bool = False


class ChatCompletionRequest(BaseModel):
    model_config = ConfigDict(extra="ignore")
    model: str = Field(min_length=1)
    messages: list[MessageIn] = Field(min_length=1)
    max_tokens: int | None = Field(None, ge=1, le=8192)
    max_completion_tokens: int | None = Field(None, ge=1, le=8192)
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    stop: str | list[str] | None = None
    n: int = Field(1, ge=1, le=1)
    stream: bool = False
    stream_options: StreamOptions | None = None

    @field_validator("stop")
    @classmethod
    def _at_most_four(cls, value: str | list[str] | None) -> str | list[str] | None:
        if isinstance(value, list) and len(value) > 4:
            raise ValueError("at most 4 stop sequences")
        return value

    def options(self, timeout: float) -> ChatOptions:
        stops = [self.stop] if isinstance(self.stop, str) else list(self.stop or [])
        return ChatOptions(
            max_tokens=self.max_completion_tokens or self.max_tokens or 256,
            temperature=self.temperature,
            stop=tuple(s for s in stops if s),
            timeout=timeout,
        )


@bp.get("/models")
def list_models() -> Response:
    name = memory().llm.model_name
    return jsonify(
        {
            "object": "list",
            "data": [{"id": name, "object": "model", "created": 0, "owned_by": "recallgraph"}],
        }
    )


@bp.post("/chat/completions")
def chat_completions() -> Any:
    body = ChatCompletionRequest.model_validate(json_body())
    backend = memory().llm
    if body.model != backend.model_name:
        return error_response(
            404,
            f"the model {body.model!r} does not exist here; this server serves "
            f"{backend.model_name!r}",
            param="model",
            code="model_not_found",
        )
    messages = [m.to_message() for m in body.messages]
    options = body.options(memory().settings.llm_timeout)
    completion_id = f"chatcmpl-{uuid.uuid4().hex}"
    created = int(time.time())
    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        chunks = backend.stream(messages, options)
        events = _sse(chunks, completion_id, created, backend.model_name, include_usage)
        prepare_event_stream()
        return Response(events, mimetype="text/event-stream", headers={"Cache-Control": "no-cache"})
    result = backend.chat(messages, options)
    return jsonify(
        {
            "id": completion_id,
            "object": "chat.completion",
            "created": created,
            "model": result.model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": result.text},
                    "finish_reason": result.finish_reason,
                }
            ],
            "usage": {
                "prompt_tokens": result.prompt_tokens,
                "completion_tokens": result.completion_tokens,
                "total_tokens": result.prompt_tokens + result.completion_tokens,
            },
        }
    )


def _event(payload: dict[str, Any] | str) -> str:
    data = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    return f"data: {data}\n\n"


def _sse(
    chunks: Iterator[StreamChunk], completion_id: str, created: int, model: str, usage: bool
) -> Iterator[str]:
    def chunk(delta: dict[str, str], finish: str | None) -> dict[str, Any]:
        return {
            "id": completion_id,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    yield _event(chunk({"role": "assistant", "content": ""}, None))
    try:
        for piece in chunks:
            if piece.text:
                yield _event(chunk({"content": piece.text}, None))
            if piece.finish_reason is not None:
                yield _event(chunk({}, piece.finish_reason))
                if usage:
                    tail = chunk({}, None) | {"choices": [], "usage": piece.usage}
                    yield _event(tail)
    except RecallGraphError as e:
        log.warning("chat stream failed: %s", e)
        yield _event(
            {"error": {"message": str(e), "type": "server_error", "code": type(e).__name__}}
        )
    except Exception:
        log.exception("chat stream failed")
        yield _event(
            {
                "error": {
                    "message": "internal error; see the server log",
                    "type": "server_error",
                    "code": "internal_error",
                }
            }
        )
    yield _event("[DONE]")
