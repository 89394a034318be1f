"""A long ingest as a pipeline: three stages work on three batches at once.

While Neo4j writes batch *k* (main thread), a worker process extracts the concepts of the next
batches (part-of-speech tagging is pure, and the costliest step of the POS path; on machines with
4 cores or more, or when asked), and a thread gives the vector store batch *k − 1* (the embedder
is the costliest step when vectors are on).
Batches are still written in order, one transaction each, so every statement gets the ``t`` it
would get fed one batch after another; the part builders (the triple writer) run in the main
thread, after the previous batch committed, as they always did. Each stage holds at most
``AHEAD`` batches, so memory stays bounded whatever the input's length.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from extraction.concepts import ConceptExtraction, extract_many
from extraction.statements import StatementInput
from hybrid.ingestion import IngestOutcome, MemoryWriter

AHEAD = 2  # batches extracted ahead, and batches waiting for the vector store
WORKER_AFTER = 4  # batches: a shorter stream is extracted in the main thread
WORKER_CORES = 4  # a worker process only where the machine has this many cores


def default_extract_workers(batches: int | None) -> int:
    """One worker process where it has a core of its own beside this process and Neo4j, and
    enough batches to pay for its start (about a second); none (extract in the main thread)
    otherwise: on 2 cores the three take turns, and the worker made the POS path slower."""
    few = batches is not None and batches <= WORKER_AFTER
    return 0 if few or (os.cpu_count() or 1) < WORKER_CORES else 1


def _extracted(
    future: Future[list[ConceptExtraction]] | None,
) -> list[ConceptExtraction] | None:
    """A batch's concepts from the worker; None (extract them here) when there is no worker or
    it could not run (a script without the ``if __name__ == "__main__"`` guard that spawned
    processes need, a worker killed)."""
    if future is None:
        return None
    try:
        return future.result()
    except BrokenProcessPool:
        return None


def ingest_stream(
    writer: MemoryWriter,
    space: str,
    batches: Iterable[Sequence[StatementInput]],
    *,
    extract_workers: int | None = None,
    on_stored: Callable[[int], None] | None = None,
) -> Iterator[list[IngestOutcome]]:
    """Store each batch (one transaction each, in order) and yield its outcomes once every store
    holds it; ``on_stored(n)`` is called as soon as Neo4j has committed a batch of ``n``."""
    count = len(batches) if isinstance(batches, Sized) else None
    workers = default_extract_workers(count) if extract_workers is None else extract_workers
    extractor: Executor | None = (
        ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        if workers
        else None
    )
    vectors = ThreadPoolExecutor(1, thread_name_prefix="vectors") if writer.vectors else None
    upcoming = iter(batches)
    ahead: deque[tuple[Sequence[StatementInput], Future[list[ConceptExtraction]] | None]] = deque()
    waiting: deque[Future[list[IngestOutcome]]] = deque()

    def refill() -> None:
        while len(ahead) < AHEAD:
            batch = next(upcoming, None)
            if batch is None:
                return
            texts = [s.text for s in batch]
            ahead.append((batch, extractor.submit(extract_many, texts) if extractor else None))

    try:
        first = next(upcoming, None)  # extracted here while the worker starts
        if first is not None:
            ahead.append((first, None))
        refill()
        while ahead:
            batch, extracted = ahead.popleft()
            refill()
            results = writer.write_graph(space, batch, extractions=_extracted(extracted))
            if on_stored is not None:
                on_stored(len(batch))
            if vectors is None:
                yield writer.write_vectors(space, results)
                continue
            waiting.append(vectors.submit(writer.write_vectors, space, results))
            while waiting and (len(waiting) > AHEAD or waiting[0].done()):
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()
    finally:
        for pool in (extractor, vectors):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
