"""``recallgraph train-memory-model`` and ``eval-memory-model``: the finetuned memory model."""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

import click
from tqdm import tqdm

from app.cli.options import invoked_command, open_memory
from app.config import get_settings
from experiments.results_io import write_results
from extraction.embeddings import Embedder
from extraction.llm.base_model import base_model_dir
from extraction.memory_model.card import write_card
from extraction.memory_model.evaluate import EmbeddingMatcher, EvalSizes, run_evaluation
from extraction.memory_model.gguf_export import export_gguf_adapter
from extraction.memory_model.lora_loop import PLAN_FILE, TrainConfig
from extraction.memory_model.train import prepare, train
from extraction.triple_embeddings import NameEmbedder

DEFAULT_ADAPTER = Path(__file__).resolve().parents[2] / "extraction" / "adapters" / "memory-lora"


@click.command("train-memory-model")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=DEFAULT_ADAPTER,
    show_default=True,
    help="Folder for the adapter, checkpoints and model card.",
)
@click.option("--seed", type=int, default=TrainConfig.seed, show_default=True)
@click.option("--epochs", type=click.IntRange(1, 20), default=TrainConfig.epochs, show_default=True)
@click.option("--quick", is_flag=True, help="A tiny run (a few minutes) to check the pipeline.")
@click.option(
    "--prepare",
    "plan_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Only write the encoded examples to this folder, for "
    "`python -m extraction.memory_model.lora_loop FOLDER --base GGUF` on another machine.",
)
@click.option(
    "--trained",
    "trained_dir",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    help="Finish a plan trained elsewhere: take its adapter into --out, export GGUF, write card.",
)
def train_memory_model_cmd(
    out: Path,
    seed: int,
    epochs: int,
    quick: bool,
    plan_dir: Path | None,
    trained_dir: Path | None,
) -> None:
    """LoRA-finetune SmolLM2 on the memory API (CPU by default, CUDA when present); writes the
    peft adapter, its llama.cpp GGUF export and the model card."""
    settings = get_settings()
    if trained_dir is not None and plan_dir is not None:
        raise click.UsageError("--prepare and --trained are two ends of one run: give one")
    if trained_dir is not None:
        if quick or seed != TrainConfig.seed or epochs != TrainConfig.epochs:
            raise click.UsageError(
                "--trained takes the plan's settings: drop --seed/--epochs/--quick"
            )
        _finish(trained_dir, out, settings.cache_dir)
        return
    config = TrainConfig(seed=seed, epochs=epochs)
    if quick:
        config = TrainConfig(
            seed=seed,
            epochs=1,
            synthetic_writes=96,
            synthetic_reads=24,
            synthetic_answers=24,
            redocred_writes=16,
            style_writes=48,
            temporal_reads=16,
        )
    if plan_dir is not None:
        stale = [name for name in ADAPTER_FILES if (plan_dir / name).exists()]
        if stale:
            raise click.UsageError(
                f"{plan_dir} already holds a trained adapter ({', '.join(stale)}): "
                "prepare into a new folder"
            )
        count = prepare(
            config, plan_dir, data_dir=settings.shared_data_dir, cache_dir=settings.cache_dir
        )
        plan = json.loads((plan_dir / PLAN_FILE).read_text())
        plan["command"] = invoked_command()
        (plan_dir / PLAN_FILE).write_text(json.dumps(plan, indent=2) + "\n")
        click.echo(f"{count} encoded examples in {plan_dir}")
        return
    out.mkdir(parents=True, exist_ok=True)
    bar = tqdm(unit="step", disable=None, file=sys.stderr)

    def progress(step: int, total: int, loss: float) -> None:
        bar.total = total
        bar.set_postfix(loss=f"{loss:.3f}")
        bar.update(step - bar.n)

    report = train(
        config,
        out,
        data_dir=settings.shared_data_dir,
        cache_dir=settings.cache_dir,
        progress=progress,
    )
    bar.close()
    _export(out, settings.cache_dir, invoked_command())
    click.echo(
        f"Adapter written to {out} ({report.steps} steps, {report.wall_seconds / 60:.1f} min, "
        f"final loss {report.final_loss}); model card {out / 'README.md'}"
    )


ADAPTER_FILES = ("adapter_model.safetensors", "adapter_config.json", "training_config.json")


