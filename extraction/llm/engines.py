"""The local models one ``RecallGraph`` has loaded: each built on first use, freed by ``close``.

A model takes hundreds of megabytes and seconds to load, so every caller that asks for the same
spec (the chat backend, the memory model, the readers) shares one engine; the pool, not the
module, holds them, so closing the memory frees them and two memories never share state.
"""

from __future__ import annotations

import threading

from extraction.llm.engine_lock import HANDOFF_TIMEOUT_S, LOCK_TIMEOUT_S
from extraction.llm.local_llamacpp import LlamaCppEngine, LlamaCppSpec
from extraction.llm.local_transformers import TransformersEngine, TransformersSpec


class EnginePool:
    def __init__(
        self, lock_timeout: float = LOCK_TIMEOUT_S, handoff_timeout: float = HANDOFF_TIMEOUT_S
    ) -> None:
        """``lock_timeout``: the longest wait for a busy model; ``handoff_timeout``: how long a
        generation waits for a reader that takes no token before it frees the model."""
        self.lock_timeout = lock_timeout
        self.handoff_timeout = handoff_timeout
        self._llamacpp: dict[LlamaCppSpec, LlamaCppEngine] = {}
        self._transformers: dict[TransformersSpec, TransformersEngine] = {}
        self._lock = threading.Lock()
        self.loads = 0

    def llamacpp(self, spec: LlamaCppSpec) -> LlamaCppEngine:
        with self._lock:
            if spec not in self._llamacpp:
                self._llamacpp[spec] = LlamaCppEngine(spec, self.lock_timeout, self.handoff_timeout)
                self.loads += 1
            return self._llamacpp[spec]

    def transformers(self, spec: TransformersSpec) -> TransformersEngine:
        with self._lock:
            if spec not in self._transformers:
                self._transformers[spec] = TransformersEngine(spec, self.lock_timeout)
                self.loads += 1
            return self._transformers[spec]

    def close(self) -> None:
        """Free the llama.cpp contexts now, while the interpreter is whole (their finalisers
        fail once module globals are torn down); transformers models go with the pool."""
        with self._lock:
            for engine in self._llamacpp.values():
                engine.close()
            self._llamacpp.clear()
            self._transformers.clear()
