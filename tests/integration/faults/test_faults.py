"""Fault runs with real processes on loopback (``experiments.faults``): Neo4j, the Chroma server
and the service killed in the middle of a 2,000-statement HTTP stream, a delete while Chroma is
down, a streaming client that never reads. Each run is bounded in time; the lab has a Neo4j of
its own, so the suite's shared server is never touched."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from experiments.fault_harness import FaultLab
from experiments.faults import (
    STATEMENTS,
    chroma_killed,
    delete_while_chroma_down,
    neo4j_killed,
    service_killed,
    stuck_client,
)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def lab() -> Iterator[FaultLab]:
    with FaultLab() as started:
        yield started


def assert_each_once(row: dict[str, Any]) -> None:
    assert row["sent"] == row["acknowledged"] == STATEMENTS, row
    assert row["in Neo4j"] == row["in Chroma"] == row["acknowledged"], row
    assert row["stored twice"] == row["stored, not acknowledged"] == row["left pending"] == 0, row
    assert row["each once"], row


def test_neo4j_killed_after_a_commit_it_never_answered(lab: FaultLab) -> None:
    assert_each_once(neo4j_killed(lab))


def test_the_chroma_server_killed_and_restarted(lab: FaultLab) -> None:
    assert_each_once(chroma_killed(lab))


def test_the_service_killed_between_the_neo4j_commit_and_the_chroma_add(lab: FaultLab) -> None:
    assert_each_once(service_killed(lab))


def test_a_delete_while_chroma_is_down_fails_whole_and_a_recreated_space_is_empty(
    lab: FaultLab,
) -> None:
    row = delete_while_chroma_down(lab)
    assert row["delete while down"] == 503, row
    assert row["kept while down"] == row["before the delete"] == 200, row
    assert row["delete after"] == 200, row
    assert row["in Neo4j"] == row["in Chroma"] == row["acknowledged"] == 1, row
    assert row["stored, not acknowledged"] == 0 and row["each once"], row


def test_a_client_that_never_reads_delays_others_by_at_most_the_write_timeout(
    lab: FaultLab,
) -> None:
    row = stuck_client(lab)
    assert row["within"], row
