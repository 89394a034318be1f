"""Bearer-token authentication and the refusal to serve a network without one."""

from __future__ import annotations

import hmac
import ipaddress

from flask import Flask, Response, request

from app.api.errors import error_response
from app.browser.guide import GUIDE_PATH
from graph.errors import InvalidInputError

# The Browser guide reads nothing from the memory, and the Browser cannot send a token.
OPEN_PATHS = frozenset({"/healthz", "/openapi.json", GUIDE_PATH})


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


TOKEN_REQUIRED = "RECALLGRAPH_TOKEN_REQUIRED"
"""The app's config key: whether its requests must carry the bearer token."""


def refuse_open_network(host: str, token: str | None) -> None:
    """A server reachable from other machines must require a token."""
    if not is_loopback(host) and not token:
        raise InvalidInputError(
            f"refusing to listen on {host} without RECALLGRAPH_API_TOKEN: set a token, or bind "
            "127.0.0.1"
        )


def require_token(app: Flask, token: str | None) -> None:
    """With a token configured, every request but the health check must carry it."""
    if not token:
        return
    expected = f"Bearer {token}".encode()

    @app.before_request
    def _check() -> tuple[Response, int] | None:
        if request.path in OPEN_PATHS or request.method == "OPTIONS":
            return None
        given = request.headers.get("Authorization", "").encode()
        if hmac.compare_digest(given, expected):
            return None
        return error_response(
            401, "missing or wrong bearer token (Authorization: Bearer …)", code="invalid_api_key"
        )


def allow_origins(app: Flask, origins: str) -> None:
    """CORS is off unless origins are configured (``RECALLGRAPH_CORS_ORIGINS``)."""
    allowed = {o.strip() for o in origins.split(",") if o.strip()}
    if not allowed:
        return

    @app.after_request
    def _cors(response: Response) -> Response:
        origin = request.headers.get("Origin")
        public = "Access-Control-Allow-Origin" in response.headers  # e.g. the Browser guide
        if origin and not public and (origin in allowed or "*" in allowed):
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers["Access-Control-Allow-Headers"] = "Authorization, Content-Type"
            response.headers["Access-Control-Allow-Methods"] = "GET, POST, DELETE, OPTIONS"
            response.headers["Vary"] = "Origin"
        return response
