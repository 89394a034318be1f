"""``GET /browser/guide.html`` as the Neo4j Browser fetches it: from another origin (with a
preflight, since it sends no-cache headers), without the API token, and never with a 500."""

from __future__ import annotations

from flask.testing import FlaskClient
from pydantic import SecretStr

from app.api import create_app
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

BROWSER = "http://127.0.0.1:7474"
GUIDE = "/browser/guide.html?space=demo&subject=Brandon&concept=vacation&t=16&date=2025-03-16"


def test_the_guide_is_html_any_browser_origin_may_read(client: FlaskClient) -> None:
    preflight = client.options(
        GUIDE,
        headers={
            "Origin": BROWSER,
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "cache-control,pragma",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "*"
    assert "GET" in preflight.headers["Access-Control-Allow-Methods"]
    assert preflight.headers["Access-Control-Allow-Headers"] == "*"
    page = client.get(GUIDE, headers={"Origin": BROWSER, "Pragma": "no-cache"})
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["Access-Control-Allow-Origin"] == "*"
    assert "default-src 'none'" in page.headers["Content-Security-Policy"]
    text = page.get_data(as_text=True)
    assert text.count("<slide") == 8 and "&#34;concept&#34;: &#34;vacat&#34;" in text


def test_bad_guide_urls_are_400_the_browser_can_read(client: FlaskClient) -> None:
    for url in (
        "/browser/guide.html",
        "/browser/guide.html?space=no%20such",
        "/browser/guide.html?space=demo&t=x",
        "/browser/guide.html?space=demo&subject=" + "x" * 500,
    ):
        answer = client.get(url, headers={"Origin": BROWSER})
        assert answer.status_code == 400, url
        assert answer.get_json()["error"]["message"], url
        assert answer.headers["Access-Control-Allow-Origin"] == "*"


def test_the_guide_needs_no_token_and_the_api_still_does(
    settings: Settings, recallgraph: RecallGraph
) -> None:
    locked = settings.model_copy(update={"api_token": SecretStr("s3cret"), "cors_origins": BROWSER})
    client = create_app(locked, memory=recallgraph).test_client()
    assert client.get(GUIDE).status_code == 200
    assert client.get("/v1/spaces").status_code == 401
    # The configured CORS origins do not narrow the guide's answer.
    page = client.get(GUIDE, headers={"Origin": BROWSER})
    assert page.headers["Access-Control-Allow-Origin"] == "*"
