"""The real local model, and a real HTTP server running the OpenAI-compatible endpoint."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from pydantic import SecretStr
from werkzeug.serving import BaseWSGIServer, make_server

from app.api import create_app
from extraction.llm.base import ChatBackend
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings


@pytest.fixture(scope="session")
def llm(recallgraph: RecallGraph) -> ChatBackend:
    return recallgraph.llm


@dataclass(frozen=True)
class LiveServer:
    base_url: str
    token: str | None


def serve(settings: Settings, memory: RecallGraph) -> tuple[BaseWSGIServer, threading.Thread]:
    app = create_app(settings, memory=memory, parts=("llm",))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


@pytest.fixture(scope="session")
def llm_server(settings: Settings, recallgraph: RecallGraph) -> Iterator[LiveServer]:
    """`recallgraph llm-serve`'s app on a free port, with a bearer token required."""
    token = "test-token-123"
    server, thread = serve(settings.model_copy(update={"api_token": SecretStr(token)}), recallgraph)
    yield LiveServer(f"http://127.0.0.1:{server.server_port}/v1", token)
    server.shutdown()
    thread.join()
