"""The rule discriminator's choice among candidates that were not composed from facts."""

from __future__ import annotations

from hybrid.ask import still_overrules
from hybrid.candidate import Candidate, Evidence
from hybrid.discriminators.features import looping
from hybrid.discriminators.rule import RuleDiscriminator

NEWEST = Evidence("sentence", "Marta Kovac moved to Trieste; 5 of us drove her there.", 9)


def candidate(reader: str, answer: str) -> Candidate:
    return Candidate(reader, answer, [NEWEST])


def test_a_bare_number_is_no_answer_unless_a_number_was_asked() -> None:
    rule = RuleDiscriminator()
    asked = "Did Marta move before or after the wedding?"
    stray = rule.choose(asked, [candidate("graph", "5."), candidate("vector", "She moved first.")])
    assert stray.reader == "vector"
    counted = rule.choose(
        "How many times did Marta move?",
        [candidate("graph", "2"), candidate("vector", "I don't know.")],
    )
    assert counted.reader == "graph"


def test_a_model_caught_in_a_loop_gives_no_answer() -> None:
    rule = RuleDiscriminator()
    looped = candidate("vector", "Marta: Marta: Marta: Marta: Marta:")
    chosen = rule.choose("Where did Marta move?", [looped, candidate("graph", "Trieste")])
    assert chosen.reader == "graph"
    assert not looping("Lisbon, then Montreal")
    assert looping("he loves art, he loves art, he loves art")


def test_a_composed_value_that_says_neither_yes_nor_no_leaves_the_still_verdict() -> None:
    holds = Candidate("still", "Yes — “kept me on”", [NEWEST], signals={"verdict": "holds", "t": 9})
    valued = Candidate("triples", "electrician", [NEWEST], signals={"composed": True})
    assert still_overrules(holds, [valued])
    said = Candidate("triples", "Yes — still Bright Spark.", [NEWEST], signals={"composed": True})
    assert not still_overrules(holds, [said])


def test_the_asked_persons_own_name_is_no_answer() -> None:
    said = Evidence("sentence", "Marta Kovac: Tomas and I are going to Trakai", 9)
    read = Candidate(
        "triples",
        "I have no facts about that.",
        [],
        True,
        signals={"queries": ["Marta Kovac>>is seeing>>"], "subject": "Marta Kovac"},
    )
    named = Candidate("graph", "Marta Kovac.", [said])
    right = Candidate("vector", "Tomas and I are going to Trakai", [said])
    chosen = RuleDiscriminator().choose("Who is Marta going out with?", [named, read, right])
    assert chosen.reader == "vector"


def test_a_turn_of_the_asked_person_opened_and_nothing_said_is_no_answer() -> None:
    read = Candidate(
        "triples",
        "I have no facts about that.",
        [],
        True,
        signals={"queries": ["Marta Kovac>>works for>>"], "subject": "Marta Kovac"},
    )
    opened = [candidate("graph", "Marta Kovac:"), candidate("vector", "Marta Kovac:")]
    chosen = RuleDiscriminator().choose("Who does Marta work for now?", [*opened, read])
    assert chosen.reader == "triples"  # "I have no facts", not a name and a colon
    denied = RuleDiscriminator().choose(
        "Is Marta still in Trieste?", [candidate("graph", "No."), read]
    )
    assert denied.reader == "graph"  # "no" is an answer to a yes/no question
