"""A fresh Flask app per test, serving the suite's one memory (as the service tests do)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from app.api import create_app
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings


@pytest.fixture
def client(settings: Settings, recallgraph: RecallGraph) -> FlaskClient:
    return create_app(settings, memory=recallgraph).test_client()
