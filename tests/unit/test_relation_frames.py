"""Cue-driven frames: a relation's cue and a value of the kind the relation takes."""

from __future__ import annotations

from extraction.fact_patterns import extract_facts
from extraction.fact_sources import combine
from extraction.gazetteer import (
    is_job_title,
    is_place,
    is_skill,
    is_vehicle,
    without_legal_form,
)
from extraction.memory_api import Triple
from extraction.relation_frames import frame_facts
from extraction.typed_objects import (
    read_club,
    read_job,
    read_org,
    read_pet,
    read_place,
    read_skill,
    read_vehicle,
    tokens,
)

PEOPLE = ["Ines Carvalho", "Tomasz Wilk", "Kwame Asante"]


def facts(text: str, topic: str | None = None, speaker: str | None = None) -> list[str]:
    return [t.to_text() for t in frame_facts(text, PEOPLE, topic, speaker=speaker)]


def test_the_gazetteer_knows_kinds_of_things() -> None:
    assert is_place("Lisbon") and is_place("reykjavík") and not is_place("Kestrel Bank")
    assert not is_place("The") and not is_place("For")  # airport codes, not cities' names
    assert is_vehicle("Toyota Aygo") and is_vehicle("electric cargo bike")
    assert is_skill("Portuguese") and is_skill("cello") and is_skill("pottery")
    assert is_job_title("senior data analyst") and is_job_title("ward sister")
    assert not is_job_title("sister") and not is_job_title("better")


def test_readers_take_only_their_kind() -> None:
    assert read_place(tokens("a room in a shared house in Clifton, Bristol")) == "Bristol"
    assert read_place(tokens("the AMC in june")) is None
    assert read_org(tokens("the analytics team at Norsk Mobil")) == "Norsk Mobil"
    assert read_org(tokens("a bakery, Pan Dulce, on the corner")) == "Pan Dulce"
    assert read_org(tokens("Leeds")) is None
    assert read_job(tokens("a senior data analyst at Kestrel")) == "senior data analyst"
    assert read_job(tokens("the lead on the bridge project")) is None
    assert read_skill(tokens("up the cello again")) == "cello"
    assert read_skill(tokens("coaching the rugby team")) is None
    assert read_vehicle(tokens("a battered red Vauxhall Astra estate")) == "Vauxhall Astra"
    assert read_pet(tokens("a grey cat called Miso from the shelter")) == ["Miso"]
    assert read_pet(tokens("two hamsters, Pip and Squeak, in a cage")) == ["Pip", "Squeak"]
    assert read_pet(tokens("a dog, a kelpie called Reef.")) == ["Reef"]
    assert read_pet(tokens("a kitten, named her Bramble")) == ["Bramble"]
    assert read_pet(tokens("a cat, a real menace")) == []
    assert read_club(tokens("Balvan, a bouldering gym in Brno")) == "Balvan"
    assert read_org(tokens("Balvan, a bouldering gym in Brno")) is None
    assert read_org(tokens("Lipa Robotics, a startup in Brno")) == "Lipa Robotics"


def test_homes_jobs_and_employers() -> None:
    assert facts("Ines Carvalho has signed a lease on a flat in Gdansk.") == [
        "Ines Carvalho>>lives in>>Gdansk"
    ]
    assert "Tomasz Wilk>>works for>>Harbour Analytics" in facts(
        "Tomasz Wilk joined Harbour Analytics as a junior data engineer."
    )
    assert "Tomasz Wilk>>works as>>junior data engineer" in facts(
        "Tomasz Wilk joined Harbour Analytics as a junior data engineer."
    )
    assert facts("lol. Norsk Mobil poached Kwame Asante") == [
        "Kwame Asante>>works for>>Norsk Mobil"
    ]


def test_a_chat_turn_without_a_subject_is_the_speakers() -> None:
    said = "started at velo Gent on monday, still living in Gent"
    found = facts(said, topic="Ines Carvalho", speaker="Ines Carvalho")
    assert "Ines Carvalho>>works for>>velo Gent" in found
    assert "Ines Carvalho>>lives in>>Gent" in found


def test_notes_without_verbs() -> None:
    found = facts("Kwame Asante - trumpet, adult. Paramedic w/ Coastline Ambulance.")
    assert "Kwame Asante>>is learning>>trumpet" in found
    assert "Kwame Asante>>works as>>Paramedic" in found
    assert "Kwame Asante>>works for>>Coastline Ambulance" in found


def test_a_plan_is_not_a_home() -> None:
    assert facts("Ines Carvalho is moving to Gdansk next month.") == [
        "Ines Carvalho>>plans to move to>>Gdansk"
    ]
    assert facts("Ines Carvalho is moving to Gdansk.") == ["Ines Carvalho>>lives in>>Gdansk"]
    assert facts("Tomasz Wilk is in Lyon while Ines Carvalho is in Gdansk.") == [
        "Tomasz Wilk>>lives in>>Lyon"
    ]


def test_a_school_named_after_its_town_is_not_a_home() -> None:
    said = "Ines Carvalho has started a master's in sports physiotherapy at Bergen Helsehøgskole."
    assert facts(said) == ["Ines Carvalho>>studies at>>Bergen Helsehøgskole"]


