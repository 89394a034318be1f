"""SmolLM2 through llama.cpp (``llama-cpp-python``): runs the 4-bit GGUF directly.

On this project's 2-core machine it loads in under a second and generates about twice as fast as
the fp32 transformers engine (``experiments/results/bench_llm``), so it is the default for answers.
A llama.cpp context holds one KV cache, so one generation runs at a time: a producer thread holds
the lock for the whole generation and hands tokens over a queue, which keeps a slow or abandoned
consumer (an HTTP stream) from ever holding the lock itself. A consumer that takes no token for
``handoff_timeout`` seconds (a client that stopped reading) is abandoned and the lock freed; a
caller that waits longer than the lock's timeout for a busy model gets ``ModelBusyError``.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np

from extraction.llm.assets import SMOLLM2_NAME, smollm2_gguf
from extraction.llm.base import ChatMessage
from extraction.llm.chat_template import prompt_ids, render_segments
from extraction.llm.engine_lock import HANDOFF_TIMEOUT_S, LOCK_TIMEOUT_S, EngineLock
from extraction.llm.llamacpp_batch import BatchDecoder
from extraction.llm.probe import probe_llamacpp
from graph.errors import (
    AssetMissingError,
    ModelBusyError,
    ModelError,
    ModelTimeoutError,
    RecallGraphError,
)

_DONE = object()
_HANDOFF_POLL_S = 0.5


@dataclass(frozen=True)
class LlamaCppSpec:
    gguf: Path
    context_window: int = 8192
    threads: int | None = None
    lora: Path | None = None  # a GGUF LoRA adapter

    @property
    def name(self) -> str:
        return SMOLLM2_NAME if self.lora is None else f"{SMOLLM2_NAME}+{self.lora.stem}"


def _import_llama() -> Any:
    try:
        from llama_cpp import Llama
    except ImportError as e:
        raise AssetMissingError(
            "the llama.cpp backend needs the Python package llama-cpp-python (`make setup` "
            "builds it); or set RECALLGRAPH_LLM_BACKEND=transformers"
        ) from e
    return Llama


class LlamaCppEngine:
    def __init__(
        self,
        spec: LlamaCppSpec,
        lock_timeout: float = LOCK_TIMEOUT_S,
        handoff_timeout: float = HANDOFF_TIMEOUT_S,
    ) -> None:
        llama_class = _import_llama()
        if spec.lora is not None and not spec.lora.is_file():
            raise ModelError(f"no GGUF LoRA adapter at {spec.lora}")
        try:
            self.llama = llama_class(
                model_path=str(spec.gguf),
                n_ctx=spec.context_window,
                n_threads=spec.threads or os.cpu_count() or 1,
                lora_path=None if spec.lora is None else str(spec.lora),
                verbose=False,
            )
        except ValueError as e:
            raise ModelError(f"llama.cpp could not load {spec.gguf}: {e}") from e
        self.spec = spec
        self.name = spec.name
        self.context_window = self.llama.n_ctx()
        self.template = str(self.llama.metadata["tokenizer.chat_template"])
        self.bos_token = self.decode([self.llama.token_bos()])
        self.eos_token = self.decode([self.llama.token_eos()])
        ends = {self.llama.token_eos()}
        for text in ("<|im_end|>", "<|endoftext|>"):
            ids = self.tokenize(text, special=True)
            if len(ids) == 1:
                ends.add(ids[0])
        self.eos_ids = frozenset(ends)
        self.lock = EngineLock(self.name, lock_timeout)
        self.handoff_timeout = handoff_timeout
        self._batch: BatchDecoder | None = None

    def close(self) -> None:
        """Free the contexts once no generation runs in them (freeing one under a running
        generation would crash the process); a generation that outlasts the wait keeps them."""
        try:
            with self.lock.held():
                if self._batch is not None:
                    self._batch.close()
                    self._batch = None
                self.llama.close()
        except ModelBusyError:
            return

    def tokenize(self, text: str, special: bool) -> list[int]:
        return list(self.llama.tokenize(text.encode("utf-8"), add_bos=False, special=special))

    def encode(self, messages: Sequence[ChatMessage]) -> list[int]:
        segments = render_segments(
            self.template, messages, bos_token=self.bos_token, eos_token=self.eos_token
        )
        return prompt_ids(segments, self.tokenize)

    def decode(self, ids: Sequence[int]) -> str:
        return bytes(self.llama.detokenize(list(ids), special=True)).decode(
            "utf-8", errors="replace"
        )

    @contextmanager
    def stepper(self) -> Iterator[LlamaCppStepper]:
        """One generation for token-level decoding; holds the context for its whole length.

        The context is not reset: the prompt's first tokens that the context already holds
        (the system message and chat template every memory write shares) are not evaluated
        again, as llama-cpp-python's own ``generate`` does."""
        with self.lock.held():
            yield LlamaCppStepper(self.llama)

    def greedy_many(
        self, prompts: Sequence[Sequence[int]], end_id: int, max_new: int
    ) -> list[list[int]]:
        """The greedy replies of several prompts, decoded together in a context of their own
        (opened on first use); a prompt's reply does not depend on the others
        (``extraction.llm.llamacpp_batch``)."""
        with self.lock.held():
            if self._batch is None:
                self._batch = BatchDecoder(self.llama)
            return self._batch.greedy(prompts, end_id, max_new)

    def tokens(self, prompt: Sequence[int], temperature: float, limit: int) -> Iterator[int]:
        handoff: queue.Queue[Any] = queue.Queue(maxsize=64)
        cancelled = threading.Event()
        finished = threading.Event()

        def put(item: Any) -> bool:
            deadline = time.monotonic() + self.handoff_timeout
            while not cancelled.is_set() and time.monotonic() < deadline:
                try:
                    handoff.put(item, timeout=_HANDOFF_POLL_S)
                    return True
                except queue.Full:
                    continue
            cancelled.set()  # the reader is gone or stuck: free the model for others
            return False

        def produce() -> None:
            try:
                with self.lock.held():
                    generator = self.llama.generate(
                        list(prompt), temp=max(temperature, 0.0), top_k=40, top_p=0.95
                    )
                    for count, token in enumerate(generator, start=1):
                        if not put(token) or token in self.eos_ids or count >= limit:
                            break
                    generator.close()
            except Exception as e:  # handed to the consumer, which raises it
                put(e)
            finally:
                put(_DONE)
                finished.set()

        threading.Thread(target=produce, name="llama-cpp-generate", daemon=True).start()
        try:
            while (item := self._next(handoff, finished)) is not _DONE:
                if isinstance(item, RecallGraphError):
                    raise item
                if isinstance(item, Exception):
                    raise ModelError(f"llama.cpp generation failed: {item}") from item
                yield item
        finally:
            cancelled.set()

    def _next(self, handoff: queue.Queue[Any], finished: threading.Event) -> Any:
        """The next item; a generation that gave up on this reader (it took no token for the
        handoff timeout) ends in an error instead of a wait that never ends."""
        while True:
            try:
                return handoff.get(timeout=_HANDOFF_POLL_S)
            except queue.Empty:
                if finished.is_set() and handoff.empty():
                    raise ModelTimeoutError(
                        f"the generation was abandoned: its reader took no token for "
                        f"{self.handoff_timeout:g} s"
                    ) from None


