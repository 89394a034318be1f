"""`recallgraph doctor`: each check in a child process; a failure names itself and its remedy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def doctor(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", "doctor", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=os.environ | (env or {}),
        check=False,
    )


def test_the_checks_pass_here_and_say_what_they_saw() -> None:
    done = doctor("--check", "tagger", "--check", "minilm", "--check", "llamacpp", "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["check"], r["status"]) for r in rows] == [
        ("tagger", "ok"),
        ("minilm", "ok"),
        ("llamacpp", "ok"),
    ]
    assert "Paris/NNP" in rows[0]["detail"] and rows[1]["detail"] == "384-d unit vector"


def test_a_failed_check_exits_1_with_its_error_and_remedy(tmp_path: Path) -> None:
    done = doctor(
        "--check",
        "tagger",
        "--check",
        "llamacpp-adapter",
        env={"RECALLGRAPH_MEMORY_ADAPTER": str(tmp_path / "no-adapter")},
    )
    assert done.returncode == 1
    assert "ok    tagger" in done.stdout
    assert "FAIL  llamacpp-adapter" in done.stdout
    assert "AssetMissingError: no memory-model adapter at" in done.stdout
    assert "remedy: restore extraction/adapters/memory-lora/adapter.gguf" in done.stdout
    assert "1 of 2 checks failed" in done.stdout


def test_llamacpp_checks_are_skipped_when_both_engines_are_transformers() -> None:
    env = {"RECALLGRAPH_LLM_BACKEND": "transformers", "RECALLGRAPH_MEMORY_ENGINE": "transformers"}
    done = doctor("--check", "llamacpp", env=env)
    assert done.returncode == 0
    assert "skip  llamacpp" in done.stdout
