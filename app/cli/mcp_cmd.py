"""``recallgraph mcp``: the memory as a Model Context Protocol server (stdio, or HTTP)."""

from __future__ import annotations

import click

from app.api.auth import refuse_open_network
from app.cli.options import open_memory
from app.config import get_settings
from app.mcp_server import build_server, http_app
from hybrid.settings import reveal


@click.command("mcp")
@click.option("--http", "over_http", is_flag=True, help="Streamable HTTP at /mcp, not stdio.")
@click.option("--host", default="127.0.0.1", show_default=True, help="With --http.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535))
def mcp_cmd(over_http: bool, host: str, port: int) -> None:
    """Serve the memory to assistants over MCP: tools remember, ask, facts, history,
    forget_fact, spaces; resources for a space's summary and an entity's history."""
    settings = get_settings()
    memory = open_memory(settings)
    server = build_server(memory)
    if not over_http:
        server.run("stdio")
        return
    import uvicorn

    token = reveal(settings.api_token)
    refuse_open_network(host, token)
    click.echo(f"RecallGraph MCP on http://{host}:{port}/mcp", err=True)
    app = http_app(server, token, host, settings.max_request_bytes)
    uvicorn.run(app, host=host, port=port, log_level="warning")
