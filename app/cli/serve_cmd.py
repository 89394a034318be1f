"""``recallgraph serve``: the REST service on gunicorn (threads, timeouts, several workers).

With more than one worker, ChromaDB's embedded client is out of the question (it is not safe for
several processes): the workers use the Chroma server ``CHROMA_HOST`` names, else the managed one
(``recallgraph chroma start``; started here when it is not running), and ``serve`` refuses, with
the way out, when neither can be had.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import click
from flask import Flask

from app.api import create_app
from app.api.auth import refuse_open_network
from app.api.web_safety import allowed_host_names
from app.config import get_settings
from graph.errors import ServerSetupError
from hybrid.chroma_server import HOST as CHROMA_HOST
from hybrid.recallgraph import managed_chroma
from hybrid.settings import Settings, reveal

GRACEFUL_TIMEOUT_S = 30
KEEPALIVE_S = 5


def shared_vectors(settings: Settings) -> Settings:
    """Settings whose vector store is a Chroma server (never the embedded folder)."""
    server = managed_chroma(settings)
    if not settings.vectors_enabled or server is None:
        return settings
    try:
        status = server.start()
    except ServerSetupError as e:
        raise ServerSetupError(
            f"serve --workers N needs a Chroma server (the embedded one is not safe for several "
            f"processes) and the managed one could not start: {e}. Point CHROMA_HOST (and "
            "CHROMA_PORT) at a running Chroma server, or serve with --workers 1"
        ) from e
    click.echo(f"ChromaDB: managed server at {status.url} (data {status.data})")
    return settings.model_copy(update={"chroma_host": CHROMA_HOST})


def run_gunicorn(
    factory: Callable[[], Flask],
    settings: Settings,
    bind: tuple[str, int],
    workers: int = 1,
    threads: int = 4,
) -> None:
    """gunicorn's threaded workers, each building its app (its own driver and models) with
    ``factory``; a worker that stops answering its arbiter is replaced, idle keep-alive
    connections close after a few seconds, and every request's socket has the write timeout."""
    from gunicorn.app.base import BaseApplication

    class Service(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            options: dict[str, Any] = {
                "bind": f"{bind[0]}:{bind[1]}",
                "workers": workers,
                "threads": threads,
                "worker_class": "gthread",
                "timeout": max(300, int(settings.write_request_seconds) + 60),
                "graceful_timeout": GRACEFUL_TIMEOUT_S,
                "keepalive": KEEPALIVE_S,
                "accesslog": "-",
            }
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return factory()

    Service().run()


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8080, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Worker processes; more than 1 uses a Chroma server (CHROMA_HOST or the managed one).",
)
@click.option(
    "--threads",
    default=4,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Threads per worker.",
)
def serve_cmd(host: str, port: int, workers: int, threads: int) -> None:
    """Serve the REST API (/v1/spaces/..., /healthz, /openapi.json) and the OpenAI endpoint."""
    settings = get_settings()
    refuse_open_network(host, reveal(settings.api_token))
    allowed_host_names(host, settings.allowed_hosts)
    if workers > 1:
        settings = shared_vectors(settings)
    click.echo(
        f"RecallGraph on http://{host}:{port} (OpenAPI at /openapi.json; the Neo4j Browser "
        "guide at /browser/guide.html: `recallgraph browse` prints its :play line)"
    )
    run_gunicorn(
        partial(create_app, settings, bind_host=host), settings, (host, port), workers, threads
    )
