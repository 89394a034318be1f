"""Names in written facts resolved against the stream: pronouns, first names, surnames, typos."""

from __future__ import annotations

from extraction.memory_api import Triple
from extraction.name_resolution import (
    edit_distance,
    expand_mentions,
    resolve_names,
    speaker,
    stated_text,
)

PEOPLE = ["Sigrun Solheim", "Oddvar Brekke"]


def t(s: str, r: str, o: str) -> Triple:
    return Triple(subject=s, relation=r, object=o)


def test_a_pronoun_is_the_latest_person_and_never_stored() -> None:
    out = resolve_names([t("She", "works for", "Nordlys")], "she works for Nordlys", PEOPLE)
    assert out.triples == [t("Sigrun Solheim", "works for", "Nordlys")]
    assert "the latest person" in out.notes[0]


def test_a_pronoun_with_nobody_before_it_is_dropped() -> None:
    out = resolve_names([t("He", "lives in", "Ghent")], "He lives in Ghent.", [])
    assert out.triples == [] and "dropped 'He'" in out.notes[0]


def test_first_person_is_the_chat_turns_speaker() -> None:
    text = "Luka: Abashidze owes me money btw"
    out = resolve_names([t("Abashidze", "owes money to", "me")], text, ["Giorgi Abashidze"])
    assert out.triples == [t("Giorgi Abashidze", "owes money to", "Luka")]
    assert speaker(text) == "Luka" and speaker("no speaker here") is None


def test_first_names_and_surnames_of_one_known_person() -> None:
    out = resolve_names(
        [t("Sigrun", "carpools with", "Oddvar"), t("Solheim", "is learning", "Sami")],
        "Sigrun carpools with Oddvar. Solheim is learning Sami.",
        PEOPLE,
    )
    assert out.triples == [
        t("Sigrun Solheim", "carpools with", "Oddvar Brekke"),
        t("Sigrun Solheim", "is learning", "Sami"),
    ]


def test_a_shared_first_name_stays_as_written() -> None:
    people = ["Ada Lind", "Ada Berg"]
    out = resolve_names([t("Ada", "lives in", "Oslo")], "Ada lives in Oslo.", people)
    assert out.triples == [t("Ada", "lives in", "Oslo")]


def test_typos_of_a_known_name_are_that_name() -> None:
    out = resolve_names(
        [t("Sigrun Solhiem", "works for", "Fjordline"), t("Odvar", "drives", "Volvo")],
        "Sigrun Solhiem works for Fjordline. Odvar drives a Volvo.",
        PEOPLE,
    )
    assert [x.subject for x in out.triples] == ["Sigrun Solheim", "Oddvar Brekke"]


def test_a_name_the_model_did_not_copy_is_dropped() -> None:
    out = resolve_names([t("Ines Cro", "lives in", "Bu Aires")], "Ines Caro lives in Lima.", [])
    assert out.triples == [] and "not in the statement" in out.notes[-1]


def test_a_name_mangled_while_copying_is_repaired_to_the_statements_spelling() -> None:
    out = resolve_names(
        [t("Brandon", "born in", "Havannah")], "Brandon was born in Havana.", ["Brandon"]
    )
    assert out.triples == [t("Brandon", "born in", "Havana")]
    assert "the statement's spelling" in out.notes[0]


def test_the_statements_own_subject_is_the_latest_person_for_the_next_fact() -> None:
    out = resolve_names(
        [t("Wendell Okonjo-Marsh", "works for", "Hollowbrook"), t("He", "lives in", "Ghent")],
        "Wendell Okonjo-Marsh works for Hollowbrook. He lives in Ghent.",
        PEOPLE,
    )
    assert out.triples[1] == t("Wendell Okonjo-Marsh", "lives in", "Ghent")


def test_edit_distance_counts_a_swap_once_and_stops_at_its_limit() -> None:
    assert edit_distance("solheim", "solhiem", 2) == 1
    assert edit_distance("abc", "abc", 1) == 0
    assert edit_distance("kestrel", "falcon", 2) == 3


def test_the_writer_reads_what_a_turn_states() -> None:
    assert stated_text("Maren: she starts at Fjordline on Monday.") == (
        "she starts at Fjordline on Monday."
    )
    assert stated_text("Luka: Mariam from the bakery? She owns it.") == "She owns it."
    assert stated_text("Luka: no way. Giorgi lives in Kutaisi still?") == "no way."
    assert stated_text("Plain statement. Another one.") == "Plain statement. Another one."


def test_a_hyphenated_surname_or_the_start_of_a_name_is_that_name() -> None:
    people = ["Wendell Okonjo-Marsh"]
    names = ["Hollowbrook Brewery", "Ghent"]
    out = resolve_names(
        [t("Okonjo-Marsh", "works for", "Hollowbrook")],
        "Okonjo-Marsh works for Hollowbrook.",
        people,
        names,
    )
    assert out.triples == [t("Wendell Okonjo-Marsh", "works for", "Hollowbrook Brewery")]


def test_a_common_noun_is_never_taken_for_part_of_a_known_name() -> None:
    out = resolve_names(
        [t("Wendell Okonjo-Marsh", "plays in", "staff band")],
        "Wendell does not play in the staff band any more.",
        ["Wendell Okonjo-Marsh"],
        ["bass in the staff band"],
    )
    assert out.triples[0].object == "staff band"


def test_the_writer_reads_the_streams_people_written_out() -> None:
    people = ["Sigrun Solheim", "Oddvar Brekke"]
    assert expand_mentions("she starts at Fjordline on Monday.", people) == (
        "Sigrun Solheim starts at Fjordline on Monday."
    )
    assert expand_mentions("Her husband coaches rugby. He is tall.", people) == (
        "Sigrun Solheim's husband coaches rugby. Sigrun Solheim is tall."
    )
    assert expand_mentions("Sigrun carpools with Oddvar. Solhiem is learning Sami.", people) == (
        "Sigrun Solheim carpools with Oddvar Brekke. Sigrun Solheim is learning Sami."
    )
    assert expand_mentions("Sigrun Solheim lives in Bodø.", people) == (
        "Sigrun Solheim lives in Bodø."
    )
    assert expand_mentions("she is here.", []) == "she is here."
