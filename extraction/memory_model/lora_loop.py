"""The LoRA training loop itself, with nothing of the project imported: torch, peft and
transformers only, so that examples encoded here can be trained on any machine that has those
(``python -m extraction.memory_model.lora_loop FOLDER --base BASE``: a GPU box without the
project's other dependencies; numpy too, and the ``gguf`` package when BASE is the GGUF), and the
adapter brought back.

The loss is taken on the model's reply only (API call or answer, as both papers do), and the
logits are computed only at those positions: on a CPU the 49,152-word output layer is a large
share of the cost. Sequences are bucketed by length to waste little on padding. Seeds fix data
order, LoRA initialisation and dropout.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

ENCODED_FILE = "encoded.jsonl"
PLAN_FILE = "plan.json"


@dataclass(frozen=True)
class TrainConfig:
    """Every knob of a training run; saved beside the adapter (``training_config.json``)."""

    seed: int = field(default=0, metadata={"help": "Seed of data, order, init and dropout."})
    rank: int = field(default=16, metadata={"help": "LoRA rank r (MEMLLM code: 16)."})
    alpha: int = field(default=32, metadata={"help": "LoRA alpha (scale alpha/r)."})
    dropout: float = field(default=0.1, metadata={"help": "LoRA dropout (MEMLLM: 0.1)."})
    target_modules: tuple[str, ...] = field(
        default=("q_proj", "v_proj"), metadata={"help": "Layers that get LoRA (peft's default)."}
    )
    learning_rate: float = field(default=1e-3, metadata={"help": "Peak learning rate."})
    epochs: int = field(default=2, metadata={"help": "Passes over the data (MEMLLM: 2)."})
    batch_size: int = field(default=8, metadata={"help": "Sequences per step."})
    warmup_steps: int = field(default=20, metadata={"help": "Linear warm-up, then cosine."})
    synthetic_writes: int = field(default=1800, metadata={"help": "Synthetic write examples."})
    synthetic_reads: int = field(default=500, metadata={"help": "Synthetic read examples."})
    synthetic_answers: int = field(default=500, metadata={"help": "Synthetic answer examples."})
    redocred_writes: int = field(default=400, metadata={"help": "Re-DocRED dev write examples."})
    style_writes: int = field(
        default=1600, metadata={"help": "Writes in other styles (styles.py)."}
    )
    temporal_reads: int = field(
        default=600, metadata={"help": "Reads with temporal operators (temporal_questions.py)."}
    )
    max_tokens: int = field(default=384, metadata={"help": "Longer examples are dropped."})

    @property
    def scale(self) -> float:
        return self.alpha / self.rank


@dataclass(frozen=True)
class Encoded:
    ids: list[int]
    prompt_len: int
    task: str


def batches(items: Sequence[Encoded], size: int, rng: random.Random) -> list[list[Encoded]]:
    """Shuffled, then sorted by length within windows of 32 batches, then the batches shuffled."""
    order = list(items)
    rng.shuffle(order)
    window = size * 32
    result: list[list[Encoded]] = []
    for start in range(0, len(order), window):
        chunk = sorted(order[start : start + window], key=lambda e: len(e.ids))
        result += [chunk[i : i + size] for i in range(0, len(chunk), size)]
    rng.shuffle(result)
    return result


def reply_loss(model: Any, batch: Sequence[Encoded], pad_id: int, device: str) -> Any:
    """Cross-entropy over the reply tokens only; the output layer runs only where needed."""
    import torch

    width = max(len(e.ids) for e in batch)
    ids = torch.full((len(batch), width), pad_id, dtype=torch.long)
    mask = torch.zeros((len(batch), width), dtype=torch.long)
    rows, cols, targets = [], [], []
    for row, example in enumerate(batch):
        ids[row, : len(example.ids)] = torch.tensor(example.ids)
        mask[row, : len(example.ids)] = 1
        for position in range(example.prompt_len - 1, len(example.ids) - 1):
            rows.append(row)
            cols.append(position)
            targets.append(example.ids[position + 1])
    causal_lm = model.base_model.model
    hidden = causal_lm.model(input_ids=ids.to(device), attention_mask=mask.to(device))
    states = hidden.last_hidden_state[torch.tensor(rows), torch.tensor(cols)]
    logits = causal_lm.lm_head(states)
    return torch.nn.functional.cross_entropy(logits, torch.tensor(targets, device=device))


def learning_rate(step: int, total: int, config: TrainConfig) -> float:
    if step < config.warmup_steps:
        return config.learning_rate * (step + 1) / config.warmup_steps
    progress = (step - config.warmup_steps) / max(1, total - config.warmup_steps)
    return config.learning_rate * 0.5 * (1 + math.cos(math.pi * min(1.0, progress)))


@dataclass
class TrainReport:
    """What a run did; ``wall_seconds`` is the loop's (the base and the data are loaded before)."""

    examples: dict[str, int]
    dropped_too_long: int
    steps: int
    wall_seconds: float
    hardware: str
    loss_curve: list[tuple[int, float]]
    final_loss: float


