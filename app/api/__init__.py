"""The Flask service: an app factory, one blueprint per resource.

``create_app`` builds nothing expensive: Neo4j, ChromaDB and the model are opened on first use
and once per process (``app.runtime``), so creating an app per test is cheap.
"""

from __future__ import annotations

from collections.abc import Collection

from flask import Flask

from app.api import concepts, facts, health, openai_compat, openapi, questions, spaces, statements
from app.api.auth import allow_origins, require_token
from app.api.errors import register_error_handlers
from app.api.services import EXTENSION, Services
from app.config import Settings, get_settings

BLUEPRINTS = {
    "health": health.bp,
    "openapi": openapi.bp,
    "llm": openai_compat.bp,
    "spaces": spaces.bp,
    "statements": statements.bp,
    "questions": questions.bp,
    "facts": facts.bp,
    "concepts": concepts.bp,
}


def create_app(
    settings: Settings | None = None, *, parts: Collection[str] = tuple(BLUEPRINTS)
) -> Flask:
    """A RecallGraph app with the named ``parts`` (default: all of them)."""
    settings = settings or get_settings()
    app = Flask("recallgraph", static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_request_bytes
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions[EXTENSION] = Services(settings)
    register_error_handlers(app)
    require_token(app, settings.api_token)
    allow_origins(app, settings.cors_origins)
    for part in parts:
        app.register_blueprint(BLUEPRINTS[part])
    return app
