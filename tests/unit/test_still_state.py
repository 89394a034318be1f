"""What a "still" question asks, and which sentences say an ending (``hybrid.statement_still``)."""

from __future__ import annotations

import pytest

from hybrid.statement_still import says_ended, still_state


@pytest.mark.parametrize(
    ("question", "state"),
    [
        (
            "Does Ingrid still go bouldering at Bergen Klatresenter?",
            "Ingrid go bouldering at Bergen Klatresenter",
        ),
        ("is dad still driving buses?", "dad driving buses"),
        (
            "Are Roz and Cal still planning to go to Rarotonga?",
            "Roz and Cal planning to go to Rarotonga",
        ),
        ("Where does Ingrid live?", None),
        ("Is Ingrid still?", None),
    ],
)
def test_still_state(question: str, state: str | None) -> None:
    assert still_state(question) == state


@pytest.mark.parametrize(
    ("sentence", "ended"),
    [
        ("Rarotonga is off.", True),
        ("We lost our Pickle last night.", True),
        ("bettabrad_92: left Big Fin.", True),
        ("I've stopped climbing.", True),
        ("Councillor Fiona Walsh was elected, replacing Councillor Declan Brophy.", True),
        ("i'm not on call anymore", True),
        ("coached my last Lions game today", True),
        ("no bouldering until summer, so I cancelled my Klatresenter membership", True),
        ("whoever left peanut butter cookies at the station: I see you", False),
        ("being EM won't stop me playing bass", False),
        ("Handed in my notice, last day is October 18", False),
        ("leaving Tessaract next month", False),
        ("Back driving the 7 for Wearside Buses tomorrow", False),
    ],
)
def test_says_ended(sentence: str, ended: bool) -> None:
    assert says_ended(sentence) is ended
