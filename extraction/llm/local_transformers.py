"""SmolLM2 in transformers (``extraction.llm.base_model``), optionally with a peft LoRA adapter.

Each model loads once per process, whoever asks. Forward passes take the model's lock one token
at a time (waiting at most the lock's timeout), so concurrent generations interleave and never
share state (each keeps its own KV cache), and a stalled reader never holds the lock.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from extraction.llm.assets import SMOLLM2_NAME
from extraction.llm.base import ChatMessage
from extraction.llm.base_model import load_base
from extraction.llm.chat_template import prompt_ids, render_segments
from extraction.llm.engine_lock import LOCK_TIMEOUT_S, EngineLock
from graph.errors import ModelError

if TYPE_CHECKING:
    import torch


@dataclass(frozen=True)
class TransformersSpec:
    cache_dir: Path
    adapter: Path | None = None
    context_window: int = 8192

    @property
    def name(self) -> str:
        return SMOLLM2_NAME if self.adapter is None else f"{SMOLLM2_NAME}+{self.adapter.name}"


class TransformersEngine:
    """A loaded model: base weights, optionally a LoRA adapter on top."""

    def __init__(self, spec: TransformersSpec, lock_timeout: float = LOCK_TIMEOUT_S) -> None:
        model, self.tokenizer = load_base(spec.cache_dir)
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
        self.lock = EngineLock(self.name, lock_timeout)

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

        with self.lock.held(), torch.inference_mode():
            out = self.model(input_ids=ids, past_key_values=past, use_cache=True)
        return out.logits[0, -1, :], out.past_key_values

    @contextmanager
    def stepper(self) -> Iterator[TransformersStepper]:
        """One generation for token-level decoding (the memory model's late stopping)."""
        yield TransformersStepper(self)

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


class TransformersStepper:
    def __init__(self, engine: TransformersEngine) -> None:
        self.engine = engine
        self.past: Any = None

    def feed(self, ids: Sequence[int]) -> np.ndarray:
        import torch

        logits, self.past = self.engine.logits(torch.tensor([list(ids)]), self.past)
        return np.asarray(logits.numpy())
