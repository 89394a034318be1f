"""The local model, for real: answers, streaming, stops, limits, bad input, threads, load once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from extraction.llm.base import ChatBackend, ChatMessage, ChatOptions
from extraction.llm.engines import EnginePool
from extraction.llm.factory import LLMConfig, build_backend, resolved_kind
from graph.errors import ContextWindowError, InvalidInputError
from hybrid.settings import Settings

pytestmark = pytest.mark.slow

QUESTION = [ChatMessage("user", "What is the capital of France? Answer in one word.")]
COUNT = [ChatMessage("user", "Count from 1 to 10, one number per line.")]


def test_the_default_backend_answers_offline(llm: ChatBackend) -> None:
    result = llm.chat(QUESTION, ChatOptions(max_tokens=16))
    assert "paris" in result.text.lower()
    assert result.prompt_tokens > 10 and 0 < result.completion_tokens <= 16
    assert result.model == "SmolLM2-135M-Instruct"


def test_auto_prefers_llama_cpp(settings: Settings) -> None:
    assert resolved_kind(LLMConfig(backend="auto", cache_dir=settings.cache_dir)) == "llamacpp"


def test_streamed_pieces_add_up_to_the_answer(llm: ChatBackend) -> None:
    options = ChatOptions(max_tokens=40)
    chunks = list(llm.stream(COUNT, options))
    assert len(chunks) > 5
    assert chunks[-1].finish_reason is not None
    assert chunks[-1].usage["completion_tokens"] > 0
    assert "".join(c.text for c in chunks) == llm.chat(COUNT, options).text


def test_stop_strings_end_the_answer_before_the_stop(llm: ChatBackend) -> None:
    full = llm.chat(COUNT, ChatOptions(max_tokens=40)).text
    assert "4" in full
    stopped = llm.chat(COUNT, ChatOptions(max_tokens=40, stop=("4",)))
    assert stopped.finish_reason == "stop"
    assert stopped.text == full[: full.index("4")]
    streamed = "".join(c.text for c in llm.stream(COUNT, ChatOptions(max_tokens=40, stop=("4",))))
    assert streamed == stopped.text


def test_max_tokens_ends_with_length(llm: ChatBackend) -> None:
    result = llm.chat(COUNT, ChatOptions(max_tokens=3))
    assert result.finish_reason == "length" and result.completion_tokens == 3


def test_empty_message_list_is_a_clear_error(llm: ChatBackend) -> None:
    with pytest.raises(InvalidInputError, match="at least one message"):
        llm.chat([])


def test_a_prompt_longer_than_the_context_window_is_a_clear_error(llm: ChatBackend) -> None:
    huge = [ChatMessage("user", "word " * 9000)]
    with pytest.raises(ContextWindowError, match="context window is 8192 tokens"):
        llm.chat(huge)


def test_two_threads_generating_at_once_get_their_own_answers(llm: ChatBackend) -> None:
    options = ChatOptions(max_tokens=24)
    alone = [llm.chat(QUESTION, options).text, llm.chat(COUNT, options).text]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(lambda m: llm.chat(m, options).text, [QUESTION, COUNT] * 2))
    assert together == alone * 2


def test_transformers_loads_once_and_threads_interleave(settings: Settings) -> None:
    config = LLMConfig(backend="transformers", cache_dir=settings.cache_dir)
    engines = EnginePool()
    first, second = build_backend(config, engines), build_backend(config, engines)
    options = ChatOptions(max_tokens=16)
    alone = [first.chat(QUESTION, options).text, first.chat(COUNT, options).text]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(lambda m: second.chat(m, options).text, [QUESTION, COUNT]))
    assert together == alone
    assert "paris" in alone[0].lower()
    assert engines.loads == 1
    build_backend(config, engines).chat(QUESTION, ChatOptions(max_tokens=2))
    assert engines.loads == 1
    engines.close()


def test_recallgraph_chat_answers_from_the_local_model() -> None:
    from click.testing import CliRunner

    from app.cli import cli

    result = CliRunner().invoke(cli, ["chat", QUESTION[0].content, "--max-tokens", "12", "--usage"])
    assert result.exit_code == 0, result.output
    assert "Paris" in result.output
    assert "SmolLM2-135M-Instruct" in result.output


def test_llm_serve_refuses_a_network_address_without_a_token() -> None:
    from click.testing import CliRunner

    from app.cli import cli

    result = CliRunner().invoke(cli, ["llm-serve", "--host", "0.0.0.0"])
    assert result.exit_code == 2
    assert "without RECALLGRAPH_API_TOKEN" in result.output