def test_switches_give_the_new_value_and_end_the_old() -> None:
    assert facts("Kwame Asante switched from violin to viola.") == [
        "Kwame Asante>>not is learning>>violin",
        "Kwame Asante>>is learning>>viola",
    ]
    assert facts("Tomasz Wilk traded in the Skoda for a cargo bike.") == [
        "Tomasz Wilk>>not drives>>Skoda",
        "Tomasz Wilk>>rides>>cargo bike",
    ]
    assert facts("Ines Carvalho moved from Lyon to Gdansk.")[:2] == [
        "Ines Carvalho>>not lives in>>Lyon",
        "Ines Carvalho>>lives in>>Gdansk",
    ]


def test_endings_of_the_right_relation() -> None:
    assert facts("Tomasz Wilk quit Harbour Analytics.") == [
        "Tomasz Wilk>>not works for>>Harbour Analytics"
    ]
    assert facts("Ines Carvalho has given up the cello.") == [
        "Ines Carvalho>>not is learning>>cello"
    ]
    assert facts("Kwame Asante isn't with Norsk Mobil any more.") == [
        "Kwame Asante>>not works for>>Norsk Mobil"
    ]
    assert facts("Kwame Asante is stopping lessons after this term.") == []


def test_couples_pets_and_proposals() -> None:
    assert facts("Ines Carvalho and Tomasz Wilk are engaged!") == [
        "Ines Carvalho>>married to>>Tomasz Wilk"
    ]
    assert facts("Ines Carvalho and Tomasz Wilk had their two-year anniversary.") == [
        "Ines Carvalho>>is seeing>>Tomasz Wilk"
    ]
    assert facts("Ines Carvalho and Tomasz Wilk are off to Porto, one year together!") == [
        "Ines Carvalho>>is seeing>>Tomasz Wilk"
    ]
    assert facts("Ines Carvalho and Tomasz Wilk have split up after three years together.") == [
        "Ines Carvalho>>not is seeing>>Tomasz Wilk"
    ]
    assert facts("Ines Carvalho (Ines Carvalho, Kwame Asante's girlfriend) says hi") == [
        "Kwame Asante>>is seeing>>Ines Carvalho"
    ]
    assert facts("Tomasz Wilk adopted a boxer called Rocco.") == ["Tomasz Wilk>>owns>>Rocco"]
    photo = "[shares a photo of a puppy asleep on a pile of shoes] Meet Kluska!!"
    assert facts(photo, topic="Tomasz Wilk") == ["Tomasz Wilk>>owns>>Kluska"]
    assert facts("Meet Kluska! She starts on Monday.", topic="Tomasz Wilk") == []  # no animal
    assert facts("Tomasz Wilk proposed on the pier.", speaker="Ines Carvalho") == [
        "Ines Carvalho>>married to>>Tomasz Wilk"
    ]


def test_facts_are_about_people_only() -> None:
    assert facts("Harbour Analytics has opened a new office in Gdansk.") == []


def test_combined_readings_keep_typed_values_and_drop_noise() -> None:
    from extraction.fact_patterns import extract_facts

    text = "Tomasz Wilk moved to Lyon and met Ines Carvalho at a pub quiz."
    found = combine(frame_facts(text, PEOPLE), extract_facts(text), lambda name: name in PEOPLE)
    assert [t.to_text() for t in found] == ["Tomasz Wilk>>lives in>>Lyon"]


def test_a_negation_of_the_next_predicate_ends_nothing_here() -> None:
    assert facts(
        "Tomasz Wilk found a new job at Harbour Analytics and is no longer unemployed."
    ) == ["Tomasz Wilk>>works for>>Harbour Analytics"]
    assert extract_facts("Tomasz Wilk is no longer unemployed.") == []


def test_a_titled_job_and_a_manager_in_a_log_entry() -> None:
    people = ["Mirela Dobos", "Arvo Kask"]
    text = "2025-01-06 — Mirela Dobos, Support Engineer, Support team. Line manager: Arvo Kask."
    found = [t.to_text() for t in frame_facts(text, people)]
    assert "Mirela Dobos>>works as>>Support Engineer" in found
    assert "Mirela Dobos>>reports to>>Arvo Kask" in found
    assert not any(f.endswith(">>Line manager") for f in found)
    assert read_job(tokens("Vet nurse at the clinic")) is None  # a sentence's capital: not a title
    assert read_job(tokens("Platform Engineering Manager, Tartu")) == "Platform Engineering Manager"


def test_a_fragment_belongs_to_the_name_before_it_not_to_one_in_brackets() -> None:
    people = ["Ilinca Dobos", "Mirela Dobos"]
    text = "New: Ilinca Dobos (Mirela Dobos's sister), Data Engineer, Cluj."
    found = [t.to_text() for t in frame_facts(text, people)]
    assert "Ilinca Dobos>>works as>>Data Engineer" in found
    assert not any(f.startswith("Mirela Dobos") for f in found)


LOG_PEOPLE = ["Arvo Kask", "Mirela Dobos", "Ilinca Dobos"]


def read(text: str) -> list[str]:
    """The frames' facts about ``LOG_PEOPLE``."""
    return [t.to_text() for t in frame_facts(text, LOG_PEOPLE)]


