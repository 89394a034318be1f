"""How many of the project's files one statement and one question pass through.

Runs ``recallgraph ingest --writer model`` on one statement and ``recallgraph ask --mode hybrid``
on one question, each in a fresh process under a profiler, and counts the project files in which
a function ran. The command line is imported before the profiler starts, so what the imports alone
run is not counted: importing a module is not passing through it.
It drives the command line only, so the same file measures any commit of the project:

    python -m experiments.code_path [--list]
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
import threading
import uuid
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("app", "graph", "extraction", "hybrid", "experiments")
STATEMENT = "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead."
QUESTION = "Where does Brandon plan on traveling for his next vacation?"


def traced_files(argv: Sequence[str]) -> list[str]:
    """Run ``recallgraph argv`` in this process; the project files whose functions ran."""
    seen: set[str] = set()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_name != "<module>":
            seen.add(frame.f_code.co_filename)

    command_line = importlib.import_module("app.cli")
    sys.argv = ["recallgraph", *argv]
    sys.setprofile(profile)
    threading.setprofile(profile)
    try:
        command_line.main()
    except SystemExit as e:
        if e.code not in (0, None):
            raise
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]
    roots = [ROOT / package for package in PACKAGES]
    return sorted(
        str(Path(f).relative_to(ROOT))
        for f in seen
        if any(Path(f).is_relative_to(root) for root in roots)
    )


def in_child(argv: Sequence[str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "experiments.code_path", "--trace", *argv],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trace", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    parser.add_argument("--list", action="store_true", help="Also list the files.")
    args = parser.parse_args()
    if args.trace is not None:
        print(json.dumps(traced_files(args.trace)))
        return
    space = f"code-path-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory() as folder:
        statement = Path(folder) / "statement.txt"
        statement.write_text(STATEMENT + "\n")
        paths = {
            "a statement (ingest --writer model)": in_child(
                ["ingest", str(statement), "--space", space, "--writer", "model"]
            ),
            "a question (ask --mode hybrid)": in_child(
                ["ask", QUESTION, "--space", space, "--mode", "hybrid"]
            ),
        }
    subprocess.run(
        [sys.executable, "-m", "app.cli", "reset", "--space", space, "--yes"],
        check=True,
        capture_output=True,
    )
    for what, files in paths.items():
        folders = sorted({f.split("/")[0] for f in files})
        print(f"{what}: {len(files)} files in {len(folders)} folders ({', '.join(folders)})")
        if args.list:
            print("".join(f"  {f}\n" for f in files), end="")


if __name__ == "__main__":
    main()
