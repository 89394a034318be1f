"""What `recallgraph browse` hands a person exploring the memory in the Neo4j Browser.

``queries.cypher`` holds the guide's queries, each introduced by a ``// name:`` line and its
description comments; ``guide.html`` is the guide itself (Neo4j Browser slides); the style lives
with the managed server (``graph.neo4j_server.browser_style``), which applies it on connect. A
test runs every query against a real space, and a real browser runs the guide.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from graph.neo4j_server.browser_style import grass

_FOLDER = resources.files(__package__)
DEPTH_TOKEN = "DEPTH"


@dataclass(frozen=True)
class BrowserQuery:
    name: str
    description: str
    cypher: str


def style_grass() -> str:
    """RecallGraph's Browser style as a ``.grass`` file."""
    return grass()


def browser_queries(depth: int = 2) -> list[BrowserQuery]:
    """The guide's queries, in file order, with RecallM's traversal depth λ written in.

    ``depth`` is the one value that becomes query text (a path's length cannot be a parameter),
    so it must be an int in 1..5, the range the traversal accepts.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 5:
        raise ValueError(f"traversal depth must be an int in 1..5, got {depth!r}")
    queries: list[BrowserQuery] = []
    for block in (_FOLDER / "queries.cypher").read_text(encoding="utf-8").split("// name: ")[1:]:
        name, _, rest = block.partition("\n")
        description = " ".join(
            line.removeprefix("//").strip() for line in rest.splitlines() if line.startswith("//")
        )
        cypher = "\n".join(line for line in rest.splitlines() if not line.startswith("//"))
        cypher = cypher.strip().rstrip(";").replace(DEPTH_TOKEN, str(depth))
        queries.append(BrowserQuery(name.strip(), description.replace(DEPTH_TOKEN, "λ"), cypher))
    return queries
