"""The entry points' settings: the environment, read once per process (``hybrid.settings``)."""

from __future__ import annotations

from functools import lru_cache

from hybrid.settings import Settings


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Read the environment once per process."""
    return Settings()
