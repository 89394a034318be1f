"""The RecallGraph guide for the Neo4j Browser: HTML slides whose query blocks run with one click.

The guide is rendered from its URL alone (the space, an example subject, concept, ``t`` and date)
and reads nothing from the memory: every figure it shows comes from the queries the person runs
in their own Browser session, under their own Neo4j login. That is why it may be served without
the API token and to any origin.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment

from app.browser import browser_queries
from extraction.concepts import concept_label
from graph.errors import InvalidInputError
from graph.keys import entity_key
from graph.neo4j_server.browser_style import style_command
from graph.spaces import validate_space_name

GUIDE_PATH = "/browser/guide.html"
NAME_MAX = 200
DATE_MAX = 40
T_MAX = 2**53
RECENT_UPDATES = 8

_TEMPLATE = resources.files(__package__).joinpath("guide.html").read_text(encoding="utf-8")


@dataclass(frozen=True)
class GuideExamples:
    """What the guide's queries are pre-filled with, as a person would name them."""

    space: str
    subject: str = ""  # an entity's name ("Brandon")
    concept: str = ""  # a word ("vacation"); the queries use its stem
    t: int = 0  # the "as of t" example
    date: str = ""  # the "as of a date" example, ISO-8601 ("2025-03-16")

    def __post_init__(self) -> None:
        validate_space_name(self.space)
        for field, value, limit in (
            ("subject", self.subject, NAME_MAX),
            ("concept", self.concept, NAME_MAX),
            ("date", self.date, DATE_MAX),
        ):
            if not isinstance(value, str) or len(value) > limit:
                raise InvalidInputError(
                    f"guide parameter {field} must be text of at most {limit} characters"
                )
        if isinstance(self.t, bool) or not isinstance(self.t, int) or not 0 <= self.t <= T_MAX:
            raise InvalidInputError(f"guide parameter t must be an integer in 0..{T_MAX}")

    @classmethod
    def from_query_args(cls, args: Mapping[str, str]) -> GuideExamples:
        """From a guide URL's query string; a missing or malformed value is one clear error."""
        if not args.get("space"):
            raise InvalidInputError("the guide needs a space: /browser/guide.html?space=NAME")
        raw_t = args.get("t", "") or "0"
        if not raw_t.isdigit():
            raise InvalidInputError(f"guide parameter t must be an integer, got {raw_t!r}")
        return cls(
            space=args["space"],
            subject=args.get("subject", ""),
            concept=args.get("concept", ""),
            t=int(raw_t),
            date=args.get("date", ""),
        )

    def url(self, base: str) -> str:
        """The guide's address on the server at ``base`` (e.g. http://localhost:8080)."""
        query = {"space": self.space, "subject": self.subject, "concept": self.concept}
        query |= {"t": str(self.t) if self.t else "", "date": self.date}
        return (
            base.rstrip("/") + GUIDE_PATH + "?" + urlencode({k: v for k, v in query.items() if v})
        )


@dataclass(frozen=True)
class TraversalShape:
    """RecallM's traversal as the settings configure it (the neighbourhood slides follow it)."""

    window: int
    alpha: float
    depth: int
    max_concepts: int


def browser_parameters(examples: GuideExamples, shape: TraversalShape) -> dict[str, Any]:
    """The Browser parameters every guide query reads (keys and stems, as stored)."""
    return {
        "space": examples.space,
        "subject": entity_key(examples.subject),
        "concept": (concept_label(examples.concept) or "") if examples.concept else "",
        "t": examples.t,
        "date": examples.date,
        "window": shape.window,
        "alpha": shape.alpha,
        "recent": RECENT_UPDATES,
        "limit": shape.max_concepts,
    }


def params_command(parameters: Mapping[str, Any]) -> str:
    """``:params {…}`` as JSON, which the Browser parses on its own side: no value is ever
    spliced into Cypher text."""
    return ":params " + json.dumps(dict(parameters), ensure_ascii=False)


def render_guide(examples: GuideExamples, shape: TraversalShape) -> str:
    """The guide's HTML (autoescaped: names from the URL can never become markup)."""
    queries = {q.name: q for q in browser_queries(shape.depth)}
    parameters = browser_parameters(examples, shape)
    template = Environment(autoescape=True).from_string(_TEMPLATE)
    return template.render(
        examples=examples,
        parameters=parameters,
        params_command=params_command(parameters),
        style_command=style_command(),
        queries=queries,
        shape=shape,
    )