def test_couples_end_and_partners_and_managers_are_named() -> None:
    assert "Arvo Kask>>not is seeing>>Mirela Dobos" in read("Arvo Kask and Mirela Dobos broke up.")
    assert "Mirela Dobos>>is seeing>>Arvo Kask" in read(
        "Arvo Kask is officially Mirela Dobos's boyfriend."
    )
    assert "Ilinca Dobos>>reports to>>Arvo Kask" in read("Arvo Kask is Ilinca Dobos's manager.")


def test_a_job_at_an_employer_after_is_and_still_at() -> None:
    found = read("Arvo Kask is head barista at Kohvik Ilon now.")
    assert "Arvo Kask>>works for>>Kohvik Ilon" in found
    assert "Arvo Kask>>works as>>head barista" in found
    assert "Arvo Kask>>works for>>Kohvik Ilon" in read("Arvo Kask is still at Kohvik Ilon, lol.")


def test_a_pet_named_after_its_adoption() -> None:
    assert "Arvo Kask>>owns>>Pilve" in read("Arvo Kask adopted a grey cat and named her Pilve.")


def test_still_with_a_person_and_a_manager_abbreviated() -> None:
    assert "Arvo Kask>>is seeing>>Mirela Dobos" in read("Arvo Kask is still with Mirela Dobos.")
    assert "Ilinca Dobos>>reports to>>Arvo Kask" in read(
        "Audit OK: Ilinca Dobos, Data Engineer, Cluj, mgr Arvo Kask."
    )
    assert not any("reports to" in f for f in read("Ask Finance Manager Arvo Kask."))


def test_titles_with_of_promotions_and_arrows_name_the_post() -> None:
    assert read_job(tokens("Head of Logistics (interim)")) == "Head of Logistics"
    assert read_job(tokens("Director of Member Services, Tartu")) == "Director of Member Services"
    assert read_job(tokens("same desk, same manager")) is None  # no new post
    assert not is_job_title("head coach of the") and not is_job_title("chemist of the year")
    assert "Arvo Kask>>works as>>Senior Account Executive" in read(
        "Arvo Kask promoted to Senior Account Executive. Same team, same manager."
    )
    assert "Mirela Dobos>>works as>>Head of Logistics" in read(
        "Mirela Dobos confirmed as Head of Logistics (permanent, no longer acting)."
    )
    assert "Ilinca Dobos>>works as>>Account Executive" in read(
        "Ilinca Dobos: SDR → Account Executive."
    )


def test_time_in_a_post_names_the_employer_and_a_last_day_ends_it() -> None:
    said = facts("Kwame Asante: 4 years at Ostrava Glassworks today!", speaker="Kwame Asante")
    assert said == ["Kwame Asante>>works for>>Ostrava Glassworks"]
    found = facts("first week as a junior dentist at Molar & Co.", topic="Kwame Asante")
    assert "Kwame Asante>>works as>>junior dentist" in found
    assert "Kwame Asante>>works for>>Molar & Co" in found
    assert facts("two weeks at Disneyland with the kids", topic="Kwame Asante") == []
    assert facts("Last day at Ostrava Glassworks.", topic="Kwame Asante") == [
        "Kwame Asante>>not works for>>Ostrava Glassworks"
    ]
    assert facts("My last day at Ostrava Glassworks is the 25th.", topic="Kwame Asante") == []


def test_a_possessive_that_owns_nothing_stays_in_the_name() -> None:
    assert read_org(tokens("St. Olave's this week")) == "St. Olave's"
    assert read_org(tokens("Lakeside Children's.")) == "Lakeside Children's"
    assert read_org(tokens("Tidewell Energy's office")) == "Tidewell Energy"


def test_a_home_is_not_the_city_it_lies_outside() -> None:
    found = facts(
        "Kwame Asante bought a house! On Vallø, just outside Oslo, moving in next month.",
        topic="Kwame Asante",
    )
    assert not any("Oslo" in f for f in found)


def test_moving_in_with_someone() -> None:
    assert "Mirela Dobos>>lives with>>Arvo Kask" in read("Mirela Dobos moved in with Arvo Kask.")
    assert "Mirela Dobos>>plans to move in with>>Arvo Kask" in read(
        "Mirela Dobos is moving in with Arvo Kask next month."
    )


def test_here_in_a_city_is_a_home_and_not_with_someone_ends_a_couple() -> None:
    assert facts("Snowing again here in Tromsø.", topic="Kwame Asante") == [
        "Kwame Asante>>lives in>>Tromsø"
    ]
    assert facts("Kwame Asante was here in Porto for a week.", topic="Kwame Asante") == []
    said = "Kwame Asante: it's freezing here in Tromsø, the heating's off"
    assert facts(said, speaker="Kwame Asante") == ["Kwame Asante>>lives in>>Tromsø"]
    assert facts("it's freezing here in Tromsø") == []  # nobody is speaking
    assert "Mirela Dobos>>not is seeing>>Arvo Kask" in read(
        "no, Mirela Dobos is not with Arvo Kask anymore."
    )


