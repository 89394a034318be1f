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


def test_a_first_name_said_before_the_full_name_joins_the_person(
    recallgraph: RecallGraph, space: str
) -> None:
    """Facts stored under "Sofia" before the stream named Sofia Reyes move to her (a recorded
    merge, undone by split), so the breakup ends the relation stored under the lone name."""
    memory = recallgraph.variant(triple_writer="patterns", vectors_enabled=False)
    for said in [  # one at a time, as a chat arrives
        "Dev Malhotra: My girlfriend Sofia says my accent is a crime.",
        "Ingrid Solberg: Sofia Reyes moved to Toronto last week.",
        "Dev Malhotra: Bad news first: Sofia and I broke up.",
    ]:
        memory.remember(space, [said])
    (sofia,) = [e for e in memory.entities(space).entities if e.name == "Sofia Reyes"]
    assert [a.name for a in sofia.aliases] == ["Sofia"]
    assert "named so in the stream" in sofia.aliases[0].reason
    dating = [f for f in memory.history(space, "Dev Malhotra") if f.relation == "is seeing"]
    assert [(f.object, f.t_from, f.t_to) for f in dating] == [("Sofia Reyes", 1, 3)]
    memory.split_entity(space, "Sofia")
    assert {f.object for f in memory.history(space, "Dev Malhotra")} >= {"Sofia"}


def test_a_handles_posts_join_the_name_it_gives_even_within_one_batch(
    recallgraph: RecallGraph, space: str
) -> None:
    """A forum's posts are stored under the handle's name ("Reef Dad Oz") until its author
    signs with a full name; they then move to that person, even when the full name is first
    written in the same batch (the merge is made once the batch's facts are)."""
    memory = recallgraph.variant(triple_writer="patterns", vectors_enabled=False)
    memory.remember(
        space,
        [
            "reef_dad_oz: Source: me, marine biologist, 12 years at the Coral Coast Institute.",
            "reef_dad_oz: Moved to Hobart! The tank survived. — Hamish Tait, Hobart",
        ],
    )
    names = {e.name: [a.name for a in e.aliases] for e in memory.entities(space).entities}
    assert "Reef Dad Oz" not in names and "Reef Dad Oz" in names["Hamish Tait"]
    held = {(f.relation, f.object) for f in memory.history(space, "Hamish Tait")}
    assert {("works for", "Coral Coast Institute"), ("lives in", "Hobart")} <= held
    answer = memory.ask(space, "where does reef_dad_oz work?", mode="triples")
    assert "Coral Coast Institute" in answer.answer


def test_a_transcripts_user_is_the_person_they_name_and_the_assistant_states_nothing(
    recallgraph: RecallGraph, space: str
) -> None:
    """ "User: …" turns are one person, stored as "User" until they give their name (then
    merged, within the batch); an assistant's turn restates or guesses, and writes no fact."""
    memory = recallgraph.variant(triple_writer="patterns", vectors_enabled=False)
    memory.remember(
        space,
        [
            "User: I've been a UX researcher at Brassfield Analytics for four years",
            "Assistant: Great! Since you work at Lipa Robotics in Molde, try this.",
            "User: sign it Wren Castellano, not just Wren. Also I moved to Ljubljana.",
        ],
    )
    names = {e.name for e in memory.entities(space).entities}
    assert "User" not in names and "Lipa Robotics" not in names
    held = {(f.relation, f.object) for f in memory.history(space, "Wren Castellano")}
    assert {("works for", "Brassfield Analytics"), ("lives in", "Ljubljana")} <= held
    answer = memory.ask(space, "who does wren work for?", mode="triples")
    assert "Brassfield Analytics" in answer.answer


def test_a_planned_move_is_made_when_the_mover_says_they_are_here(
    recallgraph: RecallGraph, space: str
) -> None:
    """ "We're moving to Austin in the spring" is a plan; "Austin! We're here." makes it the
    home. A trip's "Lisbon! We're here." moves no one."""
    memory = recallgraph.variant(triple_writer="patterns", vectors_enabled=False)
    for said in [
        "Lupe Ortega: We're moving to Austin in the spring, Marco got a job there.",
        "Lupe Ortega: Lisbon! We're here for the wedding.",
        "Lupe Ortega: Austin! We're here. The dental office here is so much nicer.",
    ]:
        memory.remember(space, [said])
    held = {(f.relation, f.object, f.t_to) for f in memory.history(space, "Lupe Ortega")}
    assert ("plans to move to", "Austin", 3) in held and ("lives in", "Austin", None) in held
    assert not any(o == "Lisbon" for _, o, _ in held)


def test_a_place_is_never_merged_into_a_person_of_its_name(
    recallgraph: RecallGraph, space: str
) -> None:
    memory = recallgraph.variant(triple_writer="patterns", vectors_enabled=False)
    for said in [
        "Nadia Holm moved to Sofia last spring.",
        "Sofia Petrova works as a pianist.",
        "Sofia Petrova says Sofia is cold in winter.",
    ]:
        memory.remember(space, [said])
    homes = [f.object for f in memory.history(space, "Nadia Holm") if f.relation == "lives in"]
    assert homes == ["Sofia"]
    assert "Sofia" in {e.name for e in memory.entities(space).entities}


def test_an_email_writes_its_senders_facts_and_none_from_what_it_quotes(
    recallgraph: RecallGraph, space: str
) -> None:
    memory = recallgraph.variant(triple_writer="patterns", vectors_enabled=False)
    memory.remember(
        space,
        [
            "From: Odile Marchetti <odile@harbourgarden.org>\nTo: board@harbourgarden.org\n"
            "Subject: news\n\nHi all, I've moved to Trieste.\n\nOdile",
            "From: Bruno Vidal <b.vidal@example.org>\nSubject: RE: news\n\nCongratulations!\n\n"
            "Bruno\n\n> Hi all, I've moved to Trieste.",
        ],
    )
    assert [(f.relation, f.object) for f in memory.history(space, "Odile Marchetti")] == [
        ("lives in", "Trieste")
    ]
    assert memory.history(space, "Bruno Vidal") == []
    assert not any(f.subject == "From" for f in memory.triples.list(space, limit=50).facts)
