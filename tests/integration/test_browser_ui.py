"""A real browser: headless Chromium opens the Neo4j Browser served by the managed Neo4j, logs
in, runs a query over a small ingested stream, and the graph view shows the expected nodes.
The screenshot goes to pytest's temporary folder; ``make screenshots`` points
``RECALLGRAPH_SCREENSHOTS`` at ``experiments/results/browser/`` (committed, shown in the README).

Chromium and chromedriver come from Debian's packages (``make setup`` installs them where it
can); without them this test is skipped with the reason, never passed, except in CI (``CI=true``),
where a missing browser is a failed setup and fails the test.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from extraction.statements import StatementInput
from graph.store import GraphStore
from hybrid.ingestion import Ingestor
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
IN_CI = os.environ.get("CI", "").lower() == "true"
MISSING_BROWSER = (
    "Debian's chromium and chromium-driver are not installed "
    "(apt-get update && apt-get install chromium chromium-driver)"
)
STREAM = (
    "Brandon wants to go to Paris for his next vacation.",
    "Brandon just ate a salad.",
    "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead.",
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        (CHROMIUM is None or CHROMEDRIVER is None) and not IN_CI, reason=MISSING_BROWSER
    ),
]


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    return Path(os.environ.get("RECALLGRAPH_SCREENSHOTS", tmp_path))


@pytest.fixture
def driver():  # type: ignore[no-untyped-def]
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.fail(f"CI=true and {MISSING_BROWSER}: make setup should have installed them")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    for flag in (
        "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
        "--disable-background-networking --disable-component-update --disable-sync "
        "--window-size=1400,1000"
    ).split():
        options.add_argument(flag)
    options.binary_location = str(CHROMIUM)
    browser = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    yield browser
    browser.quit()


def stream_text(driver) -> str:  # type: ignore[no-untyped-def]
    """Everything the Browser's result frames say."""
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.CSS_SELECTOR, "[data-testid='stream']").text)


def frame_running(driver, marker: str):  # type: ignore[no-untyped-def]
    """The result frame whose command contains ``marker``, or False while there is none."""
    from selenium.webdriver.common.by import By

    for frame in driver.find_elements(By.CSS_SELECTOR, "[data-testid='frame']"):
        commands = frame.find_elements(By.CSS_SELECTOR, "[data-testid='frameCommand']")
        if commands and marker in commands[0].text:
            return frame
    return False


def test_the_neo4j_browser_shows_an_ingested_graph(
    driver,
    screenshots: Path,
    settings: Settings,
    recallgraph: RecallGraph,
    store: GraphStore,
    space: str,  # type: ignore[no-untyped-def]
) -> None:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    server = recallgraph.server
    if server is None:
        pytest.skip("NEO4J_URI points at an external Neo4j: its Browser is not the project's")
    ingestor = Ingestor(store, recallgraph.ingest_settings)
    for text in STREAM:
        ingestor.ingest(space, StatementInput(text))
    expected = store.query(
        "MATCH (st:Statement {space: $space})-[:MENTIONS]->(c:Concept) "
        "RETURN count(DISTINCT st) + count(DISTINCT c) AS n",
        space=space,
    )[0]["n"]
    wait = WebDriverWait(driver, 60)
    driver.get(server.config.browser_url)

    def field(test_id: str):  # type: ignore[no-untyped-def]
        return wait.until(
            ec.element_to_be_clickable((By.CSS_SELECTOR, f"[data-testid='{test_id}']"))
        )

    address = field("boltaddress")
    address.send_keys(Keys.CONTROL, "a")
    address.send_keys(Keys.DELETE)
    address.send_keys(server.config.bolt_uri.removeprefix("bolt://"))
    field("username").send_keys(settings.neo4j_user)
    field("password").send_keys(server.password())
    field("connect").click()
    # The disconnected banner goes before the session is up; only this frame proves it is.
    wait.until(lambda d: "You are connected as user" in stream_text(d))

    def run(command: str) -> None:
        editor = wait.until(ec.element_to_be_clickable((By.CSS_SELECTOR, "#monaco-main-editor")))
        editor.click()
        driver.switch_to.active_element.send_keys(command)
        driver.switch_to.active_element.send_keys(Keys.CONTROL, Keys.ENTER)

    run(":clear")
    wait.until(lambda d: "You are connected as user" not in stream_text(d))
    query = (
        f"MATCH (st:Statement {{space: '{space}'}})-[m:MENTIONS]->(c:Concept) "
        "OPTIONAL MATCH (c)-[r:RELATED]-(:Concept {space: st.space}) RETURN st, m, c, r"
    )
    run(query)
    frame = wait.until(lambda d: frame_running(d, space))
    try:
        wait.until(lambda _: len(frame.find_elements(By.CSS_SELECTOR, "svg g.node")) >= expected)
    except TimeoutException:
        pytest.fail(f"the query frame never drew {expected} nodes; it shows: {frame.text!r}")
    nodes = frame.find_elements(By.CSS_SELECTOR, "svg g.node")
    assert len(nodes) == expected
    screenshots.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(screenshots / "neo4j-browser-graph.png"))
