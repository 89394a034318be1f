"""JSON Lines export and import: a round trip reproduces every fact, interval and source."""

from __future__ import annotations

import io
import json

import pytest

from extraction.memory_api import Query, Triple
from graph.errors import ConflictError, InvalidInputError
from graph.facts_read import FactRecord
from graph.spaces import create_space, current_t, delete_space
from hybrid.memory_io import export_space, import_space
from hybrid.triple_memory import TripleMemory
from tests.conftest import new_space_name
from tests.integration.triples.conftest import fact, write_at


def _facts(memory: TripleMemory, space: str) -> list[tuple]:
    found = memory.list(space, history=True, limit=1000)
    assert not found.truncated

    def key(f: FactRecord) -> tuple:
        return (
            f.subject,
            f.relation,
            f.object,
            f.t_from,
            f.t_to,
            f.t_confirmed,
            f.confirmations,
            f.statement_id,
            f.statement,
            f.source,
            f.writer,
            f.closed_by,
        )

    return sorted(key(f) for f in found.facts)


def _filled(memory: TripleMemory, space: str) -> None:
    write_at(memory, space, 1, fact("Brandon", "plans to travel to", "Paris"))
    write_at(
        memory,
        space,
        4,
        fact("Brandon", "plans to travel to", "Paris"),
        fact("Zoë", "likes", "tea"),
    )
    write_at(memory, space, 9, fact("Brandon", "plans to travel to", "Brazil"))
    write_at(memory, space, 12, Triple.from_parts("Zoë", "not likes", "tea"))
    write_at(memory, space, 14, fact("United States", "capital", "Washington, D.C."))


def test_round_trip_into_an_empty_space(memory: TripleMemory, space: str) -> None:
    _filled(memory, space)
    buffer = io.StringIO()
    summary = export_space(memory.store, space, buffer)
    assert (summary.statements, summary.facts) == (14, 4)
    target = new_space_name()
    try:
        imported = import_space(memory, target, io.StringIO(buffer.getvalue()))
        assert (imported.statements, imported.facts, imported.clock) == (14, 4, 14)
        assert _facts(memory, target) == _facts(memory, space)
        assert current_t(memory.store, target) == 14
        later = memory.write(target, [fact("Brandon", "plans to travel to", "Oslo")], writer="t")
        assert later.t == 15
        query = Query(subject="Brandon", relation="plans to travel to")
        assert [f.object for f in memory.read(target, query, as_of=10).facts] == ["Brazil"]
        assert [f.object for f in memory.read(target, Query(object="USA")).facts] == []
        assert memory.read(target, Query(subject="USA")).facts, "names were re-embedded"
        again = io.StringIO()
        export_space(memory.store, target, again)
        added = 2  # the later write's statement and fact
        assert len(again.getvalue().splitlines()) == len(buffer.getvalue().splitlines()) + added
    finally:
        delete_space(memory.store, target)


def test_import_refuses_a_space_that_holds_anything(memory: TripleMemory, space: str) -> None:
    _filled(memory, space)
    buffer = io.StringIO()
    export_space(memory.store, space, buffer)
    with pytest.raises(ConflictError, match="not empty"):
        import_space(memory, space, io.StringIO(buffer.getvalue()))
    assert current_t(memory.store, space) == 14


def test_unknown_kinds_are_skipped_and_bad_lines_named(memory: TripleMemory, space: str) -> None:
    lines = [
        json.dumps(
            {"kind": "space", "format": "recallgraph-memory", "version": 1, "name": "x", "t": 3}
        ),
        json.dumps({"kind": "statement", "id": "a", "t": 2, "text": "Ann likes tea."}),
        json.dumps({"kind": "concept", "label": "tea"}),
        json.dumps(
            {
                "kind": "fact",
                "subject": "Ann",
                "relation": "likes",
                "object": "tea",
                "t_from": 2,
                "statement_id": "a",
            }
        ),
    ]
    summary = import_space(memory, space, lines)
    assert summary.skipped == {"concept": 1} and summary.clock == 3
    (found,) = memory.read(space, Query(subject="Ann")).facts
    assert (found.t_confirmed, found.writer, found.statement) == (2, "import", "Ann likes tea.")
    create_space(memory.store, other := new_space_name())
    try:
        with pytest.raises(InvalidInputError, match="line 2"):
            import_space(memory, other, [lines[0], '{"kind": "fact", "subject": "x"}'])
        orphan = json.loads(lines[3]) | {"statement_id": "missing"}
        with pytest.raises(InvalidInputError, match="no statement line"):
            import_space(memory, other, [json.dumps(orphan)])
        assert current_t(memory.store, other) == 0, "a refused import writes nothing"
    finally:
        delete_space(memory.store, other)
