"""Concept extraction on tricky text (pure functions, the real packaged tagger)."""

from __future__ import annotations

import time

import pytest

from extraction.concepts import concept_label, essential_labels, extract_concepts, spoken_sentences
from extraction.text import split_sentences


def labels(text: str) -> list[str]:
    return extract_concepts(text).labels


def test_nouns_become_stemmed_lowercase_labels_with_surface_forms() -> None:
    extraction = extract_concepts("Brandon cancelled his Paris trips, and is going to Brazil.")
    assert extraction.labels == ["brandon", "pari", "trip", "brazil"]
    assert extraction.concepts[1].names == ("Paris",)
    assert extraction.concepts[2].names == ("trips",)


def test_each_concept_relates_to_its_neighbours_once_per_pair() -> None:
    extraction = extract_concepts("Brandon cancelled his Paris trip. Brazil is next for Brandon.")
    assert extraction.relations == (
        ("brandon", "pari"),
        ("pari", "trip"),
        ("brazil", "trip"),  # across the sentence boundary, as the text runs on
        ("brandon", "brazil"),
    )


def test_same_label_merges_names_and_keeps_contexts_in_text_order() -> None:
    text = "The trip was long. Trips to Brazil are fun. Carter planned the trip."
    trip = next(c for c in extract_concepts(text).concepts if c.label == "trip")
    assert trip.names == ("trip", "Trips")
    assert trip.sentences == (
        "The trip was long.",
        "Trips to Brazil are fun.",
        "Carter planned the trip.",
    )


def test_a_sentence_appears_once_in_a_context_even_with_repeated_mentions() -> None:
    cat = extract_concepts("The cat chased another cat.").concepts[0]
    assert cat.sentences == ("The cat chased another cat.",)


def test_possessives_do_not_create_concepts() -> None:
    assert labels("Alice's cat likes the keyboard's warmth.") == [
        "alic",
        "cat",
        "keyboard",
        "warmth",
    ]


def test_hyphenated_words_stay_one_concept() -> None:
    assert "e-mail" in labels("She sent an e-mail to the editor-in-chief.")


def test_numbers_and_punctuation_are_not_concepts() -> None:
    assert concept_label("42") is None
    assert concept_label("--") is None
    assert concept_label("x") is None
    assert labels("He bought 3 apples for 42 dollars.") == ["appl", "dollar"]


def test_quotes_are_handled() -> None:
    assert labels('He said "the garden is ready" to his sister.') == ["garden", "sister"]


@pytest.mark.parametrize("blank", ["", " ", "\n\n\t  ", "...", "!!! ???"])
def test_empty_and_whitespace_input_gives_nothing(blank: str) -> None:
    extraction = extract_concepts(blank)
    assert extraction.concepts == () and extraction.relations == ()


def test_abbreviations_do_not_split_sentences() -> None:
    text = "Dr. Smith met Mr. Jones at 3 p.m. in Washington. They talked."
    assert split_sentences(text) == [
        "Dr. Smith met Mr. Jones at 3 p.m. in Washington.",
        "They talked.",
    ]


def test_line_breaks_end_sentences() -> None:
    assert split_sentences("First line without a stop\nSecond line") == [
        "First line without a stop",
        "Second line",
    ]


def test_a_20000_word_document() -> None:
    sentence = "The engineer from Austin repaired the old bridge near the river."
    document = " ".join([sentence] * 1820)
    assert len(document.split()) >= 20_000
    started = time.perf_counter()
    extraction = extract_concepts(document)
    assert time.perf_counter() - started < 30
    assert extraction.labels == ["engin", "austin", "bridg", "river"]
    engineer = extraction.concepts[0]
    assert engineer.sentences == (sentence,), "identical sentences collapse per concept"
    assert ("engin", "river") in extraction.relations  # river ... engineer across sentences


def test_essential_labels_of_questions() -> None:
    assert essential_labels("Where does Brandon plan on traveling for his next vacation?") == [
        "brandon",
        "plan",
        "vacat",
    ]
    assert essential_labels("Is Brandon currently employed?") == ["brandon"]
    assert essential_labels("   ") == []


def test_capitalised_names_count_even_when_the_tagger_says_verb() -> None:
    assert essential_labels("What does Brandon own?") == ["brandon"]
    assert labels("I think I saw Quentin.") == ["quentin"]
    assert labels("The cat sat.") == ["cat"], "sentence-initial function words are not names"


def test_every_sentence_of_a_chat_turn_is_a_context_of_its_speaker() -> None:
    turn = "Dev: Ingrid!! Work's the same, still at Maplebyte doing UX."
    found = {c.label: c.sentences for c in extract_concepts(turn).concepts}
    assert found["dev"] == ("Dev: Ingrid!!", "Dev: Work's the same, still at Maplebyte doing UX.")
    assert found["maplebyt"] == ("Dev: Work's the same, still at Maplebyte doing UX.",)
    assert spoken_sentences("Bad news first: we moved.") == "Bad news first: we moved."