def _finish(trained: Path, out: Path, cache_dir: Path) -> None:
    """An adapter trained from a plan on another machine, made shippable here."""
    missing = [name for name in (*ADAPTER_FILES, PLAN_FILE) if not (trained / name).is_file()]
    if missing:
        raise click.UsageError(f"{trained} has no {', '.join(missing)}: was the plan trained?")
    if out.resolve() == trained.resolve():
        raise click.UsageError("--out must be another folder than the trained plan")
    plan = json.loads((trained / PLAN_FILE).read_text())
    record = json.loads((trained / "training_config.json").read_text())
    if record.get("config") != plan.get("config"):
        raise click.UsageError(f"the adapter in {trained} was not trained from its plan.json")
    out.mkdir(parents=True, exist_ok=True)
    for name in ADAPTER_FILES:
        shutil.copyfile(trained / name, out / name)
    steps = [
        plan.get("command", "unknown"),
        record.get("trained_with", "unknown"),
        invoked_command(),
    ]
    _export(out, cache_dir, "; ".join(steps))
    click.echo(f"Adapter from {trained} written to {out}; model card {out / 'README.md'}")


def _export(out: Path, cache_dir: Path, command: str) -> None:
    export_gguf_adapter(out, base_model_dir(cache_dir) / "config.json")
    record = json.loads((out / "training_config.json").read_text())
    record["command"] = command
    (out / "training_config.json").write_text(json.dumps(record, indent=2) + "\n")
    write_card(out)


RESULTS = Path(__file__).resolve().parents[2] / "experiments" / "results" / "memory_model"


@click.command("eval-memory-model")
@click.option(
    "--adapter",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Adapter folder (default: RECALLGRAPH_MEMORY_ADAPTER, the shipped one).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the held-out data.")
@click.option(
    "--synthetic-writes",
    type=click.IntRange(1),
    default=EvalSizes.synthetic_writes,
    show_default=True,
)
@click.option(
    "--redocred",
    type=click.IntRange(0),
    default=EvalSizes.redocred_writes,
    show_default=True,
    help="Re-DocRED test sentences (0: skip).",
)
@click.option("--reads", type=click.IntRange(1), default=EvalSizes.reads, show_default=True)
@click.option("--answers", type=click.IntRange(1), default=EvalSizes.answers, show_default=True)
@click.option(
    "--out", type=click.Path(file_okay=False, path_type=Path), default=RESULTS, show_default=True
)
def eval_memory_model_cmd(
    adapter: Path | None,
    seed: int,
    synthetic_writes: int,
    redocred: int,
    reads: int,
    answers: int,
    out: Path,
) -> None:
    """Write P/R/F1 (exact and MEMLLM's embedding matching; greedy and late stopping), read and
    answer accuracy; results under experiments/results/memory_model and in the model card."""
    settings = get_settings()
    if adapter is not None:
        settings = settings.model_copy(update={"memory_adapter": adapter})
    model = open_memory(settings).memory_model
    matcher = EmbeddingMatcher(NameEmbedder(Embedder()), settings.tau_e, settings.tau_t)
    sizes = EvalSizes(synthetic_writes, redocred, reads, answers)
    started = time.perf_counter()
    rows = run_evaluation(
        model,
        matcher,
        sizes,
        data_dir=settings.shared_data_dir,
        seed=seed,
        progress=lambda stage: click.echo(f"evaluating {stage}…", err=True),
    )
    wall = time.perf_counter() - started
    command = invoked_command()
    redocred_f1 = next(
        (
            r["embedding_f1"]
            for r in rows
            if r["data"] == "Re-DocRED test" and r["decoding"] == "late"
        ),
        None,
    )
    comparison = (
        f"this 135M-parameter model with 400 training sentences from Re-DocRED dev reaches "
        f"embedding F1 {redocred_f1} on {redocred} Re-DocRED test sentences (late stopping)."
        if redocred_f1 is not None
        else ""
    )
    setup = {
        "adapter": str(settings.memory_adapter),
        "engine": type(model.step).__name__,
        "model": model.name,
        "wall_seconds": round(wall, 1),
        "held-out seed": seed,
        "embedding matching": f"τ_e = {settings.tau_e}, τ_t = {settings.tau_t} (MiniLM)",
    }
    write_results(
        out,
        name="memory_model",
        command=command,
        setup=setup,
        rows=rows,
        targets={"held-out synthetic write exact F1": ">= 0.90"},
        notes="MEMLLM (Mistral-7B + LoRA): memory-write F1 0.670, recall 0.578 on "
        "DocRED validation with embedding-based matching.",
    )
    (settings.memory_adapter / "evaluation.json").write_text(
        json.dumps(
            {"command": command, "rows": rows, "comparison": comparison, "setup": setup}, indent=2
        )
        + "\n"
    )
    write_card(settings.memory_adapter)
    for row in rows:
        click.echo(json.dumps(row))
