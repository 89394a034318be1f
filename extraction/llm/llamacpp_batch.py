"""Greedy decoding of several prompts at once in llama.cpp: the memory model's batched writes.

On a CPU a 135 M model decodes one token about as fast as several: the weights are read once per
step either way. So the writes of many sentences run as sequences of one llama.cpp context, each
step one ``llama_decode`` over a row per live sequence, and a sequence that ends frees its slot
for the next prompt at once (continuous batching). The prompts' shared opening (system message and
chat template) is evaluated once into sequence 0 and copied into each new sequence.

A sequence's reply must not depend on the company it decodes in: the same prompt gives the same
tokens alone or among fifteen others, so batching changes speed, never a written fact. llama.cpp's
CPU kernels give that only on one attention path, which this context keeps to:

- flash attention on, in micro-batches of 2 to ``ROWS`` (63) rows: the one-chunk kernel walks a
  query's cells in the cache's order, skipping the cells of other sequences, so their number
  does not change a sum. A micro-batch of 64 rows or more takes the tiled kernel (64-cell tiles:
  sums depend on where the cells lie), and a one-row decode over 512 cells or more the split
  kernel (partial sums per thread); a decode that has one row gets a throwaway second row, in a
  sequence of its own that is cleared after the step.
- a sequence's cells lie in the order of its positions, as they do when it decodes alone: the
  cache fills upwards, and the cells of a finished sequence are not freed while others still
  decode (a freed cell would take a live sequence's next token below its earlier ones, and the
  kernel would sum in another order). They are freed when no sequence is live: at the end of the
  call, or when the cells or sequence ids run out.
- the matrix products are per row: a row's values do not depend on the other rows.
"""

from __future__ import annotations

import ctypes
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graph.errors import ContextWindowError, ModelError

ROWS = 63  # rows per micro-batch: 64 or more would take the tiled attention kernel
SLOTS = 16  # sequences decoded together
CELLS = 4096  # KV cells of the batch context, shared by the prefix and every sequence
SEQUENCES = 64  # sequence ids used before their cells must be freed
_PREFIX = 0  # the sequence that holds the prompts' shared opening
_SPARE = SEQUENCES + 1  # the throwaway row's sequence


@dataclass
class _Live:
    """A prompt being decoded: where its next row goes, the cells it may take, and what it
    produced so far."""

    index: int
    seq: int
    position: int
    start: int  # the position of its first own cell (after the shared prefix)
    reserved: int
    out: list[int] = field(default_factory=list)

    @property
    def held(self) -> int:
        """The cells it holds: its prompt after the prefix and the reply tokens fed back."""
        return self.position - self.start


@dataclass(frozen=True)
class _Row:
    token: int
    position: int
    seq: int
    wanted: bool


def shared_prefix(prompts: Sequence[Sequence[int]]) -> list[int]:
    """The opening every prompt shares, leaving each at least its last token to evaluate (its
    logits start the reply)."""
    if not prompts:
        return []
    limit = min(len(p) for p in prompts) - 1
    first = prompts[0]
    length = 0
    while length < limit and all(p[length] == first[length] for p in prompts):
        length += 1
    return list(first[:length])


def common_length(a: Sequence[int], b: Sequence[int]) -> int:
    length = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        length += 1
    return length


def micro_batches(count: int, rows: int = ROWS) -> list[tuple[int, int]]:
    """(start, end) of each micro-batch of ``count`` rows: at most ``rows``, never one left
    alone at the end (a lone row would be padded; better a split of 62 and 2 than 63 and 1)."""
    bounds: list[tuple[int, int]] = []
    start = 0
    while start < count:
        end = min(start + rows, count)
        if count - end == 1:
            end -= 1
        bounds.append((start, end))
        start = end
    return bounds


