"""``recallgraph eval-writes``: the memory model's writes on streams nobody trained on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import click

from app.cli.options import invoked_command, open_memory
from app.cli.progress import Progress
from app.config import get_settings
from experiments.eval_writes import DATA, evaluate, load_streams
from experiments.results_io import write_results
from hybrid.triple_writer import WriteContext, WriterKind

RESULTS = Path(__file__).resolve().parents[2] / "experiments" / "results" / "eval_writes"
TARGETS = {
    "all: f1": ">= 0.85, and >= 0.75 on every phenomenon",
    "chain integrity": ">= 0.90",
    "pronoun subjects, mangled names": "none",
    "model write path": ">= 1 statement/s (2 cores)",
}


@click.command("eval-writes")
@click.option(
    "--data",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=DATA,
    show_default=True,
    help="Labelled streams (JSON Lines: stream, id, text, gold, retract, effect, tags).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Results folder (default: experiments/results/eval_writes/<context>).",
)
@click.option(
    "--context",
    type=click.Choice(get_args(WriteContext)),
    default=None,
    help="What the writer knows of the stream (default: RECALLGRAPH_WRITE_CONTEXT).",
)
@click.option(
    "--writer",
    type=click.Choice([w for w in get_args(WriterKind) if w != "none"]),
    default=None,
    help="Which triple writer (default: RECALLGRAPH_TRIPLE_WRITER, else hybrid).",
)
@click.option(
    "--batch",
    type=click.IntRange(1, 1024),
    default=1,
    show_default=True,
    help="Statements per update batch (1: one at a time, as a chat feeds them; more: as "
    "`recallgraph ingest` feeds a file, the model writer decoding a batch's sentences together).",
)
def eval_writes_cmd(
    data: Path, out: Path | None, context: str | None, writer: str | None, batch: int
) -> None:
    """Feed each labelled stream through the triple writer into a space of its own; P/R/F1 per
    phenomenon, chain integrity, copying faults (results under experiments/results/eval_writes)."""
    settings = get_settings()
    kind = writer or (settings.triple_writer if settings.triple_writer != "none" else "hybrid")
    settings = settings.model_copy(update={"triple_writer": kind})
    if context is not None:
        settings = settings.model_copy(update={"write_context": context})
    memory = open_memory(settings)
    out = out or RESULTS / f"{kind}-{settings.write_context}"
    streams = load_streams(data)
    with Progress("eval-writes", sum(map(len, streams.values())), unit="statement") as progress:
        summary, records = evaluate(memory, streams, progress.note, progress.advance, batch)
    out.mkdir(parents=True, exist_ok=True)
    with (out / "records.jsonl").open("w", encoding="utf-8") as sink:
        for record in records:
            sink.write(json.dumps(record, ensure_ascii=False) + "\n")
    write_results(
        out,
        name="eval_writes",
        command=invoked_command(),
        setup={
            "data": f"{data.name}: {sum(map(len, streams.values()))} statements in "
            f"{len(streams)} hand-written streams (out of distribution: no template, value, "
            "person or generator shared with any training data; a test checks it)",
            "writer": f"`{kind}`"
            + (
                ""
                if kind == "patterns"
                else f" (SmolLM2-135M-Instruct + {settings.memory_adapter.name}, "
                f"{settings.write_decoding} decoding)"
            )
            + f", write context `{settings.write_context}`, through the ingestion's triple "
            f"writer, {batch} statement(s) per update batch; relations read as canonical "
            "relations",
            "grader": "a written triple matches a gold one on subject and object keys, "
            "assertion or retraction, and relation key, the same canonical relation, or "
            "relation cosine >= "
            f"τ_t = {settings.tau_t}",
            "chain integrity": f"{len(summary['chains'])} chains of single-valued relations: "
            "the memory's current values after the stream equal the gold final values",
            "pronoun subjects": summary["pronoun_subjects"],
            "mangled names": ", ".join(summary["mangled_names"]) or "none",
            "statements per second": summary["statements_per_second"],
            "chain integrity (share)": summary["chain_integrity"],
        },
        rows=summary["rows"],
        targets=TARGETS,
        tables={"Chains": summary["chains"]},
    )
    for row in summary["rows"]:
        click.echo(json.dumps(row))
    click.echo(f"chain integrity {summary['chain_integrity']}; results in {out}")
