"""Entity resolution in a space, on the real stack: aliases recorded by the writer, ambiguity
reported, the embedding tier, and merges that split back exactly."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from graph.entities import list_entities
from graph.errors import ConflictError, InvalidInputError, NotFoundError
from graph.facts_read import FactRecord
from graph.queries.entities import GET_ENTITY
from hybrid.recallgraph import RecallGraph
from tests.integration.triples.conftest import fact


@pytest.fixture(scope="module")
def patterns(recallgraph: RecallGraph) -> RecallGraph:
    """The memory with the structural writer, which resolves names against the space."""
    return recallgraph.variant(triple_writer="patterns")


def _aliases(memory: RecallGraph, space: str, name: str) -> dict[str, str]:
    (entity,) = [e for e in memory.entities(space).entities if e.name == name]
    return {a.name: a.reason for a in entity.aliases}


CAPTION = "MATCH (e:Entity {space: $space, key: $key}) RETURN e.caption AS caption"


def _caption(memory: RecallGraph, space: str, key: str) -> str:
    """What the Neo4j Browser shows for an entity (issue 20's captions)."""
    return memory.store.query(CAPTION, space=space, key=key)[0]["caption"]


def _facts_of(memory: RecallGraph, space: str) -> dict[str, dict[str, Any]]:
    """Every fact version of the space by id, with what a merge must keep."""
    found = memory.triples.list(space, history=True, limit=1000).facts
    return {f.id: _kept(f) for f in found}


def _kept(f: FactRecord) -> dict[str, Any]:
    return {
        "subject": f.subject,
        "relation": f.relation,
        "object": f.object,
        "t_from": f.t_from,
        "t_to": f.t_to,
        "t_confirmed": f.t_confirmed,
        "confirmations": f.confirmations,
        "statement_id": f.statement_id,
        "writer": f.writer,
        "closed_by": f.closed_by,
    }


def test_a_first_name_is_recorded_as_an_alias_of_the_full_name(
    patterns: RecallGraph, space: str
) -> None:
    patterns.remember(space, "Sigrun Solheim moved to Bergen.")
    (outcome,) = patterns.remember(space, "Sigrun got a job at Fjordline.")
    jobs = patterns.facts(space, "Sigrun Solheim", "works for").facts
    assert [f.object for f in jobs] == ["Fjordline"]
    assert _aliases(patterns, space, "Sigrun Solheim") == {"Sigrun": "first name"}
    assert _caption(patterns, space, "sigrun solheim") == "Sigrun Solheim (1 alias)"
    names = outcome.result.receipt.written["facts"]["names"]
    assert {"mention": "Sigrun", "resolved": "Sigrun Solheim", "reason": "first name"}.items() <= (
        names[0].items()
    )
    assert not [e for e in patterns.entities(space).entities if e.name == "Sigrun"]
    assert [f.object for f in patterns.facts(space, "Sigrun", "works for").facts] == ["Fjordline"]


def test_a_shared_first_name_stays_apart_and_is_reported(
    patterns: RecallGraph, space: str, caplog: pytest.LogCaptureFixture
) -> None:
    patterns.remember(space, ["Sigrun Solheim moved to Bergen.", "Sigrun Berg moved to Oslo."])
    with caplog.at_level(logging.INFO, logger="hybrid.entities"):
        (outcome,) = patterns.remember(space, "Sigrun got a job at Fjordline.")
    names = outcome.result.receipt.written["facts"]["names"]
    ambiguous = [n for n in names if n["reason"] == "ambiguous"]
    assert ambiguous and ambiguous[0]["mention"] == "Sigrun"
    assert ambiguous[0]["candidates"] == ["Sigrun Berg", "Sigrun Solheim"]
    assert "'Sigrun' kept apart: could be 'Sigrun Berg', 'Sigrun Solheim'" in caplog.text
    assert [f.object for f in patterns.facts(space, "Sigrun", "works for").facts] == ["Fjordline"]
    assert patterns.facts(space, "Sigrun Solheim", "works for").facts == []
    assert _aliases(patterns, space, "Sigrun Solheim") == {}


def test_a_typo_of_a_rare_name_is_an_alias_and_a_common_one_a_new_person(
    patterns: RecallGraph, space: str
) -> None:
    patterns.remember(
        space, ["Esperanza Quiroga works for Caleta Salud.", "Maria Lopez lives in Quito."]
    )
    patterns.remember(space, ["Esperanza Quirogga moved to Lima.", "Mario Lopez lives in Cuenca."])
    assert [f.object for f in patterns.facts(space, "Esperanza Quiroga", "lives in").facts] == [
        "Lima"
    ]
    assert _aliases(patterns, space, "Esperanza Quiroga") == {"Esperanza Quirogga": "spelling"}
    assert [f.object for f in patterns.facts(space, "Maria Lopez", "lives in").facts] == ["Quito"]
    assert [f.object for f in patterns.facts(space, "Mario Lopez", "lives in").facts] == ["Cuenca"]


def test_the_embedding_tier_joins_a_reordered_name_under_the_measured_threshold(
    patterns: RecallGraph, space: str
) -> None:
    # cos("lindqvist ada", "ada lindqvist") = 0.98 with MiniLM (results/entity_similarity)
    patterns.remember(space, "Ada Lindqvist lives in Uppsala.")
    (outcome,) = patterns.remember(space, "Ingrid Dahl carpools with Lindqvist Ada.")
    carpools = patterns.facts(space, "Ingrid Dahl").facts
    assert [f.object for f in carpools] == ["Ada Lindqvist"]
    assert _aliases(patterns, space, "Ada Lindqvist") == {"Lindqvist Ada": "embedding"}
    (found,) = [
        n
        for n in outcome.result.receipt.written["facts"]["names"]
        if n["mention"] == "Lindqvist Ada"
    ]
    assert found["similarity"] >= patterns.settings.entity_tau


def test_merge_then_split_restores_every_fact_and_interval(
    recallgraph: RecallGraph, space: str
) -> None:
    memory = recallgraph.triples
    memory.write(space, [fact("Nadia Holm", "lives in", "Oslo")], writer="test")
    memory.write(space, [fact("N. Holm", "lives in", "Bergen")], writer="test")
    memory.write(space, [fact("N. Holm", "lives in", "Lisbon")], writer="test")  # closes Bergen
    memory.write(space, [fact("Petra Voss", "carpools with", "N. Holm")], writer="test")
    memory.write(space, [fact("N. Holm", "knows", "N. Holm")], writer="test")
    memory.write(space, [fact("N. Holm", "works with", "Nadia Holm")], writer="test")
    before = _facts_of(recallgraph, space)
    embedding = recallgraph.store.query(GET_ENTITY, space=space, key="n holm")[0]["embedding"]

    merge = recallgraph.merge_entities(space, "N. Holm", "Nadia Holm", reason="same person")
    assert merge.merged == "N. Holm" and merge.into == "Nadia Holm" and merge.facts_moved == 5
    assert merge.conflicts == ["lives in: Lisbon (since t=3), Oslo (since t=1)"]
    moved = _facts_of(recallgraph, space)
    assert moved.keys() == before.keys()
    for fact_id, kept in before.items():
        renamed = {k: ("Nadia Holm" if v == "N. Holm" else v) for k, v in kept.items()}
        assert moved[fact_id] == renamed
    assert _aliases(recallgraph, space, "Nadia Holm") == {"N. Holm": "merge: same person"}
    assert _caption(recallgraph, space, "nadia holm") == "Nadia Holm (1 alias)"
    assert not recallgraph.store.query(GET_ENTITY, space=space, key="n holm")
    by_old_name = recallgraph.facts(space, "N. Holm", "lives in").facts  # read through the alias
    assert [(f.subject, f.object) for f in by_old_name] == [
        ("Nadia Holm", "Lisbon"),
        ("Nadia Holm", "Oslo"),
    ]
    history = recallgraph.history(space, "Nadia Holm", "lives in")
    assert [(f.object, f.t_from, f.t_to) for f in history] == [
        ("Oslo", 1, None),
        ("Bergen", 2, 3),
        ("Lisbon", 3, None),
    ]

    split = recallgraph.split_entity(space, "N. Holm")
    assert split.restored == "N. Holm" and split.taken_from == "Nadia Holm"
    assert split.facts_restored == 5 and split.facts_missing == []
    assert _facts_of(recallgraph, space) == before
    assert _aliases(recallgraph, space, "Nadia Holm") == {}
    assert _caption(recallgraph, space, "nadia holm") == "Nadia Holm"
    assert _caption(recallgraph, space, "n holm") == "N. Holm"
    restored = recallgraph.store.query(GET_ENTITY, space=space, key="n holm")[0]
    assert restored["embedding"] == embedding and restored["name"] == "N. Holm"
    (record,) = recallgraph.merges(space)
    assert record.reason == "same person" and record.undone_at is not None


def test_a_split_brings_back_the_merged_entitys_own_aliases(
    recallgraph: RecallGraph, space: str
) -> None:
    memory = recallgraph.triples
    memory.write(space, [fact("Robert Marsh", "lives in", "Leeds")], writer="test")
    memory.write(space, [fact("Bob", "lives in", "York")], writer="test")
    memory.write(space, [fact("Bobby", "works for", "Initech")], writer="test")
    recallgraph.merge_entities(space, "Bobby", "Bob")
    assert _aliases(recallgraph, space, "Bob") == {"Bobby": "merge"}
    merge = recallgraph.merge_entities(space, "Bob", "Robert Marsh", reason="nickname")
    assert merge.aliases_added == ["Bob", "Bobby"]
    assert _aliases(recallgraph, space, "Robert Marsh") == {
        "Bob": "merge: nickname",
        "Bobby": "merge",
    }
    with pytest.raises(ConflictError, match="split 'Bob' first"):
        recallgraph.split_entity(space, "Bobby")
    recallgraph.split_entity(space, "Bob")
    assert _aliases(recallgraph, space, "Bob") == {"Bobby": "merge"}
    assert _aliases(recallgraph, space, "Robert Marsh") == {}
    recallgraph.split_entity(space, "Bobby")
    assert [f.object for f in recallgraph.facts(space, "Bobby").facts] == ["Initech"]


def test_a_known_alias_resolves_a_later_mention(patterns: RecallGraph, space: str) -> None:
    patterns.remember(space, ["Robert Marsh lives in Leeds.", "Bobo lives in York."])
    patterns.merge_entities(space, "Bobo", "Robert Marsh", reason="nickname")
    patterns.remember(space, "Bobo moved to Hull.")
    assert [f.object for f in patterns.facts(space, "Robert Marsh", "lives in").facts] == ["Hull"]
    assert not [e for e in patterns.entities(space).entities if e.name == "Bobo"]


def test_bad_merges_and_splits_are_clear_errors_that_change_nothing(
    recallgraph: RecallGraph, space: str
) -> None:
    memory = recallgraph.triples
    memory.write(space, [fact("Karl Voss", "lives in", "Bonn")], writer="test")
    before = _facts_of(recallgraph, space)
    with pytest.raises(NotFoundError, match="no entity 'Karla Voss'"):
        recallgraph.merge_entities(space, "Karla Voss", "Karl Voss")
    with pytest.raises(NotFoundError, match="no entity 'Nobody'"):
        recallgraph.merge_entities(space, "Karl Voss", "Nobody")
    with pytest.raises(InvalidInputError, match="into itself"):
        recallgraph.merge_entities(space, "Karl Voss", "karl  VOSS")
    with pytest.raises(InvalidInputError, match="no letters or digits"):
        recallgraph.merge_entities(space, "...", "Karl Voss")
    with pytest.raises(InvalidInputError, match="at most 500"):
        recallgraph.merge_entities(space, "Bonn", "Karl Voss", reason="x" * 501)
    with pytest.raises(NotFoundError, match=r"never merged.*an entity of its own"):
        recallgraph.split_entity(space, "Karl Voss")
    with pytest.raises(NotFoundError, match=r"never merged.*no entity or alias"):
        recallgraph.split_entity(space, "Petra")
    with pytest.raises(NotFoundError, match="does not exist"):
        recallgraph.entities("no-such-space-" + space)
    assert _facts_of(recallgraph, space) == before
    assert recallgraph.merges(space) == []


def test_listing_filters_and_pages(recallgraph: RecallGraph, space: str) -> None:
    memory = recallgraph.triples
    memory.write(
        space,
        [fact("Ada Lind", "lives in", "Oslo"), fact("Ada Berg", "lives in", "Oslo")],
        writer="test",
    )
    page = list_entities(recallgraph.store, space, limit=2)
    assert [e.name for e in page.entities] == ["Ada Berg", "Ada Lind"] and page.total == 3
    oslo = list_entities(recallgraph.store, space, contains="OSLO").entities
    assert [(e.name, e.facts, e.current_facts) for e in oslo] == [("Oslo", 2, 2)]
    assert list_entities(recallgraph.store, space, skip=2).entities[0].name == "Oslo"


def test_statements_of_one_batch_resolve_against_each_others_names(
    patterns: RecallGraph, space: str
) -> None:
    # one transaction: "Oddvar Brekke" is not in Neo4j yet when the second statement is read
    patterns.remember(
        space, ["Ingrid Dahl carpools with Oddvar Brekke.", "Odvar Brekke lives in Tromsø."]
    )
    assert [f.object for f in patterns.facts(space, "Oddvar Brekke", "lives in").facts] == [
        "Tromsø"
    ]
    assert _aliases(patterns, space, "Oddvar Brekke") == {"Odvar Brekke": "spelling"}
