"""``recallgraph bench``: every benchmark's figures in one table, and the scaling plot.

With ``--run`` it first runs the benchmarks (ingestion and retrieval at the given sizes, the LLM
backends, the service); the triple-memory and memory-model figures come from their committed runs
(``experiments.bench_triples``, ``recallgraph eval-memory-model``). Each figure names its source.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from experiments.results_io import write_results

RESULTS = Path(__file__).parent / "results"


def _load(name: str) -> dict[str, Any] | None:
    path = RESULTS / name / "results.json"
    return json.loads(path.read_text()) if path.exists() else None


# (kind in bench_triples' results, how the table names it)
TRIPLE_READS = (
    ("exact <s,r> now", "exact ⟨s,r⟩, 10,000 facts"),
    ("fuzzy <s, paraphrased r>", "fuzzy ⟨s, paraphrased r⟩"),
    ("fuzzy <variant s, r>", "fuzzy ⟨variant s, r⟩ (name embedded)"),
)


def run_benchmarks(sizes: list[int]) -> None:
    commands = [
        ["experiments.bench_ingest", "--sizes", *map(str, sizes)],
        ["experiments.bench_llm"],
        ["experiments.bench_service"],
    ]
    for command in commands:
        subprocess.run([sys.executable, "-m", *command], check=True)


def rows() -> list[dict[str, Any]]:
    table: list[dict[str, Any]] = []

    def add(measure: str, value: Any, source: str, peak: Any = "") -> None:
        table.append({"measure": measure, "value": value, "source": source, "peak MiB": peak})

    ingest = _load("bench_ingest")
    if ingest:
        peak = ingest.get("peak_rss_mb", "")
        for row in ingest["rows"]:
            n = row["statements"]
            add(
                f"POS write path, statements/s, batched, at {n}",
                row["batched_statements_per_second"],
                "bench_ingest",
                peak,
            )
            if "extraction_only_statements_per_second" in row:
                add(
                    f"POS write path, share of extraction alone "
                    f"({row['extraction_only_statements_per_second']}/s), at {n}",
                    row["share_of_extraction"],
                    "bench_ingest",
                    peak,
                )
            if "with_vectors_statements_per_second" in row:
                add(
                    f"with vectors, statements/s (share of the embedder's "
                    f"{row['embedder_chunks_per_second']}/s), at {n}",
                    f"{row['with_vectors_statements_per_second']} ({row['share_of_embedder']})",
                    "bench_ingest",
                    peak,
                )
            add(
                f"POS write path, statements/s, one per transaction, at {n}",
                row["single_statements_per_second"],
                "bench_ingest",
                peak,
            )
            add(
                f"graph retrieval p50 / p95 ms at {n}",
                f"{row['retrieval_ms_p50']} / {row['retrieval_ms_p95']}",
                "bench_ingest",
                peak,
            )
            if "vector_retrieval_ms_p50" in row:
                add(
                    f"vector retrieval p50 / p95 ms at {n}",
                    f"{row['vector_retrieval_ms_p50']} / {row['vector_retrieval_ms_p95']}",
                    "bench_ingest",
                    peak,
                )
    if ingest:
        for scaling in next(iter(ingest.get("tables", {}).values()), []):
            add(f"scaling exponent, {scaling['cost']}", scaling["exponent"], "bench_ingest")
    triples = _load("bench_triples")
    if triples:
        reads = triples["reads"]
        for kind, label in TRIPLE_READS:
            add(
                f"triple reads p50 / p95 ms, {label}",
                f"{reads[kind]['p50_ms']} / {reads[kind]['p95_ms']}",
                "bench_triples",
            )
        totals = [w["total_s"] for w in triples["writes"]]
        add(
            "fact write, 1,000 facts in one update, s (first / last batch)",
            f"{totals[0]} / {totals[-1]}",
            "bench_triples",
        )
    memory = _load("memory_model")
    if memory:
        for row in memory["rows"]:
            if row["task"] == "write" and row["data"] == "held-out synthetic":
                add(
                    f"model triple writer, sentences/s ({row['decoding']})",
                    row["sentences_per_second"],
                    "memory_model",
                    memory.get("peak_rss_mb") or "",
                )
    llm = _load("bench_llm")
    if llm:
        for row in llm["rows"]:
            add(
                f"LLM {row['backend']}: prompt / generated tokens/s",
                f"{row['prompt_tokens_per_s']} / {row['generated_tokens_per_s']}",
                "bench_llm",
                llm.get("peak_rss_mb", ""),
            )
    service = _load("bench_service")
    if service:
        row = service["rows"][0]
        peak = service.get("peak_rss_mb", "")
        for key, value in row.items():
            if "per_second" in key or "ms" in key:
                add(f"service, 4 clients: {key}", value, "bench_service", peak)
    return table


def scaling_plot(path: Path) -> None:
    ingest = _load("bench_ingest")
    if not ingest:
        return
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = [r["statements"] for r in ingest["rows"]]
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    left.plot(
        sizes, [r["batched_statements_per_second"] for r in ingest["rows"]], "o-", label="batched"
    )
    left.plot(
        sizes,
        [r["single_statements_per_second"] for r in ingest["rows"]],
        "o-",
        label="one per transaction",
    )
    left.set(
        xscale="log",
        xlabel="statements in the space",
        ylabel="statements/s",
        title="Ingestion (POS path)",
    )
    left.legend()
    for key, label in (
        ("retrieval_ms_p95", "graph p95"),
        ("retrieval_ms_p50", "graph p50"),
        ("vector_retrieval_ms_p95", "vector p95"),
    ):
        if key in ingest["rows"][0]:
            right.plot(sizes, [r[key] for r in ingest["rows"]], "o-", label=label)
    right.set(
        xscale="log", xlabel="statements in the space", ylabel="ms", title="Retrieval latency"
    )
    right.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def report(out: Path, command: str) -> list[dict[str, Any]]:
    table = rows()
    write_results(
        out,
        name="bench",
        command=command,
        setup={"sources": "experiments/results/<source>/results.json"},
        rows=table,
        notes="Scaling plot: scaling.png.",
    )
    scaling_plot(out / "scaling.png")
    return table
