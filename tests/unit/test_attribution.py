"""Who a statement is about: the stream's people registry and the statement written out."""

from __future__ import annotations

from extraction.attribution import attribute, observe
from extraction.name_matching import Reason
from extraction.people import People, person_like


def stream(*texts: str) -> tuple[People, list[str]]:
    people = People()
    written = [attribute(people, text).text for text in texts]
    return people, written


def test_full_names_are_people_and_first_names_find_them() -> None:
    people, written = stream(
        "Welcome to the club, Ottilie Brandvang and Kwame Asante!",
        "Ottilie moved to Bergen last week.",
    )
    assert people.lookup("Ottilie") == "Ottilie Brandvang"
    assert people.lookup("Asante") == "Kwame Asante"
    assert written[1] == "Ottilie Brandvang moved to Bergen last week."


def test_organisations_vehicles_and_places_are_not_people() -> None:
    for name in ("Kestrel Bank", "Toyota Aygo", "Scottish Gaelic", "Cliffs of Moher", "Oslo"):
        assert not person_like(name), name
    assert person_like("Ines Carvalho") and person_like("Tomasz Wilk")


def test_a_chat_turn_speaks_for_its_speaker_in_the_first_person() -> None:
    people, written = stream(
        "Mirela: hi all, it's mirela dobrev btw",
        "Mirela: i'm in porto now and my sister visits on sundays",
    )
    assert people.lookup("mirela") == "Mirela Dobrev"
    assert written[1].startswith("Mirela Dobrev is in Porto now and Mirela Dobrev's sister")


def test_the_speaker_never_joins_the_capitalised_word_before_i() -> None:
    _, written = stream(
        "Ottilie: hi, Ottilie Brandvang here",
        "Ottilie: Also I'm taking the welding course in March.",
        "Ottilie: Ask Pepper I'm home early.",
    )
    assert written[1] == "also Ottilie Brandvang is taking the welding course in March."
    assert written[2] == "ask Pepper, Ottilie Brandvang is home early."


def test_a_sentence_opener_is_no_part_of_the_name_after_it() -> None:
    _, written = stream(
        "Ottilie Brandvang and Kwame Asante met at the rink.",
        "Also Kwame joined a choir. Tell Ottilie the news. New York is far.",
    )
    assert written[1] == (
        "also Kwame Asante joined a choir. tell Ottilie Brandvang the news. New York is far."
    )


def test_declared_aliases_name_the_same_person() -> None:
    people = People()
    observe(people, "Sven: say hi to Kiki (Katarina Holm at work) and jo = johanna petersen")
    assert people.lookup("kiki") == "Katarina Holm"
    assert people.lookup("jo") == "Johanna Petersen"
    observe(people, "Sven: lotte (van dijk, my cousin) is coming too")
    assert people.lookup("lotte") == "Lotte van Dijk"


def test_initials_and_a_first_name_with_an_initial() -> None:
    _, written = stream(
        "New pupils: Bruno Castellanos (flute), Yuki Tanabe (piano).",
        "BC - scales fine. Yuki T. - wants a second lesson.",
    )
    assert "Bruno Castellanos - scales fine" in written[1]
    assert "Yuki Tanabe - wants" in written[1]


def test_lower_case_chat_mentions_are_people_only_by_first_name_alias_or_nickname() -> None:
    _, written = stream(
        "Ada: welcome Felipe Aranda and Hana Park!",
        "Ada: felipe says the park is closed",
        "Ada: feli found a flat",
    )
    assert written[1].startswith("Felipe Aranda says the park is closed")  # "park" stays a park
    assert written[2].startswith("Felipe Aranda found a flat")


def test_he_and_she_are_the_latest_person_of_their_gender() -> None:
    _, written = stream(
        "Margarethe Olsen and Thomas Berg opened a bakery.",
        "He runs the ovens. She keeps the books.",
    )
    assert written[1] == "Thomas Berg runs the ovens. Margarethe Olsen keeps the books."


def test_a_pronoun_after_an_animal_may_be_the_animal() -> None:
    _, written = stream(
        "Ruth: welcome Aurelio Santos!",
        "Ruth: i adopted a puppy. his name is biscuit and he is wild",
    )
    assert "his name is biscuit and he is wild" in written[1]


def test_what_is_told_stays_about_the_teller() -> None:
    _, written = stream("Ruth: welcome Aurelio Santos!", "Ruth: Aurelio told me he sings")
    assert written[1] == "Aurelio Santos told me Aurelio Santos sings"


def test_lower_case_cities_of_a_chat_are_capitalised() -> None:
    _, written = stream("Ruth: moving to rotterdam, then maybe back in march")
    assert "Rotterdam" in written[0] and "march" in written[0]


