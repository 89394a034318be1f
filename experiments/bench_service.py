"""Benchmark: the REST service under 4 concurrent clients.

Starts ``recallgraph serve`` (gunicorn, ``--workers`` processes × 4 threads) on a free port with
the POS path only (no triple writer, as a bulk load would run it), vectors off unless
``--vectors``, then:

- statements/s through HTTP: 4 clients post their share of ``--statements`` in batches of
  ``--batch`` (and, separately, one statement per request);
- question latency p50/p95 in graph mode (retrieval + the local LLM's answer), 4 clients asking
  ``--questions`` questions each at the same time.

    python -m experiments.bench_service --statements 2000 --questions 8
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

from experiments.bench_ingest import percentile
from experiments.noise import unrelated_statements
from experiments.results_io import write_results

RESULTS = Path(__file__).parent / "results" / "bench_service"
CLIENTS = 4
QUESTIONS = (
    "What did {person} repair?",
    "Where did {person} give a lecture?",
    "What did {person} borrow?",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(base: str, process: subprocess.Popen[bytes], timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the service exited during start-up")
        try:
            if requests.get(f"{base}/healthz", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.5)
    raise RuntimeError("the service did not become healthy")


def post_all(base: str, space: str, texts: list[str], batch: int, client: int) -> None:
    session = requests.Session()
    for start in range(0, len(texts), batch):
        body = [
            {"id": f"b{batch}-c{client}-{start + i}", "text": t}
            for i, t in enumerate(texts[start : start + batch])
        ]
        response = session.post(f"{base}/v1/spaces/{space}/statements", json=body, timeout=600)
        response.raise_for_status()


def ingest_rate(base: str, space: str, texts: list[str], batch: int) -> float:
    shares = [texts[c::CLIENTS] for c in range(CLIENTS)]
    started = time.perf_counter()
    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(lambda c: post_all(base, space, shares[c], batch, c), range(CLIENTS)))
    return len(texts) / (time.perf_counter() - started)


def ask_all(base: str, space: str, questions: list[str]) -> list[float]:
    session = requests.Session()
    latencies = []
    for question in questions:
        began = time.perf_counter()
        response = session.post(
            f"{base}/v1/spaces/{space}/questions",
            json={"question": question, "mode": "graph"},
            timeout=600,
        )
        response.raise_for_status()
        latencies.append((time.perf_counter() - began) * 1000)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--statements", type=int, default=2000)
    parser.add_argument("--single", type=int, default=200)
    parser.add_argument("--batch", type=int, default=25)
    parser.add_argument("--questions", type=int, default=8, help="per client")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--vectors", action="store_true", help="Write ChromaDB too.")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = os.environ | {
        "RECALLGRAPH_TRIPLE_WRITER": "none",
        "RECALLGRAPH_VECTORS": "true" if args.vectors else "false",
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "app.cli",
            "serve",
            "--port",
            str(port),
            "--workers",
            str(args.workers),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    space = f"bench-service-{os.getpid()}"
    try:
        wait_ready(base, process)
        feed = unrelated_statements(args.statements + args.single, seed=3)
        texts = [next(feed) for _ in range(args.statements + args.single)]
        batched = ingest_rate(base, space, texts[: args.statements], args.batch)
        single = ingest_rate(base, space, texts[args.statements :], 1)
        people = [t.split()[0] for t in texts[:200]]
        questions = [
            [
                QUESTIONS[(c + i) % len(QUESTIONS)].format(person=people[(7 * c + i) % len(people)])
                for i in range(args.questions)
            ]
            for c in range(CLIENTS)
        ]
        ask_all(base, space, questions[0][:1])  # warm the model in a worker
        with ThreadPoolExecutor(CLIENTS) as pool:
            latencies = [
                ms for per in pool.map(lambda q: ask_all(base, space, q), questions) for ms in per
            ]
        requests.delete(f"{base}/v1/spaces/{space}", timeout=120)
    finally:
        process.terminate()
        process.wait(timeout=60)
    rows = [
        {
            "clients": CLIENTS,
            "workers": args.workers,
            "vectors": args.vectors,
            "statements": args.statements,
            f"batched ({args.batch}/request) statements_per_second": round(batched, 1),
            "single statements_per_second": round(single, 1),
            "questions": len(latencies),
            "graph question ms p50": round(statistics.median(latencies)),
            "graph question ms p95": round(percentile(latencies, 95)),
        }
    ]
    print(json.dumps(rows[0]))
    write_results(
        args.out,
        name="bench_service",
        command=f"python -m experiments.bench_service --statements {args.statements} "
        f"--single {args.single} --batch {args.batch} --questions {args.questions} "
        f"--workers {args.workers}" + (" --vectors" if args.vectors else ""),
        setup={
            "machine": f"{platform.machine()}, {os.cpu_count()} cores (Neo4j, the service and "
            "the clients share them)",
            "server": f"gunicorn, {args.workers} workers × 4 threads",
            "write path": "POS concepts"
            + (" + ChromaDB vectors" if args.vectors else " (no vectors)")
            + " (no triple writer)",
            "answers": "local SmolLM2-135M-Instruct (llama.cpp), greedy, up to 64 tokens",
        },
        rows=rows,
        targets={f"batched ({args.batch}/request) statements_per_second": ">= 600 without vectors"},
    )


if __name__ == "__main__":
    main()
