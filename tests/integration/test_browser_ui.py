"""A real browser: headless Chromium opens the Neo4j Browser, plays RecallGraph's guide for the
demo stream (its facts written by the default triple writer, as `recallgraph demo` writes them),
runs four of its blocks with one click each and reads what the graph view draws: words, not
stems, facts with their intervals, and a subject's fact versions as a chain of statements. A
second test connects to a fresh managed Neo4j and finds the style applied without running
anything.

Screenshots go to pytest's temporary folder; ``make screenshots`` points
``RECALLGRAPH_SCREENSHOTS`` at ``experiments/results/browser/`` (committed, shown in the README).

Chromium and chromedriver come from Debian's packages (``make setup`` installs them where it
can); without them this test is skipped with the reason, never passed, except in CI (``CI=true``),
where a missing browser is a failed setup and fails the test.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from werkzeug.serving import make_server

from app.api import create_app
from app.cli import cli
from app.demo_data import DEMO_FIRST_DAY, DEMO_STREAM
from extraction.statements import StatementInput
from graph.neo4j_server import ManagedNeo4j
from graph.spaces import create_space
from graph.store import GraphStore, open_driver
from hybrid.recallgraph import RecallGraph, managed_server
from hybrid.settings import Settings
from tests.conftest import new_space_name

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
IN_CI = os.environ.get("CI", "").lower() == "true"
MISSING_BROWSER = (
    "Debian's chromium and chromium-driver are not installed "
    "(apt-get update && apt-get install chromium chromium-driver)"
)
INTERVAL = re.compile(r"^\[\d+, (\d+|now)\) \S")
CLOSED = re.compile(r"^\[\d+, \d+\) \S")
STATEMENT = re.compile(r"^\d+: \S")
WAIT_SECONDS = 90

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        (CHROMIUM is None or CHROMEDRIVER is None) and not IN_CI, reason=MISSING_BROWSER
    ),
]


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("RECALLGRAPH_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def driver():  # type: ignore[no-untyped-def]
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.fail(f"CI=true and {MISSING_BROWSER}: make setup should have installed them")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    # Twice the pixels: a graph zoomed to fit keeps its small captions legible in screenshots.
    for flag in (
        "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
        "--disable-background-networking --disable-component-update --disable-sync "
        "--window-size=1400,1250 --force-device-scale-factor=2"
    ).split():
        options.add_argument(flag)
    options.binary_location = str(CHROMIUM)
    browser = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    yield browser
    browser.quit()


@pytest.fixture
def service(settings: Settings, recallgraph: RecallGraph) -> Iterator[int]:
    """`recallgraph serve`'s app on a free port, serving the guide; yields the port."""
    server = make_server("127.0.0.1", 0, create_app(settings, memory=recallgraph), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port
    server.shutdown()
    thread.join()


@pytest.fixture
def demo_space(recallgraph: RecallGraph) -> Iterator[str]:
    """A space of its own, named like the demo's (the screenshots show its name)."""
    name = new_space_name("demo")
    create_space(recallgraph.store, name)
    yield name
    recallgraph.delete_space(name)


@pytest.fixture
def server(recallgraph: RecallGraph) -> ManagedNeo4j:
    if recallgraph.server is None:
        pytest.skip("NEO4J_URI points at an external Neo4j: its Browser is not the project's")
    return recallgraph.server


class BrowserSession:
    """The Neo4j Browser in Chromium, driven the way a person uses it."""

    def __init__(self, driver, server: ManagedNeo4j) -> None:  # type: ignore[no-untyped-def]
        from selenium.webdriver.support.ui import WebDriverWait

        self.driver = driver
        self.server = server
        self.wait = WebDriverWait(driver, WAIT_SECONDS)

    def find(self, css: str):  # type: ignore[no-untyped-def]
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions as ec

        return self.wait.until(ec.element_to_be_clickable((By.CSS_SELECTOR, css)))

    def stream_text(self) -> str:
        from selenium.webdriver.common.by import By

        return str(self.driver.find_element(By.CSS_SELECTOR, "[data-testid='stream']").text)

    def log_in(self) -> None:
        from selenium.webdriver.common.keys import Keys

        self.driver.get(self.server.config.browser_url)
        address = self.find("[data-testid='boltaddress']")
        address.send_keys(Keys.CONTROL, "a")
        address.send_keys(Keys.DELETE)
        address.send_keys(self.server.config.bolt_uri.removeprefix("bolt://"))
        self.find("[data-testid='username']").send_keys(self.server.config.user)
        self.find("[data-testid='password']").send_keys(self.server.password())
        self.find("[data-testid='connect']").click()
        # The disconnected banner goes before the session is up; only this frame proves it is.
        self.wait.until(lambda _: "You are connected as user" in self.stream_text())

    def run(self, command: str) -> None:
        from selenium.webdriver.common.keys import Keys

        self.find("#monaco-main-editor").click()
        self.driver.switch_to.active_element.send_keys(command)
        self.driver.switch_to.active_element.send_keys(Keys.CONTROL, Keys.ENTER)

    def click_block(self, name: str, done: Callable[[], bool]) -> None:
        """One click on the ▶ of the guide block ``name`` (the Browser adds the icon), until
        ``done``: a frame the click adds can move the guide under the pointer, so a click that
        did nothing is made again."""
        from selenium.common.exceptions import (
            ElementClickInterceptedException,
            StaleElementReferenceException,
            TimeoutException,
        )
        from selenium.webdriver.support.ui import WebDriverWait

        for _ in range(5):
            icon = self.find(f"[data-query='{name}'] i")
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", icon)
            try:
                icon.click()
                WebDriverWait(self.driver, 15).until(lambda _: done())
                return
            except (
                ElementClickInterceptedException,
                StaleElementReferenceException,
                TimeoutException,
            ):
                continue
        pytest.fail(f"clicking the guide's {name!r} block never took effect")

    def close_top_frame(self) -> None:
        """Close the newest frame. Its header is drawn a moment after the frame, so the close
        button is waited for until a click on it is taken."""
        from selenium.common.exceptions import (
            ElementClickInterceptedException,
            ElementNotInteractableException,
            StaleElementReferenceException,
        )
        from selenium.webdriver.common.by import By

        frames = self.driver.find_elements(By.CSS_SELECTOR, "[data-testid='frame']")

        def clicked(_: object) -> bool:
            try:
                button = frames[0].find_element(By.CSS_SELECTOR, "[title='Close']")
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
                button.click()
            except (
                ElementClickInterceptedException,
                ElementNotInteractableException,
                StaleElementReferenceException,
            ):
                return False
            return True

        self.wait.until(clicked)
        self.wait.until(
            lambda _: (
                len(self.driver.find_elements(By.CSS_SELECTOR, "[data-testid='frame']"))
                == len(frames) - 1
            )
        )

    def frame_of(self, marker: str):  # type: ignore[no-untyped-def]
        """The result frame whose command contains ``marker`` and that has drawn a graph."""
        from selenium.webdriver.common.by import By

        for candidate in self.driver.find_elements(By.CSS_SELECTOR, "[data-testid='frame']"):
            command = candidate.find_elements(By.CSS_SELECTOR, "[data-testid='frameCommand']")
            drawn = candidate.find_elements(By.CSS_SELECTOR, "svg g.node")
            if command and marker in command[0].text and drawn:
                return candidate
        return False

    def show_slide_title(self) -> None:
        """Scroll the guide's slide back to its title (running a block scrolled it down; a
        title scrolled out of its slide counts as hidden, so it is found, not waited for)."""
        from selenium.webdriver.common.by import By

        title = self.driver.find_element(By.CSS_SELECTOR, "[data-testid='frame'] .slide h3")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", title)

    def go_to_slide_with(self, name: str) -> None:
        """Forward through the guide until the slide with the block ``name`` shows."""
        from selenium.common.exceptions import ElementClickInterceptedException
        from selenium.webdriver.common.by import By

        for _ in range(10):
            if self.driver.find_elements(By.CSS_SELECTOR, f"[data-query='{name}']"):
                return
            button = self.find("[data-testid='nextSlide']")
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            try:
                button.click()
            except ElementClickInterceptedException:
                continue
        pytest.fail(f"the guide has no slide with the block {name!r}")

    def graph_of(self, marker: str) -> tuple[list[str], list[str]]:
        """The node and relationship captions of the result frame whose command contains
        ``marker``, once its drawing has stopped moving."""
        from selenium.webdriver.common.by import By

        found = self.wait.until(lambda _: self.frame_of(marker))
        layout = ""
        for _ in range(40):  # the force layout settles within a few seconds
            time.sleep(0.5)
            now = "|".join(
                g.get_attribute("transform") or ""
                for g in found.find_elements(By.CSS_SELECTOR, "svg g.node")
            )
            if now == layout:
                break
            layout = now

        def captions(selector: str) -> list[str]:
            return [
                " ".join(text.text for text in group.find_elements(By.CSS_SELECTOR, "text"))
                for group in found.find_elements(By.CSS_SELECTOR, selector)
            ]

        return captions("svg g.node"), captions("svg g.relationship")


def stems_unlike_words(store: GraphStore, space: str) -> set[str]:
    rows = store.query(
        "MATCH (c:Concept {space: $space}) WHERE c.label <> c.caption RETURN c.label AS label",
        space=space,
    )
    return {row["label"] for row in rows}


def test_the_guide_runs_its_slides_and_the_graph_reads_as_words_and_intervals(
    driver,  # type: ignore[no-untyped-def]
    server: ManagedNeo4j,
    service: int,
    screenshots: Path,
    recallgraph: RecallGraph,
    store: GraphStore,
    demo_space: str,
) -> None:
    # The demo's triple writer: the settings' default (the suite itself turns it off).
    writer = recallgraph.variant(triple_writer=Settings.model_fields["triple_writer"].default)
    writer.remember(
        demo_space,
        [
            StatementInput(text, observed_at=(DEMO_FIRST_DAY + timedelta(days=i)).isoformat())
            for i, text in enumerate(DEMO_STREAM)
        ],
    )
    stems = stems_unlike_words(store, demo_space)
    assert {"pari", "vacat"} <= stems
    printed = CliRunner().invoke(cli, ["browse", "--space", demo_space, "--port", str(service)])
    assert printed.exit_code == 0, printed.output
    play = next(line for line in printed.output.splitlines() if line.startswith(":play "))

    browser = BrowserSession(driver, server)
    browser.log_in()
    browser.run(":clear")
    browser.run(play)
    browser.click_block("style", lambda: ":style {" in browser.stream_text())
    browser.close_top_frame()
    browser.click_block(
        "params", lambda: "Successfully set your parameters" in browser.stream_text()
    )
    browser.close_top_frame()

    glance = "ORDER BY c.merges DESC"
    browser.click_block("at-a-glance", lambda: bool(browser.frame_of(glance)))
    nodes, relationships = browser.graph_of(glance)
    assert {"Brandon", "Paris"} <= set(nodes), nodes
    assert not stems & set(nodes), f"stems drawn as captions: {stems & set(nodes)}"
    facts = [r for r in relationships if r.startswith("[")]
    assert facts and all(INTERVAL.match(r) for r in facts), relationships
    browser.show_slide_title()
    driver.save_screenshot(str(screenshots / "browser-guide.png"))

    browser.run(":clear")
    browser.run(play)
    browser.go_to_slide_with("timeline")
    timeline = "key: $subject"
    browser.click_block("timeline", lambda: bool(browser.frame_of(timeline)))
    nodes, relationships = browser.graph_of(timeline)
    assert {"Brandon", "Paris", "Brazil"} <= set(nodes), nodes
    assert len(relationships) >= 3 and all(INTERVAL.match(r) for r in relationships), relationships
    assert any(CLOSED.match(r) for r in relationships), f"no fact was replaced: {relationships}"

    # What replaced what, drawn as a chain: the statements ("t: text") that said each version,
    # linked by SUPERSEDED_BY steps captioned with the closed version's interval. The
    # screenshot shows it above the timeline.
    browser.go_to_slide_with("fact-chain")
    chain = "SUPERSEDED_BY"
    browser.click_block("fact-chain", lambda: bool(browser.frame_of(chain)))
    nodes, relationships = browser.graph_of(chain)
    assert nodes and all(STATEMENT.match(n) for n in nodes), nodes
    assert any("Brandon" in n for n in nodes), nodes
    assert relationships and all(CLOSED.match(r) for r in relationships), relationships
    driver.save_screenshot(str(screenshots / "browser-timeline.png"))

    browser.run(":clear")
    browser.run(play)
    browser.go_to_slide_with("neighbourhood")
    browser.click_block("neighbourhood", lambda: bool(browser.frame_of("RETURN p")))
    nodes, _ = browser.graph_of("RETURN p")
    assert {"Brandon", "vacation", "Paris"} <= set(nodes), nodes
    assert not stems & set(nodes), f"stems drawn as captions: {stems & set(nodes)}"
    driver.save_screenshot(str(screenshots / "browser-neighbourhood.png"))


def test_a_new_managed_server_applies_the_style_on_connect(
    driver,  # type: ignore[no-untyped-def]
    settings: Settings,
    tmp_path: Path,
) -> None:
    """Nothing run by hand: the managed server's browser.post_connect_cmd styles the graph."""
    shared = managed_server(settings.model_copy(update={"neo4j_uri": None}))
    assert shared is not None
    fresh = ManagedNeo4j(
        replace(
            shared.config,
            home=tmp_path / "neo4j",
            bolt_port=17797,
            http_port=17584,
            password="style-on-connect-1",
            start_timeout=180,
        )
    )
    try:
        fresh.start()
        with open_driver(fresh.config.bolt_uri, "neo4j", fresh.password()) as neo4j:
            neo4j.execute_query(
                "CREATE (:Concept {label: 'vacat', caption: 'vacation'})"
                "-[:RELATED {strength: 2, t: 3}]->(:Concept {label: 'pari', caption: 'Paris'})"
            )
        browser = BrowserSession(driver, fresh)
        browser.log_in()
        browser.wait.until(lambda _: ":style {" in browser.stream_text())
        browser.run("MATCH (a:Concept)-[r:RELATED]->(b:Concept) RETURN a, r, b")
        nodes, relationships = browser.graph_of("RETURN a, r, b")
        assert sorted(nodes) == ["Paris", "vacation"] and relationships == ["s=2 t=3"]
    finally:
        fresh.stop()
