"""``recallgraph browse``: one line to paste into the Neo4j Browser, which opens RecallGraph's
guide for a space; the guide is served here when no ``recallgraph serve`` answers for it."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import click
from werkzeug.serving import make_server

from app.api import create_app
from app.api.auth import is_loopback
from app.browser import style_grass
from app.browser.guide import GuideExamples
from app.cli.options import open_memory, space_option
from app.config import get_settings
from extraction.concepts import concept_label
from graph.browser_examples import example_concept, example_moment, example_subject
from graph.errors import InvalidInputError
from graph.spaces import require_space
from hybrid.recallgraph import RecallGraph, managed_server
from hybrid.settings import Settings

PROBE_SECONDS = 3.0


@click.command("browse")
@space_option
@click.option(
    "--subject",
    default=None,
    help="Entity of the timeline slides (default: the one whose facts changed most).",
)
@click.option(
    "--concept",
    default=None,
    help="Word of the neighbourhood slide (default: the "
    "subject's, else the concept merged most often).",
)
@click.option(
    "--as-of",
    "as_of",
    type=click.IntRange(0, 2**53),
    default=None,
    help="t of the time-travel slide (default: half the space's clock).",
)
@click.option(
    "--date",
    default=None,
    help="Date of the as-of-a-date slide, ISO-8601 (default: "
    "when the statement at that t was observed, if known).",
)
@click.option(
    "--host",
    default="localhost",
    show_default=True,
    help="Name the Browser fetches the guide by (the Browser allows localhost; any "
    "other needs browser.remote_content_hostname_whitelist).",
)
@click.option(
    "--port",
    default=8080,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="Port of `recallgraph serve`, or of the guide this command serves.",
)
@click.option(
    "--no-serve", is_flag=True, help="Only print the line, even when nothing serves the guide yet."
)
@click.option(
    "--style-file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write the Browser style (.grass) to this file, to drop onto the Browser.",
)
def browse_cmd(
    space: str | None,
    subject: str | None,
    concept: str | None,
    as_of: int | None,
    date: str | None,
    host: str,
    port: int,
    no_serve: bool,
    style_file: Path | None,
) -> None:
    """Print the `:play` line that opens RecallGraph's guide for a space in the Neo4j Browser."""
    settings = get_settings()
    memory = open_memory(settings)
    examples = _examples(memory, settings.resolved_space(space), subject, concept, as_of, date)
    base = f"http://{host}:{port}"
    url = examples.url(base)
    _print_login(settings)
    click.echo("Paste this line into the Browser's editor and run it:\n")
    click.echo(f":play {url}\n")
    if style_file is not None:
        style_file.write_text(style_grass())
        click.echo(f"(The style is also in {style_file}: drag it onto the Browser.)")
    if no_serve or _answers(url):
        return
    if not is_loopback(host):
        raise InvalidInputError(
            f"nothing serves the guide at {base}; run `recallgraph serve` there, or use a "
            "loopback --host to let this command serve it"
        )
    app = create_app(settings, memory=memory, parts=("guide",))
    # Listening from here on; a taken port ends the command with werkzeug's own message.
    server = make_server("127.0.0.1", port, app, threaded=True)
    click.echo(f"Serving the guide at {base} until Ctrl-C (`recallgraph serve` serves it too).")
    server.serve_forever()


def _examples(
    memory: RecallGraph,
    space: str,
    subject: str | None,
    concept: str | None,
    as_of: int | None,
    date: str | None,
) -> GuideExamples:
    """The examples the user named, the rest chosen from the space (which must exist): the
    neighbourhood slide shows the subject's own concept when it has one."""
    store = memory.store
    require_space(store, space)
    subject = subject if subject is not None else example_subject(store, space)
    if concept is None:
        labels = [label for word in subject.split() if (label := concept_label(word))]
        concept = example_concept(store, space, labels)
    t, observed = example_moment(store, space, as_of)
    return GuideExamples(space, subject, concept, t, date if date is not None else observed)


def _answers(url: str) -> bool:
    """Whether a RecallGraph server already serves the guide at ``url``."""
    try:
        with urllib.request.urlopen(url, timeout=PROBE_SECONDS) as response:
            return response.status == 200 and "<slide" in response.read().decode()
    except urllib.error.HTTPError as e:
        raise InvalidInputError(
            f"{url} answers {e.code}, not the guide: is that an older `recallgraph serve`? "
            "Restart it, or choose another --port"
        ) from e
    except (urllib.error.URLError, OSError):
        return False


def _print_login(settings: Settings) -> None:
    server = managed_server(settings)
    if server is None:
        click.echo(f"Open the Neo4j Browser of {settings.neo4j_uri} (user {settings.neo4j_user}).")
        return
    where = (
        "NEO4J_PASSWORD" if settings.neo4j_password else f"the file {server.config.password_file}"
    )
    click.echo(
        f"Neo4j Browser: {server.config.browser_url}  (connect to {server.config.bolt_uri} as "
        f"{server.config.user}, password in {where})"
    )