def test_a_pupil_studies_at_a_school_and_a_cheer_is_no_post() -> None:
    text = "Kwame Asante started fifth grade at Escuela Las Palmas on Monday."
    found = combine(frame_facts(text, PEOPLE), extract_facts(text), lambda name: name in PEOPLE)
    assert "Kwame Asante>>studies at>>Escuela Las Palmas" in [t.to_text() for t in found]
    assert not any(t.relation == "works for" for t in found)
    for staff in (
        "Kwame Asante teaches maths at School 51.",
        "Kwame Asante got a job at the Leuven university library.",
    ):
        kept = combine(frame_facts(staff, PEOPLE), extract_facts(staff), lambda n: n in PEOPLE)
        assert not any(t.relation == "studies at" for t in kept), staff
    assert facts("Executive!! Also my course finished.", topic="Kwame Asante") == []
    assert facts("Big news: head chef at Kumo!", topic="Kwame Asante") == [
        "Kwame Asante>>works as>>head chef",
        "Kwame Asante>>works for>>Kumo",
    ]
    assert read_job(tokens("officially a certified pastry teacher")) == "certified pastry teacher"
    assert read_job(tokens("Not a baker, a sommelier")) is None


def test_elected_to_a_post_and_standing_down_from_it() -> None:
    assert read("Arvo Kask re-elected chair (unopposed).") == ["Arvo Kask>>works as>>chair"]
    assert read("Mirela Dobos elected treasurer.") == ["Mirela Dobos>>works as>>treasurer"]
    assert read("Mirela Dobos stood down as treasurer after six years.") == [
        "Mirela Dobos>>not works as>>treasurer"
    ]
    assert read("Mirela Dobos will step down as treasurer in November.") == []
    signed = "Kind regards, Arvo Kask, Grants Officer, Tartu Council"
    assert [t.to_text() for t in frame_facts(signed, LOG_PEOPLE, "Mirela Dobos")] == [
        "Arvo Kask>>works as>>Grants Officer",
        "Arvo Kask>>works for>>Tartu Council",
    ]
    listed = "Arvo Kask, Support Engineer, Support team, Tartu."  # a team is no employer
    assert [t.to_text() for t in frame_facts(listed, LOG_PEOPLE)] == [
        "Arvo Kask>>works as>>Support Engineer"
    ]


def test_a_pet_named_beside_its_owner() -> None:
    for text in (
        "Kwame Asante typed this with Pixel, Kwame Asante's ancient cat, asleep on the sofa.",
        "Kwame Asante's dog, Pixel, ate the post.",
        "Pixel, our rescue dog, is three.",
    ):
        assert "Kwame Asante>>owns>>Pixel" in facts(text, topic="Kwame Asante"), text
    assert not any("owns" in f for f in facts("Kwame Asante's sister Ines Carvalho moved."))


def test_a_pet_introduced_by_name_then_kind() -> None:
    for text in (
        "Kwame Asante has a new housemate: Biscuit, a ginger kitten from the shelter.",
        "Kwame Asante adopted Biscuit, a tabby cat.",
        "Kwame Asante got a tabby cat called Biscuit.",
    ):
        assert facts(text, topic="Kwame Asante") == ["Kwame Asante>>owns>>Biscuit"], text
    for text in (
        "Kwame Asante has a visitor: Tomas, a big dog lover.",
        "Kwame Asante has news: Ines Carvalho, a vet, got a promotion.",
    ):
        assert not any("owns" in f for f in facts(text, topic="Kwame Asante")), text


def test_no_post_from_an_appointment_a_possessive_or_an_unofficial_offer() -> None:
    assert facts("Kwame Asante has to run, physio at 9!", topic="Kwame Asante") == []
    assert facts("Ines Carvalho is Kwame Asante's manager, and strict.") == [
        "Kwame Asante>>reports to>>Ines Carvalho"
    ]
    assert facts("Ines Carvalho is my manager.", speaker="Kwame Asante") == []
    assert facts("Ines Carvalho is our treasurer.") == ["Ines Carvalho>>works as>>treasurer"]
    offered = "Kwame Asante might lead the new lab. Lab Lead! Not official until HR signs off."
    assert facts(offered, topic="Kwame Asante") == []
    assert facts("Kwame Asante is now head nurse at St Olaf. Official!") == [
        "Kwame Asante>>works as>>head nurse",
        "Kwame Asante>>works for>>St Olaf",
    ]


def test_homes_from_calls_and_moves_and_work_done_for_a_named_employer() -> None:
    assert facts("Ines Carvalho called from the airport.") == []
    assert facts("Sat 4 Jan. Ines Carvalho rang from Christchurch.") == [
        "Ines Carvalho>>lives in>>Christchurch"
    ]
    assert facts("Ines Carvalho is flying in from Vancouver next week.") == [
        "Ines Carvalho>>lives in>>Vancouver"
    ]
    moved = "Officially an Oulu person! Kwame Asante moved on Saturday, the van broke down twice."
    assert facts(moved) == ["Kwame Asante>>lives in>>Oulu"]
    assert facts("Kwame Asante is moving to Oulu on Saturday.") == [
        "Kwame Asante>>plans to move to>>Oulu"
    ]
    assert facts("Tomasz Wilk is doing sound for the Aurajoki Theatre now.") == [
        "Tomasz Wilk>>works for>>Aurajoki Theatre"
    ]
    assert facts("Tomasz Wilk does yoga at the gym.") == []


