"""The real local model, and a real HTTP server running the OpenAI-compatible endpoint."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from werkzeug.serving import BaseWSGIServer, make_server

from app.api import create_app
from app.config import Settings
from app.runtime import llm_backend
from hybrid.llm.base import ChatBackend


@pytest.fixture(scope="session")
def llm(settings: Settings) -> ChatBackend:
    return llm_backend(settings)


@dataclass(frozen=True)
class LiveServer:
    base_url: str
    token: str | None


def serve(settings: Settings) -> tuple[BaseWSGIServer, threading.Thread]:
    server = make_server("127.0.0.1", 0, create_app(settings, parts=("llm",)), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


@pytest.fixture(scope="session")
def llm_server(settings: Settings) -> Iterator[LiveServer]:
    """`recallgraph llm-serve`'s app on a free port, with a bearer token required."""
    token = "test-token-123"
    server, thread = serve(settings.model_copy(update={"api_token": token}))
    yield LiveServer(f"http://127.0.0.1:{server.server_port}/v1", token)
    server.shutdown()
    thread.join()
