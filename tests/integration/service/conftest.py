"""A fresh Flask app per test (cheap: Neo4j, ChromaDB and the model are shared per process)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.api import create_app
from app.config import Settings


@pytest.fixture
def app(settings: Settings) -> Flask:
    return create_app(settings.model_copy(update={"max_request_bytes": 64 * 1024}))


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
