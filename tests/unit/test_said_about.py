"""Whose a statement is (``hybrid.said_about.whose``): namesakes and sentence breaks."""

from __future__ import annotations

import pytest

from hybrid.said_about import people_words, whose, with_aliases

PEOPLE = ["Tom Okonjo", "Tom Haldane", "Priyanka Sethi"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tom Okonjo on parental leave from 14 Apr.", (True, True)),  # "Tom" is Haldane's too
        ("Tom O. back from leave, promoted.", (True, True)),
        ("Thanks Tom. The roster is attached.", (True, True)),
        ("Tom Haldan left Redfern, now Ops Manager at Stanmoor.", (False, True)),  # a namesake
        ("Priyanka: promoted to COO today!", (False, True)),
    ],
)
def test_whose(text: str, expected: tuple[bool, bool]) -> None:
    assert whose(text, people_words("Tom Okonjo", PEOPLE)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("@okonjo_t: coached my last game today", (True, False)),  # his surname in the handle
        ("@psethi: I'm head coach now", (False, True)),  # another person's handle
        ("@gardenfan: I coach the juniors now", (False, False)),  # a handle that names no one
    ],
)
def test_whose_post_by_handle(text: str, expected: tuple[bool, bool]) -> None:
    assert whose(text, people_words("Tom Okonjo", PEOPLE)) == expected


def test_a_handle_is_read_by_a_whole_part_not_by_letters_inside_another_name() -> None:
    people = ["Liam Walsh", "Anna Byrne"]
    liam = people_words("Liam Walsh", people)
    assert whose("@william: I left the band", liam) == (False, False)  # William, not Liam
    assert whose("@liam92: I left the band", liam) == (True, False)
    anna = people_words("Anna Byrne", people)
    assert whose("@hannah_k: I quit the choir", anna) == (False, False)
    assert whose("@anna.b: I quit the choir", anna) == (True, False)


def test_an_alias_only_the_person_holds_names_them() -> None:
    words = people_words("Wren Castellano", ["Wren Castellano", "Matej Hrovat"])
    aliases = {"user": ["Wren Castellano"], "matej": ["Matej Hrovat"], "bex": ["A B", "C D"]}
    theirs = with_aliases(words, "Wren Castellano", aliases)
    assert whose("User: I ran the Riverlights Half on sunday", theirs) == (True, False)
    assert whose("User: I ran the Riverlights Half on sunday", words) == (False, False)
    assert theirs.person == {"user", "wren", "castellano"}
