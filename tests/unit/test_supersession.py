"""What a statement's facts end: old values, earlier stages, loose endings, a couple's direction."""

from __future__ import annotations

from extraction.gazetteer import is_vehicle
from extraction.memory_api import Triple
from extraction.supersession import with_endings

SINGLE = {"lives in", "works for", "works as", "is seeing", "married to", "drives"}
STATE = {
    ("Ines Carvalho", "lives in"): ["Lyon"],
    ("Ines Carvalho", "plans to move to"): ["Gdansk"],
    ("Ines Carvalho", "works for"): ["Harbour Analytics"],
    ("Ines Carvalho", "works as"): ["data engineer"],
    ("Ines Carvalho", "will start at"): ["Norsk Mobil"],
    ("Tomasz Wilk", "drives"): ["Skoda Octavia"],
    ("Tomasz Wilk", "is seeing"): ["Ines Carvalho"],
    ("Ines Carvalho", "is seeing"): ["Tomasz Wilk"],
}
HELD = {("Tomasz Wilk", "is seeing"): ["Ines Carvalho"]}


def endings(*triples: Triple, text: str = "", first: str | None = None) -> list[str]:
    found = with_endings(
        triples,
        lambda s, r: STATE.get((s, r), []),
        lambda r: r in SINGLE,
        is_vehicle,
        held=lambda s, r: HELD.get((s, r), []),
        first=first,
        touched=lambda s, r: (s, r) in STATE,
        text=text,
    )
    return [t.to_text() for t in found]


def fact(s: str, r: str, o: str | None, retract: bool = False) -> Triple:
    return Triple(subject=s, relation=r, object=o, retract=retract)


def test_a_new_value_ends_the_old_one_named_only_if_the_statement_names_it() -> None:
    said = "moved from Lyon to Gdansk"
    assert endings(fact("Ines Carvalho", "lives in", "Gdansk"), text=said) == [
        "Ines Carvalho>>not lives in>>Lyon",
        "Ines Carvalho>>not plans to move to>>Gdansk",
        "Ines Carvalho>>lives in>>Gdansk",
    ]
    assert endings(fact("Ines Carvalho", "lives in", "Gdansk"), text="in Gdansk now")[0] == (
        "Ines Carvalho>>not lives in>>*"
    )


def test_a_lost_employer_ends_the_job_too_unless_a_new_one_comes() -> None:
    assert endings(fact("Ines Carvalho", "works for", "Harbour Analytics", retract=True)) == [
        "Ines Carvalho>>not works for>>Harbour Analytics",
        "Ines Carvalho>>not works as>>*",
    ]
    assert "Ines Carvalho>>not works as>>*" not in endings(
        fact("Ines Carvalho", "works for", "Harbour Analytics", retract=True),
        fact("Ines Carvalho", "works for", "Norsk Mobil"),
    )


def test_a_loose_ending_names_the_current_value_or_nothing() -> None:
    assert endings(fact("Tomasz Wilk", "drives", "Skoda", retract=True)) == [
        "Tomasz Wilk>>not drives>>Skoda Octavia"
    ]
    assert endings(fact("Ines Carvalho", "works for", "duolingo", retract=True)) == []


def test_an_ending_already_in_effect_ends_nothing_new() -> None:
    assert endings(fact("Tomasz Wilk", "works for", "Harbour Analytics", retract=True)) == [
        "Tomasz Wilk>>not works for>>Harbour Analytics"
    ]
    STATE[("Tomasz Wilk", "works for")] = []
    try:
        assert endings(fact("Tomasz Wilk", "works for", "Harbour Analytics", retract=True)) == []
    finally:
        del STATE[("Tomasz Wilk", "works for")]


def test_couples_keep_their_direction_and_engagement_ends_dating() -> None:
    assert endings(fact("Ines Carvalho", "married to", "Tomasz Wilk")) == [
        "Tomasz Wilk>>not is seeing>>*",
        "Tomasz Wilk>>married to>>Ines Carvalho",
    ]
    assert endings(fact("Kwame Asante", "is seeing", "Ines Carvalho"), first="Ines Carvalho")[
        -1
    ] == ("Ines Carvalho>>is seeing>>Kwame Asante")


def test_an_ending_by_the_full_name_ends_the_first_name_stored_earlier() -> None:
    """ "Dev is seeing Sofia" was stored before her surname was known; "Sofia Reyes and I
    broke up" ends it. A value the person does not hold still ends nothing."""
    STATE[("Dev Malhotra", "is seeing")] = ["Sofia"]
    try:
        assert endings(fact("Dev Malhotra", "is seeing", "Sofia Reyes", retract=True)) == [
            "Dev Malhotra>>not is seeing>>Sofia"
        ]
        assert endings(fact("Dev Malhotra", "is seeing", "Rahel Tesfaye", retract=True)) == []
    finally:
        del STATE[("Dev Malhotra", "is seeing")]


def test_an_ending_by_a_shared_first_name_ends_the_partner_who_has_it() -> None:
    """ "theo and i broke up", written out as the Theo the stream spoke of last, ends the
    Theo the speaker is seeing; named in full, it ends only that Theo."""
    STATE[("Marnie Kyalo", "is seeing")] = ["Theo Barrow"]
    try:
        ended = fact("Marnie Kyalo", "is seeing", "Theo Nguyen-Sloane", retract=True)
        assert endings(ended, text="Marnie: theo and i broke up") == [
            "Marnie Kyalo>>not is seeing>>Theo Barrow"
        ]
        assert endings(ended, text="Marnie: Theo Nguyen-Sloane and I broke up") == []
    finally:
        del STATE[("Marnie Kyalo", "is seeing")]


def test_starting_the_job_ends_its_plan() -> None:
    found = endings(fact("Ines Carvalho", "works for", "Norsk Mobil"), text="first week at Norsk")
    assert any(f.startswith("Ines Carvalho>>not will start at>>") for f in found)
    assert "Ines Carvalho>>works for>>Norsk Mobil" in found


def test_a_word_about_the_old_job_leaves_the_plan() -> None:
    found = endings(fact("Ines Carvalho", "works for", "Harbour Analytics"), text="busy week")
    assert not any(">>not will start at>>" in f for f in found)