def test_about_lists_the_people_meant_even_without_a_fact() -> None:
    people = People()
    attribute(people, "Mirela: welcome Felipe Aranda!")
    found = attribute(people, "Mirela: HI FELIPE, i missed you")
    assert found.about == ["Felipe Aranda", "Mirela"]
    assert found.speaker == "Mirela"


def test_aliases_are_reported_with_their_reason() -> None:
    people = People()
    found = attribute(people, "Sven: say hi to Kiki (Katarina Holm at work)")
    assert any(r.mention == "Kiki" and r.reason is Reason.DECLARED for r in found.resolutions)


def test_a_shared_first_name_goes_to_the_person_named_far_more_often() -> None:
    people = People()
    for _ in range(3):
        attribute(people, "Rosa Lindgren is back.")
    attribute(people, "Rosa Alvarez joined too.")
    assert people.lookup("Rosa") == "Rosa Lindgren"


def test_a_first_name_alone_is_a_person_and_a_city_or_an_object_is_not() -> None:
    people, written = stream(
        "Brandon wants to go to Paris for his next vacation.",
        "Alice works at Globex, and Caroline moved to Charlotte.",
        "Paris is lovely in May. Alice is learning Sami. April was rainy.",
        "He cancelled the trip.",
    )
    assert set(people.names()) == {"Alice", "Caroline", "Brandon"}
    assert people.surely_person("Brandon") and not people.is_person("Paris")
    assert not any(people.is_person(n) for n in ("Sami", "Charlotte", "April", "May"))
    assert written[3] == "Brandon cancelled the trip."


def test_a_post_speaks_for_the_person_behind_its_handle() -> None:
    people, written = stream(
        "@oksana.p (Oksana Pyrih): officially moved to Lviv!! 🎉",
        "@tvasile (Teodor Vasile): congrats @oksana.p",
        "@oksana.p: mentoring two interns at Halyard Labs this spring",
    )
    assert people.lookup("oksana.p") == "Oksana Pyrih"
    assert written[0] == "Oksana Pyrih officially moved to Lviv!! 🎉"
    assert "Oksana Pyrih" in written[1] and "@" not in written[1]
    assert written[2].startswith("Oksana Pyrih is mentoring two interns")


def test_the_person_a_turn_addresses_is_not_its_subject() -> None:
    _, written = stream(
        "Teodor Vasile: hi all",
        "Oksana Pyrih: Teodor!! Lviv is freezing. Still at Halyard Labs, still sane.",
        "Oksana Pyrih: Hang in there, Teodor.",
    )
    assert written[1].startswith("Lviv is freezing.")
    assert "Oksana Pyrih is still at Halyard Labs" in written[1]
    assert "Teodor" not in written[2]


def test_a_dropped_subject_is_the_speakers_only_for_a_fact_verb() -> None:
    _, written = stream("Oksana Pyrih: send coffee. living the dream. quit Halyard Labs today")
    assert written[0] == "send coffee. living the dream. Oksana Pyrih quit Halyard Labs today"


def test_a_heading_before_a_sentence_is_never_its_subject() -> None:
    _, written = stream(
        "Oksana Pyrih: Confession: bought a kayak. Update: moved to Molde.",
        "Update: Arvo Kask moved to Molde last week.",
        "Oksana Pyrih: Mum: she's fine",
    )
    assert written[0] == "Oksana Pyrih bought a kayak. Oksana Pyrih moved to Molde."
    assert written[1] == "Arvo Kask moved to Molde last week."
    assert written[2].startswith("Mum:")


def test_an_initial_before_a_surname_is_part_of_the_name() -> None:
    _, written = stream("Arvo Kask joined in May.", "New starter reports to A. Kask.")
    assert written[1] == "New starter reports to Arvo Kask."


def test_a_diary_that_names_its_writer_speaks_for_them() -> None:
    _, written = stream(
        "Mon 3 Feb. For the record: Oksana Pyrih, 29, Lviv, and I still keep a diary.",
        "Tue 4 Feb. My cello arrived. I named it Bohdan.",
        "Sun 2 Mar. Sold the old bike on Trade Me.",
    )
    assert written[1] == "Tue 4 Feb. Oksana Pyrih's cello arrived. Oksana Pyrih named it Bohdan."
    assert "Trade Me" in written[2] and "Marek" not in written[2]


def test_shouting_names_no_one() -> None:
    people, written = stream(
        "Oksana Pyrih joined Harbourline Labs.", "RAN THE HARBOUR HALF! Sign said: GO OKSANA GO."
    )
    assert written[1] == "RAN THE HARBOUR HALF! Sign said: GO Oksana Pyrih GO."  # a first name
    assert people.lookup("GO OKSANA GO") is None


