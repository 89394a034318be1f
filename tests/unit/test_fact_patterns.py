"""Facts read off a statement's structure (pronoun subjects are left to name resolution)."""

from __future__ import annotations

import pytest

from extraction.fact_patterns import extract_facts


def facts(text: str) -> list[str]:
    return [t.to_text() for t in extract_facts(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ilse Brandvold moved to Stavanger last spring.", ["Ilse Brandvold>>lives in>>Stavanger"]),
        (
            "Ilse got a job at the Stavanger harbour office.",
            ["Ilse>>works for>>Stavanger harbour office"],
        ),
        ("Tomas Okafor carpools with Ilse every morning.", ["Tomas Okafor>>carpools with>>Ilse"]),
        ("Tomas drives a battered Skoda.", ["Tomas>>drives>>Skoda"]),
        ("Dr. Amara Lind is allergic to peanuts.", ["Amara Lind>>is allergic to>>peanuts"]),
        (
            "Amara works for Norrsken Labs as a chemist.",
            ["Amara>>works for>>Norrsken Labs", "Amara>>works as>>chemist"],
        ),
        ("Priya's favourite bakery is Crumb & Co now.", ["Priya>>favourite bakery>>Crumb & Co"]),
        ("Then Callum Strachan moved to Wellington.", ["Callum Strachan>>lives in>>Wellington"]),
        ("Also Callum Strachan works for Globex.", ["Callum Strachan>>works for>>Globex"]),
        (
            "Ingrid Solberg swims at Sandviken three mornings a week.",
            ["Ingrid Solberg>>swims at>>Sandviken"],  # a spelled number ends a name
        ),
        ("Tom Hale works at Studio 54 now.", ["Tom Hale>>works for>>Studio 54"]),
        (
            "Owen Pratt moved to Leeds, including his piano and the cat.",
            ["Owen Pratt>>lives in>>Leeds"],
        ),
        (
            "Wren has been a UX researcher at Brassfield Analytics for years.",
            ["Wren>>works as>>UX researcher", "Wren>>works for>>Brassfield Analytics"],
        ),
    ],
)
def test_plain_statements(text: str, expected: list[str]) -> None:
    assert facts(text) == expected


def test_updates_and_endings() -> None:
    assert facts("Ilse quit Norrsken Labs in June.") == ["Ilse>>not quit>>Norrsken Labs"]
    assert facts("Tomas no longer carpools with Ilse.") == ["Tomas>>not carpools with>>Ilse"]
    assert facts("Tomas is unemployed.") == ["Tomas>>not works for>>*"]
    assert facts("Gareth Pryce formally resigns as chair.") == ["Gareth Pryce>>not works as>>chair"]
    assert facts("Harriet stands down as treasurer.") == ["Harriet>>not works as>>treasurer"]
    assert facts("Colm has stood down as chair.") == ["Colm>>not works as>>chair"]
    assert facts("Alan Rusk has stepped down as Head of Department.") == [
        "Alan Rusk>>not works as>>Head of Department"
    ]
    assert facts("Amara cancelled her Lisbon trip and is now planning on going to Quito.") == [
        "Amara>>not plans to travel to>>*",
        "Amara>>plans to travel to>>Quito",
    ]
    assert facts("Tomas moved from Bergen to Molde.") == [
        "Tomas>>not lives in>>*",
        "Tomas>>lives in>>Molde",
    ]


def test_a_move_still_to_come_is_a_plan_and_a_sites_place_is_the_home() -> None:
    planned = "Imogen Thackeray>>plans to move to>>Inverness"
    assert facts("Imogen Thackeray will move to Inverness next month.") == [planned]
    assert facts("Imogen Thackeray move up to Inverness in the summer.") == [planned]
    assert facts("Imogen Thackeray is moving to Inverness in the summer.") == [planned]
    moved = ["Imogen Thackeray>>lives in>>Inverness"]
    assert facts("Imogen Thackeray moved to Inverness in the summer.") == moved  # done
    assert facts("Tom Okonjo relocated to Redfern's Atlanta hub.") == [
        "Tom Okonjo>>lives in>>Atlanta"
    ]


