"""Server-sent event streams always end with ``error`` and ``done`` (``[DONE]`` for chat), even
when the failure comes after the request's context is gone, as it does for a stream: the bug was
a log call that needed the app context, so the stream died without either."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from app.api.openai_compat import _sse
from app.api.questions import _events
from extraction.llm.base import StreamChunk
from graph.errors import ModelTimeoutError


def failing(error: Exception) -> Iterator[str]:
    yield "Paris"
    raise error


@pytest.mark.parametrize("error", [ModelTimeoutError("too slow"), KeyError("surprise")])
def test_a_question_stream_that_fails_ends_with_error_then_done(error: Exception) -> None:
    events = list(_events(failing(error)))
    kinds = [event.split("\n")[0].removeprefix("event: ") for event in events]
    assert kinds == ["token", "error", "done"]
    payload = json.loads(events[1].split("data: ", 1)[1])
    assert payload["code"] in ("ModelTimeoutError", "internal_error")
    assert "surprise" not in payload["message"], "an unexpected error reveals nothing"


@pytest.mark.parametrize("error", [ModelTimeoutError("too slow"), KeyError("surprise")])
def test_a_chat_stream_that_fails_ends_with_an_error_chunk_then_done(error: Exception) -> None:
    def chunks() -> Iterator[StreamChunk]:
        yield StreamChunk("Par")
        raise error

    events = list(_sse(chunks(), "chatcmpl-1", 0, "m", usage=False))
    assert events[-1] == "data: [DONE]\n\n"
    assert "error" in json.loads(events[-2].removeprefix("data: "))
