"""The llama.cpp probe: asked in a child, answered once per build and CPU; `auto` follows it."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from extraction.llm import probe
from extraction.llm.assets import smollm2_gguf
from extraction.llm.factory import LLMConfig, resolved_kind
from extraction.llm.probe import ProbeResult, build_key, probe_llamacpp
from graph.errors import ModelError

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def fresh_answers() -> Iterator[None]:
    """Each test asks anew, and leaves no answer behind (the probe keeps one per process)."""
    probe._answers.clear()
    yield
    probe._answers.clear()


def test_the_probe_passes_here_and_is_kept_on_disk(tmp_path: Path) -> None:
    first = probe_llamacpp(tmp_path, smollm2_gguf())
    assert first.ok, first.detail
    assert not first.cached
    record = json.loads((tmp_path / "probes" / f"llamacpp-{build_key()}.json").read_text())
    assert record["ok"] is True
    probe._answers.clear()
    assert probe_llamacpp(tmp_path, smollm2_gguf()).cached


def test_a_model_llamacpp_cannot_run_is_a_failed_probe_not_a_crash(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(smollm2_gguf().read_bytes()[:4096])
    with caplog.at_level(logging.WARNING, logger="extraction.llm.probe"):
        result = probe_llamacpp(tmp_path, broken)
        again = probe_llamacpp(tmp_path, broken)
    assert not result.ok
    assert result.detail.startswith("exit status 1")
    assert again is result
    warnings = [r for r in caplog.records if "using the transformers engine" in r.message]
    assert len(warnings) == 1, "the fallback is said once per process"


def test_auto_takes_transformers_when_the_probe_says_no(tmp_path: Path) -> None:
    probe._answers[build_key()] = ProbeResult(False, "killed by signal SIGSEGV", 0.1)
    assert resolved_kind(LLMConfig(backend="auto", cache_dir=tmp_path)) == "transformers"
    probe._answers[build_key()] = ProbeResult(True, "", 0.1)
    assert resolved_kind(LLMConfig(backend="auto", cache_dir=tmp_path)) == "llamacpp"


def test_an_explicit_llamacpp_that_cannot_run_is_refused_with_the_remedy(tmp_path: Path) -> None:
    probe._answers[build_key()] = ProbeResult(False, "killed by signal SIGILL", 0.1)
    with pytest.raises(ModelError, match=r"SIGILL.*RECALLGRAPH_LLM_BACKEND=transformers"):
        resolved_kind(LLMConfig(backend="llamacpp", cache_dir=tmp_path))
