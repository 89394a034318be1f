"""Can this machine run the installed llama.cpp build? Asked in a child process.

A llama.cpp library compiled for another CPU does not raise: it dies by a signal (SIGILL on a
missing instruction, SIGSEGV in an AMX kernel the kernel or VM does not allow), and no process can
catch a signal meant to end it. So the first use of the engine asks a child process to load the
model and generate a few tokens. The answer is kept on disk under a key made of the built library
files and the CPU's feature flags: a new build or a new machine asks again, everything else reads
one small file. The parent never imports ``llama_cpp`` before the answer is yes.

    python -m extraction.llm.probe --gguf MODEL.gguf [--lora ADAPTER.gguf]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger(__name__)

PROBE_TIMEOUT_S = 180.0
PROBE_TOKENS = 4
PROBE_PROMPT = "The capital of France is"
_OUTPUT_TAIL_CHARS = 400


@dataclass(frozen=True)
class ChildOutcome:
    """How a child process ended: ``ok`` only on exit status 0 within the time limit."""

    ok: bool
    detail: str
    seconds: float
    stdout: str


def exit_description(returncode: int) -> str:
    """'killed by signal SIGSEGV' for a signal, 'exit status 3' otherwise."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = str(-returncode)
        return f"killed by signal {name}"
    return f"exit status {returncode}"


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][-_OUTPUT_TAIL_CHARS:] if lines else ""


def run_child(
    python_args: Sequence[str], timeout: float, python: str = sys.executable
) -> ChildOutcome:
    """Run ``python`` (this interpreter) with ``python_args``; a crash is an outcome, not the
    caller's end."""
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [python, *python_args],
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return ChildOutcome(
            False, f"no answer within {timeout:g} s", time.perf_counter() - started, ""
        )
    seconds = time.perf_counter() - started
    if done.returncode == 0:
        return ChildOutcome(True, "", seconds, done.stdout)
    reason = exit_description(done.returncode)
    if error := _last_line(done.stderr):
        reason = f"{reason}: {error}"
    return ChildOutcome(False, reason, seconds, done.stdout)


def llamacpp_installed() -> bool:
    """Whether ``llama_cpp`` is installed, found without importing (and so without loading) it."""
    return importlib.util.find_spec("llama_cpp") is not None


def _library_files() -> list[Path]:
    spec = importlib.util.find_spec("llama_cpp")
    if spec is None or not spec.submodule_search_locations:
        return []
    package = Path(next(iter(spec.submodule_search_locations)))
    return sorted(p for p in package.rglob("*.so*") if p.is_file())


def _cpu_flags() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(errors="replace").splitlines():
            if line.startswith(("flags", "Features")):
                return line
    except OSError:
        pass
    return os.uname().machine


def build_key() -> str:
    """Names this llama.cpp build on this CPU: the library files and the CPU's feature flags."""
    digest = hashlib.sha256(_cpu_flags().encode())
    for path in _library_files():
        stat = path.stat()
        digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class ProbeResult:
    ok: bool
    detail: str
    seconds: float
    cached: bool = False


_answers: dict[str, ProbeResult] = {}
_answers_lock = threading.Lock()


def _record_path(cache_dir: Path, key: str) -> Path:
    return cache_dir / "probes" / f"llamacpp-{key}.json"


def _read_record(path: Path) -> ProbeResult | None:
    try:
        data = json.loads(path.read_text())
        return ProbeResult(bool(data["ok"]), str(data["detail"]), float(data["seconds"]), True)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def probe_llamacpp(cache_dir: Path, gguf: Path, timeout: float = PROBE_TIMEOUT_S) -> ProbeResult:
    """Whether llama.cpp loads ``gguf`` and generates here; asked once per build and CPU.

    A failure is logged once per process with what to do instead.
    """
    if not llamacpp_installed():
        return ProbeResult(False, "llama-cpp-python is not installed", 0.0)
    key = build_key()
    with _answers_lock:
        if key in _answers:
            return _answers[key]
        record = _record_path(cache_dir, key)
        result = _read_record(record)
        if result is None:
            outcome = run_child(["-m", "extraction.llm.probe", "--gguf", str(gguf)], timeout)
            result = ProbeResult(outcome.ok, outcome.detail, round(outcome.seconds, 3))
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(json.dumps(asdict(result) | {"key": key}))
        if not result.ok:
            log.warning(
                "llama.cpp cannot run on this machine (%s); using the transformers engine. "
                "`recallgraph doctor` says how to rebuild it.",
                result.detail,
            )
        _answers[key] = result
        return result


def generate_few_tokens(gguf: Path, lora: Path | None = None) -> str:
    """Load ``gguf`` (and a GGUF LoRA) with llama.cpp and generate greedily: the probe's work."""
    from llama_cpp import Llama

    llama = Llama(
        model_path=str(gguf),
        n_ctx=256,
        n_threads=os.cpu_count() or 1,
        lora_path=None if lora is None else str(lora),
        verbose=False,
    )
    try:
        prompt = llama.tokenize(PROBE_PROMPT.encode(), add_bos=False, special=False)
        generated: list[int] = []
        for token in llama.generate(prompt, temp=0.0):
            generated.append(token)
            if len(generated) >= PROBE_TOKENS or token == llama.token_eos():
                break
        return bytes(llama.detokenize(generated)).decode("utf-8", errors="replace")
    finally:
        llama.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Generate a few tokens with llama.cpp.")
    parser.add_argument("--gguf", type=Path, required=True)
    parser.add_argument("--lora", type=Path)
    args = parser.parse_args()
    text = generate_few_tokens(args.gguf, args.lora)
    if not text.strip():
        sys.exit(f"llama.cpp generated no text from {args.gguf.name}")
    print(json.dumps({"text": text}))


if __name__ == "__main__":
    main()
