"""Canonical relations: phrases read as one relation, endings, and what is never guessed."""

from __future__ import annotations

import pytest

from extraction.cardinality import Cardinality, CardinalityRules
from extraction.relations import ANY_RELATION, CANONICAL, normalise_phrase, read_relation
from graph.keys import relation_key


@pytest.mark.parametrize(
    ("phrase", "relation", "ends"),
    [
        ("lives in", "lives in", False),
        ("has just moved to", "lives in", False),
        ("signed a lease on a flat in", "lives in", False),
        ("works as an analyst at", "works for", False),
        ("has finally found a new job at", "works for", False),
        ("is going to work for", "will start at", False),  # a job still to begin
        ("wants to live in", "wants to live in", False),  # a wish, no home
        ("would love to work for", "would love to work for", False),
        ("wants to move to", "plans to move to", False),
        ("hopes to move to", "plans to move to", False),
        ("will join", "will start at", False),
        ("will be working at", "will start at", False),
        ("will move to", "plans to move to", False),
        ("handed in her notice at", "handed in her notice at", False),  # the job holds yet
        ("resigned from", "works for", True),
        ("is unemployed", "works for", True),
        ("has started going out with", "is seeing", False),
        ("manager", "reports to", False),  # "My manager is Élodie Gagnon"
        ("boss", "reports to", False),
        ("shares a flat with", "shares a flat with", False),
        ("broke up with", "is seeing", True),
        ("cancelled his trip to", "plans to travel to", True),
        ("is planning on going to", "plans to travel to", False),
        ("job title", "works as", False),
        ("married", "married to", False),
        ("has signed permanently for", "plays for", False),
        ("is on loan at", "plays for", False),
        ("plays the violin", "plays the violin", False),
    ],
)
def test_phrases_read_as_their_canonical_relation(phrase: str, relation: str, ends: bool) -> None:
    reading = read_relation(phrase)
    assert (reading.name, reading.ends) == (relation, ends)
    assert reading.surface == phrase


def test_an_unknown_phrase_is_its_own_relation_and_never_guessed() -> None:
    for phrase in ("carpools with", "is allergic to", "volunteers at", "sings in"):
        reading = read_relation(phrase)
        assert (reading.name, reading.canonical, reading.ends) == (phrase, False, False)


def test_an_ending_that_names_no_relation_ends_whatever_holds_the_value() -> None:
    for phrase in ("left", "quit", "sold", "gave up"):
        assert read_relation(phrase).name == ANY_RELATION


def test_normalisation_drops_what_does_not_name_the_relation() -> None:
    assert normalise_phrase("has finally found a new job at") == "found job at"
    assert normalise_phrase("is going out with") == "go out with"
    assert normalise_phrase("is back in") == "is back in"


def test_every_canonical_relation_has_the_cardinality_the_memory_uses() -> None:
    rules = CardinalityRules.build()
    for relation in CANONICAL:
        assert rules.decide(relation_key(relation.name)) is relation.cardinality, relation.name
        assert read_relation(relation.name).name == relation.name


def test_favourites_hold_one_value_at_a_time() -> None:
    assert CardinalityRules.build().decide("favourite cafe") is Cardinality.SINGLE


def test_like_after_another_verb_compares_and_is_no_liking() -> None:
    assert read_relation("talks like").name == "talks like"
    assert not read_relation("looks like").canonical
    assert read_relation("really like").name == "likes"
