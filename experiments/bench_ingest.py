"""Benchmark: the part-of-speech write path into Neo4j, and graph retrieval latency.

Feeds N synthetic statements (a cast of 900 people doing things in places, the noise templates)
into a fresh space and reports statements/s for both write paths: ``batched`` (the CLI's and the
HTTP batch's path: 64 updates per transaction, each still its own update with its own ``t``) and
``single`` (one transaction per statement: a lone HTTP statement). Then asks graph-mode questions
about random people and reports the retrieval latency (essential concepts + one traversal round
trip + prompt assembly; no LLM) p50/p95. Sizes are cumulative: the 10,000 run continues the 1,000
one; the single path is timed on its own slice of ``--single`` statements at each size.

    python -m experiments.bench_ingest --sizes 1000 10000
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from pathlib import Path

from experiments.noise import unrelated_statements
from experiments.results_io import write_results
from extraction.statements import StatementInput
from graph.spaces import create_space, delete_space, space_exists
from hybrid.graph_reader import GraphReader
from hybrid.ingestion import Ingestor
from hybrid.recallgraph import RecallGraph
from hybrid.vector_store import VectorStore

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


def people(rng: random.Random) -> list[str]:
    cast = [f"{first} {last}" for first in FIRST for last in LAST]
    rng.shuffle(cast)
    return cast


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def vector_latencies(
    vectors: VectorStore | None,
    space: str,
    batch: list[StatementInput],
    rng: random.Random,
    cast: list[str],
    questions: int,
) -> list[float]:
    """ChromaDB top-k search latency (query embedding included) after adding ``batch``."""
    if vectors is None:
        return [0.0]
    offset = vectors.count(space)
    for start in range(0, len(batch), 256):
        rows = [
            {"id": f"s{offset + start + i}", "t": offset + start + i, "text": s.text}
            for i, s in enumerate(batch[start : start + 256])
        ]
        vectors.add(space, rows)
    latencies = []
    for _ in range(questions):
        question = rng.choice(QUESTIONS).format(person=rng.choice(cast[:300]))
        began = time.perf_counter()
        vectors.search(space, question, 4)
        latencies.append((time.perf_counter() - began) * 1000)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--questions", type=int, default=200)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--single", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()

    with RecallGraph.from_settings() as memory:
        rows = measure(memory, args)
        settings, recipe = memory.settings, memory.graph_recipe
    write_results(
        args.out,
        name="bench_ingest",
        command="python -m experiments.bench_ingest --sizes "
        + " ".join(map(str, args.sizes))
        + f" --questions {args.questions} --batch {args.batch} --single {args.single}"
        + f" --seed {args.seed}",
        setup={
            "machine": f"{platform.machine()}, {os.cpu_count()} cores",
            "neo4j": settings.neo4j_uri or f"managed Neo4j {settings.neo4j_version}",
            "revision_mode": settings.revision_mode,
            "recipe": recipe.__dict__,
            "writer": "part-of-speech concepts only (no triple writer, no vectors); the "
            "vector retrieval columns time ChromaDB search over the same statements, added "
            "afterwards",
        },
        rows=rows,
        targets={
            "batched_statements_per_second": ">= 100",
            "retrieval_ms_p95 at 10000": "< 100",
        },
    )


def measure(memory: RecallGraph, args: argparse.Namespace) -> list[dict[str, float]]:
    """Grow one space through ``args.sizes``, timing writes and reads at each size."""
    store = memory.store
    if space_exists(store, SPACE):
        delete_space(store, SPACE)
    create_space(store, SPACE)
    if memory.vectors is not None:
        memory.vectors.drop(SPACE)
    ingestor = Ingestor(store, memory.ingest_settings)
    reader = GraphReader(store, None, memory.graph_recipe)
    rng = random.Random(args.seed)
    cast = people(rng)
    feed = unrelated_statements(
        max(args.sizes) + args.single * len(args.sizes), args.seed, people=cast
    )
    ingestor.ingest(SPACE, StatementInput("Warm-up statement about a lantern."))
    rows = []
    stored = 0
    for size in sorted(args.sizes):
        # ids: the noise generator repeats texts, and a repeat without an id is a duplicate
        batch = [StatementInput(next(feed), id=f"n{stored + i}") for i in range(size - stored)]
        started = time.perf_counter()
        for start in range(0, len(batch), args.batch):
            ingestor.ingest_many(SPACE, batch[start : start + args.batch])
        elapsed = time.perf_counter() - started
        singles = [StatementInput(next(feed), id=f"single-{size}-{i}") for i in range(args.single)]
        began_single = time.perf_counter()
        for statement in singles:
            ingestor.ingest(SPACE, statement)
        single_elapsed = time.perf_counter() - began_single
        stored = size
        latencies = []
        for _ in range(args.questions):
            question = rng.choice(QUESTIONS).format(person=rng.choice(cast[:300]))
            began = time.perf_counter()
            reader.retrieve(SPACE, question)
            latencies.append((time.perf_counter() - began) * 1000)
        vector_ms = vector_latencies(memory.vectors, SPACE, batch, rng, cast, args.questions)
        rows.append(
            {
                "statements": size,
                "batch": len(batch),
                "ingest_seconds": round(elapsed, 2),
                "batched_statements_per_second": round(len(batch) / elapsed, 1),
                "single_statements_per_second": round(len(singles) / single_elapsed, 1),
                "retrieval_ms_p50": round(statistics.median(latencies), 2),
                "retrieval_ms_p95": round(percentile(latencies, 95), 2),
                "questions": len(latencies),
                "vector_retrieval_ms_p50": round(statistics.median(vector_ms), 2),
                "vector_retrieval_ms_p95": round(percentile(vector_ms, 95), 2),
            }
        )
        print(json.dumps(rows[-1]))
    memory.delete_space(SPACE)
    return rows


if __name__ == "__main__":
    main()
