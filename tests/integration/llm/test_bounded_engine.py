"""A local model is never held without bound: a caller waits at most the lock's timeout for a
busy model, and a generation whose reader stopped taking tokens gives the model back."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import pytest

from app.api import create_app
from extraction.llm.base import ChatMessage, ChatOptions
from extraction.llm.engines import EnginePool
from extraction.llm.factory import LLMConfig, build_backend, resolved_kind
from extraction.llm.local import LocalBackend
from graph.errors import ModelBusyError, ModelTimeoutError
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

pytestmark = pytest.mark.slow

QUESTION = [ChatMessage("user", "What is the capital of France? Answer in one word.")]
LONG = [ChatMessage("user", "Count from 1 to 300, separated by commas.")]
LOCK_TIMEOUT, HANDOFF = 0.5, 1.5


@pytest.fixture(scope="module")
def bounded(settings: Settings) -> Iterator[LocalBackend]:
    engines = EnginePool(lock_timeout=LOCK_TIMEOUT, handoff_timeout=HANDOFF)
    backend = build_backend(LLMConfig(cache_dir=settings.cache_dir), engines)
    assert isinstance(backend, LocalBackend)
    yield backend
    engines.close()


def held(backend: LocalBackend, seconds: float) -> threading.Thread:
    """Another request holding the model for ``seconds``."""
    acquired = threading.Event()

    def hold() -> None:
        with backend.engine.lock.held():  # type: ignore[attr-defined]
            acquired.set()
            time.sleep(seconds)

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    assert acquired.wait(10)
    return thread


def test_a_busy_model_is_a_503_after_the_lock_timeout(bounded: LocalBackend) -> None:
    holder = held(bounded, 4)
    started = time.monotonic()
    with pytest.raises(ModelBusyError, match="RECALLGRAPH_LLM_LOCK_TIMEOUT"):
        bounded.chat(QUESTION, ChatOptions(max_tokens=4))
    assert time.monotonic() - started < LOCK_TIMEOUT + 2
    holder.join()
    assert "paris" in bounded.chat(QUESTION, ChatOptions(max_tokens=12)).text.lower()


def test_a_stream_that_cannot_start_ends_with_an_error_and_done(
    settings: Settings, recallgraph: RecallGraph, bounded: LocalBackend
) -> None:
    limited = settings.model_copy(update={"llm_lock_timeout": LOCK_TIMEOUT})
    memory = RecallGraph(limited, store=recallgraph.store, embedder=recallgraph.embedder)
    try:
        client = create_app(limited, memory=memory, parts=("llm",)).test_client()
        engine = memory.llm.engine  # type: ignore[attr-defined]
        holder = threading.Thread(target=lambda: _hold(engine, 3), daemon=True)
        holder.start()
        time.sleep(0.2)
        body = {"model": memory.llm.model_name, "messages": [m.__dict__ for m in QUESTION]}
        response = client.post("/v1/chat/completions", json=body | {"stream": True})
        events = response.get_data(as_text=True).strip().split("\n\n")
        holder.join()
        assert events[-1] == "data: [DONE]"
        assert json.loads(events[-2].removeprefix("data: "))["error"]["code"] == "ModelBusyError"
    finally:
        memory.close()


def _hold(engine: object, seconds: float) -> None:
    with engine.lock.held():  # type: ignore[attr-defined]
        time.sleep(seconds)


def test_a_reader_that_stops_taking_tokens_gives_the_model_back(
    settings: Settings, bounded: LocalBackend
) -> None:
    if resolved_kind(LLMConfig(cache_dir=settings.cache_dir)) != "llamacpp":
        pytest.fail("llama.cpp does not run here; `recallgraph doctor` says why")
    engine = bounded.engine
    prompt = engine.encode(LONG)
    tokens = engine.tokens(prompt, 0.0, 400)
    next(tokens)
    stopped_reading = time.monotonic()
    time.sleep(0.2)
    lock = engine.lock  # type: ignore[attr-defined]
    assert lock.locked(), "the generation holds the model while its reader is away"
    while lock.locked() and time.monotonic() - stopped_reading < 60:
        time.sleep(0.1)
    assert not lock.locked(), "a reader that stopped reading no longer holds the model"
    assert "paris" in bounded.chat(QUESTION, ChatOptions(max_tokens=12)).text.lower()
    with pytest.raises(ModelTimeoutError, match="abandoned"):
        list(tokens)
