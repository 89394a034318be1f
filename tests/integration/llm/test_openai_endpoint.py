"""The ``openai`` package against our own endpoint, over real HTTP, and our OpenAI backend."""

from __future__ import annotations

import openai
import pytest

from extraction.llm.base import ChatBackend, ChatMessage, ChatOptions
from extraction.llm.openai_backend import OpenAIBackend, OpenAIConfig
from graph.errors import ModelError
from tests.integration.llm.conftest import LiveServer

pytestmark = pytest.mark.slow

PROMPT = "Name two planets of the solar system."


def client(server: LiveServer, key: str | None = None) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.base_url, api_key=key or server.token, max_retries=0)


def test_openai_client_gets_the_same_text_as_the_local_backend(
    llm: ChatBackend, llm_server: LiveServer
) -> None:

    direct = llm.chat([ChatMessage("user", PROMPT)], ChatOptions(max_tokens=32))
    response = client(llm_server).chat.completions.create(
        model=llm.model_name,
        messages=[{"role": "user", "content": PROMPT}],
        max_tokens=32,
        temperature=0,
    )
    assert response.choices[0].message.content == direct.text
    assert response.usage is not None
    assert response.usage.prompt_tokens == direct.prompt_tokens
    assert response.usage.completion_tokens == direct.completion_tokens


def test_streaming_through_the_openai_client(llm: ChatBackend, llm_server: LiveServer) -> None:
    direct = llm.chat([ChatMessage("user", PROMPT)], ChatOptions(max_tokens=32))
    stream = client(llm_server).chat.completions.create(
        model=llm.model_name,
        messages=[{"role": "user", "content": PROMPT}],
        max_tokens=32,
        temperature=0,
        stream=True,
        stream_options={"include_usage": True},
    )
    pieces, finish, usage = [], None, None
    for event in stream:
        for choice in event.choices:
            pieces.append(choice.delta.content or "")
            finish = choice.finish_reason or finish
        usage = event.usage or usage
    assert "".join(pieces) == direct.text
    assert finish == direct.finish_reason
    assert usage is not None and usage.completion_tokens == direct.completion_tokens


def test_models_lists_the_local_model(llm: ChatBackend, llm_server: LiveServer) -> None:
    assert [m.id for m in client(llm_server).models.list()] == [llm.model_name]


def test_our_openai_backend_through_our_endpoint(llm: ChatBackend, llm_server: LiveServer) -> None:
    backend = OpenAIBackend(
        OpenAIConfig(model=llm.model_name, base_url=llm_server.base_url, api_key=llm_server.token)
    )
    messages = [ChatMessage("user", PROMPT)]
    options = ChatOptions(max_tokens=24, stop=("\n",))
    assert backend.chat(messages, options).text == llm.chat(messages, options).text
    streamed = "".join(c.text for c in backend.stream(messages, options))
    assert streamed == llm.chat(messages, options).text


def test_a_wrong_key_is_a_clear_error(llm: ChatBackend, llm_server: LiveServer) -> None:
    backend = OpenAIBackend(
        OpenAIConfig(model=llm.model_name, base_url=llm_server.base_url, api_key="wrong")
    )
    with pytest.raises(ModelError, match="refused the API key"):
        backend.chat([ChatMessage("user", PROMPT)])


def test_an_unknown_model_is_a_clear_error(llm_server: LiveServer) -> None:
    backend = OpenAIBackend(
        OpenAIConfig(
            model="gpt-nonexistent", base_url=llm_server.base_url, api_key=llm_server.token
        )
    )
    with pytest.raises(ModelError, match="has no model 'gpt-nonexistent'"):
        backend.chat([ChatMessage("user", PROMPT)])


def test_an_unreachable_server_is_a_clear_error() -> None:
    backend = OpenAIBackend(
        OpenAIConfig(model="m", base_url="http://127.0.0.1:9/v1", api_key="k", max_retries=1)
    )
    with pytest.raises(ModelError, match="cannot reach the LLM server"):
        backend.chat([ChatMessage("user", PROMPT)])


def test_bad_requests_name_the_field(llm: ChatBackend, llm_server: LiveServer) -> None:
    with pytest.raises(openai.BadRequestError, match="messages"):
        client(llm_server).chat.completions.create(model=llm.model_name, messages=[])
    with pytest.raises(openai.BadRequestError, match="temperature"):
        client(llm_server).chat.completions.create(
            model=llm.model_name, messages=[{"role": "user", "content": "x"}], temperature=5
        )
    with pytest.raises(openai.BadRequestError, match="context window"):
        client(llm_server).chat.completions.create(
            model=llm.model_name, messages=[{"role": "user", "content": "word " * 9000}]
        )
