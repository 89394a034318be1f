"""The Flask service: an app factory, one blueprint per resource.

``create_app`` builds nothing expensive: the app's ``RecallGraph`` opens Neo4j, ChromaDB and the
models on first use. A caller that passes its own memory (the tests, a process serving several
apps) keeps it; a memory the app builds itself is closed when the process exits. Either way the
memory replays, in the background, what ChromaDB missed (``RECALLGRAPH_VECTOR_REPLAY_SECONDS``).
``bind_host`` is the address the server listens on: with the loopback names and
``RECALLGRAPH_ALLOWED_HOSTS``, the only Host names it answers (``app.api.web_safety``).
"""

from __future__ import annotations

import atexit
from collections.abc import Collection

from flask import Flask

from app.api import (
    concepts,
    entities,
    facts,
    guide,
    health,
    openai_compat,
    openapi,
    questions,
    spaces,
    statements,
)
from app.api.auth import TOKEN_REQUIRED, allow_origins, require_token
from app.api.errors import register_error_handlers
from app.api.services import EXTENSION
from app.api.web_safety import guard_requests
from app.config import get_settings
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings, reveal

BLUEPRINTS = {
    "health": health.bp,
    "openapi": openapi.bp,
    "llm": openai_compat.bp,
    "spaces": spaces.bp,
    "statements": statements.bp,
    "questions": questions.bp,
    "facts": facts.bp,
    "concepts": concepts.bp,
    "guide": guide.bp,
    "entities": entities.bp,
}


def create_app(
    settings: Settings | None = None,
    *,
    memory: RecallGraph | None = None,
    parts: Collection[str] = tuple(BLUEPRINTS),
    bind_host: str | None = None,
) -> Flask:
    """A RecallGraph app serving ``memory`` (default: one built from ``settings``) with the
    named ``parts`` (default: all of them), listening on ``bind_host`` (default: loopback)."""
    settings = settings or get_settings()
    if memory is None:
        memory = RecallGraph.from_settings(settings)
        atexit.register(memory.close)
    app = Flask("recallgraph", static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_request_bytes
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions[EXTENSION] = memory
    register_error_handlers(app)
    guard_requests(
        app,
        bind_host=bind_host,
        allowed_hosts=settings.allowed_hosts,
        write_timeout=settings.write_timeout,
    )
    app.config[TOKEN_REQUIRED] = bool(settings.api_token)
    require_token(app, reveal(settings.api_token))
    allow_origins(app, settings.cors_origins)
    for part in parts:
        app.register_blueprint(BLUEPRINTS[part])
    memory.start_vector_replay(settings.vector_replay_seconds)
    return app
