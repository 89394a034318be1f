"""The Flask service: an app factory, one blueprint per resource.

``create_app`` builds nothing expensive: the app's ``RecallGraph`` opens Neo4j, ChromaDB and the
models on first use. A caller that passes its own memory (the tests, a process serving several
apps) keeps it; a memory the app builds itself is closed when the process exits.
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
) -> Flask:
    """A RecallGraph app serving ``memory`` (default: one built from ``settings``) with the
    named ``parts`` (default: all of them)."""
    settings = settings or get_settings()
    if memory is None:
        memory = RecallGraph.from_settings(settings)
        atexit.register(memory.close)
    app = Flask("recallgraph", static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_request_bytes
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions[EXTENSION] = memory
    register_error_handlers(app)
    app.config[TOKEN_REQUIRED] = bool(settings.api_token)
    require_token(app, reveal(settings.api_token))
    allow_origins(app, settings.cors_origins)
    for part in parts:
        app.register_blueprint(BLUEPRINTS[part])
    return app