def test_notes_posts_in_parentheses_shorthand_and_signatures() -> None:
    assert facts("Call w/ Ines Carvalho (Head of Data). Keen.") == [
        "Ines Carvalho>>works as>>Head of Data"
    ]
    assert facts("Met Tomasz Wilk (Ops Manager, Redfern Logistics) today.") == [
        "Tomasz Wilk>>works as>>Ops Manager",
        "Tomasz Wilk>>works for>>Redfern Logistics",
    ]
    assert facts("Badges: Ines Carvalho (me, inesc), Tomasz Wilk (acting since Nov).") == []
    assert facts("Confirmed: Kwame Asante = CIO @ Pell & Marsh from 1 Jun.") == [
        "Kwame Asante>>works as>>CIO",
        "Kwame Asante>>works for>>Pell & Marsh",
    ]
    pet = "Kwame Asante started Italian again. Mabel (cat, nine, tyrant) was unimpressed."
    assert "Kwame Asante>>owns>>Mabel" in facts(pet, topic="Kwame Asante")
    signed = "Kwame Asante keeps a 60L planted tank. — Kwame, Belfast"
    assert facts(signed, speaker="Kwame Asante") == ["Kwame Asante>>lives in>>Belfast"]


def test_ones_own_car_a_trip_offers_and_no_pet_named_after_a_person() -> None:
    assert facts("Assuming Kwame Asante's old Subaru Outback starts.") == [
        "Kwame Asante>>drives>>Subaru Outback"
    ]
    assert facts("Kwame Asante's Fiat Panda was written off.") == [
        "Kwame Asante>>not drives>>Fiat Panda"
    ]
    assert facts("Greetings from Bali! Kwame Asante is loving the trip.") == []  # a trip
    assert facts("Kwame Asante is doing an interview at Brightwave.") == []
    assert not any("drives" in f for f in facts("Kwame Asante's Jaguar tattoo is healing."))
    offer = "Big news: Kovai Robotics made me an offer. Senior ML engineer, way more money."
    assert facts(offer, topic="Kwame Asante") == []
    cat = (
        "Tomasz Wilk is a firefighter, Tomasz Wilk has a three-legged cat, Ines Carvalho is doomed"
    )
    assert facts(cat) == ["Tomasz Wilk>>works as>>firefighter"]


def test_a_notes_account_employs_the_posts_it_names() -> None:
    assert facts(
        "Renewal: Redfern Logistics (Dallas) due 31 Mar. Contact: Tomasz Wilk, Ops Manager."
    ) == [
        "Tomasz Wilk>>works as>>Ops Manager",
        "Tomasz Wilk>>works for>>Redfern Logistics",
    ]
    assert facts("New contact @ Calder Freight: Ines Carvalho, Head of Procurement.") == [
        "Ines Carvalho>>works as>>Head of Procurement",
        "Ines Carvalho>>works for>>Calder Freight",
    ]
    assert facts("Visited Mum (Leeds). Tomasz Wilk, nurse.") == ["Tomasz Wilk>>works as>>nurse"]
    assert facts("Vantor (Frankfurt) and Quorum (Munich) met: Tomasz Wilk, CTO.") == [
        "Tomasz Wilk>>works as>>CTO"
    ]  # two accounts: whose post is not said


def test_a_post_in_apposition_names_the_employer() -> None:
    people = ["Aoife Keoghan", "Chiamaka Obi"]
    said = "Aoife Keoghan, a teacher at Gaelscoil an Fhéile, led the side."
    assert [t.to_text() for t in frame_facts(said, people)] == [
        "Aoife Keoghan>>works as>>teacher",
        "Aoife Keoghan>>works for>>Gaelscoil an Fhéile",
    ]
    said = "Chiamaka Obi, manager of the Rothe Lane Café since 2021, was shortlisted."
    assert "Chiamaka Obi>>works for>>Rothe Lane Café" in [
        t.to_text() for t in frame_facts(said, people)
    ]
    assert frame_facts("Aoife Keoghan, a doctor in the family, laughed.", people) == []


def test_not_for_anything_ends_every_value_and_mine_is_not_the_speaker() -> None:
    text = "Kwame Asante is not on call for anything this week."
    found = combine([], extract_facts(text), lambda name: name in PEOPLE)
    assert [t.to_text() for t in found] == ["Kwame Asante>>not is on call for>>*"]
    assert "Kwame Asante>>plans to move to>>Oulu" in facts(
        "Kwame Asante is moving up north to Oulu in July."
    )


def test_a_vague_noun_alone_is_no_fact() -> None:
    text = "Kwame Asante needs video and sold out by noon."
    found = combine([], extract_facts("Kwame Asante needs video."), lambda n: n in PEOPLE)
    assert found == [], text


def test_asking_someone_to_marry_is_an_engagement() -> None:
    assert read("Arvo Kask asked Mirela Dobos to marry him and she said yes!") == [
        "Arvo Kask>>married to>>Mirela Dobos"
    ]
    assert read("Arvo Kask asked Mirela Dobos to move the car.") == []


def test_a_post_of_an_employer_and_no_common_noun_employer() -> None:
    assert "Kwame Asante>>works for>>Gaelscoil Chaisleáin" in facts(
        "Kwame Asante started as principal of Gaelscoil Chaisleáin this week."
    )
    assert not any("works for" in f for f in facts("Kwame Asante is captain of Nore Rangers."))
    found = combine([], extract_facts("Kwame Asante joined a competitor."), lambda n: n in PEOPLE)
    assert not any(t.relation == "works for" for t in found)


