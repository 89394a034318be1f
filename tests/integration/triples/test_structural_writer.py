"""The structural writer end to end: facts about the stream's people, endings, canonical
relations, and a statement it cannot read stored all the same."""

from __future__ import annotations

from hybrid.recallgraph import RecallGraph


def test_a_stream_is_written_as_one_persons_story(recallgraph: RecallGraph, space: str) -> None:
    memory = recallgraph.variant(triple_writer="patterns", vectors_enabled=False)
    memory.remember(
        space,
        [
            "Ilse Brandvold found a flat in Stavanger.",
            "She got a job at Norrsken Labs.",
            "Ilse quit Norrsken Labs in June.",
            "Brandvold moved to Molde last week.",
        ],
    )
    history = {
        (f.relation, f.object, f.t_from, f.t_to) for f in memory.history(space, "Ilse Brandvold")
    }
    assert history == {
        ("lives in", "Stavanger", 1, 4),
        ("works for", "Norrsken Labs", 2, 3),
        ("lives in", "Molde", 4, None),
    }
    phrases = {f.object: f.phrase for f in memory.history(space, "Ilse Brandvold")}
    assert phrases["Stavanger"] == "found a flat in"


def test_a_statement_whose_facts_cannot_be_read_is_stored_all_the_same(
    recallgraph: RecallGraph, space: str
) -> None:
    memory = recallgraph.variant(triple_writer="patterns", vectors_enabled=False)
    texts = ["— 's ; > {weird}", "Ilse's — is 's.", "lol", "Ilse -> moved to ops, reports to Kemi"]
    outcomes = memory.remember(space, texts)
    assert [o.t for o in outcomes] == [1, 2, 3, 4]
