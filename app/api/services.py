"""The components one Flask app shares between requests, built lazily once per app."""

from __future__ import annotations

import threading
from functools import cached_property

from flask import current_app

from app.config import Settings
from app.runtime import llm_backend
from hybrid.llm.base import ChatBackend

EXTENSION = "recallgraph"


class Services:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._lock = threading.Lock()

    @cached_property
    def llm(self) -> ChatBackend:
        with self._lock:
            return llm_backend(self.settings)


def services() -> Services:
    """The current app's services."""
    return current_app.extensions[EXTENSION]  # type: ignore[no-any-return]
