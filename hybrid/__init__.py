"""Questions to answers, and the library's front door: ``RecallGraph`` owns a memory's resources
(Neo4j, ChromaDB, the models) and offers its verbs; the readers, the discriminators and the
orchestration of a question live beside it.

``from hybrid import RecallGraph`` loads the library on first use only (PEP 562), so a light
module such as the llama.cpp probe does not pay for all of it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["RecallGraph", "Settings"]


def __getattr__(name: str) -> Any:
    if name == "RecallGraph":
        from hybrid.recallgraph import RecallGraph

        return RecallGraph
    if name == "Settings":
        from hybrid.settings import Settings

        return Settings
    raise AttributeError(f"module 'hybrid' has no attribute {name!r}")
