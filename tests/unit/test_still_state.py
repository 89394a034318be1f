"""What a "still" question asks, and which sentences say its state ended
(``hybrid.statement_still``)."""

from __future__ import annotations

import pytest

from hybrid.statement_still import says_ended, says_state, still_state


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
        ("Sadly I've had to give up the trombone.", "play the trombone", True),
        ("Oh and I'm done with pottery.", "doing her pottery class", True),
        ("Just done with my shift at Tesco.", "work at Tesco", False),
        ("If I give up the allotment I'll cry.", "tend the allotment", False),
        (
            "Fiona Walsh was elected, replacing Councillor Declan Brophy as Cathaoirleach.",
            "cathaoirleach of the municipal district",
            True,
        ),
        ("i'm not on call anymore", "on call", True),
        ("We closed Kiln & Cullet last spring, the rent doubled.", "running Kiln & Cullet", True),
        (
            "He's stepped back from the mountain rescue team.",
            "volunteering with mountain rescue",
            True,
        ),
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
        # states that end by what follows them
        ("Lena and Joss got married at the town hall on Saturday", "engaged to Joss", True),
        ("Passed my finals, officially a registered midwife!", "a student midwife", True),
        ("Graduated today, the law degree is done", "studying law", True),
        ("Lena and Joss are getting married next spring", "engaged to Joss", False),
        ("We went to a wedding in Leith", "living in Leith", False),
    ],
)
def test_says_ended(sentence: str, state: str, ended: bool) -> None:
    assert says_ended(sentence, state) is ended


@pytest.mark.parametrize(
    ("sentence", "state", "says"),
    [
        # a common noun or adjective of the state that the sentence does not say
        ("Qualified as a staff nurse this week, Ward 6 kept me on.", "a student nurse", False),
        ("Sprained my wrist at badminton last night.", "play badminton", True),
        ("Finished the Fells half marathon in under two hours.", "run Hollins Bakery", False),
        (
            "No post today, someone at the tennis club nicked the mail.",
            "chair of the club board",
            False,
        ),
        # verbs may differ; a name needs one of its words, written large or small
        (
            "Jammed with the Velvet Otters again on friday, bass duty.",
            "play in The Velvet Otters",
            True,
        ),
        ("Got my first century for the Wanderers yesterday!", "play for the leith wanderers", True),
        (
            "Signed my contract, Copper Kettle keeps me on as a manager.",
            "work at copper kettle",
            True,
        ),
        ("Still Valparaíso, still foggy.", "in valparaíso", True),
        ("Moved the whole team to Quito for a month.", "in valparaíso", False),
    ],
)
def test_says_state(sentence: str, state: str, says: bool) -> None:
    assert says_state(sentence, state) is says
