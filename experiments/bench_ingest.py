"""Benchmark: the part-of-speech write path into Neo4j against its own limits, and retrieval.

Grows one space through ``--sizes`` (cumulative: the 10,000 run continues the 1,000 one) with
synthetic statements (a cast of 900 people doing things in places, the noise templates), the way
``recallgraph ingest`` feeds a file: batches of ``--batch`` through the pipeline (concepts
extracted ahead in a worker process, Neo4j written in order, one transaction per batch). At each
size, in the same run:

- **extraction alone**: statements/s of the concept extraction (tagging) in this process, on the
  statements about to be written: the ceiling of the POS path on this machine;
- **end to end, no vectors**: statements/s of the growth to this size, and its share of the
  extraction's rate;
- **write cost at this size**: ms per statement of a probe of ``--probe`` statements written once
  the space has this size; **one per transaction**: ``--single`` statements (a lone HTTP
  statement);
- **graph retrieval**: p50/p95 of graph-mode retrieval (essential concepts, one traversal round
  trip, the prompt; no LLM) for ``--questions`` questions about random people;
- **with vectors**: the embedder's own chunks/s on ``--vectors`` statements (its best of runs
  before and after, in this thread and in one of its own), and the same statements written end
  to end with ChromaDB on, and the share;
- **vector search** (``--vector-search``): ChromaDB top-k latency over every statement so far.

Then the scaling exponent of cost against size, for writes (the probe's ms per statement) and
reads (retrieval p50): the slope of log cost over log size; 0 means a write costs the same in a
space of 100 and of 100,000 statements.

    python -m experiments.bench_ingest --sizes 1000 10000
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from experiments.noise import unrelated_statements
from experiments.results_io import write_results
from extraction.concepts import extract_concepts
from extraction.statements import StatementInput
from graph.spaces import create_space, delete_space, space_exists
from hybrid.graph_reader import GraphReader
from hybrid.ingest_stream import ingest_stream
from hybrid.ingestion import Ingestor, MemoryWriter
from hybrid.recallgraph import RecallGraph
from hybrid.vector_store import VectorStore, segment

FIRST = (
    "Amara Bjorn Celeste Dmitri Elio Farah Gideon Hana Ivo Jovana Kaito Lena Matteo Nadia Orin "
    "Priya Rafael Sanne Teodor Uma Viktor Wren Yusuf Zora Anselm Brisa Cyrus Delphine Emre Freya"
).split()
LAST = (
    "Abbott Brennan Castillo Dorsey Ekwueme Falk Grieve Halloran Ibsen Jablonski Kowalczyk "
    "Lindqvist Moreau Nakagawa Okonkwo Petrov Quade Rasmussen Szabo Thorne Ueda Valdez Whitlock "
    "Xu Yilmaz "
    "Zeller Ashby Beaumont Corvin Drummond"
).split()
QUESTIONS = (
    "What did {person} repair?",
    "Where did {person} give a lecture?",
    "What did {person} write about?",
    "What did {person} borrow?",
)
SPACE = "bench-ingest"
RESULTS = Path(__file__).parent / "results" / "bench_ingest"
EXTRACTION_SAMPLE = 5000  # statements timed for the extraction-alone rate at each size


def people(rng: random.Random) -> list[str]:
    cast = [f"{first} {last}" for first in FIRST for last in LAST]
    rng.shuffle(cast)
    return cast


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def slope(sizes: list[int], costs: list[float]) -> float | None:
    """Least-squares slope of log(cost) over log(size): cost grows as size to this power."""
    points = [(math.log(s), math.log(c)) for s, c in zip(sizes, costs, strict=True) if c > 0]
    if len(points) < 2:
        return None
    mx = statistics.fmean(x for x, _ in points)
    my = statistics.fmean(y for _, y in points)
    spread = sum((x - mx) ** 2 for x, _ in points)
    return round(sum((x - mx) * (y - my) for x, y in points) / spread, 3) if spread else None


class Feed:
    """The statements, in order, each with its own id (the generator repeats texts, and a
    repeat without an id would be a duplicate)."""

    def __init__(self, seed: int, cast: list[str]) -> None:
        self._texts = unrelated_statements(10**9, seed, people=cast)
        self._count = 0

    def take(self, n: int) -> list[StatementInput]:
        taken = [StatementInput(next(self._texts), id=f"n{self._count + i}") for i in range(n)]
        self._count += n
        return taken


def batches(statements: list[StatementInput], size: int) -> list[list[StatementInput]]:
    return [statements[i : i + size] for i in range(0, len(statements), size)]


def write_rate(
    writer: MemoryWriter, statements: list[StatementInput], batch: int, workers: int | None
) -> float:
    """Statements/s through the ingest pipeline (what ``recallgraph ingest`` runs)."""
    if not statements:
        return 0.0
    started = time.perf_counter()
    for _ in ingest_stream(writer, SPACE, batches(statements, batch), extract_workers=workers):
        pass
    return len(statements) / (time.perf_counter() - started)


def extraction_rate(statements: list[StatementInput]) -> float:
    sample = statements[:EXTRACTION_SAMPLE]
    started = time.perf_counter()
    for statement in sample:
        extract_concepts(statement.text)
    return len(sample) / (time.perf_counter() - started)


def embedder_rate(vectors: VectorStore, statements: list[StatementInput]) -> float:
    """Chunks/s of the embedder alone on these statements' chunks (what ChromaDB is given): the
    better of a run in this thread and one in a thread of its own, as the pipeline runs it
    (torch sizes its thread pool per calling thread)."""
    chunks = [c for s in statements for c in segment(s.text, vectors.config.chunk_chars)]
    texts = [s.text for s in statements]

    def timed() -> float:
        vectors.embed([chunks[0]])  # the model is loaded before the clock starts
        started = time.perf_counter()
        vectors.embed(texts)
        return len(chunks) / (time.perf_counter() - started)

    with ThreadPoolExecutor(1) as thread:
        return max(timed(), thread.submit(timed).result())


def retrieval_latencies(
    reader: GraphReader, rng: random.Random, cast: list[str], questions: int
) -> list[float]:
    latencies = []
    for _ in range(questions):
        question = rng.choice(QUESTIONS).format(person=rng.choice(cast[:300]))
        began = time.perf_counter()
        reader.retrieve(SPACE, question)
        latencies.append((time.perf_counter() - began) * 1000)
    return latencies


def vector_search(
    vectors: VectorStore,
    statements: list[StatementInput],
    rng: random.Random,
    cast: list[str],
    questions: int,
) -> list[float]:
    """ChromaDB top-k search latency (query embedding included) once ``statements`` are in."""
    offset = vectors.count(SPACE)
    for start in range(0, len(statements), 256):
        rows = [
            {"id": f"s{offset + start + i}", "t": offset + start + i, "text": s.text}
            for i, s in enumerate(statements[start : start + 256])
        ]
        vectors.add(SPACE, rows)
    latencies = []
    for _ in range(questions):
        question = rng.choice(QUESTIONS).format(person=rng.choice(cast[:300]))
        began = time.perf_counter()
        vectors.search(SPACE, question, 4)
        latencies.append((time.perf_counter() - began) * 1000)
    return latencies


def measure(memory: RecallGraph, args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    """Grow one space through ``args.sizes``, timing writes and reads at each size."""
    store = memory.store
    if space_exists(store, SPACE):
        delete_space(store, SPACE)
    create_space(store, SPACE)
    vectors = memory.vectors
    if vectors is not None:
        vectors.drop(SPACE)
    ingestor = Ingestor(store, memory.ingest_settings)
    plain = MemoryWriter(store, ingestor, None)
    reader = GraphReader(store, None, memory.graph_recipe)
    rng = random.Random(args.seed)
    cast = people(rng)
    feed = Feed(args.seed, cast)
    ingestor.ingest(SPACE, StatementInput("Warm-up statement about a lantern."))
    stored = 1
    for size in sorted(args.sizes):
        growth = feed.take(max(0, size - stored))
        row: dict[str, Any] = {"statements": size, "batch": args.batch}
        row["extraction_only_statements_per_second"] = round(extraction_rate(growth), 1)
        rate = write_rate(plain, growth, args.batch, args.extract_workers)
        stored += len(growth)
        row["batched_statements_per_second"] = round(rate, 1)
        row["share_of_extraction"] = round(rate / row["extraction_only_statements_per_second"], 2)
        probe = feed.take(args.probe)
        row["write_ms_per_statement"] = round(
            1000 / write_rate(plain, probe, args.batch, args.extract_workers), 3
        )
        singles = feed.take(args.single)
        began = time.perf_counter()
        for statement in singles:
            ingestor.ingest(SPACE, statement)
        row["single_statements_per_second"] = round(len(singles) / (time.perf_counter() - began), 1)
        stored += len(probe) + len(singles)
        latencies = retrieval_latencies(reader, rng, cast, args.questions)
        row["retrieval_ms_p50"] = round(statistics.median(latencies), 2)
        row["retrieval_ms_p95"] = round(percentile(latencies, 95), 2)
        row["questions"] = len(latencies)
        if vectors is not None and args.vectors:
            with_vectors = MemoryWriter(store, ingestor, vectors)
            sample = feed.take(args.vectors)
            alone = embedder_rate(vectors, sample)
            rate = write_rate(with_vectors, sample, args.batch, args.extract_workers)
            stored += len(sample)
            alone = max(alone, embedder_rate(vectors, sample))  # its best, before or after
            row["embedder_chunks_per_second"] = round(alone, 1)
            row["with_vectors_statements_per_second"] = round(rate, 1)
            row["share_of_embedder"] = round(rate / row["embedder_chunks_per_second"], 2)
        if vectors is not None and args.vector_search:
            vector_ms = vector_search(vectors, growth + probe + singles, rng, cast, args.questions)
            row["vector_retrieval_ms_p50"] = round(statistics.median(vector_ms), 2)
            row["vector_retrieval_ms_p95"] = round(percentile(vector_ms, 95), 2)
        print(json.dumps(row), flush=True)
        yield row
    memory.delete_space(SPACE)


def scaling(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    sizes = [r["statements"] for r in rows]
    return [
        {
            "cost": "write, ms per statement (probe)",
            "exponent": slope(sizes, [r["write_ms_per_statement"] for r in rows]),
        },
        {
            "cost": "graph retrieval, p50 ms",
            "exponent": slope(sizes, [r["retrieval_ms_p50"] for r in rows]),
        },
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--questions", type=int, default=200)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--probe", type=int, default=1024)
    parser.add_argument("--single", type=int, default=300)
    parser.add_argument("--vectors", type=int, default=1000, help="0: skip the vector rows")
    parser.add_argument("--vector-search", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--extract-workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()

    with RecallGraph.from_settings() as memory:
        rows = list(measure(memory, args))
        settings, recipe = memory.settings, memory.graph_recipe
    exponents = scaling(rows)
    print(json.dumps(exponents))
    workers = "auto" if args.extract_workers is None else str(args.extract_workers)
    write_results(
        args.out,
        name="bench_ingest",
        command="python -m experiments.bench_ingest --sizes "
        + " ".join(map(str, args.sizes))
        + f" --questions {args.questions} --batch {args.batch} --probe {args.probe}"
        + f" --single {args.single} --vectors {args.vectors}"
        + ("" if args.vector_search else " --no-vector-search")
        + ("" if args.extract_workers is None else f" --extract-workers {args.extract_workers}")
        + f" --seed {args.seed}",
        setup={
            "machine": f"{platform.machine()}, {os.cpu_count()} cores (Neo4j on the same ones)",
            "neo4j": settings.neo4j_uri or f"managed Neo4j {settings.neo4j_version}",
            "revision_mode": settings.revision_mode,
            "recipe": recipe.__dict__,
            "writer": "part-of-speech concepts (no triple writer), through `recallgraph "
            f"ingest`'s pipeline: {args.batch} statements per transaction, concept extraction "
            f"workers: {workers}; vectors only in the with-vectors columns",
            "extraction only": "extract_concepts in the measuring process, on the first "
            f"{EXTRACTION_SAMPLE} statements of each size's growth",
        },
        rows=rows,
        targets={
            "batched_statements_per_second": ">= 1000 at 10000, >= 800 at 100000",
            "share_of_extraction": ">= 0.7",
            "share_of_embedder": ">= 0.8",
            "retrieval_ms_p95 at 100000": "<= 15",
            "write exponent": "about 0 (a write costs the same whatever the space's size)",
        },
        tables={"Scaling exponent of cost against size (1k → largest)": exponents},
    )


if __name__ == "__main__":
    main()
