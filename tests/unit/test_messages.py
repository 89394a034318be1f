"""Turns: an email or an exported chat message is its sender's own words (without headers,
times, quotes or forwards), said by the name the stream knows them by."""

from __future__ import annotations

from extraction.attribution import attribute, turn_speaker
from extraction.concepts import spoken_sentences
from extraction.messages import as_turn, email_as_turn, sender
from extraction.name_matching import Reason, Resolution
from extraction.people import People
from hybrid.name_adoption import lone_name_of

EMAIL = (
    "From: Odile Marchetti <odile@harbourgarden.org>\n"
    "To: board@harbourgarden.org\n"
    "Subject: RE: Plot allocations\n"
    "\n"
    "Thanks all. I've moved to Trieste, so Bruno Vidal takes the seed orders from now on.\n"
    "\n"
    "Odile Marchetti\n"
    "Secretary\n"
    "\n"
    "> Bruno Vidal is treasurer and lives in Udine.\n"
    "> Odile keeps the seed orders.\n"
)
FORWARDED = (
    "From: Bruno Vidal <b.vidal@example.org>\n"
    "Subject: Fwd: grant\n"
    "\n"
    "Good news below!\n"
    "---------- Forwarded message ----------\n"
    "From: Council <grants@example.org>\n"
    "I am pleased to confirm your grant.\n"
)


def test_an_email_is_its_senders_turn_without_what_it_quotes() -> None:
    assert sender(EMAIL) == "Odile Marchetti"
    turn = email_as_turn(EMAIL)
    assert turn.startswith("Odile Marchetti: Thanks all. I've moved to Trieste")
    assert turn.endswith("Odile Marchetti, Secretary")  # the post under the sender's name
    assert "Udine" not in turn and "keeps the seed orders" not in turn
    assert "Plot allocations" not in turn  # the subject line is no statement


def test_forwarded_text_is_not_the_forwarders_and_other_text_is_unchanged() -> None:
    assert email_as_turn(FORWARDED) == "Bruno Vidal: Good news below!"
    assert email_as_turn("From: here on, I cycle.") == "From: here on, I cycle."
    assert email_as_turn("Lena: moved to Graz") == "Lena: moved to Graz"
    assert spoken_sentences(FORWARDED) == "Bruno Vidal: Good news below!"


def test_an_exported_chat_message_is_its_speakers_turn() -> None:
    assert as_turn("[02/01/2025, 09:31] Dad: Back on the buses tomorrow.") == (
        "Dad: Back on the buses tomorrow."
    )
    assert as_turn("02/01/2025, 09:31 - Liv: back to York") == "Liv: back to York"
    assert as_turn("[9:31 PM] Ana: hi") == "Ana: hi"
    replied = '[15/03/2025, 08:07] Mum: ↪ Kev: "the car\'s a write off" — Ring me NOW'
    assert as_turn(replied) == "Mum: Ring me NOW"  # the quoted message is Kev's, said before
    for unchanged in ("Aleksi: At 10:30 we met", "2025-04-30 — audit OK: Bakare"):
        assert as_turn(unchanged) == unchanged


def test_a_family_label_speaks_and_a_heading_does_not() -> None:
    assert turn_speaker("Dad: Back on the buses tomorrow.") == "Dad"
    assert turn_speaker("Nana: it's freezing here") == "Nana"
    assert turn_speaker("Update: the pantry is closed") is None


