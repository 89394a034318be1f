"""``recallgraph settings``: the configuration in force, or the README's table of it."""

from __future__ import annotations

import click
from pydantic import AliasChoices, SecretStr

from app.config import get_settings
from hybrid.settings import Settings, settings_table


@click.command("settings")
@click.option("--markdown", is_flag=True, help="Print the README's table of every setting.")
def settings_cmd(markdown: bool) -> None:
    """Every setting's environment variable and the value in force (secrets masked)."""
    if markdown:
        click.echo(settings_table(), nl=False)
        return
    settings = get_settings()
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias
        variable = alias.choices[0] if isinstance(alias, AliasChoices) else name
        value = getattr(settings, name)
        shown = "********" if isinstance(value, SecretStr) else value
        click.echo(f"{variable}={'' if shown is None else shown}")
