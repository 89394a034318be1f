"""Names a statement says died: the writer ends whatever held them."""

from __future__ import annotations

from extraction.deaths import departed


def test_a_named_animal_that_died_or_was_put_down() -> None:
    assert departed("Sad news though: Biscuit died last week, she was fifteen.") == ["Biscuit"]
    assert departed("Old Tom finally passed away.") == ["Old Tom"]
    assert departed("We had to have Pixel put down on Monday.") == ["Pixel"]
    assert departed("We lost Biscuit in March, then Pixel passed away too.") == [
        "Biscuit",
        "Pixel",
    ]


def test_pronouns_articles_and_lost_jobs_are_no_names() -> None:
    assert departed("She died in 1990.") == []
    assert departed("The Corolla died on the motorway.") == []
    assert departed("I lost my job at Brightwave.") == []
    assert departed("We lost Brightwave's contract.") == []