class BatchDecoder:
    """A second llama.cpp context over a loaded model and its LoRA adapter, for greedy
    decoding of many prompts; not thread-safe (the engine's lock guards it)."""

    def __init__(self, llama: Any) -> None:
        import llama_cpp

        self._api = llama_cpp
        params = llama_cpp.llama_context_params.from_buffer_copy(llama.context_params)
        params.n_ctx = CELLS
        params.n_batch = ROWS + 1
        params.n_ubatch = ROWS + 1
        params.n_seq_max = SEQUENCES + 2
        params.n_outputs_max = SEQUENCES + 2  # llama.cpp reserves an output per sequence
        params.n_outputs_max_per_seq = 0
        params.kv_unified = True
        params.flash_attn_type = llama_cpp.LLAMA_FLASH_ATTN_TYPE_ENABLED
        self._ctx = llama_cpp.llama_init_from_model(llama._model.model, params)
        if not self._ctx:
            raise ModelError("llama.cpp could not open a context for batched decoding")
        if llama._lora_adapter is not None:
            adapters = (llama_cpp.llama_adapter_lora_p_ctypes * 1)(llama._lora_adapter)
            scales = (ctypes.c_float * 1)(llama.lora_scale)
            if llama_cpp.llama_set_adapters_lora(self._ctx, adapters, 1, scales):
                self.close()
                raise ModelError("llama.cpp could not apply the LoRA adapter to the batch context")
        self._memory = llama_cpp.llama_get_memory(self._ctx)
        self._batch = llama_cpp.llama_batch_init(ROWS + 1, 0, 1)
        self._vocab = int(llama.n_vocab())
        self._prefix: list[int] = []

    def close(self) -> None:
        if self._ctx:
            self._api.llama_batch_free(self._batch)
            self._api.llama_free(self._ctx)
            self._ctx = None

    def greedy(
        self, prompts: Sequence[Sequence[int]], end_id: int, max_new: int
    ) -> list[list[int]]:
        """Each prompt's greedy reply: the top token each step until ``end_id`` (excluded) or
        ``max_new`` tokens."""
        if not prompts:
            return []
        prefix = self._hold(shared_prefix(prompts))
        room = CELLS - len(prefix) - 1  # a cell for the throwaway row
        for prompt in prompts:
            if len(prompt) - len(prefix) + max_new > room:
                raise ContextWindowError(
                    f"a write prompt of {len(prompt)} tokens and its {max_new}-token reply do "
                    f"not fit the batch context's {CELLS} cells"
                )
        replies: list[list[int]] = [[] for _ in prompts]
        waiting = deque(range(len(prompts)))
        live: list[_Live] = []
        spent: list[_Live] = []  # finished, their cells still held
        logits: dict[int, np.ndarray] = {}  # seq → the logits its next token comes from
        while waiting or live:
            if not live and not self._admits(live, spent, prompts[waiting[0]], prefix, max_new):
                self._free(spent)
            rows: list[_Row] = []
            while (
                waiting
                and len(live) < SLOTS
                and self._admits(live, spent, prompts[waiting[0]], prefix, max_new)
            ):
                index = waiting.popleft()
                entry = self._start(
                    index, 1 + len(live) + len(spent), prompts[index], prefix, max_new
                )
                rows += self._prompt_rows(prompts[index], len(prefix), entry.seq)
                live.append(entry)
            for entry in [e for e in live if e.seq in logits]:
                token = int(np.argmax(logits.pop(entry.seq)))
                if token != end_id:
                    entry.out.append(token)
                if token == end_id or len(entry.out) >= max_new:
                    replies[entry.index] = entry.out
                    live.remove(entry)
                    spent.append(entry)
                    continue
                rows.append(_Row(token, entry.position, entry.seq, True))
                entry.position += 1
            logits.update(self._decode(rows))
        self._free(spent)
        return replies

    def _hold(self, prefix: list[int]) -> list[int]:
        """Sequence 0 holds ``prefix``: what it already holds of it is kept, the rest evaluated."""
        keep = common_length(self._prefix, prefix)
        self._api.llama_memory_seq_rm(self._memory, _PREFIX, keep, -1)
        self._prefix = self._prefix[:keep]
        self._decode([_Row(t, keep + i, _PREFIX, False) for i, t in enumerate(prefix[keep:])])
        self._prefix = prefix
        return prefix

    @staticmethod
    def _admits(
        live: list[_Live],
        spent: list[_Live],
        prompt: Sequence[int],
        prefix: list[int],
        max_new: int,
    ) -> bool:
        """Whether a sequence id is left and the cells left after the prefix, the finished
        sequences, every live sequence's full length (prompt and longest reply) and the
        throwaway row hold this prompt's too."""
        if len(live) + len(spent) >= SEQUENCES:
            return False
        used = len(prefix) + sum(e.reserved for e in live) + sum(e.held for e in spent)
        return used + len(prompt) - len(prefix) + max_new < CELLS

    def _start(
        self, index: int, seq: int, prompt: Sequence[int], prefix: list[int], max_new: int
    ) -> _Live:
        self._api.llama_memory_seq_cp(self._memory, _PREFIX, seq, 0, len(prefix))
        return _Live(index, seq, len(prompt), len(prefix), len(prompt) - len(prefix) + max_new)

    def _free(self, spent: list[_Live]) -> None:
        """Free the cells of finished sequences (only when none is live: see the module)."""
        for entry in spent:
            self._api.llama_memory_seq_rm(self._memory, entry.seq, -1, -1)
        spent.clear()

    @staticmethod
    def _prompt_rows(prompt: Sequence[int], start: int, seq: int) -> list[_Row]:
        last = len(prompt) - 1
        return [_Row(prompt[i], i, seq, i == last) for i in range(start, len(prompt))]

    def _decode(self, rows: list[_Row]) -> dict[int, np.ndarray]:
        """Evaluate ``rows`` in micro-batches of 2 to ``ROWS``; the logits of wanted rows, by
        sequence."""
        found: dict[int, np.ndarray] = {}
        for start, end in micro_batches(len(rows)):
            chunk = rows[start:end]
            spare = len(chunk) == 1
            if spare:  # a lone row would take a kernel whose sums depend on the cache's size
                chunk = [*chunk, _Row(chunk[0].token, 0, _SPARE, False)]
            self._fill(chunk)
            status = self._api.llama_decode(self._ctx, self._batch)
            if spare:
                self._api.llama_memory_seq_rm(self._memory, _SPARE, -1, -1)
            if status != 0:
                raise ModelError(f"llama.cpp batched decoding failed (status {status})")
            for i, row in enumerate(chunk):
                if row.wanted:
                    pointer = self._api.llama_get_logits_ith(self._ctx, i)
                    found[row.seq] = np.ctypeslib.as_array(pointer, shape=(self._vocab,)).copy()
        return found

    def _fill(self, rows: list[_Row]) -> None:
        batch = self._batch
        for i, row in enumerate(rows):
            batch.token[i] = row.token
            batch.pos[i] = row.position
            batch.n_seq_id[i] = 1
            batch.seq_id[i][0] = row.seq
            batch.logits[i] = row.wanted
        batch.n_tokens = len(rows)
