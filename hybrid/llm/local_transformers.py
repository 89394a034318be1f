"""SmolLM2 in transformers: the GGUF dequantised to fp32 (trainable, takes a peft LoRA adapter).

Dequantising the GGUF takes about half a minute, so the first load writes the fp32 weights, config
and tokenizer to the cache folder (``<cache>/models/<name>-fp32``, derived data, never committed)
and later loads read that in under a second. Each model loads once per process, whoever asks.
Forward passes take the model's lock one token at a time, so concurrent generations interleave
and never share state (each keeps its own KV cache).
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from extraction.assets import SMOLLM2_NAME, offline_mode
from graph.errors import ModelError
from hybrid.llm.base import ChatMessage
from hybrid.llm.chat_template import prompt_ids, render_segments

if TYPE_CHECKING:
    import torch


@dataclass(frozen=True)
class TransformersSpec:
    gguf: Path
    cache_dir: Path
    adapter: Path | None = None
    context_window: int = 8192

    @property
    def name(self) -> str:
        return SMOLLM2_NAME if self.adapter is None else f"{SMOLLM2_NAME}+{self.adapter.name}"

    @property
    def fp32_dir(self) -> Path:
        return self.cache_dir / "models" / f"{SMOLLM2_NAME}-fp32"


def _convert_gguf(gguf: Path, target: Path) -> None:
    """Dequantise the GGUF once and save it as an ordinary transformers folder."""
    import torch
    from safetensors.torch import save_file
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    model = AutoModelForCausalLM.from_pretrained(
        str(gguf.parent), gguf_file=gguf.name, dtype=torch.float32
    )
    tmp = target.with_name(target.name + f".tmp-{threading.get_ident()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    tied = {"lm_head.weight"} if model.config.tie_word_embeddings else set()
    weights = {k: v.contiguous() for k, v in model.state_dict().items() if k not in tied}
    save_file(weights, str(tmp / "model.safetensors"), metadata={"format": "pt"})
    model.config.save_pretrained(tmp)
    model.generation_config.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    try:
        tmp.rename(target)
    except OSError:  # another process finished first
        shutil.rmtree(tmp, ignore_errors=True)


def load_base(spec: TransformersSpec) -> tuple[Any, Any]:
    """(model, tokenizer): fp32 SmolLM2 on the CPU, in eval mode, without any adapter."""
    offline_mode()
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    if not (spec.fp32_dir / "model.safetensors").exists():
        _convert_gguf(spec.gguf, spec.fp32_dir)
    tokenizer = AutoTokenizer.from_pretrained(str(spec.fp32_dir))
    model = AutoModelForCausalLM.from_pretrained(str(spec.fp32_dir), dtype=torch.float32)
    model.eval()
    return model, tokenizer


class TransformersEngine:
    """A loaded model: base weights, optionally a LoRA adapter on top."""

    def __init__(self, spec: TransformersSpec) -> None:
        model, self.tokenizer = load_base(spec)
        if spec.adapter is not None:
            from peft import PeftModel

            if not (spec.adapter / "adapter_config.json").exists():
                raise ModelError(f"no LoRA adapter at {spec.adapter} (adapter_config.json missing)")
            model = PeftModel.from_pretrained(model, str(spec.adapter))
            model.eval()
        self.model = model
        self.spec = spec
        self.name = spec.name
        self.context_window = min(spec.context_window, model.config.max_position_embeddings)
        vocab = self.tokenizer.get_vocab()
        self.eos_ids = frozenset(
            vocab[t]
            for t in ("<|im_end|>", "<|endoftext|>", self.tokenizer.eos_token)
            if t in vocab
        )
        self.lock = threading.Lock()

    def tokenize(self, text: str, special: bool) -> list[int]:
        return list(
            self.tokenizer.encode(text, add_special_tokens=False, split_special_tokens=not special)
        )

    def encode(self, messages: Sequence[ChatMessage]) -> list[int]:
        segments = render_segments(
            self.tokenizer.chat_template,
            messages,
            bos_token=self.tokenizer.bos_token or "",
            eos_token=self.tokenizer.eos_token or "",
        )
        return prompt_ids(segments, self.tokenize)

    def decode(self, ids: Sequence[int]) -> str:
        return str(self.tokenizer.decode(list(ids), skip_special_tokens=False))

    def logits(self, ids: torch.Tensor, past: Any) -> tuple[torch.Tensor, Any]:
        """One forward step under the lock: next-token logits and the new KV cache."""
        import torch

        with self.lock, torch.inference_mode():
            out = self.model(input_ids=ids, past_key_values=past, use_cache=True)
        return out.logits[0, -1, :], out.past_key_values

    def tokens(self, prompt: Sequence[int], temperature: float, limit: int) -> Iterator[int]:
        import torch

        ids = torch.tensor([list(prompt)], dtype=torch.long)
        past = None
        for _ in range(limit):
            logits, past = self.logits(ids, past)
            if temperature <= 0:
                token = int(torch.argmax(logits))
            else:
                probs = torch.softmax(logits / temperature, dim=-1)
                token = int(torch.multinomial(probs, 1))
            yield token
            ids = torch.tensor([[token]], dtype=torch.long)


_engines: dict[TransformersSpec, TransformersEngine] = {}
_engines_lock = threading.Lock()
load_count = 0  # how many engines this process has built (the load-once test reads it)


def transformers_engine(spec: TransformersSpec) -> TransformersEngine:
    """The process's engine for ``spec``, built on first use only."""
    global load_count
    with _engines_lock:
        engine = _engines.get(spec)
        if engine is None:
            engine = _engines[spec] = TransformersEngine(spec)
            load_count += 1
        return engine
