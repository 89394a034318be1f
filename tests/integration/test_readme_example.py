"""The README's Python example runs as written, in a process of its own, with the default
writer (the memory model), against the suite's Neo4j and a throw-away ChromaDB."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"

pytestmark = pytest.mark.slow


def python_example() -> str:
    section = README.read_text().split("## Use it from Python", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found, "the README's Python section has no python block"
    return found.group(1)


def test_the_readme_python_example_runs_as_written(tmp_path: Path) -> None:
    env = os.environ | {
        "CHROMA_PATH": str(tmp_path / "chroma"),
        "RECALLGRAPH_TRIPLE_WRITER": "model",
    }
    done = subprocess.run(
        [sys.executable, "-c", python_example()],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert "Initech" in lines[0], f"the answer: {lines[0]!r}"
    assert any("Initech" in line and line.endswith("None") for line in lines[1:]), lines