def test_a_first_name_beside_a_family_word_takes_the_family_name() -> None:
    people, written = stream(
        "Oksana Pyrih: my sister Halyna is flying in from Kyiv, she's an ICU nurse.",
        "Oksana Pyrih: Halyna quit nursing.",
    )
    assert people.lookup("Halyna") == "Halyna Pyrih"
    assert written[0].endswith("Halyna Pyrih is an ICU nurse.")
    assert written[1] == "Halyna Pyrih quit nursing."


def test_a_person_named_beside_a_partner_word_is_a_person() -> None:
    people, _ = stream("Teodor Vasile: my girlfriend Ilinca says hi")
    assert people.lookup("Ilinca") is not None


def test_a_list_of_names_is_no_address() -> None:
    _, written = stream(
        "Teodor Vasile: hi",
        "Ilinca Dobos: hey",
        "Oksana Pyrih: Teodor, Ilinca and I moved to Cluj.",
    )
    assert written[2] == "Teodor Vasile, Ilinca Dobos and Oksana Pyrih moved to Cluj."


def test_a_turns_we_as_subject_is_the_speaker_and_a_diary_date_keeps_the_dropped_subject() -> None:
    _, written = stream(
        "Ottilie Brandvang: hi Kwame!",
        "Ottilie Brandvang: We moved to Tromsø on the 1st. Tell them we said hi.",
        "Ottilie Brandvang: Sat 1 Feb. Moved in with my sister today.",
    )
    assert written[1].startswith("Ottilie Brandvang moved to Tromsø on the 1st.")
    assert "we said hi" in written[1]  # not a clause's subject: left as said
    assert written[2].startswith("Sat 1 Feb. Ottilie Brandvang moved in with")


def test_a_sentence_opening_verb_is_no_part_of_a_name() -> None:
    people, _ = stream("Ottilie Brandvang: Emailed Margarethe to say thanks.")
    assert people.lookup("Emailed Margarethe") is None


def test_she_is_the_person_this_statement_just_named() -> None:
    _, written = stream(
        "Odile: hi all, I'm Odile Marchetti. @bruno (Bruno Vidal) and @mina (Mina Castell) "
        "are on the garden board.",
        "Odile: welcome to Ilaria Fenn, our new treasurer! she's joining the board today.",
    )
    assert written[1].endswith("Ilaria Fenn is joining the board today.")


def test_a_team_chats_lower_case_label_is_its_speaker() -> None:
    _, written = stream(
        "Odile: hi all, I'm Odile Marchetti, and @bruno (Bruno Vidal) keeps the seeds.",
        "bruno: i'm on watering duty this week",
        "fyi: the tap is broken",
    )
    assert written[1] == "Bruno Vidal is on watering duty this week"
    assert "Bruno Vidal" not in written[2]


def test_a_paper_named_after_its_town_is_no_person() -> None:
    assert not person_like("Galway Advertiser")
    assert person_like("Florence Welch") and person_like("Austin Butler")


def test_a_transcripts_user_is_one_person_and_the_assistant_states_nothing() -> None:
    people, written = stream(
        "User: I've moved to Molde for work",
        "Assistant: Congratulations on Molde! Your sister Gemma must miss you.",
        "User: thanks. sign it Wren Castellano, not just Wren. I'm learning Norwegian",
    )
    assert written[0] == "User has moved to Molde for work"
    assert written[1] == ""
    assert written[2].endswith("Wren Castellano is learning Norwegian")
    assert people.lookup("User") == "Wren Castellano"
    assert people.lookup("Gemma") is None  # the assistant's words introduce no one


def test_a_transcripts_role_label_names_its_speaker() -> None:
    _, written = stream(
        "HOST: Hello and welcome, I'm Kasia Brannock, recording from Halifax.",
        "GUEST (Solveig Amadi): Thanks Kasia. I moved to Whitby in 2022.",
        "Priya Raman (PM): I moved to Molde.",
    )
    assert written[1] == "Solveig Amadi moved to Whitby in 2022."
    assert written[2] == "Priya Raman moved to Molde."


def test_a_married_name_is_the_same_person() -> None:
    people, written = stream(
        "Dr Marisa Quennell joined the department in 2017.",
        "Marisa Quennell married Ewan Thornbury and now publishes as Dr Marisa Thornbury.",
        "Assoc. Prof. Marisa Thornbury (née Quennell) moved to Crediton.",
        "Edit 2024-05: Dr Ewan Thornbury moved to Exeter.",
    )
    assert people.lookup("Marisa Thornbury") == "Marisa Quennell"
    assert people.lookup("Ewan Thornbury") == "Ewan Thornbury"
    assert "Marisa Quennell (née" in written[2] and "moved to Crediton" in written[2]
    assert written[3] == "Dr Ewan Thornbury moved to Exeter."


