"""Belief updates on the real Neo4j: superseding, accumulating, confirming, retracting, as of t."""

from __future__ import annotations

import uuid

import pytest

from extraction.memory_api import Query, Triple
from graph.errors import NotFoundError
from graph.spaces import current_t, delete_space, describe_space
from graph.updates import StatementRecord, get_statement, write_update
from hybrid.triple_memory import TripleMemory
from tests.integration.triples.conftest import fact, write_at

TRAVEL = "plans to travel to"


def _objects(
    memory: TripleMemory,
    space: str,
    query: Query,
    *,
    as_of: int | None = None,
    history: bool = False,
) -> list[str]:
    return sorted(f.object for f in memory.read(space, query, as_of=as_of, history=history).facts)


def test_the_brandon_scenario(memory: TripleMemory, space: str) -> None:
    first = write_at(memory, space, 1, fact("Brandon", TRAVEL, "Paris"))
    again = write_at(memory, space, 40, fact("Brandon", TRAVEL, "Paris"))
    later = write_at(memory, space, 90, fact("Brandon", TRAVEL, "Brazil"))
    assert again.ids("confirmed") == first.ids("added"), "the same fact twice is re-confirmed"
    assert later.ids("superseded") == first.ids("added")

    asked = Query(subject="Brandon", relation=TRAVEL)
    assert _objects(memory, space, asked) == ["Brazil"]
    assert _objects(memory, space, asked, as_of=50) == ["Paris"]
    assert _objects(memory, space, asked, as_of=89) == ["Paris"]
    assert _objects(memory, space, asked, as_of=90) == ["Brazil"]
    assert _objects(memory, space, asked, as_of=0) == []

    history = memory.history(space, "Brandon")
    assert [(f.object, f.t_from, f.t_to) for f in history] == [
        ("Paris", 1, 90),
        ("Brazil", 90, None),
    ]
    paris = history[0]
    assert (paris.t_confirmed, paris.confirmations) == (40, 2)
    assert paris.statement == f"Brandon {TRAVEL} Paris" and paris.writer == "test"
    assert paris.closed_by == later.update.statement_id

    subject_only = memory.read(space, Query(subject="Brandon"))
    assert [f.object for f in subject_only.facts] == ["Brazil"], "current facts only"
    everything = memory.read(space, Query(subject="Brandon"), history=True)
    assert sorted(f.object for f in everything.facts) == ["Brazil", "Paris"]
    assert describe_space(memory.store, space).facts == 2


def test_multi_valued_relations_accumulate(memory: TripleMemory, space: str) -> None:
    write_at(memory, space, 1, fact("Brandon", "likes", "tea"))
    write_at(
        memory, space, 2, fact("Brandon", "likes", "coffee"), fact("Brandon", "visited", "Rome")
    )
    write_at(memory, space, 3, fact("Brandon", "visited", "Oslo"))
    assert _objects(memory, space, Query(subject="Brandon", relation="likes")) == ["coffee", "tea"]
    assert _objects(memory, space, Query(subject="Brandon", relation="visited")) == ["Oslo", "Rome"]
    assert _objects(memory, space, Query(subject="Brandon", relation="likes"), as_of=1) == ["tea"]


def test_unlisted_relations_take_the_cardinality_of_a_close_listed_one(
    memory: TripleMemory, space: str
) -> None:
    assert memory.config.cardinality.listed("currently resides in") is None
    write_at(memory, space, 1, fact("Carter", "currently resides in", "Boston"))
    write_at(memory, space, 2, fact("Carter", "currently resides in", "Denver"))
    write_at(memory, space, 3, fact("Carter", "collects", "stamps"))
    write_at(memory, space, 4, fact("Carter", "collects", "coins"))
    assert _objects(memory, space, Query(subject="Carter", relation="currently resides in")) == [
        "Denver"
    ]
    assert _objects(memory, space, Query(subject="Carter", relation="collects")) == [
        "coins",
        "stamps",
    ]


def test_one_update_keeps_the_last_value_of_a_single_valued_relation(
    memory: TripleMemory, space: str
) -> None:
    receipt = write_at(
        memory,
        space,
        1,
        fact("Dana", "lives in", "Lyon"),
        fact("Dana", "lives in", "Nice"),
        fact("Dana", "lives in", "Nice"),
    )
    assert [t.object for t in receipt.dropped] == ["Lyon"]
    assert len(receipt.ids("added")) == 1
    assert _objects(memory, space, Query(subject="Dana", relation="lives in"), history=True) == [
        "Nice"
    ]


def test_keys_merge_surface_forms(memory: TripleMemory, space: str) -> None:
    write_at(memory, space, 1, fact("The Beatles", "is signed to", "EMI"))
    second = write_at(memory, space, 2, fact("beatles", "signed to", "E.M.I."))
    assert second.ids("confirmed"), "same keys: the second write re-confirms the first"
    (found,) = memory.read(space, Query(subject="BEATLES")).facts
    assert (found.subject, found.relation, found.object) == ("The Beatles", "is signed to", "EMI")


