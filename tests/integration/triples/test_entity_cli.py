"""`recallgraph entities`, `entities merge`, `entities split`, `entities merges` through
CliRunner on the real stack."""

from __future__ import annotations

import json

from click.testing import CliRunner

from app.cli import cli


def _run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output


def test_list_merge_split_and_merges(space: str) -> None:
    _run("facts", "add", "Olek Brandt", "lives in", "Gdansk", "--space", space)
    _run("facts", "add", "Olek M. Brandt", "works for", "Vantor", "--space", space)
    out = _run(
        "entities",
        "merge",
        "Olek M. Brandt",
        "Olek Brandt",
        "--reason",
        "middle initial",
        "--space",
        space,
    )
    assert out.startswith("Merged 'Olek M. Brandt' into 'Olek Brandt': 1 fact moved")
    listed = _run("entities", "--space", space)
    assert "Olek Brandt  [2/2 facts]  aliases: Olek M. Brandt (merge: middle initial)" in listed
    rows = [json.loads(line) for line in _run("entities", "--space", space, "--json").splitlines()]
    assert [r["name"] for r in rows] == ["Gdansk", "Olek Brandt", "Vantor"]
    assert "middle initial" in _run("entities", "merges", "--space", space)
    out = _run("entities", "split", "Olek M. Brandt", "--space", space)
    assert out.strip() == "Split 'Olek M. Brandt' from 'Olek Brandt': 1 fact moved back."
    assert "aliases" not in _run("entities", "--space", space, "--contains", "brandt")
    assert "split at" in _run("entities", "merges", "--space", space)
    paged = _run("entities", "--space", space, "--limit", "1")
    assert "(1 of 4 shown; --skip and --limit for more)" in paged


def test_mistakes_are_one_line_errors(space: str) -> None:
    _run("facts", "add", "Olek Brandt", "lives in", "Gdansk", "--space", space)
    assert "error: no entity 'Olek'" in _run(
        "entities", "merge", "Olek", "Olek Brandt", "--space", space, code=3
    )
    assert "into itself" in _run("entities", "merge", "Gdansk", "gdansk", "--space", space, code=2)
    assert "never merged" in _run("entities", "split", "Gdansk", "--space", space, code=3)
    assert "does not exist" in _run("entities", "--space", f"none-{space}", code=3)
