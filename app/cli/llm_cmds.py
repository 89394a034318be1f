"""``recallgraph chat`` and ``recallgraph llm-serve``: the LLM runtime from the command line."""

from __future__ import annotations

import sys
from functools import partial

import click

from app.api import create_app
from app.api.auth import refuse_open_network
from app.api.web_safety import allowed_host_names
from app.cli.options import open_memory
from app.cli.serve_cmd import run_gunicorn
from app.config import get_settings
from extraction.llm.base import ChatMessage, ChatOptions
from graph.errors import InvalidInputError
from hybrid.settings import reveal


@click.command("chat")
@click.argument("prompt", required=False)
@click.option("--system", default=None, help="A system message before the prompt.")
@click.option("--max-tokens", default=256, show_default=True, type=click.IntRange(1, 8192))
@click.option("--temperature", default=0.0, show_default=True, type=click.FloatRange(0, 2))
@click.option("--stop", multiple=True, help="Stop string (repeatable).")
@click.option("--no-stream", is_flag=True, help="Print the answer at the end, not as it comes.")
@click.option("--usage", is_flag=True, help="Print token counts on stderr afterwards.")
def chat_cmd(
    prompt: str | None,
    system: str | None,
    max_tokens: int,
    temperature: float,
    stop: tuple[str, ...],
    no_stream: bool,
    usage: bool,
) -> None:
    """Ask the configured LLM (by default the local SmolLM2, no network). PROMPT or stdin."""
    text = prompt if prompt is not None else sys.stdin.read()
    if not text.strip():
        raise InvalidInputError("the prompt is empty")
    settings = get_settings()
    backend = open_memory(settings).llm
    messages = ([ChatMessage("system", system)] if system else []) + [ChatMessage("user", text)]
    options = ChatOptions(
        max_tokens=max_tokens, temperature=temperature, stop=stop, timeout=settings.llm_timeout
    )
    if no_stream:
        result = backend.chat(messages, options)
        click.echo(result.text)
        counts = (result.prompt_tokens, result.completion_tokens, result.finish_reason)
    else:
        counts = (0, 0, "stop")
        for chunk in backend.stream(messages, options):
            click.echo(chunk.text, nl=False)
            if chunk.finish_reason:
                counts = (
                    chunk.usage.get("prompt_tokens", 0),
                    chunk.usage.get("completion_tokens", 0),
                    chunk.finish_reason,
                )
        click.echo()
    if usage:
        click.echo(
            f"[{backend.model_name}: {counts[0]} prompt tokens, {counts[1]} generated, "
            f"finish: {counts[2]}]",
            err=True,
        )


@click.command("llm-serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8081, show_default=True, type=click.IntRange(1, 65535))
def llm_serve_cmd(host: str, port: int) -> None:
    """Serve the local model over the OpenAI API (/v1/chat/completions, /v1/models)."""
    settings = get_settings()
    refuse_open_network(host, reveal(settings.api_token))
    allowed_host_names(host, settings.allowed_hosts)
    model = open_memory(settings).llm.model_name
    click.echo(f"OpenAI-compatible endpoint: http://{host}:{port}/v1 (model {model})")
    factory = partial(create_app, settings, parts=("llm",), bind_host=host)
    run_gunicorn(factory, settings, (host, port))
