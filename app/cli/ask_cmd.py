"""``recallgraph ask``: a question to one reader, or to all of them with the discriminator."""

from __future__ import annotations

import json

import click

from app.cli.options import open_memory, space_option
from app.config import get_settings
from graph.spaces import require_space
from hybrid.ask import DEFAULT_MODE, MODES, Answer
from hybrid.candidate import Candidate


def candidate_lines(candidate: Candidate, show_context: bool) -> list[str]:
    lines = [f"[{candidate.reader}] {candidate.answer}"]
    if not show_context:
        return lines
    concepts = candidate.signals.get("concepts")
    if concepts:
        lines.append("  concepts: " + ", ".join(f"{c['label']} (t={c['t']})" for c in concepts))
    for item in candidate.evidence:
        until = f"..{item.t_to}" if item.t_to is not None else ""
        lines.append(f"  t={item.t}{until}  {item.text}")
    if not candidate.evidence:
        lines.append("  (no evidence)")
    return lines


def answer_lines(answer: Answer, show_context: bool) -> list[str]:
    if len(answer.candidates) == 1:
        return candidate_lines(answer.candidates[0], show_context)
    lines: list[str] = []
    for candidate in answer.candidates:
        lines.extend(candidate_lines(candidate, show_context))
    lines.append(f"chosen: {answer.chosen} — {answer.reason}")
    lines.append(f"answer: {answer.answer}")
    return lines


@click.command("ask")
@click.argument("question")
@space_option
@click.option("--mode", type=click.Choice(MODES), default=DEFAULT_MODE, show_default=True)
@click.option(
    "--as-of",
    default=None,
    metavar="T|DATE",
    help="Answer from what was known at this t, or at this ISO 8601 date-time (a date alone: "
    "the end of that day), mapped to the last t observed by then.",
)
@click.option("--show-context", is_flag=True, help="Print the evidence and the concepts used.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole answer as JSON.")
def ask_cmd(
    question: str,
    space: str | None,
    mode: str,
    as_of: str | None,
    show_context: bool,
    as_json: bool,
) -> None:
    """Answer QUESTION from what the space holds."""
    settings = get_settings()
    name = settings.resolved_space(space)
    memory = open_memory(settings)
    require_space(memory.store, name)
    answer = memory.ask(name, question, mode=mode, as_of=as_of)  # type: ignore[arg-type]
    if as_json:
        click.echo(json.dumps(answer.to_dict(), ensure_ascii=False, indent=2))
        return
    if mode == "all" or show_context:
        for line in answer_lines(answer, show_context):
            click.echo(line)
    else:
        click.echo(answer.answer)
