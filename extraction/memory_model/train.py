"""LoRA finetuning of SmolLM2-135M-Instruct for the memory API (``recallgraph train-memory-model``).

The data is rebuilt from seeds: synthetic RET-LLM-style writes, reads and answers; MEMLLM-style
focus-sentence writes from Re-DocRED dev; writes in other styles (chat, first person, aliases,
implicit updates, unseen relations) and reads with temporal operators. The loop itself is in
``extraction.memory_model.lora_loop``, which imports nothing of the project: ``prepare`` writes
the encoded examples so that a machine with only torch and peft (a GPU box) can train them.
CPU by default, CUDA when present.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from extraction.llm.base_model import base_model_dir, load_base
from extraction.memory_model import redocred, styles, synthetic, temporal_questions
from extraction.memory_model.lora_loop import Encoded, TrainConfig, TrainReport, fit, save_plan
from extraction.memory_model.synthetic import Example
from extraction.memory_model.tokens import TurnTokenizer


def training_examples(config: TrainConfig, data_dir: Path) -> list[Example]:
    examples = synthetic.build(
        config.seed, config.synthetic_writes, config.synthetic_reads, config.synthetic_answers
    )
    if config.redocred_writes:
        examples += redocred.build(data_dir, "dev", config.redocred_writes, config.seed)
    examples += styles.build(config.seed, config.style_writes)
    examples += temporal_questions.build(config.seed + 1, config.temporal_reads)
    return examples


def encode(examples: Sequence[Example], tokens: TurnTokenizer, max_tokens: int) -> list[Encoded]:
    encoded = []
    for example in examples:
        prompt = tokens.prompt(example.turn)
        reply = tokens.reply(example.target)
        if len(prompt) + len(reply) <= max_tokens:
            encoded.append(Encoded(prompt + reply, len(prompt), example.task))
    return encoded


def encoded_examples(
    config: TrainConfig, data_dir: Path, tokenizer: Any
) -> tuple[TurnTokenizer, list[Encoded], int]:
    """The turn tokenizer, the examples that fit ``max_tokens``, and how many did not."""
    tokens = TurnTokenizer.from_transformers(tokenizer)
    examples = training_examples(config, data_dir)
    encoded = encode(examples, tokens, config.max_tokens)
    return tokens, encoded, len(examples) - len(encoded)


def prepare(config: TrainConfig, folder: Path, *, data_dir: Path, cache_dir: Path) -> int:
    """Write the training plan (config and encoded examples) to ``folder``; the example count.
    Only the tokenizer is loaded: the model trains elsewhere."""
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(base_model_dir(cache_dir)))
    tokens, encoded, dropped = encoded_examples(config, data_dir, tokenizer)
    save_plan(folder, config, encoded, tokens.end_id, dropped)
    return len(encoded)


def train(
    config: TrainConfig,
    out_dir: Path,
    *,
    data_dir: Path,
    cache_dir: Path,
    progress: Callable[[int, int, float], None] | None = None,
) -> TrainReport:
    """Train here, save the adapter (and a checkpoint per epoch) to ``out_dir``; the report."""
    base, tokenizer = load_base(cache_dir)
    tokens, encoded, dropped = encoded_examples(config, data_dir, tokenizer)
    return fit(config, base, encoded, tokens.end_id, out_dir, progress, dropped_too_long=dropped)
