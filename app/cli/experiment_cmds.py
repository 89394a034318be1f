"""``recallgraph experiment NAME`` and ``recallgraph train-discriminator``: the papers'
evaluations on this system, each writing JSON, a Markdown table and plots under
``experiments/results/NAME/``."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from app.cli.options import invoked_command, open_memory
from app.cli.progress import Progress
from app.config import get_settings
from experiments import belief_data, bench_all, duorc_run
from experiments.belief_analysis import accuracy_rows, error_rows, plot
from experiments.belief_run import read_records, run
from experiments.discriminator_training import fit_from_records, held_out_records, write_card
from experiments.duorc import load_plots
from experiments.results_io import write_results
from extraction.llm.assets import shared_data_dir
from hybrid.discriminators.llm import LLMDiscriminator
from hybrid.discriminators.trained import WEIGHTS, TrainedDiscriminator
from hybrid.recallgraph import RecallGraph
from hybrid.recent_reader import RecentReader
from hybrid.settings import Settings

EXPERIMENTS = Path(__file__).resolve().parents[2] / "experiments"
RESULTS = EXPERIMENTS / "results"
DISCRIMINATOR_DATA = EXPERIMENTS / "data" / "discriminator"
RECENT_TOKENS = 1024
QUICK_RECENT_TOKENS = 512


def _experiment_settings() -> Settings:
    return get_settings().model_copy(update={"triple_writer": "model"})


def record_run(
    memory: RecallGraph,
    dataset: belief_data.BeliefDataset,
    records: Path,
    space: str,
    recent_tokens: int | None = RECENT_TOKENS,
    llm_discriminator: bool = True,
) -> float:
    """Feed and ask with every reader (and the raw LLM unless ``recent_tokens`` is None),
    writing ``records``; the wall time."""
    readers = dict(memory.readers)
    if recent_tokens is not None:
        readers["recent"] = RecentReader(memory.store, memory.llm, recent_tokens)
    records.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    questions = len(dataset.streams) * (len(dataset.standard) + len(dataset.long_range))
    with records.open("w") as out, Progress("belief", questions, unit="question") as progress:
        run(
            dataset,
            memory.store,
            memory.writer,
            readers,
            LLMDiscriminator(memory.llm) if llm_discriminator else None,
            out,
            space=space,
            progress=progress.note,
            advance=progress.advance,
        )
    return time.perf_counter() - started


@click.group("experiment")
def experiment_group() -> None:
    """Reproduce the papers' evaluations (results under experiments/results/NAME/)."""


def recorded_run(out: Path) -> tuple[str, str, tuple[str, float]]:
    """The command, wall time, and (time, peak MiB) of the run recorded in ``out``."""
    results = out / "results.json"
    if not (results.exists() and (out / "records.jsonl").exists()):
        raise click.UsageError(f"no recorded run in {out}: run it without --reanalyse first")
    recorded = json.loads(results.read_text())
    measured = (recorded["measured_at"], recorded["peak_rss_mb"])
    return recorded["command"], recorded["setup"]["wall time"], measured


@experiment_group.command("belief")
@click.option("--quick", is_flag=True, help="1 person, 1 repetition, little noise (minutes).")
@click.option(
    "--repetitions",
    type=click.IntRange(1, 10),
    default=10,
    show_default=True,
    help="How many of the committed data set's repetitions to run.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=RESULTS / "belief_updates",
    show_default=True,
)
@click.option(
    "--reanalyse",
    is_flag=True,
    help="Recompute the tables and plots from the run recorded in --out (after refitting the "
    "trained discriminator, say) instead of running again.",
)
def belief_cmd(quick: bool, repetitions: int, out: Path, reanalyse: bool) -> None:
    """RecallM's temporal belief-update experiment (Figures 5–6) on the committed data set."""
    memory = open_memory(_experiment_settings())
    if quick:
        dataset = belief_data.generate(seed=0, repetitions=1, noise_per_repetition=6, people=1)
    else:
        dataset = belief_data.load()
        dataset.streams = dataset.streams[:repetitions]
        dataset.repetitions = repetitions
    records = out / "records.jsonl"
    recent_tokens = QUICK_RECENT_TOKENS if quick else RECENT_TOKENS
    if reanalyse:
        command, wall_time, measured = recorded_run(out)
    else:
        wall = record_run(
            memory, dataset, records, space="experiment-belief", recent_tokens=recent_tokens
        )
        command, wall_time = invoked_command(), f"{wall / 60:.1f} min"
        measured = None
    trained = TrainedDiscriminator() if WEIGHTS.exists() else None
    recorded = list(read_records(records))
    rows = accuracy_rows(recorded, trained)
    plot(rows, "standard", out / "standard.png", "Belief updates: standard questions")
    plot(rows, "long_range", out / "long_range.png", "Belief updates: long-range questions")
    write_results(
        out,
        name="belief_updates",
        command=command,
        setup={
            "data": ("generated (quick)" if quick else "experiments/data/belief_updates.json")
            + f" (seed {dataset.seed}), {len(dataset.standard)} standard and "
            f"{len(dataset.long_range)} long-range questions, {dataset.repetitions} "
            f"repetitions, {dataset.update_count} statements",
            "answer model": memory.llm.model_name,
            "memory model": f"SmolLM2-135M-Instruct + {memory.settings.memory_adapter.name}",
            "grader": "`value`: mentions a reference and no outdated value (whole words); "
            "`person`: the same, and the answer does not name another person of the stream "
            "without naming the asked one",
            "recent (raw LLM)": f"latest statements within {recent_tokens} tokens",
            "wall time": wall_time,
            "tables computed by": invoked_command(),
        },
        rows=rows,
        notes="Plots: standard.png, long_range.png. Raw answers: records.jsonl.",
        tables={"Wrong answers by cause (both sets, every repetition)": error_rows(recorded)},
        measured=measured,
    )
    click.echo(f"Results in {out}")