def test_a_forum_post_speaks_for_its_username_until_it_gives_a_full_name() -> None:
    people = People()
    first = attribute(people, "shrimpwhisperer: I keep a 60L planted tank. — Niamh, Belfast")
    assert first.speaker == "Shrimpwhisperer"  # a first name alone: the handle's person
    later = attribute(people, "shrimpwhisperer: I moved to Derry last week.")
    assert later.speaker == "Shrimpwhisperer" and "Shrimpwhisperer moved to Derry" in later.text
    assert attribute(people, "Niamh: hi").speaker == "Shrimpwhisperer"  # the signed name is theirs
    reef = attribute(people, "reef_dad_oz: I run a 300L reef through a Brisbane summer.")
    assert reef.speaker == "Reef Dad Oz" and "300L reef" in reef.text  # "reef" is no name part
    signed = attribute(people, "reef_dad_oz: we adopted a kelpie. — Hamish Tait, Hobart")
    assert signed.speaker == "Hamish Tait"
    assert Resolution("Reef Dad Oz", "Hamish Tait", Reason.HANDLE) in signed.resolutions
    assert attribute(people, "reef_dad_oz: Moved to Hobart!").speaker == "Hamish Tait"
    assert lone_name_of(Resolution("Reef Dad Oz", "Hamish Tait", Reason.HANDLE))


def test_two_handles_of_one_first_name_stay_two_people() -> None:
    people = People()
    attribute(people, "bettabrad_92: I run a 20L betta tank. — Brad, Calgary")
    other = attribute(people, "betta_brad: wait there's another brad?? Brad Nguyen here, Portland")
    assert other.speaker == "Brad Nguyen"
    assert Resolution("Betta Brad", "Brad Nguyen", Reason.HANDLE) in other.resolutions
    assert attribute(people, "bettabrad_92: moving to Edmonton").speaker == "Bettabrad 92"
    assert attribute(people, "betta_brad: I'm a vet tech too!").speaker == "Brad Nguyen"
    revealed = attribute(people, "bettabrad_92: left Big Fin. — Brad Kowalczyk")
    assert revealed.speaker == "Brad Kowalczyk"
    assert Resolution("Bettabrad 92", "Brad Kowalczyk", Reason.HANDLE) in revealed.resolutions


def test_a_post_gives_the_name_behind_a_handle() -> None:
    people = People()
    attribute(people, "shrimpwhisperer: Badges: Declan Moore (plecoplease) and me")
    assert attribute(people, "plecoplease: Bringing cuttings. — Declan").speaker == "Declan Moore"
    attribute(people, "cichlid_lupe: my 450L Malawi tank says hi. — Lupe, San Antonio TX")
    real = attribute(people, "cichlid_lupe: real name reveal: Guadalupe Ortega, dental hygienist.")
    assert real.speaker == "Guadalupe Ortega"
    assert Resolution("Cichlid Lupe", "Guadalupe Ortega", Reason.HANDLE) in real.resolutions
    glossed = attribute(people, "shrimpwhisperer: Niamh Gallagher (me, shrimpwhisperer) is going")
    assert glossed.speaker == "Niamh Gallagher"


def test_a_handle_is_not_revealed_by_someone_elses_name() -> None:
    people = People()
    attribute(people, "bettabrad_92: hi all — Brad, Calgary")
    for post in (
        "bettabrad_92: my daughter's real name is Ama Mensah",
        "bettabrad_92: lol I'm Gordon Ramsay in the kitchen now",
        "bettabrad_92: > real name reveal: Guadalupe Ortega\nnice to meet you",
        "bettabrad_92: set up my first tank — March 2019",
        "bettabrad_92: had lunch with Kofi Mensah (Accra) and Ama Boateng (me)",
    ):
        assert attribute(people, post).speaker == "Bettabrad 92", post
    assert "Kofi Mensah" not in attribute(people, "bettabrad_92: I'm flying to Accra").text
    diary = People()
    attribute(diary, "Property of Imogen Thackeray: if found, return it.")
    heading = attribute(diary, "gratitude: my sister Meera visited")  # a diary's heading
    assert heading.speaker == "Imogen Thackeray"
    assert ">50 people" in attribute(People(), "Kofi Mensah: >50 people came").text


