"""What `recallgraph browse` hands a person exploring the memory in the Neo4j Browser.

``style.grass`` colours and captions Concept, Entity and Statement nodes and shows strength and
``t`` on relations; ``queries.cypher`` holds the ready queries, each introduced by a ``// name:``
line and its description comments. A test runs every query against a real space.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

_FOLDER = resources.files(__package__)


@dataclass(frozen=True)
class BrowserQuery:
    name: str
    description: str
    cypher: str


def style_grass() -> str:
    return (_FOLDER / "style.grass").read_text(encoding="utf-8")


def browser_queries() -> list[BrowserQuery]:
    """The ready queries, in file order."""
    queries: list[BrowserQuery] = []
    for block in (_FOLDER / "queries.cypher").read_text(encoding="utf-8").split("// name: ")[1:]:
        name, _, rest = block.partition("\n")
        description = " ".join(
            line.removeprefix("//").strip() for line in rest.splitlines() if line.startswith("//")
        )
        cypher = "\n".join(line for line in rest.splitlines() if not line.startswith("//"))
        queries.append(BrowserQuery(name.strip(), description, cypher.strip()))
    return queries
