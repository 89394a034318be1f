"""What a "still" question asks, and which sentences say its state ended
(``hybrid.statement_still``)."""

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
        ("Is Anna still off sick?", None),  # a state that is itself an ending
        ("Is Tom still retired?", None),
        ("Was Marcus still coaching when Roz moved?", None),  # asks about then, not now
    ],
)
def test_still_state(question: str, state: str | None) -> None:
    assert still_state(question) == state


@pytest.mark.parametrize(
    ("sentence", "state", "ended"),
    [
        ("Rarotonga is off.", "going to Rarotonga", True),
        ("We lost our Pickle last night.", "got pickle", True),
        ("bettabrad_92: left Big Fin.", "work at big fin", True),
        ("I've stopped climbing.", "climbing", True),
        (
            "Fiona Walsh was elected, replacing Councillor Declan Brophy as Cathaoirleach.",
            "cathaoirleach of the municipal district",
            True,
        ),
        ("i'm not on call anymore", "on call", True),
        ("the fiesta's a write off, insurance confirmed it", "got the fiesta", True),
        ("He isn’t coaching the Lions anymore", "coach the Lions", True),
        ("coached my last Lions game today", "coach the Lions", True),
        (
            "no bouldering until summer, so I cancelled my Klatresenter membership",
            "go bouldering at Bergen Klatresenter",
            True,
        ),
        (
            "whoever left peanut butter cookies at the station: I see you",
            "allergic to peanuts",
            False,
        ),
        ("people left peanut cookies again", "allergic to peanuts", False),
        ("being EM won't stop me playing bass", "play in The Null Pointers", False),
        ("I haven’t left Lakeview", "work at Lakeview", False),
        ("I didn't actually quit the Lions", "coach the Lions", False),
        ("Handed in my notice, last day is October 18", "at tessaract", False),
        ("leaving Tessaract next month", "at tessaract", False),
        ("Back driving the 7 for Wearside Buses tomorrow", "driving buses", False),
        ("Lions lost 31-4 today", "coach the Lions", False),
        ("stopped by the Lions game", "coach the Lions", False),
        ("we sold out the Lions gig", "coach the Lions", False),
        ("I left my keys at home", "coach the Lions", False),  # not near the state's words
        ("Will: I left the band", "play in the band", True),  # Will is a name, not "will"
    ],
)
def test_says_ended(sentence: str, state: str, ended: bool) -> None:
    assert says_ended(sentence, state) is ended
