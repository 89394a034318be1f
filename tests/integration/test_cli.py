"""The command line against the real Neo4j (click's runner, in-process)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from app.cli import cli
from graph.spaces import describe_space, space_exists
from graph.store import GraphStore


def run(*args: str, stdin: bytes | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), input=stdin)


def test_ingest_a_file_twice_stores_each_statement_once(
    store: GraphStore, space: str, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Brandon bought a guitar.\n\nCarter sold a piano.\n")
    first = run("ingest", str(notes), "--space", space)
    assert first.exit_code == 0, first.output
    assert "Stored 2 new statements" in first.output and "t=1..2" in first.output
    again = run("ingest", str(notes), "--space", space)
    assert "Stored 0 new statements" in again.output and "2 were already stored" in again.output
    assert describe_space(store, space).statements == 2


def test_ingest_json_lines_from_stdin(store: GraphStore, space: str) -> None:
    body = b'{"text": "Brandon is in Paris.", "id": "a"}\n{"text": "Brandon is in Rome."}\n'
    result = run("ingest", "-", "--space", space, stdin=body)
    assert result.exit_code == 0, result.output
    rows = store.query(
        "MATCH (st:Statement {space: $space}) RETURN st.id AS id, st.source AS source "
        "ORDER BY st.t",
        space=space,
    )
    assert rows[0] == {"id": "a", "source": "stdin"}


def test_bad_input_is_one_line_and_stores_nothing(store: GraphStore, space: str) -> None:
    result = run("ingest", "-", "--space", space, stdin=b'{"text": "ok"}\n{"text": \n')
    assert result.exit_code == 2
    assert "line 2: malformed JSON" in result.output
    assert describe_space(store, space).statements == 0
    missing = run("ingest", "/no/such/file.txt", "--space", space)
    assert missing.exit_code == 2 and "no such file" in missing.output


def test_spaces_and_reset(store: GraphStore, space: str) -> None:
    run("ingest", "-", "--space", space, stdin=b"Brandon bought a guitar.\n")
    listing = run("spaces")
    assert listing.exit_code == 0 and space in listing.output
    refused = run("reset", "--space", space)
    assert refused.exit_code != 0 and "--yes" in refused.output
    assert run("reset", "--space", space, "--yes").exit_code == 0
    assert describe_space(store, space).statements == 0
    bad = run("reset", "--space", "bad name", "--yes")
    assert bad.exit_code == 2 and "space name" in bad.output


def test_the_demo_never_wipes_a_space_it_did_not_create(store: GraphStore, space: str) -> None:
    run("ingest", "-", "--space", space, stdin=b"Brandon bought a guitar.\n")
    refused = run("demo", "--space", space)
    assert refused.exit_code == 3, refused.output
    assert "was not made by the demo" in refused.output
    assert describe_space(store, space).statements == 1


def test_import_names_the_bad_line_and_writes_nothing(
    store: GraphStore, space: str, tmp_path: Path
) -> None:
    run("ingest", "-", "--space", space, stdin=b"Brandon bought a guitar.\nCarter sang.\n")
    export = tmp_path / "export.jsonl"
    assert run("export", "--space", space, "-o", str(export)).exit_code == 0
    lines = export.read_text().splitlines()
    assert json.loads(lines[-1]) == {"kind": "end", "statements": 2, "facts": 0}
    copy = f"{space}-copy"
    for bad, needle in (
        ("\n".join(lines[:-1]), "cut short"),
        ("\n".join([lines[0], "[" * 5000 + "]" * 5000, *lines[1:]]), "line 2: the JSON is nested"),
    ):
        (tmp_path / "bad.jsonl").write_text(bad)
        result = run("import", str(tmp_path / "bad.jsonl"), "--space", copy)
        assert result.exit_code == 2 and needle in result.output, result.output
        assert "Traceback" not in result.output
    (tmp_path / "latin1.jsonl").write_bytes(export.read_bytes() + b'{"kind": "caf\xe9"}\n')
    result = run("import", str(tmp_path / "latin1.jsonl"), "--space", copy)
    assert result.exit_code == 2 and "line 5 is not valid UTF-8" in result.output
    assert not space_exists(store, copy)
    imported = run("import", str(export), "--space", copy)
    try:
        assert imported.exit_code == 0, imported.output
        assert "Wrote 2 statements to the vector store" in imported.output
        assert describe_space(store, copy).statements == 2
    finally:
        run("reset", "--space", copy, "--yes")
