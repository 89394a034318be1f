"""What a written fact may hold: values of the relation's kind, and never its own subject."""

from __future__ import annotations

from extraction.memory_api import Triple
from extraction.typed_objects import well_typed
from hybrid.triple_writer import storable, told_as_past


def nobody(name: str) -> bool:
    return False


def test_an_activity_or_someones_place_is_no_home() -> None:
    assert not well_typed("lives in", "training", nobody)  # "back in training"
    assert not well_typed("lives in", "Matej's", nobody)  # "moved into Matej's"
    assert well_typed("lives in", "Molde", nobody)
    assert well_typed("lives in", "inverness", nobody)  # a lower-case chat's city
    assert not well_typed("lives in", "reefing", nobody)  # "So I'm back in reefing"
    assert well_typed("lives in", "kettering", nobody)  # a listed town


def test_a_fact_whose_object_is_its_subject_is_not_stored() -> None:
    mine = Triple(subject="Hamish Tait", relation="bought a reef for", object="Hamish Tait")
    assert not storable(mine)
    assert storable(Triple(subject="Hamish Tait", relation="owns", object="Reef"))
    assert storable(Triple(subject="Hamish Tait", relation="works for", object=None, retract=True))


def test_a_relation_read_across_a_bracket_is_not_stored() -> None:
    assert not storable(Triple(subject="Aoife Tremaine", relation="( to", object="Colm Tremaine"))


def test_a_home_or_post_of_a_closed_past_is_not_written_as_held() -> None:
    told = (
        "Solveig Amadi has lived in Whitby since 2022. Before that Solveig Amadi taught glass "
        "at Coldharbour Craft School. From 2012 to 2016 Solveig Amadi lived in Dundee."
    )
    home = Triple(subject="Solveig Amadi", relation="lives in", object="Whitby")
    assert not told_as_past(home, told)
    for past in ("Coldharbour Craft School", "Dundee"):
        relation = "lives in" if past == "Dundee" else "works for"
        assert told_as_past(Triple(subject="Solveig Amadi", relation=relation, object=past), told)


def test_a_past_told_beside_the_present_keeps_the_present() -> None:
    york = Triple(subject="Sam Lee", relation="lives in", object="York")
    assert not told_as_past(york, "I used to live in Leeds but now I live in York.")
    phd = Triple(subject="Sam Lee", relation="studies at", object="Leeds University")
    assert not told_as_past(phd, "My PhD at Leeds University (2022-2026) is hard.", 2025)
    ely = Triple(subject="Sam Lee", relation="lives in", object="Ely")
    assert not told_as_past(ely, "I live in Ely. It is likely we used to meet there.")