@click.command("train-discriminator")
@click.option(
    "--seeds",
    multiple=True,
    type=int,
    default=(11,),
    show_default=True,
    help="Seeds of the generated training data sets (the evaluation set is seed 0).",
)
@click.option("--repetitions", type=click.IntRange(1, 10), default=2, show_default=True)
@click.option("--people", type=click.IntRange(1, 8), default=4, show_default=True)
@click.option("--noise", type=click.IntRange(0, 200), default=20, show_default=True)
@click.option("--reuse", is_flag=True, help="Refit on recorded runs instead of running again.")
@click.option(
    "--answers",
    multiple=True,
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="Fit on recorded `eval-answers` runs instead (a development split: never the "
    "held-out evaluation set).",
)
def train_discriminator_cmd(
    seeds: tuple[int, ...],
    repetitions: int,
    people: int,
    noise: int,
    reuse: bool,
    answers: tuple[Path, ...],
) -> None:
    """Fit the trained discriminator on recorded runs: generated belief-update data, or the
    development split's answers."""
    if answers:
        held_out = held_out_records(list(answers))
        if held_out:
            raise click.UsageError(
                f"{held_out} records are questions of the held-out evaluation set: never "
                "train on them"
            )
        model, report = fit_from_records(list(answers))
        model.save(WEIGHTS)
        write_card(WEIGHTS.parent, report, invoked_command())
        click.echo(f"Weights in {WEIGHTS}; {report}")
        return
    files = []
    memory = open_memory(_experiment_settings())
    for seed in seeds:
        records = DISCRIMINATOR_DATA / f"seed-{seed}.jsonl"
        if not (reuse and records.exists()):
            dataset = belief_data.generate(seed, repetitions, noise, people)
            record_run(
                memory,
                dataset,
                records,
                space=f"discriminator-seed-{seed}",
                recent_tokens=None,
                llm_discriminator=False,
            )
        files.append(records)
    model, report = fit_from_records(files)
    model.save(WEIGHTS)
    write_card(WEIGHTS.parent, report, invoked_command())
    click.echo(f"Weights in {WEIGHTS}; {report}")


@experiment_group.command("duorc")
@click.option("--quick", is_flag=True, help="1 plot, 3 questions (a minute or two).")
@click.option(
    "--limit",
    type=click.IntRange(1, 571),
    default=100,
    show_default=True,
    help="Plots, in file order.",
)
@click.option(
    "--questions",
    type=click.IntRange(1, 100),
    default=None,
    help="Questions per plot (default: all).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=RESULTS / "duorc",
    show_default=True,
)
def duorc_cmd(quick: bool, limit: int, questions: int | None, out: Path) -> None:
    """RecallM's Table 1: DuoRC plots in graph, vector and hybrid modes, graded automatically."""
    settings = get_settings().model_copy(update={"triple_writer": "none"})
    memory = open_memory(settings)
    plots = load_plots(shared_data_dir(settings.shared_data_dir) / "duorc", 1 if quick else limit)
    questions = 3 if quick else questions
    records = out / "records.jsonl"
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    asked = sum(len(p.questions[:questions]) for p in plots)
    with records.open("w") as sink, Progress("duorc", asked, unit="question") as progress:
        duorc_run.run(
            plots,
            memory.store,
            memory.writer,
            memory.readers,
            LLMDiscriminator(memory.llm),
            sink,
            questions_per_plot=questions,
            progress=progress.note,
            advance=progress.advance,
        )
    wall = time.perf_counter() - started
    trained = TrainedDiscriminator() if WEIGHTS.exists() else None
    rows = duorc_run.summarise(list(read_records(records)), trained)
    asked = rows[0]["questions"] if rows else 0
    write_results(
        out,
        name="duorc",
        command=invoked_command(),
        setup={
            "data": f"../shared/data/duorc: the first {len(plots)} plots (file order), "
            + (f"the first {questions} questions of each" if questions else "every question")
            + f" ({asked} questions)",
            "answer model": memory.llm.model_name,
            "ingestion": "two sentences per knowledge update; concepts and vectors",
            "grader": "RecallM's 0/1/2 rubric by rule, token F1, containment "
            "(experiments/grading.py)",
            "wall time": f"{wall / 60:.1f} min",
        },
        rows=rows,
        notes="Published (RecallM Table 1, GPT-graded, 6,725 questions): RecallM 48.13 %, "
        "vector DB 55.71 %, Hybrid-RecallM 52.68 %, perfect discriminator 68.26 %.",
    )
    click.echo(f"Results in {out}")


@click.command("bench")
@click.option("--run", "run_first", is_flag=True, help="Run the benchmarks first (slow).")
@click.option("--sizes", multiple=True, type=int, default=(1000, 10000), show_default=True)
def bench_cmd(run_first: bool, sizes: tuple[int, ...]) -> None:
    """One table of every benchmark: statements/s per write path, retrieval p50/p95 per reader,
    answer latency, LLM speed, peak memory; plus a scaling plot."""
    if run_first:
        bench_all.run_benchmarks(list(sizes))
    table = bench_all.report(RESULTS / "bench", invoked_command())
    width = max(len(r["measure"]) for r in table) if table else 0
    for row in table:
        click.echo(f"{row['measure']:<{width}}  {row['value']!s:>16}  {row['source']}")