def test_moving_into_someones_place_is_living_with_them_and_a_past_move_is_no_plan() -> None:
    moved = facts("Ines Carvalho moved into Tomasz Wilk's on saturday.", topic="Ines Carvalho")
    assert moved == ["Ines Carvalho>>lives with>>Tomasz Wilk"]
    assert facts("Ines Carvalho moved in with Tomasz Wilk on saturday.") == [
        "Ines Carvalho>>lives with>>Tomasz Wilk"
    ]
    assert facts("Ines Carvalho is moving in with Tomasz Wilk on saturday.") == [
        "Ines Carvalho>>plans to move in with>>Tomasz Wilk"
    ]
    assert read_place(tokens("into Tomasz's on saturday")) is None
    old_flat = facts("Ines Carvalho moved into Tomasz Wilk's old flat in Brno.")
    assert old_flat == ["Ines Carvalho>>lives in>>Brno"]
    assert facts("Ines Carvalho moved into Tomasz Wilk's old role as analyst.") == [
        "Ines Carvalho>>works as>>analyst"
    ]


def test_a_thing_named_after_a_comma_is_where_it_is_based_not_the_person() -> None:
    assert facts("Ines Carvalho is learning Czech, the role is based in Brno.") == [
        "Ines Carvalho>>is learning>>Czech"
    ]
    assert facts("Ines Carvalho, the lead engineer is based in Brno.") == [
        "Ines Carvalho>>lives in>>Brno"
    ]


def test_a_list_of_officers_gives_each_name_the_office_before_it() -> None:
    listed = facts("Treasurer: Tomasz Wilk. Secretary: Kwame Asante. Both elected unopposed.")
    assert listed == ["Tomasz Wilk>>works as>>treasurer", "Kwame Asante>>works as>>secretary"]
    present = facts("Present: Chair (Ines Carvalho), Treasurer (Tomasz Wilk), Kwame Asante.")
    assert present == ["Ines Carvalho>>works as>>chair", "Tomasz Wilk>>works as>>treasurer"]


def test_a_name_given_is_a_pets_only_after_an_animal() -> None:
    assert facts("We got a puppy! His name is Tui.", topic="Kwame Asante") == [
        "Kwame Asante>>owns>>Tui"
    ]
    met = "I've met someone, by the way. His name is Reuben Salas, he teaches geology."
    assert "owns" not in " ".join(facts(met, topic="Ines Carvalho"))


def test_a_piped_signature_names_the_employer_after_the_post() -> None:
    signed = "Kind regards\n-- \nTomasz Wilk | Head of Procurement | Talberg Küchentechnik"
    assert facts(signed) == [
        "Tomasz Wilk>>works as>>Head of Procurement",
        "Tomasz Wilk>>works for>>Talberg Küchentechnik",
    ]
    assert without_legal_form("Ashworth Carriage Ltd") == "Ashworth Carriage"
    assert without_legal_form("Acme Pty Ltd") == "Acme"
    assert without_legal_form("Smith & Co") == "Smith & Co"
    assert without_legal_form("Ltd") == "Ltd"
    assert without_legal_form("Acme, Inc.") == "Acme"
    assert without_legal_form("Serenity Day Spa") == "Serenity Day Spa"


def test_a_partner_introduced_by_name() -> None:
    people = [*PEOPLE, "Tilly Garland", "Reuben Salas", "Maja Nowak", "Tom Hale"]

    def said(text: str) -> list[str]:
        return [t.to_text() for t in frame_facts(text, people, None)]

    assert said("Kwame Asante has a girlfriend called Tilly Garland.") == [
        "Kwame Asante>>is seeing>>Tilly Garland"
    ]
    met = "Ines Carvalho has met someone, by the way. His name is Reuben Salas."
    assert said(met) == ["Ines Carvalho>>is seeing>>Reuben Salas"]
    assert said("Tomasz Wilk has a fiancée! Maja Nowak is a vet.")[0] == (
        "Tomasz Wilk>>married to>>Maja Nowak"
    )
    assert said("Ines Carvalho's sister has a boyfriend called Tom Hale.") == []


def test_a_last_day_told_as_done_ends_the_job_and_one_to_come_does_not() -> None:
    assert facts("Kwame Asante's last day at Coastline Ambulance was Friday.") == [
        "Kwame Asante>>not works for>>Coastline Ambulance"
    ]
    assert facts("Kwame Asante's last day at Coastline Ambulance is Friday.") == []
    assert facts("Kwame Asante handed in his notice at Coastline Ambulance.") == [
        "Kwame Asante>>handed in notice at>>Coastline Ambulance"
    ]


