"""`recallgraph entities` (list with aliases), `entities merge A B`, `entities split A`,
`entities merges`: for users to see how names were resolved and fix resolution's mistakes."""

from __future__ import annotations

import json

import click

from app.cli.options import open_memory, space_option
from app.config import get_settings
from graph.entities import MAX_PAGE, EntitySummary, MergeRecord


def _facts(count: int) -> str:
    return f"{count} fact{'' if count == 1 else 's'}"


def _entity_line(entity: EntitySummary) -> str:
    aliases = ", ".join(f"{a.name} ({a.reason})" for a in entity.aliases)
    facts = f"{entity.current_facts}/{entity.facts} facts"
    return f"{entity.name}  [{facts}]" + (f"  aliases: {aliases}" if aliases else "")


def _merge_line(merge: MergeRecord) -> str:
    why = f" because {merge.reason!r}" if merge.reason else ""
    undone = f", split at {merge.undone_at}" if merge.undone_at else ""
    return (
        f"{merge.merged_at}  {merge.merged!r} into {merge.into!r}{why}: "
        f"{_facts(merge.facts_moved)} moved{undone}"
    )


@click.group("entities", invoke_without_command=True)
@space_option
@click.option("--contains", default=None, help="Only entities whose name or an alias has this.")
@click.option(
    "--limit", type=click.IntRange(1, MAX_PAGE), default=100, show_default=True, help="Most shown."
)
@click.option("--skip", type=click.IntRange(0), default=0, help="Skip this many (paging).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per entity.")
@click.pass_context
def entities_group(
    ctx: click.Context,
    space: str | None,
    contains: str | None,
    limit: int,
    skip: int,
    as_json: bool,
) -> None:
    """List a space's entities with their aliases (and why each is one) and fact counts."""
    if ctx.invoked_subcommand is not None:
        return
    settings = get_settings()
    page = open_memory(settings).entities(
        settings.resolved_space(space), contains=contains, skip=skip, limit=limit
    )
    if as_json:
        for entity in page.entities:
            click.echo(json.dumps(entity.as_dict(), ensure_ascii=False))
        return
    if not page.entities:
        click.echo("No entities.")
        return
    for entity in page.entities:
        click.echo(_entity_line(entity))
    if skip + len(page.entities) < page.total:
        click.echo(f"({len(page.entities)} of {page.total} shown; --skip and --limit for more)")


@entities_group.command("merge")
@space_option
@click.argument("merged", metavar="A")
@click.argument("into", metavar="B")
@click.option("--reason", default=None, help="Why A and B are one entity (kept on the record).")
def merge_cmd(space: str | None, merged: str, into: str, reason: str | None) -> None:
    """Merge entity A into entity B: A's facts move to B, A's names become B's aliases."""
    settings = get_settings()
    merge = open_memory(settings).merge_entities(
        settings.resolved_space(space), merged, into, reason=reason
    )
    click.echo(
        f"Merged {merge.merged!r} into {merge.into!r}: {_facts(merge.facts_moved)} moved, "
        f"aliases added: {', '.join(merge.aliases_added) or 'none'} (merge {merge.id}; "
        f"`recallgraph entities split {merge.merged!r}` undoes it)."
    )
    for conflict in merge.conflicts:
        click.echo(f"now several current values of one relation: {conflict}", err=True)


@entities_group.command("split")
@space_option
@click.argument("name", metavar="A")
def split_cmd(space: str | None, name: str) -> None:
    """Undo the latest merge of A: A comes back with its aliases, and its facts move back."""
    settings = get_settings()
    split = open_memory(settings).split_entity(settings.resolved_space(space), name)
    click.echo(
        f"Split {split.restored!r} from {split.taken_from!r}: "
        f"{_facts(split.facts_restored)} moved back."
    )
    if split.facts_missing:
        click.echo(
            f"{_facts(len(split.facts_missing))} of it deleted since the merge: "
            + ", ".join(split.facts_missing),
            err=True,
        )


@entities_group.command("merges")
@space_option
@click.option("--limit", type=click.IntRange(1, MAX_PAGE), default=100, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per merge.")
def merges_cmd(space: str | None, limit: int, as_json: bool) -> None:
    """The space's merges, newest first, with their reasons (split ones say so)."""
    settings = get_settings()
    merges = open_memory(settings).merges(settings.resolved_space(space), limit=limit)
    if not merges and not as_json:
        click.echo("No merges.")
    for merge in merges:
        click.echo(
            json.dumps(merge.as_dict(), ensure_ascii=False) if as_json else _merge_line(merge)
        )
