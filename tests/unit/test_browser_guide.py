"""The Browser guide, its queries and the style, as pure functions: what the URL carries, what
the HTML holds, and that no name from a URL can become markup or Cypher."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import parse_qsl, urlsplit

import pytest

from app.browser import browser_queries, style_grass
from app.browser.guide import GuideExamples, TraversalShape, browser_parameters, render_guide
from graph.errors import InvalidInputError
from graph.neo4j_server.browser_style import STYLE, style_command

SHAPE = TraversalShape(window=15, alpha=3.0, depth=2, max_concepts=10)
SLIDE_QUERIES = {
    "at-a-glance",
    "space-counts",
    "timeline",
    "timeline-table",
    "fact-chain",
    "fact-chains",
    "neighbourhood",
    "neighbourhood-ranking",
    "recent-changes",
    "strongest-relations",
    "as-of-t",
    "as-of-date",
    "calendar",
}


def blocks(page: str) -> dict[str, str]:
    """Each runnable block's text as the Browser reads it (textContent), by its data-query."""
    found = re.findall(r'<pre class="[^"]*runnable" data-query="([^"]+)">(.*?)</pre>', page, re.S)
    return {name: html.unescape(text) for name, text in found}


def test_the_url_carries_the_examples_and_reads_back() -> None:
    examples = GuideExamples("demo", "Brandon Smith", "vacation", 16, "2025-03-16")
    url = examples.url("http://localhost:8080/")
    parts = urlsplit(url)
    assert (parts.netloc, parts.path) == ("localhost:8080", "/browser/guide.html")
    assert GuideExamples.from_query_args(dict(parse_qsl(parts.query))) == examples
    bare = GuideExamples("demo").url("http://localhost:8080")
    assert bare.endswith("guide.html?space=demo")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({}, "needs a space"),
        ({"space": "bad name"}, "may hold only letters"),
        ({"space": "demo", "t": "-1"}, "t must be an integer"),
        ({"space": "demo", "t": "1e3"}, "t must be an integer"),
        ({"space": "demo", "t": str(2**60)}, "t must be an integer in"),
        ({"space": "demo", "subject": "x" * 201}, "subject must be text"),
        ({"space": "demo", "date": "2" * 41}, "date must be text"),
    ],
)
def test_bad_guide_parameters_are_one_clear_error(args: dict[str, str], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        GuideExamples.from_query_args(args)


def test_parameters_are_the_stored_keys_and_stems() -> None:
    parameters = browser_parameters(GuideExamples("demo", "The Beatles", "vacations", 7), SHAPE)
    assert parameters["subject"] == "beatles"  # an entity key
    assert parameters["concept"] == "vacat"  # a concept label
    assert (parameters["t"], parameters["window"], parameters["limit"]) == (7, 15, 10)


def test_the_guide_has_a_slide_per_topic_and_every_query_runs_from_it() -> None:
    page = render_guide(GuideExamples("demo", "Brandon", "vacation", 16, "2025-03-16"), SHAPE)
    assert page.count("<slide") == 8
    found = blocks(page)
    queries = {q.name: q.cypher for q in browser_queries(SHAPE.depth)}
    assert set(found) == SLIDE_QUERIES | {"params"}
    for name in SLIDE_QUERIES:
        assert found[name] == queries[name]
    parameters = json.loads(found["params"].removeprefix(":params "))
    assert parameters == browser_parameters(
        GuideExamples("demo", "Brandon", "vacation", 16, "2025-03-16"), SHAPE
    )
    style = re.search(r'<a data-exec="([^"]+)"', page)
    assert style is not None and html.unescape(style.group(1)) == style_command()


def test_names_from_the_url_never_become_markup_or_cypher() -> None:
    hostile = '</pre><script>alert(1)</script>"}) DETACH DELETE n //'
    page = render_guide(GuideExamples("demo", hostile, hostile, 1, hostile[:40]), SHAPE)
    assert "<script>" not in page
    params = json.loads(blocks(page)["params"].removeprefix(":params "))
    assert params["date"] == hostile[:40]
    assert all("DETACH" not in q.cypher for q in browser_queries())


def test_the_depth_is_the_only_value_written_into_a_query() -> None:
    assert "{1,3}" in {q.name: q for q in browser_queries(3)}["neighbourhood"].cypher
    for query in browser_queries():
        assert "DEPTH" not in query.cypher and not query.cypher.endswith(";")
        assert query.description
    for bad in (0, 6, True, "2"):
        with pytest.raises(ValueError, match="depth"):
            browser_queries(bad)  # type: ignore[arg-type]


def test_the_style_is_one_definition_in_grass_and_in_the_connect_command() -> None:
    grass = style_grass()
    for selector in STYLE:
        assert f"{selector} {{" in grass
    assert 'caption: "{caption}";' in grass and 'caption: "s={strength} t={t}";' in grass
    command = style_command()
    assert command.startswith("style ")
    assert json.loads(command.removeprefix("style ")) == STYLE
    # browser.post_connect_cmd splits commands on semicolons; the style must stay one command.
    assert ";" not in command and "\n" not in command
    for selector in (
        "node.Concept",
        "node.Entity",
        "relationship.FACT",
        "relationship.SUPERSEDED_BY",
    ):
        assert STYLE[selector]["caption"] == "{caption}"
    assert STYLE["node.Statement"]["caption"] == "{t}: {text}"