def cached_prefix(held: np.ndarray, prompt: Sequence[int]) -> int:
    """How many first tokens of ``prompt`` the context already holds (``held``: its tokens),
    leaving at least the last one to evaluate: its logits start the reply."""
    limit = min(len(held), len(prompt) - 1)
    if limit <= 0:
        return 0
    differs = np.flatnonzero(held[:limit] != np.asarray(prompt[:limit], dtype=held.dtype))
    return int(differs[0]) if differs.size else limit


class LlamaCppStepper:
    def __init__(self, llama: Any) -> None:
        self.llama = llama
        self.vocab = int(llama.n_vocab())
        self._fed = False

    def feed(self, ids: Sequence[int]) -> np.ndarray:
        ids = list(ids)
        if not self._fed:  # the prompt: start from what the context already holds of it
            self._fed = True
            keep = cached_prefix(self.llama.input_ids[: self.llama.n_tokens], ids)
            self.llama.n_tokens = keep
            ids = ids[keep:]
        self.llama.eval(ids)
        pointer = self.llama._ctx.get_logits_ith(-1)
        return np.ctypeslib.as_array(pointer, shape=(self.vocab,)).copy()


LLAMACPP_REMEDY = (
    "use the transformers engine (about five times slower here): "
    "export RECALLGRAPH_LLM_BACKEND=transformers RECALLGRAPH_MEMORY_ENGINE=transformers; "
    "or rebuild llama.cpp for this CPU with `make llama-wheel` (x86-64 with AVX2; for an older "
    "CPU: make llama-wheel LLAMA_CMAKE_ARGS=-DGGML_NATIVE=OFF)"
)


def local_engine(
    kind: Literal["auto", "llamacpp", "transformers"], cache_dir: Path, llamacpp_fits: bool = True
) -> Literal["llamacpp", "transformers"]:
    """The local engine to run. ``auto`` takes llama.cpp when the work suits it
    (``llamacpp_fits``) and its build runs on this CPU; an explicit ``llamacpp`` that cannot run
    here is refused with the remedy rather than left to crash the process."""
    if kind == "llamacpp":
        require_llamacpp(cache_dir)
        return "llamacpp"
    if kind == "auto" and llamacpp_fits and probe_llamacpp(cache_dir, smollm2_gguf()).ok:
        return "llamacpp"
    return "transformers"


def require_llamacpp(cache_dir: Path) -> None:
    """Refuse, with the remedy, a llama.cpp build that does not run on this CPU."""
    result = probe_llamacpp(cache_dir, smollm2_gguf())
    if not result.ok:
        raise ModelError(
            f"llama.cpp cannot run on this machine ({result.detail}); {LLAMACPP_REMEDY}"
        )