def test_clauses_keep_their_subject() -> None:
    assert facts("Ilse moved out of Oslo, she lives in Tromsø now.") == [
        "Ilse>>not lives in>>*",
        "Ilse>>lives in>>Tromsø",
    ]
    assert facts("Her husband, Jonas Weber, coaches the under-10 hockey team.") == [
        "she>>married to>>Jonas Weber",
        "Jonas Weber>>coaches>>under-10 hockey team",
    ]
    assert facts("Jonas told me he drives a red Volvo.") == ["Jonas>>drives>>Volvo"]


@pytest.mark.parametrize(
    "text",
    [
        "The weather was grim all week.",
        "did you see the match yesterday?",
        "lol of course she does",
        "The train to Molde was delayed by an hour.",
        "Kemi: {weird} ; stuff > more",
        "I'm actually Declan's brother btw.",
        "Colm Tremaine to service the press before spring.",
        "",
    ],
)
def test_small_talk_questions_and_junk_state_nothing(text: str) -> None:
    assert facts(text) == []


def test_a_relation_outside_the_canonical_ones_needs_a_name_or_a_standing_role() -> None:
    assert facts("Dario is still painting in the evenings, mostly sunsets.") == []
    assert facts("Josie is mostly truing wheels on fat bikes and drinking hot cider.") == []
    assert facts("Josie Calloway registered for the Bolder Boulder.") == [
        "Josie Calloway>>registered for>>Bolder Boulder"
    ]
    assert facts("Alan Rusk is now writing a book.") == ["Alan Rusk>>is now writing>>book"]


def test_an_employer_after_a_capitalised_post() -> None:
    assert facts("Anouk got promoted to Senior Data Scientist at Brabo Insights.") == [
        "Anouk>>works as>>Senior Data Scientist",
        "Anouk>>works for>>Brabo Insights",
    ]


def test_posts_given_classes_taken_and_clubs_joined() -> None:
    assert facts("Alpenglow just promoted me to program coordinator.") == [
        "I>>works as>>program coordinator",
        "I>>works for>>Alpenglow",
    ]
    assert (
        facts("Kestrel Bank made her head of compliance.")[0] == "she>>works as>>head of compliance"
    )
    assert facts("They made me cry.") == []
    assert facts("I started a wheel-throwing pottery class at the rec center.") == [
        "I>>is learning>>pottery"
    ]
    assert "is learning" not in " ".join(facts("She teaches a yoga class at the gym."))
    assert facts("I joined the Chorale Saint-Cyprien last month.") == [
        "I>>is member of>>Chorale Saint-Cyprien"
    ]
    assert facts("Mo works for the Hallé Orchestra.") == ["Mo>>works for>>Hallé Orchestra"]


def test_what_a_review_found_in_posts_classes_and_clubs() -> None:
    def said(text: str) -> str:
        return " ".join(facts(text))

    assert "works for" not in said("I spoke to a manager at Tesco.")
    assert facts("They never promoted me to manager.") == []
    assert facts("Acme promoted her assistant to office manager.") == []
    assert "works as" not in said("They made her sister head of HR.")
    assert facts("She made me a doctor's appointment.") == []
    assert "is learning" not in said("I quit my pottery class.")
    assert facts("I drove my daughter to her ballet class.") == []
    assert facts("We had a great first lesson.") == []
    assert "is member of" not in said("I got a job with the London Symphony Orchestra.")
    assert "is member of" not in said("Dana joined the Halle Orchestra as a cellist.")


def test_an_offer_is_no_post_yet() -> None:
    offered = facts("Tsurugi Beverages wants Kaito Hirano as their quality manager.")
    assert not [f for f in offered if ">>works as>>" in f]
    assert facts("Kaito Hirano works as a quality manager.") == [
        "Kaito Hirano>>works as>>quality manager"
    ]
