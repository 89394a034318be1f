"""Issue 20's check, through the commands a user runs: ``recallgraph demo`` (its real code path,
into a space of its own, with the triple writer ``make demo`` uses), then ``recallgraph browse``
prints the one line to paste; the guide that line opens is fetched as the Browser fetches it, and
its first slide's query runs in Neo4j with the parameters the slide sets: the demo space, drawn
with words (not stems) and facts with their intervals."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from app.api import create_app
from app.cli import cli
from app.config import get_settings
from app.demo_data import DEMO_STREAM
from graph.neo4j_server.browser_style import STYLE
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings
from tests.conftest import new_space_name

pytestmark = pytest.mark.slow  # the demo asks its questions with every reader, the LLM's too

INTERVAL = re.compile(r"^\[\d+, (\d+|now)\) \S")
BLOCK = re.compile(r'<pre class="[^"]*runnable" data-query="([^"]+)">(.*?)</pre>', re.S)


@pytest.fixture
def demo_space(monkeypatch: pytest.MonkeyPatch, recallgraph: RecallGraph) -> Iterator[str]:
    """A space name of the demo's own, and the environment ``make demo`` runs in: the settings'
    default triple writer (the suite's own environment turns it off)."""
    default_writer = Settings.model_fields["triple_writer"].default
    monkeypatch.setenv("RECALLGRAPH_TRIPLE_WRITER", default_writer)
    get_settings.cache_clear()
    name = new_space_name("demo")
    yield name
    get_settings.cache_clear()
    recallgraph.delete_space(name)


def first_slide_blocks(page: str) -> dict[str, str]:
    """The runnable blocks of the guide's first slide, as the Browser reads them."""
    first = page.split("<slide", 2)[1]
    return {name: html.unescape(text) for name, text in BLOCK.findall(first)}


def test_demo_then_browse_then_the_first_slide_reads_as_words(
    settings: Settings, recallgraph: RecallGraph, demo_space: str
) -> None:
    demo = CliRunner().invoke(cli, ["demo", "--space", demo_space])
    assert demo.exit_code == 0, demo.output
    assert f"recallgraph browse --space {demo_space}" in demo.output

    browse = CliRunner().invoke(cli, ["browse", "--space", demo_space, "--no-serve"])
    assert browse.exit_code == 0, browse.output
    plays = [line for line in browse.output.splitlines() if line.startswith(":play ")]
    assert len(plays) == 1, browse.output  # the one line to paste
    url = urlsplit(plays[0].removeprefix(":play "))

    served = create_app(settings, memory=recallgraph).test_client()
    page = served.get(f"{url.path}?{url.query}")
    assert page.status_code == 200
    blocks = first_slide_blocks(page.get_data(as_text=True))
    assert {"params", "at-a-glance"} <= set(blocks)
    # `:params {…}` is parsed by the Browser in JavaScript: every number arrives as a float.
    params = {
        k: float(v) if isinstance(v, int) and not isinstance(v, bool) else v
        for k, v in json.loads(blocks["params"].removeprefix(":params ")).items()
    }
    assert params["space"] == demo_space

    rows = recallgraph.store.read(lambda tx: list(tx.run(blocks["at-a-glance"], params)))
    nodes = {n.element_id: n for row in rows for n in (row["a"], row["b"])}
    facts = [row["r"] for row in rows if row["r"].type == "FACT"]
    concepts = [n for n in nodes.values() if "Concept" in n.labels]
    entities = [n for n in nodes.values() if "Entity" in n.labels]
    assert concepts and entities and facts
    assert all(n["space"] == demo_space for n in nodes.values())
    drawn = {STYLE[f"node.{next(iter(n.labels))}"]["caption"].format(**dict(n)) for n in concepts}
    # Words people wrote, never their stems: each concept's caption is a word of the stream.
    stream = " ".join(DEMO_STREAM)
    assert all(re.search(rf"\b{re.escape(c)}\b", stream) for c in drawn), drawn
    stems = {n["label"] for n in concepts if n["label"] != n["caption"]}
    assert stems and not stems & drawn, (stems, drawn)
    assert "Brandon" in drawn | {n["caption"] for n in entities}
    assert all(INTERVAL.match(f["caption"]) for f in facts), [f["caption"] for f in facts]