def test_an_initial_before_a_shared_surname_picks_the_person() -> None:
    _, written = stream(
        "Present: Colm Tremaine, Aoife Tremaine.",
        "A. Tremaine has moved to Leominster.",
        "C. Tremaine lent his flatbed.",
    )
    assert written[1] == "Aoife Tremaine has moved to Leominster."
    assert written[2] == "Colm Tremaine lent his flatbed."


def test_initials_of_a_hyphenated_surname_count_each_part() -> None:
    _, written = stream(
        "Present: Harriet Omondi-Vale (treasurer), Dervla Ashworth-Kinnear.",
        "AOB: HOV has started as a paralegal at Marchbank Solicitors.",
    )
    assert written[1] == "Harriet Omondi-Vale has started as a paralegal at Marchbank Solicitors."


def test_name_changes_signatures_roles_and_initials_are_not_read_into_ordinary_words() -> None:
    people, written = stream(
        "Priya Raman (formerly Google) joined the team.",
        "Claude: just got the job at Arup!",
        "Diary (Tues): I started at Arup today.",
        "Nadia Hale-Simmons, Aoife Tremaine and Colm Tremaine came.",
        "I've worked for the NHS for six years. We voted for plan A. Tremaine was annoyed.",
    )
    assert people.lookup("Priya Raman") == "Priya Raman" and people.lookup("Priya Google") is None
    assert written[1] == "Claude just got the job at Arup!"  # Claude is a person here
    assert "Tues started" not in written[2]
    assert written[4] == (
        "I've worked for the NHS for six years. We voted for plan A. Tremaine was annoyed."
    )


def test_a_handle_is_not_renamed_by_someone_signed_with() -> None:
    _, written = stream(
        "@reef_dad_oz: hey all",
        "@reef_dad_oz: signed the contract with Harriet Omondi yesterday, I'm a nurse now",
    )
    assert "Harriet Omondi is a nurse" not in written[1]


def test_the_other_of_two_namesakes_is_not_the_one_talked_to() -> None:
    people, written = stream(
        "Ada Brenner: a colleague is also called Josie, Josie Perrin. Rival for you, Josie Hale!",
        "Josie Hale: ha, I'll allow it.",
        "Ada Brenner: the other Josie from work just bought a flat in Biarritz.",
    )
    assert people.the_other("Josie") == "Josie Perrin"
    assert "Josie Perrin" in written[2] and "Josie Hale" not in written[2]
    assert People().the_other("Josie") is None  # no namesakes, no other


def test_a_voice_note_names_its_speaker_by_its_me() -> None:
    people, written = stream(
        "hiya Ollie it's me um Bronwen obviously, I'm on barista duty till four",
        "we live in Skipton now it's all hills",
    )
    assert people.narrator == "Bronwen"
    assert written[1].startswith("Bronwen")
    assert stream("it's me, Bronwen's mum here")[0].narrator is None


def test_its_me_names_the_caller_only_when_the_name_stands_alone() -> None:
    assert stream("hey it's me, Ollie and I are stuck in traffic")[0].narrator is None


def test_a_name_beside_a_word_for_a_person_or_after_called_is_a_person() -> None:
    people, texts = stream(
        "Teo Lindgren: fyi my boyfriend Wojtek is staying over friday",
        "Bilal Demirel: fine. she's called Esther, she's a physio at Wickham Park",
    )
    assert "Wojtek" in people.names()
    assert "Esther is a physio" in texts[1]
    people, _ = stream("Teo Lindgren: my manager Monday is tough")
    assert "Monday" not in people.names()


def test_a_nickname_from_inside_an_unlisted_first_name() -> None:
    _, texts = stream("Ngozi Adjei and Bilal Demirel.", "Goz: I moved to Hull last week")
    assert texts[1].startswith("Ngozi Adjei moved to Hull")
    _, texts = stream("Joanna Birch.", "Ann: I moved to Hull")
    assert "Joanna" not in texts[1]  # a listed name of its own is someone else


def test_someone_a_host_is_joined_by_is_a_person_and_an_employer_is_not() -> None:
    people, _ = stream("HOST (Clodagh): I'm joined today by Aurelio Sandoval, double bassist.")
    assert "Aurelio Sandoval" in people.names()
    people, _ = stream("Ana Ruiz: I was employed by Caleta Salud.")
    assert "Caleta Salud" not in people.names()