def seed_everything(seed: int) -> None:
    import numpy as np
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def fit(
    config: TrainConfig,
    base: Any,
    encoded: Sequence[Encoded],
    pad_id: int,
    out_dir: Path,
    progress: Callable[[int, int, float], None] | None = None,
    dropped_too_long: int = 0,
) -> TrainReport:
    """LoRA on ``base`` over ``encoded``; saves the adapter (and a checkpoint per epoch) and
    ``training_config.json`` to ``out_dir``."""
    import torch
    from peft import LoraConfig, get_peft_model

    started = time.perf_counter()
    seed_everything(config.seed)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    if device == "cpu":
        torch.set_num_threads(os.cpu_count() or 1)
    lora = LoraConfig(
        r=config.rank,
        lora_alpha=config.alpha,
        lora_dropout=config.dropout,
        target_modules=list(config.target_modules),
        task_type="CAUSAL_LM",
    )
    model = get_peft_model(base, lora).to(device)
    model.train()
    optimiser = torch.optim.AdamW(
        [p for p in model.parameters() if p.requires_grad], lr=config.learning_rate
    )
    rng = random.Random(config.seed)
    schedule = [batches(encoded, config.batch_size, rng) for _ in range(config.epochs)]
    total = sum(len(epoch) for epoch in schedule)
    curve: list[tuple[int, float]] = []
    recent: list[float] = []
    step = 0
    for epoch, epoch_batches in enumerate(schedule, start=1):
        for batch in epoch_batches:
            for group in optimiser.param_groups:
                group["lr"] = learning_rate(step, total, config)
            loss = reply_loss(model, batch, pad_id, device)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            optimiser.zero_grad()
            recent.append(float(loss.detach()))
            step += 1
            if step % 20 == 0 or step == total:
                curve.append((step, round(sum(recent) / len(recent), 4)))
                recent = []
            if progress is not None:
                progress(step, total, recent[-1] if recent else float(loss.detach()))
        model.save_pretrained(str(out_dir / "checkpoints" / f"epoch-{epoch}"))
    model.save_pretrained(str(out_dir))
    counts: dict[str, int] = {}
    for e in encoded:
        counts[e.task] = counts.get(e.task, 0) + 1
    report = TrainReport(
        examples=counts,
        dropped_too_long=dropped_too_long,
        steps=step,
        wall_seconds=round(time.perf_counter() - started, 1),
        hardware=hardware(device),
        loss_curve=curve,
        final_loss=curve[-1][1] if curve else float("nan"),
    )
    (out_dir / "training_config.json").write_text(
        json.dumps({"config": asdict(config), "report": asdict(report)}, indent=2) + "\n"
    )
    return report


def save_plan(
    folder: Path, config: TrainConfig, encoded: Sequence[Encoded], pad_id: int, dropped: int
) -> None:
    """What another machine needs to train: the config, the padding id and the encoded examples."""
    folder.mkdir(parents=True, exist_ok=True)
    plan = {"config": asdict(config), "pad_id": pad_id, "dropped_too_long": dropped}
    (folder / PLAN_FILE).write_text(json.dumps(plan, indent=2) + "\n")
    with (folder / ENCODED_FILE).open("w") as out:
        for e in encoded:
            out.write(json.dumps(asdict(e)) + "\n")


def load_plan(folder: Path) -> tuple[TrainConfig, list[Encoded], int, int]:
    plan = json.loads((folder / PLAN_FILE).read_text())
    known = {f.name for f in fields(TrainConfig)}
    raw = {k: v for k, v in plan["config"].items() if k in known}
    raw["target_modules"] = tuple(raw["target_modules"])
    lines = (folder / ENCODED_FILE).read_text().splitlines()
    encoded = [Encoded(**json.loads(line)) for line in lines if line.strip()]
    return TrainConfig(**raw), encoded, int(plan["pad_id"]), int(plan["dropped_too_long"])


def load_base_anywhere(base: Path) -> Any:
    """The fp32 base from a transformers folder, or dequantised from the packaged GGUF."""
    import torch
    from transformers import AutoModelForCausalLM

    if base.is_file():
        return AutoModelForCausalLM.from_pretrained(
            str(base.parent), gguf_file=base.name, dtype=torch.float32
        )
    return AutoModelForCausalLM.from_pretrained(str(base), dtype=torch.float32)


def main() -> None:
    parser = argparse.ArgumentParser(description="Train a prepared plan (see the docstring).")
    parser.add_argument("folder", type=Path, help="Folder written by --prepare; gets the adapter.")
    parser.add_argument("--base", type=Path, required=True, help="fp32 folder or the GGUF file.")
    args = parser.parse_args()
    config, encoded, pad_id, dropped = load_plan(args.folder)
    base = load_base_anywhere(args.base)
    report = fit(config, base, encoded, pad_id, args.folder, dropped_too_long=dropped)
    record_file = args.folder / "training_config.json"
    record = json.loads(record_file.read_text())
    record["trained_with"] = "python -m extraction.memory_model.lora_loop " + " ".join(sys.argv[1:])
    record_file.write_text(json.dumps(record, indent=2) + "\n")
    print(json.dumps(asdict(report)))


def hardware(device: str) -> str:
    if device == "cuda":
        import torch

        return f"CUDA {torch.cuda.get_device_name(0)}"
    return f"CPU {platform.machine()}, {os.cpu_count()} cores"


if __name__ == "__main__":
    main()
