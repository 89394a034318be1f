"""The peft LoRA adapter as a llama.cpp GGUF adapter, so the memory model runs on llama.cpp.

Follows llama.cpp's own ``convert_lora_to_gguf.py`` for llama-architecture models: tensors named
``blk.<i>.<gguf tensor>.weight.lora_a|lora_b`` (A as ``r × in``, B as ``out × r``), the adapter's
alpha in ``adapter.lora.alpha``, and — because llama.cpp's conversion reorders the rows of the
query and key projections for its rotary layout — the same reordering applied to B of ``q_proj``
and ``k_proj``. The 4-bit base and the fp32 base transformers trains on are the same weights (the
fp32 ones are dequantised from them), so base + adapter is the trained model in both engines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

GGUF_NAMES = {
    "q_proj": "attn_q",
    "k_proj": "attn_k",
    "v_proj": "attn_v",
    "o_proj": "attn_output",
    "gate_proj": "ffn_gate",
    "up_proj": "ffn_up",
    "down_proj": "ffn_down",
}
_LORA_TENSOR = re.compile(
    r"^base_model\.model\.model\.layers\.(\d+)\.(?:self_attn|mlp)\.(\w+)\.lora_([AB])\.weight$"
)
ADAPTER_FILE = "adapter.gguf"


def permute_rows(weights: Any, n_head: int) -> Any:
    """llama.cpp's reordering of a query/key projection's output rows (``LlamaModel.permute``)."""
    shape = weights.shape
    return (
        weights.reshape(n_head, 2, shape[0] // n_head // 2, *shape[1:])
        .swapaxes(1, 2)
        .reshape(shape)
    )


def export_gguf_adapter(adapter_dir: Path, base_config: Path) -> Path:
    """Write ``adapter.gguf`` beside the peft adapter and return its path."""
    import gguf
    from safetensors.torch import load_file

    config = json.loads((adapter_dir / "adapter_config.json").read_text())
    base = json.loads(base_config.read_text())
    n_head, n_kv = int(base["num_attention_heads"]), int(base["num_key_value_heads"])
    out = adapter_dir / ADAPTER_FILE
    writer = gguf.GGUFWriter(str(out), arch="llama")
    writer.add_type(gguf.GGUFType.ADAPTER)
    writer.add_string(gguf.Keys.Adapter.TYPE, "lora")
    writer.add_float32(gguf.Keys.Adapter.LORA_ALPHA, float(config["lora_alpha"]))
    for name, tensor in sorted(load_file(str(adapter_dir / "adapter_model.safetensors")).items()):
        match = _LORA_TENSOR.match(name)
        if match is None:
            raise ValueError(f"unexpected tensor {name!r} in the adapter")
        block, module, part = match.groups()
        data = tensor.float()
        if part == "B" and module in ("q_proj", "k_proj"):
            data = permute_rows(data, n_head if module == "q_proj" else n_kv)
        writer.add_tensor(
            f"blk.{block}.{GGUF_NAMES[module]}.weight.lora_{part.lower()}", data.numpy()
        )
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return out
