"""Every experiment's --quick run, for real (the full runs are run by hand)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from app.cli import cli

pytestmark = pytest.mark.slow


def test_quick_experiments_write_results_tables_and_plots(tmp_path: Path) -> None:
    belief = tmp_path / "belief"
    result = CliRunner().invoke(cli, ["experiment", "belief", "--quick", "--out", str(belief)])
    assert result.exit_code == 0, result.output
    record = json.loads((belief / "results.json").read_text())
    systems = set(record["rows"][0])
    assert {"graph", "triples", "vector", "recent", "hybrid-llm", "hybrid-oracle"} <= systems
    assert (belief / "standard.png").stat().st_size > 0
    assert "Reproduce" in (belief / "README.md").read_text()
    first_run = record["measured_at"], record["setup"]["wall time"], record["command"]
    again = ["experiment", "belief", "--quick", "--reanalyse", "--out", str(belief)]
    result = CliRunner().invoke(cli, again)
    assert result.exit_code == 0, result.output
    reanalysed = json.loads((belief / "results.json").read_text())
    assert (
        reanalysed["measured_at"],
        reanalysed["setup"]["wall time"],
        reanalysed["command"],
    ) == first_run
    assert reanalysed["rows"] == record["rows"]
    causes = reanalysed["tables"]["Wrong answers by cause (both sets, every repetition)"]
    assert {row["reader"] for row in causes} == {"graph", "triples", "vector", "recent"}

    duorc = tmp_path / "duorc"
    result = CliRunner().invoke(cli, ["experiment", "duorc", "--quick", "--out", str(duorc)])
    assert result.exit_code == 0, result.output
    rows = json.loads((duorc / "results.json").read_text())["rows"]
    assert {r["system"] for r in rows} >= {"graph", "vector", "hybrid-llm", "hybrid-oracle"}
    assert all(r["questions"] == 3 for r in rows)