def test_retraction_closes_any_current_value_even_under_a_synonym(
    memory: TripleMemory, space: str
) -> None:
    hired = write_at(memory, space, 1, fact("Brandon", "works for", "Acme"))
    write_at(memory, space, 2, fact("Brandon", "likes", "tea"))
    gone = write_at(memory, space, 5, Triple.from_parts("Brandon", "not employed by", "*"))
    assert gone.ids("retracted") == hired.ids("added"), "'no longer employed' closes 'works for'"
    assert _objects(memory, space, Query(subject="Brandon")) == ["tea"]
    assert _objects(memory, space, Query(subject="Brandon", relation="works for"), as_of=4) == [
        "Acme"
    ]
    (version,) = memory.history(space, "Brandon", "works for")
    assert (version.t_from, version.t_to) == (1, 5)


def test_retraction_of_one_value_leaves_the_others(memory: TripleMemory, space: str) -> None:
    write_at(memory, space, 1, fact("Brandon", "likes", "tea"), fact("Brandon", "likes", "jazz"))
    receipt = write_at(memory, space, 2, Triple.from_parts("Brandon", "no longer likes", "tea"))
    assert len(receipt.ids("retracted")) == 1
    assert _objects(memory, space, Query(subject="Brandon", relation="likes")) == ["jazz"]
    nothing = write_at(memory, space, 3, Triple.from_parts("Brandon", "not owns", "*"))
    assert nothing.ids("retracted") == [], "an unrelated relation closes nothing"


def test_a_retraction_and_a_new_value_in_one_update(memory: TripleMemory, space: str) -> None:
    write_at(memory, space, 1, fact("Erin", "likes", "golf"))
    write_at(
        memory,
        space,
        2,
        fact("Erin", "likes", "chess"),
        Triple.from_parts("Erin", "not likes", "*"),
    )
    assert _objects(memory, space, Query(subject="Erin", relation="likes")) == ["chess"]


def test_facts_share_the_update_of_their_statement(memory: TripleMemory, space: str) -> None:
    statement = StatementRecord(
        id="s-42", text="Brandon, who works for Acme, plans to visit Paris.", source="chat"
    )
    triples = [fact("Brandon", "works for", "Acme"), fact("Brandon", TRAVEL, "Paris")]
    prepared = memory.prepare(space, triples, writer="model:test", source="chat")
    receipt = write_update(memory.store, space, statement, [prepared.part])
    again = write_update(memory.store, space, statement, [prepared.part])
    assert (receipt.t, again.t, again.duplicate) == (1, 1, True), "re-sending writes nothing"
    assert len(receipt.written["facts"]["added"]) == 2
    assert current_t(memory.store, space) == 1
    for found in memory.read(space, Query(subject="Brandon")).facts:
        assert (found.t_from, found.statement_id, found.writer) == (1, "s-42", "model:test")
        assert found.statement == statement.text and found.source == "chat"
    assert get_statement(memory.store, space, "s-42") is not None


def test_reads_with_more_than_q_thr_matches_are_dropped(memory: TripleMemory, space: str) -> None:
    q_thr = memory.config.q_thr
    fans = [fact(f"Fan {i}", "likes", "Radiohead") for i in range(q_thr + 1)]
    write_at(memory, space, 1, *fans)
    crowded = memory.read(space, Query(relation="likes", object="Radiohead"))
    assert crowded.ambiguous and crowded.facts == []
    memory.delete(space, memory.read(space, Query(subject="Fan 0")).facts[0].id)
    fits = memory.read(space, Query(relation="likes", object="Radiohead"))
    assert not fits.ambiguous and len(fits.facts) == q_thr


def test_delete_really_deletes(memory: TripleMemory, space: str) -> None:
    receipt = write_at(memory, space, 1, fact("Brandon", "likes", "tea"))
    (fact_id,) = receipt.ids("added")
    memory.delete(space, fact_id)
    assert memory.history(space, "Brandon") == []
    with pytest.raises(NotFoundError, match=fact_id):
        memory.delete(space, fact_id)
    with pytest.raises(NotFoundError):
        memory.delete(space, str(uuid.uuid4()))


def test_spaces_do_not_share_facts(memory: TripleMemory, space: str) -> None:
    write_at(memory, space, 1, fact("Brandon", "likes", "tea"))
    other = f"{space}-x"
    try:
        memory.write(other, [fact("Brandon", "likes", "coffee")], writer="test")
        assert _objects(memory, space, Query(subject="Brandon")) == ["tea"]
        assert _objects(memory, other, Query(subject="Brandon")) == ["coffee"]
        with pytest.raises(NotFoundError):
            memory.delete(other, memory.read(space, Query(subject="Brandon")).facts[0].id)
    finally:
        delete_space(memory.store, other)
