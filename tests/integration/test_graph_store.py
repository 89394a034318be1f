"""The graph store against the real Neo4j: schema, clock, spaces, provenance."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from graph.errors import NotFoundError
from graph.schema import MIGRATIONS, apply_migrations, apply_schema_statement, schema_version
from graph.spaces import (
    create_space,
    current_t,
    delete_space,
    describe_space,
    list_spaces,
    require_space,
)
from graph.store import GraphStore
from graph.updates import StatementRecord, get_statement, statements_after, write_update
from tests.conftest import new_space_name


def _statement(text: str, statement_id: str | None = None) -> StatementRecord:
    return StatementRecord(id=statement_id or str(uuid.uuid4()), text=text, source="test")


def test_schema_bootstrap_twice_changes_nothing(store: GraphStore) -> None:
    apply_migrations(store)
    assert apply_migrations(store) == []
    for statement in MIGRATIONS[0].statements:
        store.run_autocommit(statement)
    assert schema_version(store) == MIGRATIONS[-1].id
    indexes = {row["name"] for row in store.query("SHOW INDEXES YIELD name RETURN name")}
    assert {"entity_embedding", "relation_embedding", "concept_key"} <= indexes


def test_processes_creating_the_same_index_at_once_all_succeed(store: GraphStore) -> None:
    """Two processes migrating a fresh database race between ``IF NOT EXISTS`` and the
    creation: Neo4j answers the losers "equivalent index already exists" (seen with
    eval-writes started twice on a new machine)."""
    name = f"race_probe_{uuid.uuid4().hex[:8]}"
    statement = f"CREATE INDEX {name} IF NOT EXISTS FOR (n:RaceProbe) ON (n.{name})"
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(lambda _: apply_schema_statement(store, statement), range(8)))
        assert name in {row["name"] for row in store.query("SHOW INDEXES YIELD name")}
    finally:
        store.run_autocommit(f"DROP INDEX {name} IF EXISTS")


def test_concurrent_writers_get_distinct_consecutive_t(store: GraphStore, space: str) -> None:
    def writer(worker: int) -> list[int]:
        return [
            write_update(store, space, _statement(f"worker {worker} update {i}")).t
            for i in range(50)
        ]

    with ThreadPoolExecutor(max_workers=8) as pool:
        per_worker = list(pool.map(writer, range(8)))
    all_t = sorted(t for ts in per_worker for t in ts)
    assert all_t == list(range(1, 401))
    for ts in per_worker:
        assert ts == sorted(ts), "one writer's updates must get increasing t"
    assert current_t(store, space) == 400


def test_resending_a_statement_id_stores_nothing_twice(store: GraphStore, space: str) -> None:
    first = write_update(store, space, _statement("Brandon likes tea.", "s-1"))
    again = write_update(store, space, _statement("Brandon likes tea.", "s-1"))
    assert (first.t, first.duplicate) == (1, False)
    assert (again.t, again.duplicate) == (1, True)
    assert current_t(store, space) == 1
    assert describe_space(store, space).statements == 1


def test_spaces_do_not_see_each_other(store: GraphStore, space: str) -> None:
    other = new_space_name()
    create_space(store, other)
    try:
        write_update(store, space, _statement("Only in the first space."))
        write_update(store, other, _statement("Only in the second space."))
        write_update(store, other, _statement("Second space again."))
        mine = [row["text"] for row in statements_after(store, space)]
        theirs = [row["text"] for row in statements_after(store, other)]
        assert mine == ["Only in the first space."]
        assert theirs == ["Only in the second space.", "Second space again."]
        assert current_t(store, space) == 1
        assert current_t(store, other) == 2
    finally:
        delete_space(store, other)


def test_cypher_injection_is_stored_verbatim_and_changes_nothing(
    store: GraphStore, space: str
) -> None:
    bystander = new_space_name()
    create_space(store, bystander)
    write_update(store, bystander, _statement("An innocent statement."))
    attack = (
        "x'}) MATCH (n) DETACH DELETE n //\"; MATCH (n) SET n.pwned = true RETURN n; "
        "CALL dbms.security.changePassword('x') `]->"
    )
    try:
        receipt = write_update(store, space, _statement(attack, "attack"))
        stored = get_statement(store, space, "attack")
        assert stored is not None and stored["text"] == attack and stored["t"] == receipt.t
        assert [row["text"] for row in statements_after(store, bystander)] == [
            "An innocent statement."
        ]
        pwned = store.query("MATCH (n) WHERE n.pwned IS NOT NULL RETURN count(n) AS n")
        assert pwned[0]["n"] == 0
    finally:
        delete_space(store, bystander)


def test_list_describe_and_delete_spaces(store: GraphStore, space: str) -> None:
    write_update(store, space, _statement("Carter lives in Boston."))
    names = {s.name for s in list_spaces(store)}
    assert space in names
    summary = describe_space(store, space)
    assert (summary.t, summary.statements) == (1, 1)
    delete_space(store, space, keep_space=True)
    assert describe_space(store, space).statements == 0
    assert current_t(store, space) == 0
    delete_space(store, space)
    with pytest.raises(NotFoundError, match=space):
        require_space(store, space)
