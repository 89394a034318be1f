"""Key normalisation and the cardinality rule: the pure parts of belief updates."""

from __future__ import annotations

import string

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from extraction.cardinality import Cardinality, CardinalityRules, split_names
from graph.keys import entity_key, relation_key


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("The Beatles", "beatles"),
        ("  the   BEATLES ", "beatles"),
        ("U.S.A.", "usa"),
        ("O'Brien", "obrien"),
        ("Jean-Luc Picard", "jean luc picard"),
        ("Zoë", "zoe"),
        ("São Paulo", "sao paulo"),
        ("The", "the"),
        ("a", "a"),
        ("An Apple a day", "apple a day"),
        ("Paris, France", "paris france"),
        ("ＡＢＣ", "abc"),
        ("Straße", "strasse"),
    ],
)
def test_entity_keys(name: str, key: str) -> None:
    assert entity_key(name) == key


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("is married to", "married to"),
        ("Was born in", "born in"),
        ("married to", "married to"),
        ("is", "is"),
        ("is the owner of", "owner of"),
        ("plans to travel to", "plans to travel to"),
        ("works-for", "works for"),
    ],
)
def test_relation_keys(name: str, key: str) -> None:
    assert relation_key(name) == key


@given(st.text(max_size=50))
@example("A:A:0")
@example("the is married to")
def test_keys_are_idempotent(name: str) -> None:
    assert entity_key(entity_key(name)) == entity_key(name)
    assert relation_key(relation_key(name)) == relation_key(name)


@given(st.text(string.ascii_letters + " .'-\t", max_size=50))
def test_keys_ignore_case_and_spacing(name: str) -> None:
    assert entity_key(f"  {name.upper()}  ") == entity_key(name.lower())
    assert entity_key(name.replace(" ", "   ")) == entity_key(name)


def test_listed_relations_and_configured_overrides() -> None:
    rules = CardinalityRules.build(single_valued=["favourite colour"], multi_valued=["Lives In"])
    assert rules.decide("works for") is Cardinality.SINGLE
    assert rules.decide(relation_key("is married to")) is Cardinality.SINGLE
    assert rules.decide("likes") is Cardinality.MULTI
    assert rules.decide("favourite colour") is Cardinality.SINGLE
    assert rules.decide("lives in") is Cardinality.MULTI, "configuration beats the built-in list"


def test_unlisted_relations_inherit_from_a_close_neighbour_or_accumulate() -> None:
    rules = CardinalityRules.build(tau=0.8)
    assert rules.decide("resides at", [("likes", 0.3), ("lives in", 0.86)]) is Cardinality.SINGLE
    assert rules.decide("adores", [("likes", 0.82), ("lives in", 0.2)]) is Cardinality.MULTI
    assert rules.decide("cast member of", [("works for", 0.79)]) is Cardinality.MULTI
    assert rules.decide("cast member of") is Cardinality.MULTI
    assert rules.decide("x", [("not listed", 0.99)]) is Cardinality.MULTI


def test_listed_keys_cover_both_lists_and_configuration() -> None:
    keys = CardinalityRules.build(single_valued=["favourite colour"]).listed_keys()
    assert {"works for", "likes", "favourite colour"} <= set(keys)
    assert keys == sorted(keys)


def test_split_names() -> None:
    assert split_names(" lives in, works for ,,") == ("lives in", "works for")
    assert split_names("") == ()
