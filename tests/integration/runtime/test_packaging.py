"""A non-editable install (``pip install .`` into a fresh venv) carries the shipped adapter.

The project is copied to a temporary folder first, so the build never writes into the checkout.
The fresh venv gets the project alone (``--no-deps``); the dependencies are borrowed from the
development venv through PYTHONPATH, whose entries do not run the editable install's finder.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
ADAPTER_FILES = ("adapter.gguf", "adapter_model.safetensors", "adapter_config.json")

pytestmark = pytest.mark.slow


def test_a_plain_install_has_the_memory_adapter(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", "build"),
    )
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", str(source)],
        check=True,
        cwd=tmp_path,
    )
    probe = (
        "from hybrid.settings import Settings; a = Settings().memory_adapter; "
        "print(a); print(*sorted(p.name for p in a.iterdir()))"
    )
    out = subprocess.run(
        [str(python), "-c", probe],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": sysconfig.get_paths()["purelib"], "PATH": "/usr/bin:/bin"},
    ).stdout.splitlines()
    assert out[0].startswith(str(venv)), f"the adapter resolved outside the install: {out[0]}"
    assert set(ADAPTER_FILES) <= set(out[1].split())
