"""What keeps a web page from using a RecallGraph server on the user's machine, and a stuck
client from holding a worker.

- **Content types.** A page can make the browser send a cross-origin POST without asking first
  only as a form or as ``text/plain``. State-changing requests here must say ``application/json``
  or NDJSON, which no such request can, so a page's POST is refused (415) before it runs; with
  CORS off (the default) the browser never sends the JSON one.
- **Host.** DNS rebinding points the attacker's own name at 127.0.0.1: the browser then sends
  ``Host: attacker.example``. Only the bind address, the loopback names (when bound to loopback)
  and ``RECALLGRAPH_ALLOWED_HOSTS`` are answered.
- **Stuck clients.** Each request's socket gets ``RECALLGRAPH_WRITE_TIMEOUT``: a client that takes
  no bytes (or sends none of its body) for that long is cut off and its worker thread freed. An
  event stream also gets a small send buffer, so a client that stops reading is noticed after a
  few kilobytes, not after megabytes of kernel buffer, and the model it held is released.
"""

from __future__ import annotations

import contextlib
import socket

from flask import Flask, Response, request

from app.api.auth import is_loopback
from app.api.bodies import NDJSON_TYPES
from app.api.errors import error_response
from graph.errors import InvalidInputError

BODY_TYPES = frozenset({"application/json", *NDJSON_TYPES})
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_BINDS = frozenset({"0.0.0.0", "::", ""})
STREAM_SEND_BUFFER = 4096
SOCKET_KEYS = ("gunicorn.socket", "werkzeug.socket")


def host_name(host: str) -> str:
    """The name part of a Host header: ``[::1]:8080`` → ``::1``, ``Example.org:80`` →
    ``example.org``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def allowed_host_names(bind_host: str | None, configured: str) -> frozenset[str] | None:
    """The Host names to answer; None means every name (``*``). A wildcard bind with no list is
    refused: it would answer any name a rebinding attacker picks."""
    names = {host_name(n) for n in configured.split(",") if n.strip()}
    if "*" in names:
        return None
    if bind_host is not None and bind_host not in WILDCARD_BINDS:
        names.add(host_name(bind_host))
    if bind_host is None or is_loopback(host_name(bind_host)):
        names |= LOOPBACK_NAMES
    if not names:
        raise InvalidInputError(
            f"listening on {bind_host or 'every address'} answers whatever Host a client names: "
            "set RECALLGRAPH_ALLOWED_HOSTS to the names clients use (or * behind a proxy that "
            "checks them)"
        )
    return frozenset(names)


def guard_requests(
    app: Flask, *, bind_host: str | None, allowed_hosts: str, write_timeout: float
) -> None:
    """Install the Host check, the content-type check and the per-request socket timeout."""
    names = allowed_host_names(bind_host, allowed_hosts)

    @app.before_request
    def _host() -> tuple[Response, int] | None:
        if names is None or host_name(request.host) in names:
            return None
        return error_response(
            400,
            f"Host {request.host!r} is not served here (RECALLGRAPH_ALLOWED_HOSTS)",
            code="host_not_allowed",
        )

    @app.before_request
    def _content_type() -> tuple[Response, int] | None:
        if request.method not in ("POST", "PUT", "PATCH", "DELETE"):
            return None
        if request.method == "DELETE" and not request.content_length:
            return None
        if request.mimetype in BODY_TYPES:
            return None
        return error_response(
            415,
            f"the body must be application/json or application/x-ndjson (got "
            f"{request.mimetype or 'no content type'})",
            code="unsupported_media_type",
        )

    @app.before_request
    def _timeout() -> None:
        client = client_socket()
        if client is not None:
            with contextlib.suppress(OSError):
                client.settimeout(write_timeout)


def client_socket() -> socket.socket | None:
    """The request's connection, where the server exposes it (gunicorn, Werkzeug)."""
    for key in SOCKET_KEYS:
        candidate = request.environ.get(key)
        if isinstance(candidate, socket.socket):
            return candidate
    return None


def prepare_event_stream() -> None:
    """Before an event stream: a small send buffer, so a client that stops reading blocks the
    writer (and meets the write timeout) after a few kilobytes."""
    client = client_socket()
    if client is not None:
        with contextlib.suppress(OSError):
            client.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_SEND_BUFFER)
