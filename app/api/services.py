"""The memory a Flask app serves: one ``RecallGraph`` on the app object.

Its parts open on first use, so creating an app is cheap and ``/healthz`` can report a model that
is not loaded yet without loading it.
"""

from __future__ import annotations

from flask import current_app

from hybrid.recallgraph import RecallGraph

EXTENSION = "recallgraph"


def memory() -> RecallGraph:
    """The current app's memory."""
    return current_app.extensions[EXTENSION]  # type: ignore[no-any-return]
