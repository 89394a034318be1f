"""Names in written facts resolved against the stream: pronouns, first names, surnames, typos."""

from __future__ import annotations

from extraction.memory_api import Triple
from extraction.name_matching import (
    Reason,
    Resolution,
    edit_distance,
    match_known,
    other_namesake,
)
from extraction.name_resolution import expand_mentions, resolve_names, speaker, stated_text

PEOPLE = ["Sigrun Solheim", "Oddvar Brekke"]


def t(s: str, r: str, o: str) -> Triple:
    return Triple(subject=s, relation=r, object=o)


def test_a_pronoun_is_the_latest_person_and_never_stored() -> None:
    out = resolve_names([t("She", "works for", "Nordlys")], "she works for Nordlys", PEOPLE)
    assert out.triples == [t("Sigrun Solheim", "works for", "Nordlys")]
    assert out.resolutions == [Resolution("She", "Sigrun Solheim", Reason.LATEST_PERSON)]


def test_a_pronoun_with_nobody_before_it_is_dropped() -> None:
    out = resolve_names([t("He", "lives in", "Ghent")], "He lives in Ghent.", [])
    assert out.triples == [] and str(out.resolutions[0]) == (
        "dropped 'He' (the latest person of the stream)"
    )


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


def test_a_shared_surname_is_the_one_the_statement_names_in_full() -> None:
    people = ["Tove Aas", "Ruben Aas"]
    text = "Dr Tove Aas joined the Tromsø clinic. Dr Aas, who now lives in Tromsø, is thrilled."
    out = resolve_names([t("Aas", "lives in", "Tromsø")], text, people)
    assert out.triples == [t("Tove Aas", "lives in", "Tromsø")]
    assert out.resolutions == [Resolution("Aas", "Tove Aas", Reason.NAMED_IN_STATEMENT)]
    both = "Dr Tove Aas and Dr Ruben Aas opened a clinic; Aas lives in Tromsø."
    kept = resolve_names([t("Aas", "lives in", "Tromsø")], both, people)
    assert kept.triples == [t("Aas", "lives in", "Tromsø")]  # both named: still ambiguous
    own_label = "Tove Aas: had lunch with Aas today, Aas lives in Tromsø now."
    label = resolve_names([t("Aas", "lives in", "Tromsø")], own_label, people)
    assert label.triples == [t("Aas", "lives in", "Tromsø")]  # a speaker's label names no one


def test_typos_of_a_known_name_are_that_name() -> None:
    out = resolve_names(
        [t("Sigrun Solhiem", "works for", "Fjordline"), t("Odvar", "drives", "Volvo")],
        "Sigrun Solhiem works for Fjordline. Odvar drives a Volvo.",
        PEOPLE,
    )
    assert [x.subject for x in out.triples] == ["Sigrun Solheim", "Oddvar Brekke"]


def test_a_name_the_model_did_not_copy_is_dropped() -> None:
    out = resolve_names([t("Ines Cro", "lives in", "Bu Aires")], "Ines Caro lives in Lima.", [])
    assert out.triples == []
    assert Resolution("Bu Aires", None, Reason.NOT_IN_STATEMENT) in out.resolutions


def test_a_name_mangled_while_copying_is_repaired_to_the_statements_spelling() -> None:
    out = resolve_names(
        [t("Brandon", "born in", "Havannah")], "Brandon was born in Havana.", ["Brandon"]
    )
    assert out.triples == [t("Brandon", "born in", "Havana")]
    assert out.resolutions == [Resolution("Havannah", "Havana", Reason.STATEMENT_SPELLING)]


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
    assert expand_mentions("she starts at Fjordline on Monday.", people).text == (
        "Sigrun Solheim starts at Fjordline on Monday."
    )
    assert expand_mentions("Her husband coaches rugby. He is tall.", people).text == (
        "Sigrun Solheim's husband coaches rugby. Sigrun Solheim is tall."
    )
    expanded = expand_mentions("Sigrun carpools with Oddvar. Solhiem is learning Sami.", people)
    assert expanded.text == (
        "Sigrun Solheim carpools with Oddvar Brekke. Sigrun Solheim is learning Sami."
    )
    assert expanded.resolutions == [
        Resolution("Sigrun", "Sigrun Solheim", Reason.FIRST_NAME),
        Resolution("Oddvar", "Oddvar Brekke", Reason.FIRST_NAME),
        Resolution("Solhiem", "Sigrun Solheim", Reason.SPELLING),
    ]
    assert expand_mentions("Sigrun Solheim lives in Bodø.", people).text == (
        "Sigrun Solheim lives in Bodø."
    )
    assert expand_mentions("she is here.", []).text == "she is here."


def test_a_shared_first_name_is_reported_with_its_candidates() -> None:
    out = resolve_names(
        [t("Ada", "lives in", "Oslo")], "Ada lives in Oslo.", ["Ada Lind", "Ada Berg"]
    )
    (ambiguous,) = out.resolutions
    assert ambiguous.ambiguous and ambiguous.resolved == "Ada"
    assert ambiguous.candidates == ("Ada Berg", "Ada Lind")
    assert str(ambiguous) == "'Ada' kept apart: could be 'Ada Berg', 'Ada Lind'"
    expanded = expand_mentions("Ada moved to Oslo.", ["Ada Lind", "Ada Berg"])
    assert expanded.text == "Ada moved to Oslo." and expanded.resolutions[0].ambiguous


