"""SmolLM2-135M-Instruct as a transformers model: the GGUF dequantised to fp32, trainable.

Dequantising the GGUF takes about half a minute, so the first load writes the fp32 weights,
config and tokenizer to ``<cache>/models/SmolLM2-135M-Instruct-fp32`` (derived data, never
committed) and later loads read that in under a second. Training and the transformers chat engine
both start from here.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from extraction.llm.assets import SMOLLM2_NAME, offline_mode, smollm2_gguf


def fp32_dir(cache_dir: Path) -> Path:
    return cache_dir / "models" / f"{SMOLLM2_NAME}-fp32"


def _convert_gguf(gguf: Path, target: Path) -> None:
    """Dequantise the GGUF once and save it as an ordinary transformers folder."""
    import torch
    from safetensors.torch import save_file
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    model = AutoModelForCausalLM.from_pretrained(
        str(gguf.parent), gguf_file=gguf.name, dtype=torch.float32
    )
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}")
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


def base_model_dir(cache_dir: Path) -> Path:
    """The fp32 folder, converted from the packaged GGUF on first use."""
    offline_mode()
    target = fp32_dir(cache_dir)
    if not (target / "model.safetensors").exists():
        _convert_gguf(smollm2_gguf(), target)
    return target


def load_base(cache_dir: Path) -> tuple[Any, Any]:
    """(model, tokenizer): fp32 SmolLM2 on the CPU, in eval mode, without any adapter."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    folder = base_model_dir(cache_dir)
    tokenizer = AutoTokenizer.from_pretrained(str(folder))
    model = AutoModelForCausalLM.from_pretrained(str(folder), dtype=torch.float32)
    model.eval()
    return model, tokenizer
