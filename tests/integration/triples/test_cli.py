"""`recallgraph facts`, `history`, `export`, `import` through CliRunner on the real stack."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from app.cli import cli
from graph.spaces import delete_space, space_exists
from graph.store import GraphStore
from tests.conftest import new_space_name


def _run(*args: str, input: str | None = None) -> str:
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_add_list_history_and_delete(space: str) -> None:
    assert "added 1" in _run(
        "facts", "add", "Brandon", "plans to travel to", "Paris", "--space", space
    )
    assert "confirmed 1" in _run(
        "facts", "add", "Brandon", "plans to travel to", "Paris", "--space", space
    )
    out = _run("facts", "add", "Brandon", "plans to travel to", "Brazil", "--space", space)
    assert out.startswith("t=3:") and "superseded 1" in out

    now = _run("facts", "--space", space, "--subject", "Brandon")
    assert "Brazil" in now and "Paris" not in now
    then = _run(
        "facts", "--space", space, "-s", "Brandon", "-r", "plans to travel to", "--as-of", "2"
    )
    assert "t=1..3" in then and "Paris" in then

    history = _run("history", "Brandon", "--space", space)
    assert history.index("Paris") < history.index("Brazil")
    assert "from 'Brandon plans to travel to Paris' (writer manual)" in history

    rows = [
        json.loads(line)
        for line in _run("facts", "--space", space, "--history", "--json").splitlines()
    ]
    assert sorted(r["object"] for r in rows) == ["Brazil", "Paris"]
    brazil = next(r for r in rows if r["object"] == "Brazil")
    _run("facts", "delete", brazil["id"], "--space", space)
    assert "Brazil" not in _run("facts", "--space", space, "--history")


def test_retract_and_fuzzy_listing(space: str) -> None:
    _run("facts", "add", "Carter", "works for", "Acme", "--space", space)
    # "employed by" is read as the canonical "works for": an exact read, no similarity needed
    listed = _run("facts", "--space", space, "-s", "Carter", "-r", "employed by")
    assert "Acme" in listed and "(similarity" not in listed
    assert "retracted 1" in _run("facts", "retract", "Carter", "employed by", "--space", space)
    assert _run("facts", "--space", space, "-s", "Carter").strip() == "No facts."
    assert "retracted 0" in _run("facts", "add", "Carter", "not likes", "*", "--space", space)


def test_apply_runs_memory_calls(space: str) -> None:
    _run("facts", "apply", "({MEM_WRITE--> Dana>>lives in>>Lyon})", "--space", space)
    out = _run(
        "facts",
        "apply",
        "-",
        "--space",
        space,
        input="Dana lives in ({MEM_READ(Dana>>lives in>>)-->",
    )
    assert out.strip() == "Dana lives in ({MEM_READ(Dana>>lives in>>)--> Lyon})"


def test_export_then_import(space: str, store: GraphStore, tmp_path: Path) -> None:
    _run("facts", "add", "Erin", "likes", "chess", "--space", space)
    dump = tmp_path / "memory.jsonl"
    assert "1 facts" in _run("export", "--space", space, "-o", str(dump))
    assert json.loads(_run("export", "--space", space).splitlines()[0])["kind"] == "space"
    target = new_space_name()
    try:
        assert "1 facts" in _run("import", str(dump), "--space", target)
        assert "chess" in _run("facts", "--space", target)
        refused = CliRunner().invoke(cli, ["import", str(dump), "--space", target])
        assert refused.exit_code == 3 and "not empty" in refused.output
    finally:
        if space_exists(store, target):
            delete_space(store, target)


def test_errors_are_one_line_with_exit_codes(space: str) -> None:
    missing = CliRunner().invoke(cli, ["facts", "delete", "no-such-id", "--space", space])
    assert missing.exit_code == 3 and missing.output.startswith("error: no fact with id")
    bad = CliRunner().invoke(cli, ["facts", "add", "a;b", "likes", "tea", "--space", space])
    assert bad.output == "error: subject contains ';', which the API reserves\n"
    assert bad.exit_code == 2
    unknown = CliRunner().invoke(cli, ["history", "x", "--space", new_space_name()])
    assert unknown.exit_code == 3 and "does not exist" in unknown.output
