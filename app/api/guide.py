"""``GET /browser/guide.html``: the RecallGraph guide the Neo4j Browser plays (``:play URL``).

The Browser fetches it from its own page, so the answer carries ``Access-Control-Allow-Origin:
*``; it needs no token, because it is rendered from its URL alone and reads nothing from the
memory (``app.browser.guide``). A direct visit gets a page that can run no script.
"""

from __future__ import annotations

from flask import Blueprint, Response, request

from app.api.services import memory
from app.browser.guide import GUIDE_PATH, GuideExamples, TraversalShape, render_guide

bp = Blueprint("guide", __name__)


@bp.get(GUIDE_PATH)
def guide() -> Response:
    settings = memory().settings
    shape = TraversalShape(
        window=settings.temporal_window,
        alpha=settings.ranking_alpha,
        depth=settings.traversal_depth,
        max_concepts=settings.max_concepts,
    )
    html = render_guide(GuideExamples.from_query_args(request.args), shape)
    return Response(html, mimetype="text/html")


@bp.after_request
def _browser_may_fetch(response: Response) -> Response:
    """Errors too: the Browser shows what went wrong only if it may read the answer."""
    response.headers["Access-Control-Allow-Origin"] = "*"
    # The Browser sends no-cache headers, so it asks first (a preflight OPTIONS).
    response.headers["Access-Control-Allow-Methods"] = "GET, OPTIONS"
    response.headers["Access-Control-Allow-Headers"] = "*"
    response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Cache-Control"] = "no-store"
    return response
