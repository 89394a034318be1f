"""``recallgraph browse``: how to explore a space in the Neo4j Browser."""

from __future__ import annotations

from pathlib import Path

import click

from app.browser import browser_queries, style_grass
from app.cli.options import space_option
from app.config import get_settings
from hybrid.recallgraph import managed_server


@click.command("browse")
@space_option
@click.option("--label", default="brandon", show_default=True, help="Concept for the examples.")
@click.option("--subject", default="brandon", show_default=True, help="Subject key for examples.")
@click.option(
    "--style-file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write the Browser style (.grass) to this file, to drop onto the Browser.",
)
def browse_cmd(space: str | None, label: str, subject: str, style_file: Path | None) -> None:
    """Print the Browser URL and login, the style to apply and the ready queries."""
    settings = get_settings()
    name = settings.resolved_space(space)
    server = managed_server(settings)
    if server is None:
        click.echo(f"Open the Neo4j Browser of {settings.neo4j_uri} (user {settings.neo4j_user}).")
    else:
        click.echo(f"Neo4j Browser: {server.config.browser_url}")
        click.echo(f"  connect URL: {server.config.bolt_uri}   user: {server.config.user}")
        where = (
            "NEO4J_PASSWORD"
            if settings.neo4j_password
            else f"the file {server.config.password_file}"
        )
        click.echo(f"  password:    in {where}")
    click.echo("\n1. Apply the style: paste this whole block into the Browser's editor and run it.")
    click.echo(":style " + " ".join(style_grass().split()))
    if style_file is not None:
        style_file.write_text(style_grass())
        click.echo(f"   (also written to {style_file}; you can drag it onto the Browser)")
    click.echo("\n2. Set the parameters:")
    click.echo(f":param space => '{name}'")
    click.echo(f":param label => '{label}'")
    click.echo(f":param window => {settings.temporal_window}")
    click.echo(f":param subject => '{subject}'")
    click.echo("\n3. Run any of these:")
    for query in browser_queries():
        click.echo(f"\n// {query.name}: {query.description}")
        click.echo(query.cypher)