def test_what_a_review_found_in_partners_endings_and_signatures() -> None:
    people = [*PEOPLE, "Dan Hart", "Ruth Kay", "Tilly Garland", "Jake Ford", "Sara Lind"]

    def said(text: str) -> list[str]:
        return [t.to_text() for t in frame_facts(text, people, None)]

    assert said("Kwame Asante found someone to fix the boiler, a plumber named Dan Hart.") == []
    assert said("Kwame Asante met someone from HR. Her name is Ruth Kay.") == []
    assert said("Kwame Asante and I had lunch. I have a new girlfriend called Tilly Garland.") == []
    assert said("Kwame Asante has a partner! Sara Lind and Jake Ford came too.") == []
    leaving = "Kwame Asante is leaving Coastline Ambulance next week, he told me yesterday."
    assert "not works for" not in " ".join(said(leaving))
    assert said("Kwame Asante's brother's last day at Coastline Ambulance was Friday.") == []
    assert said("Kwame Asante was given notice at Coastline Ambulance.") == []
    assert "works for" not in " ".join(said("Regards\n-- \nKwame Asante | Nurse | Mum Of Two"))
    assert said("Kwame Asante is going to be in Lisbon next month.") == [
        "Kwame Asante>>plans to travel to>>Lisbon"
    ]


def test_a_year_of_study_names_the_subject_and_the_school() -> None:
    assert sorted(facts("Ines Carvalho: 2nd year Law at Minster University is killing me")) == [
        "Ines Carvalho>>studies at>>Minster University",
        "Ines Carvalho>>studies>>law",
    ]
    assert "Tomasz Wilk>>studies>>law" in facts(
        "Tomasz Wilk is a second-year law student at Kingsbridge University."
    )
    assert facts("Tomasz Wilk: my third year in a row at the festival") == []


def test_a_person_given_with_age_and_town_lives_there() -> None:
    assert "Ines Carvalho>>lives in>>Dunedin" in facts(
        "For the record: Ines Carvalho, 31, Dunedin, lab technician at Taieri Valley Labs."
    )
    assert facts("Tomasz Wilk, 45, of Leeds, was fined.") == ["Tomasz Wilk>>lives in>>Leeds"]
    assert facts("Tomasz Wilk, 45, Kestrel Bank, applied.") == []  # a bank is no town
    assert facts("Tomasz Wilk: my first year at Severn Mutual went fast") == []
    assert facts("Tomasz Wilk: my second year teaching at Hillview School") == []


def test_a_partner_named_beside_the_word_and_a_home_by_its_owner() -> None:
    assert facts("Ines Carvalho's boyfriend Tomasz Wilk is staying over") == [
        "Ines Carvalho>>is seeing>>Tomasz Wilk"
    ]
    assert facts("Ines Carvalho's husband, Tomasz Wilk, is away") == [
        "Ines Carvalho>>married to>>Tomasz Wilk"
    ]
    assert facts("Tomasz Wilk did a picnic on the floor of his flat in Birkenhead") == [
        "Tomasz Wilk>>lives in>>Birkenhead"
    ]
    assert facts("Tomasz Wilk loves his holiday home in Nice") == []


def test_a_negation_belongs_to_the_predicate_of_its_own_subject() -> None:
    said = "Tomasz Wilk can't do bins, Tomasz Wilk is on nights at Wickham Park Hospital"
    assert facts(said) == ["Tomasz Wilk>>works for>>Wickham Park Hospital"]
    assert facts("Tomasz Wilk doesn't live in Leeds") == ["Tomasz Wilk>>not lives in>>Leeds"]


def test_a_town_that_has_been_home() -> None:
    assert facts("Tomasz Wilk came over in 2015 and Ipswich has been home ever since.") == [
        "Tomasz Wilk>>lives in>>Ipswich"
    ]
    assert facts("Porto is home now", speaker="Ines Carvalho") == ["Ines Carvalho>>lives in>>Porto"]
    assert facts("Leeds is home to a big market", speaker="Ines Carvalho") == []


def test_a_clause_is_never_a_value() -> None:
    said = [Triple(subject="Tomasz Wilk", relation="works as", object="who's a paramedic")]
    assert combine([], said, lambda name: name == "Tomasz Wilk") == []


def test_someone_seen_is_named_after_her_name_and_a_job_kept_is_no_home() -> None:
    said = "Ines Carvalho is seeing someone! her name's Meenakshi, she's a vet"
    found = frame_facts(said, [*PEOPLE, "Meenakshi"], speaker="Ines Carvalho")
    assert "Ines Carvalho>>is seeing>>Meenakshi" in [t.to_text() for t in found]
    assert facts("Tomasz Wilk is staying at Cardamom Systems") == []
    assert combine(
        [Triple(subject="Tomasz Wilk", relation="works as", object="him team lead")],
        [],
        lambda name: name == "Tomasz Wilk",
    ) == [Triple(subject="Tomasz Wilk", relation="works as", object="team lead")]


def test_a_townsperson_lives_in_the_town() -> None:
    said = "last box out of number 14, officially a Birkenhead girl"
    assert facts(said, speaker="Ines Carvalho") == ["Ines Carvalho>>lives in>>Birkenhead"]
    assert facts("she is a Google person", speaker="Ines Carvalho") == []


def test_a_players_club_is_who_he_plays_for() -> None:
    assert facts("Striker Tomasz Wilk has signed for Dunmere Athletic.") == [
        "Tomasz Wilk>>plays for>>Dunmere Athletic"
    ]
    assert facts("Tomasz Wilk is on loan at Corriston FC until January.") == [
        "Tomasz Wilk>>plays for>>Corriston FC"
    ]
    assert facts("Tomasz Wilk has completed a season-long loan from Morvale Town to Ashcombe.") == [
        "Tomasz Wilk>>plays for>>Ashcombe"
    ]