def test_a_near_miss_on_a_common_name_is_another_person() -> None:
    # "Mario" is a given name of its own, one letter from "Maria": not a typo, but reported
    out = resolve_names(
        [t("Mario Lopez", "lives in", "Quito")], "Mario Lopez lives in Quito.", ["Maria Lopez"]
    )
    assert out.triples == [t("Mario Lopez", "lives in", "Quito")]
    assert out.resolutions == [
        Resolution("Mario Lopez", "Mario Lopez", Reason.AMBIGUOUS, ("Maria Lopez",))
    ]
    # a rare surname misspelt is still a typo of the one known name
    out = resolve_names(
        [t("Esperanza Quirogga", "works for", "Caleta Salud")],
        "Esperanza Quirogga works for Caleta Salud.",
        ["Esperanza Quiroga"],
    )
    assert out.triples[0].subject == "Esperanza Quiroga"
    assert out.resolutions[0].reason is Reason.SPELLING and out.resolutions[0].alias


def test_a_known_alias_resolves_unless_the_first_name_is_now_shared() -> None:
    aliases = {"bob": ["Robert Marsh"]}
    out = resolve_names(
        [t("Bob", "lives in", "Leeds")], "Bob lives in Leeds.", ["Robert Marsh"], aliases=aliases
    )
    assert out.triples == [t("Robert Marsh", "lives in", "Leeds")]
    assert out.resolutions == [Resolution("Bob", "Robert Marsh", Reason.KNOWN_ALIAS)]
    assert not out.resolutions[0].alias  # already one: nothing new to record
    out = resolve_names(
        [t("Sigrun", "lives in", "Oslo")],
        "Sigrun lives in Oslo.",
        ["Sigrun Berg", "Sigrun Solheim"],
        aliases={"sigrun": ["Sigrun Solheim"]},
    )
    assert out.triples[0].subject == "Sigrun" and out.resolutions[0].ambiguous


def test_the_embedding_tier_takes_one_close_name_and_reports_several() -> None:
    def similar(mention: str) -> list[tuple[str, float]]:
        return {"Globex Corp": [("Globex Corporation", 0.93)]}.get(mention, [])

    out = resolve_names(
        [t("Nadia Holm", "works for", "Globex Corp")],
        "Nadia Holm works for Globex Corp.",
        ["Nadia Holm"],
        ["Globex Corporation"],
        similar=similar,
    )
    assert out.triples == [t("Nadia Holm", "works for", "Globex Corporation")]
    (found,) = out.resolutions
    assert found.reason is Reason.EMBEDDING and found.similarity == 0.93 and found.alias
    assert str(found) == "'Globex Corp' → 'Globex Corporation' (cosine 0.93)"

    def two(mention: str) -> list[tuple[str, float]]:
        return [("Acme Bank", 0.95), ("Acme Bakery", 0.94)]

    out = resolve_names(
        [t("Nadia Holm", "banks with", "Acme")], "Nadia Holm banks with Acme.", [], similar=two
    )
    assert out.triples[0].object == "Acme" and out.resolutions[0].candidates == (
        "Acme Bakery",
        "Acme Bank",
    )


def test_partial_names_say_which_part_they_are() -> None:
    people = ["Wendell Okonjo-Marsh"]
    reasons = {
        mention: resolve_names(
            [t(mention, "lives in", "Ghent")], f"{mention} lives in Ghent.", people
        )
        .resolutions[0]
        .reason
        for mention in ("Wendell", "Okonjo-Marsh", "Okonjo")
    }
    assert reasons == {
        "Wendell": Reason.FIRST_NAME,
        "Okonjo-Marsh": Reason.SURNAME,
        "Okonjo": Reason.PART_OF_NAME,
    }


def test_a_resolution_reads_as_json() -> None:
    found = Resolution("Sigrun", "Sigrun Solheim", Reason.FIRST_NAME)
    assert found.as_dict() == {
        "mention": "Sigrun",
        "resolved": "Sigrun Solheim",
        "reason": "first name",
        "candidates": [],
        "similarity": None,
    }


def test_mine_is_never_the_speaker_and_i_is_the_speaker_as_the_stream_knows_them() -> None:
    text = "Marisol: Mine is in third grade at Colegio Arboleda, and I love it."
    out = resolve_names(
        [t("Mine", "studies at", "Colegio Arboleda"), t("I", "loves", "it")],
        text,
        ["Marisol Echeverría"],
        said_by="Marisol Echeverría",
    )
    assert [(x.subject, x.relation) for x in out.triples] == [("Marisol Echeverría", "loves")]


def test_the_other_namesake_is_not_the_one_talked_to_or_speaking() -> None:
    people = ["Josie Calloway", "Josie Perrin"]  # most recent first
    out = resolve_names(
        [t("the other Josie", "works for", "Pinyon")], "the other Josie works for Pinyon", people
    )
    assert out.triples == [t("Josie Perrin", "works for", "Pinyon")]
    said = "Josie Perrin: the other Josie works for Pinyon"
    out = resolve_names([t("the other Josie", "works for", "Pinyon")], said, people)
    assert out.triples == [t("Josie Calloway", "works for", "Pinyon")]  # not the speaker
    assert other_namesake("Josie", ["Josie Calloway"]) is None
    assert other_namesake("Josie", [*people, "Josie Ames"]) is None  # three: which other?


def test_a_surname_initial_resolves_only_when_one_name_fits() -> None:
    one = match_known("Zainab Q", {"zainab quaye": "Zainab Quaye"})
    assert one is not None and (one.resolved, one.reason) == ("Zainab Quaye", Reason.INITIALS)
    two = match_known("Zainab Q", {"zainab quaye": "Zainab Quaye", "zainab qadri": "Zainab Qadri"})
    assert two is not None and two.ambiguous