def test_a_quoted_line_is_not_what_the_post_says() -> None:
    people = People()
    attribute(people, "cichlid_lupe: my boyfriend Marco Delgado loves the tank")
    reply = attribute(people, "cichlid_lupe: > my boyfriend Marco Delgado\nhe's my FIANCÉ now")
    assert "boyfriend" not in reply.text
    assert reply.text.startswith("Marco Delgado is Cichlid Lupe's FIANCÉ")  # "he": the quote's


def test_a_speakers_pet_form_is_the_full_name_given_later() -> None:
    people = People()
    attribute(people, "Kev: me n shannon r at her mams")
    named = attribute(people, "Mum: your washing is still in our machine, Kevin Hartley.")
    assert ("Kev", "Kevin Hartley") in [(r.mention, r.resolved) for r in named.resolutions]
    assert attribute(people, "Kev: keys got!!!").speaker == "Kevin Hartley"
    assert lone_name_of(Resolution("Kev", "Kevin Hartley", Reason.NICKNAME))
    assert not lone_name_of(Resolution("Derry", "Declan Moore", Reason.NICKNAME))


def test_a_diarys_owner_writes_it() -> None:
    people = People()
    opened = "Tues 7th Jan. New notebook. Property of Imogen Thackeray: if found, return it."
    assert attribute(people, opened).speaker == "Imogen Thackeray"
    assert attribute(people, "Started Italian again.").text.startswith("Imogen Thackeray started")


def test_an_exports_own_lines_give_its_members_and_no_fact() -> None:
    added = "[02/01/2024, 21:04] Ottilie Varga added Bilal Demirel, Cormac Halloran and Ngozi Adjei"
    assert as_turn(added) == "Ottilie Varga, Bilal Demirel, Cormac Halloran, Ngozi Adjei."
    assert as_turn('[02/01/2024, 21:04] Ottilie Varga created group "14 Dunnock Rd 🏠"') == (
        "Ottilie Varga."
    )
    assert as_turn("[12/01/2024, 23:48] You added Mal") == "Mal."
    assert as_turn("[12/01/2024, 23:48] Messages and calls are end-to-end encrypted.") == ""
    assert as_turn("[03/01/2024, 08:30] Teo 🌸: morning all") == "Teo: morning all"
    assert as_turn("9:30 standup went long") == "9:30 standup went long"  # a note, not an app's


def test_a_label_with_a_surname_initial_is_the_one_member_it_fits() -> None:
    people = People()
    attribute(people, as_turn("[02/01/2024, 21:04] Ottilie Varga added Cormac Halloran"))
    turn = attribute(people, as_turn("[03/01/2024, 08:12] Cormac H: I moved to Leeds"))
    assert "Cormac Halloran" in turn.text and "Cormac H:" not in turn.text
    later = People()
    attribute(later, "Zainab Q: hi all")
    attribute(later, "Zainab Quaye: thanks for having me")
    assert later.names() == ["Zainab Quaye"]


def test_a_podcasts_episode_and_timecode_and_a_guests_unlisted_name() -> None:
    turn = as_turn("EP 5 [00:02:15] GUEST (Sunita): I moved to Lincoln three years ago.")
    assert turn == "GUEST (Sunita): I moved to Lincoln three years ago."
    assert turn_speaker(turn) == "Sunita"


def test_a_recorders_transcript_line_is_its_speakers_turn_without_fillers() -> None:
    assert as_turn("Réka Halmi 00:02:04 hi everyone, um, i'm rayka") == (
        "Réka Halmi: hi everyone, i'm rayka"
    )
    assert as_turn("Speaker 2 (3:15) so uh yes") == "Speaker 2: so yes"
    assert (
        as_turn("Gemma: she's an ER nurse, er, in Tucson")
        == "Gemma: she's an ER nurse, er, in Tucson"
    )
    assert as_turn("Siddharth O'Neil  0:31  hello") == "Siddharth O'Neil: hello"
    for text in ("At 09:30 we met", "Tuesday 10:30 standup moved", "Flight BA 10:30 departs"):
        assert as_turn(text) == text
