"""The llama.cpp build runs here, proved the way setup proves it: in a child process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from extraction.llm.assets import smollm2_gguf
from extraction.memory_model.gguf_export import ADAPTER_FILE
from hybrid.settings import Settings

pytestmark = pytest.mark.slow


def _complete(*extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "extraction.llm.probe", "--gguf", str(smollm2_gguf()), *extra],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_one_llamacpp_completion_in_a_subprocess() -> None:
    done = _complete()
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["text"].strip()


def test_one_llamacpp_completion_with_the_memory_adapter(settings: Settings) -> None:
    done = _complete("--lora", str(settings.memory_adapter / ADAPTER_FILE))
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["text"].strip()