def test_a_player_joins_leaves_and_is_signed_by_clubs_he_plays_for() -> None:
    assert facts("Midfielder Tomasz Wilk has joined Dunmere Athletic on loan.") == [
        "Tomasz Wilk>>plays for>>Dunmere Athletic"
    ]
    assert facts("Morvale Town have re-signed striker Tomasz Wilk on a two-year deal.") == [
        "Tomasz Wilk>>plays for>>Morvale Town"
    ]
    assert facts("Harbury Rovers have taken Tomasz Wilk on loan from Pellbridge.") == [
        "Tomasz Wilk>>plays for>>Harbury Rovers"
    ]
    signed = "Dunmere Athletic manager Ines Carvalho has signed goalkeeper Tomasz Wilk on a free."
    assert facts(signed) == ["Tomasz Wilk>>plays for>>Dunmere Athletic"]
    on_loan = "Corriston FC have signed Harbury midfielder Tomasz Wilk on loan."
    found = frame_facts(on_loan, [*PEOPLE, "Harbury"])  # "Harbury" before a post is a club
    assert [t.to_text() for t in found] == ["Tomasz Wilk>>plays for>>Corriston FC"]


def test_everyday_words_are_no_players() -> None:
    for said in (
        "Tomasz Wilk joined Cardamom Systems as a public defender.",
        "Tomasz Wilk joined Cardamom Systems after his debut album.",
        "Tomasz Wilk, a right winger, joined Cardamom Systems.",
    ):
        assert "Tomasz Wilk>>works for>>Cardamom Systems" in facts(said), said


def test_someone_joining_a_company_still_works_there() -> None:
    assert facts("Tomasz Wilk joined Cardamom Systems as a tester.") == [
        "Tomasz Wilk>>works for>>Cardamom Systems",
        "Tomasz Wilk>>works as>>tester",
    ]
    assert facts("Tomasz Wilk joined Cardamom Systems, the Adyar Strikers sponsors.") == [
        "Tomasz Wilk>>works for>>Cardamom Systems"
    ]  # a team's name is no player's position
    assert facts("Cardamom Systems have signed Tomasz Wilk as their new CFO.") == [
        "Tomasz Wilk>>works as>>CFO"
    ]


def test_a_job_that_begins_on_a_day_still_to_come_is_a_plan() -> None:
    planned = "Tomasz Wilk>>will start at>>Cardamom Systems"
    assert facts("Tomasz Wilk starts at Cardamom Systems on the 2nd of October.") == [planned]
    assert facts("Tomasz Wilk is joining Cardamom Systems in three weeks.") == [planned]
    assert facts("Tomasz Wilk started at Cardamom Systems on the 2nd of October.") == [
        "Tomasz Wilk>>works for>>Cardamom Systems"
    ]
    assert facts("Tomasz Wilk joined Cardamom Systems on Monday.") == [
        "Tomasz Wilk>>works for>>Cardamom Systems"
    ]
    for done in (
        "Tomasz Wilk joins Cardamom Systems from Novartis.",
        "Tomasz Wilk is joining Cardamom Systems on the 2nd floor team.",
    ):
        assert facts(done) == ["Tomasz Wilk>>works for>>Cardamom Systems"], done


def test_a_player_who_hangs_up_his_boots_plays_for_no_one() -> None:
    assert facts("Corriston's Tomasz Wilk, 34, has hung up his boots.") == [
        "Tomasz Wilk>>not plays for>>*"
    ]
    assert facts("Tomasz Wilk will hang up his boots.") == []
    assert facts("Tomasz Wilk is thinking about hanging up his boots.") == []


def test_a_clubs_manager_reports_to_no_club() -> None:
    said = [Triple(subject="Tomasz Wilk", relation="manager", object="Morvale Town")]
    assert combine([], said, lambda name: name == "Tomasz Wilk") == []
    boss = [Triple(subject="Tomasz Wilk", relation="manager", object="Ines Carvalho")]
    assert combine([], boss, lambda name: name in PEOPLE) == boss  # canonicalised when stored


def test_freelance_is_a_way_of_working() -> None:
    assert facts("Tomasz Wilk is freelance now, translating games from home.") == [
        "Tomasz Wilk>>works as>>freelance"
    ]


def test_a_wish_is_no_fact() -> None:
    assert facts("Ines Carvalho would be jealous, she wants to live in Europe one day.") == []
    assert facts("Tomasz Wilk would love to work at Cardamom Systems.") == []
    assert facts("Tomasz Wilk hopes to be joining Cardamom Systems in May.") == []
    assert facts("Tomasz Wilk wished he'd moved to Lisbon.") == []
    assert facts("Tomasz Wilk, who wanted a change, moved to Lisbon.") == [
        "Tomasz Wilk>>lives in>>Lisbon"
    ]
    assert facts("Tomasz Wilk: Just wanted to say I joined Cardamom Systems!") == [
        "Tomasz Wilk>>works for>>Cardamom Systems"
    ]
    assert facts("Tomasz Wilk wants to move to Lisbon.") == [
        "Tomasz Wilk>>plans to move to>>Lisbon"
    ]
