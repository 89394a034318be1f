"""A fresh Flask app per test, serving the suite's one memory (its driver and models)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.api import create_app
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings


@pytest.fixture
def app(settings: Settings, recallgraph: RecallGraph) -> Flask:
    small = settings.model_copy(update={"max_request_bytes": 64 * 1024})
    return create_app(small, memory=recallgraph)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
