"""``recallgraph serve``: the REST service (Flask's server, or gunicorn with several workers)."""

from __future__ import annotations

from typing import Any

import click

from app.api import create_app
from app.api.auth import refuse_open_network
from app.config import get_settings
from hybrid.settings import reveal


def run_gunicorn(host: str, port: int, workers: int, threads: int) -> None:
    """Several worker processes against one Neo4j: each opens its own driver and models."""
    from gunicorn.app.base import BaseApplication

    class Service(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            options: dict[str, Any] = {
                "bind": f"{host}:{port}",
                "workers": workers,
                "threads": threads,
                "worker_class": "gthread",
                "timeout": 300,
                "accesslog": "-",
            }
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return create_app()

    Service().run()


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8080, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="More than 1: gunicorn worker processes (production).",
)
@click.option(
    "--threads",
    default=4,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Threads per gunicorn worker.",
)
@click.option("--production", is_flag=True, help="Use gunicorn even with one worker.")
def serve_cmd(host: str, port: int, workers: int, threads: int, production: bool) -> None:
    """Serve the REST API (/v1/spaces/..., /healthz, /openapi.json) and the OpenAI endpoint."""
    settings = get_settings()
    refuse_open_network(host, reveal(settings.api_token))
    click.echo(
        f"RecallGraph on http://{host}:{port} (OpenAPI at /openapi.json; the Neo4j Browser "
        "guide at /browser/guide.html: `recallgraph browse` prints its :play line)"
    )
    if workers > 1 or production:
        run_gunicorn(host, port, workers, threads)
        return
    create_app(settings).run(host=host, port=port, threaded=True, debug=False, use_reloader=False)
