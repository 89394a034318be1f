"""Names a statement says died: the writer ends whatever held them."""

from __future__ import annotations

from extraction.deaths import departed


def test_a_named_animal_that_died_or_was_put_down() -> None:
    assert departed("Sad news though: Biscuit died last week, she was fifteen.") == ["Biscuit"]
    assert departed("Tom Kitten finally passed away.") == ["Tom Kitten"]
    assert departed("We had to have Pixel put down on Monday.") == ["Pixel"]
    assert departed("Biscuit died in March, then Pixel passed away too.") == ["Biscuit", "Pixel"]
    assert departed("Sadly Pixel died.") == ["Pixel"] and departed("Then Pixel died.") == ["Pixel"]


def test_pronouns_losses_and_things_dying_down_are_no_deaths() -> None:
    assert departed("She died in 1990.") == []
    assert departed("The Corolla died on the motorway.") == ["Corolla"]  # a car ends too
    assert departed("I lost my job at Brightwave.") == []
    assert departed("We lost Google as a client.") == []  # a loss, no death
    assert departed("Sales died down after Easter.") == []
