"""Which backend answers: llama.cpp or transformers on the packaged SmolLM2, or an OpenAI server.

``auto`` takes llama.cpp when its build runs on this CPU (``extraction.llm.probe``; several times
faster than transformers here) and transformers otherwise; a LoRA adapter directory (peft format)
needs transformers, so ``auto`` picks it then.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Literal

from extraction.llm.assets import SMOLLM2_NAME, smollm2_gguf
from extraction.llm.base import ChatBackend
from extraction.llm.engines import EnginePool
from extraction.llm.local import LocalBackend
from extraction.llm.local_llamacpp import LlamaCppSpec, local_engine
from extraction.llm.local_transformers import TransformersSpec
from extraction.llm.openai_backend import OpenAIBackend, OpenAIConfig
from graph.errors import InvalidInputError

BackendKind = Literal["auto", "llamacpp", "transformers", "openai"]
LOCAL_MODEL_NAME = SMOLLM2_NAME


@dataclass(frozen=True)
class LLMConfig:
    backend: BackendKind = "auto"
    model: str = LOCAL_MODEL_NAME
    base_url: str | None = None
    api_key: str | None = None
    timeout: float = 120.0
    max_retries: int = 3
    context_window: int = 8192
    threads: int | None = None
    cache_dir: Path = Path.home() / ".cache" / "recallgraph"
    adapter: Path | None = None


def resolved_kind(config: LLMConfig) -> Literal["llamacpp", "transformers", "openai"]:
    """The concrete backend ``config`` asks for (a peft adapter needs transformers)."""
    if config.backend == "openai":
        return "openai"
    return local_engine(config.backend, config.cache_dir, llamacpp_fits=config.adapter is None)


def transformers_spec(config: LLMConfig) -> TransformersSpec:
    return TransformersSpec(
        cache_dir=config.cache_dir,
        adapter=config.adapter,
        context_window=config.context_window,
    )


def build_backend(config: LLMConfig, engines: EnginePool) -> ChatBackend:
    """A ready backend; a local model loads on first use, into ``engines``."""
    kind = resolved_kind(config)
    if kind == "openai":
        if not config.base_url and not config.api_key:
            raise InvalidInputError(
                "RECALLGRAPH_LLM_BACKEND=openai needs OPENAI_BASE_URL (a compatible server) "
                "or OPENAI_API_KEY (api.openai.com)"
            )
        return OpenAIBackend(
            OpenAIConfig(
                model=config.model,
                base_url=config.base_url,
                api_key=config.api_key,
                max_retries=config.max_retries,
                timeout=config.timeout,
            )
        )
    if kind == "llamacpp":
        if config.adapter is not None:
            raise InvalidInputError(
                "a peft LoRA adapter runs on the transformers backend; set "
                "RECALLGRAPH_LLM_BACKEND=transformers (or auto)"
            )
        spec = LlamaCppSpec(
            gguf=smollm2_gguf(), context_window=config.context_window, threads=config.threads
        )
        return LocalBackend(spec.name, partial(engines.llamacpp, spec))
    tspec = transformers_spec(config)
    return LocalBackend(tspec.name, partial(engines.transformers, tspec))
