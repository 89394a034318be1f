"""Calendar time as pure functions: parsing date-times and as_of, finding and resolving date
phrases, what they say of facts' validity, how answers word dates, and the benchmark's graders."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from experiments import time_expressions as labelled
from experiments.grading import grade_when
from experiments.time_chats import grade_how_long, grade_true_on
from extraction.datetimes import parse_as_of, parse_datetime
from extraction.time_expressions import find_time_expressions, validity
from graph.dates import datetime_text
from graph.errors import InvalidInputError
from hybrid.event_match import covered, event_stems, opposed
from hybrid.time_answers import HOW_LONG, WHEN, describe, describe_duration

PARIS = ZoneInfo("Europe/Paris")


def test_a_date_time_keeps_its_zone_and_a_bare_one_takes_the_default() -> None:
    zoned = parse_datetime("2024-05-08T10:00[Europe/Paris]", UTC)
    assert zoned.utcoffset() == timedelta(hours=2) and datetime_text(zoned) == (
        "2024-05-08T10:00:00+02:00[Europe/Paris]"
    )
    assert parse_datetime("2024-05-08T10:00", PARIS).tzinfo is PARIS
    assert parse_datetime("2024-05-08", UTC) == datetime(2024, 5, 8, tzinfo=UTC)
    with pytest.raises(InvalidInputError, match="observed_at 'last week'"):
        parse_datetime("last week", UTC)
    with pytest.raises(InvalidInputError, match="unknown time zone"):
        parse_datetime("2024-05-08T10:00[Mars/Olympus]", UTC)


def test_as_of_is_a_t_or_a_moment_and_a_date_means_the_end_of_that_day() -> None:
    assert parse_as_of("12", UTC) == 12 and parse_as_of(12, UTC) == 12
    end = parse_as_of("2024-03-01", PARIS)
    assert isinstance(end, datetime) and end.date() == date(2024, 3, 1) and end.hour == 23
    assert parse_as_of(date(2024, 3, 1), UTC) == datetime(2024, 3, 1, 23, 59, 59, 999999, UTC)
    assert parse_as_of(None, UTC) is None
    for bad in (-1, True, 2**63, "soon", 1.5):
        with pytest.raises(InvalidInputError, match="as_of"):
            parse_as_of(bad, UTC)


def test_phrases_resolve_in_the_local_day_of_the_speaker() -> None:
    tokyo = datetime(2024, 5, 8, 0, 30, tzinfo=ZoneInfo("Asia/Tokyo"))
    [yesterday] = find_time_expressions("Yesterday I bought a bike.", tokyo)
    assert (yesterday.first, yesterday.kind) == (date(2024, 5, 7), "relative_day")
    assert find_time_expressions("I may go. I swim on Saturdays.", tokyo) == []
    flying = find_time_expressions("I'm flying to Oslo on Saturday.", tokyo)
    assert flying[0].first == date(2024, 5, 11)  # the future tense picks the coming one
    starting = find_time_expressions("Got a place on the course! Starting in September.", tokyo)
    assert starting[0].first == date(2024, 9, 1)  # "starting in": a month to come
    shifted = find_time_expressions("In May my shifts changed, it starts on Mondays now.", tokyo)
    assert shifted[0].first == date(2024, 5, 1)  # "starts on" speaks of Mondays, not of May


def test_a_chats_short_weekday_is_a_day_and_an_everyday_word_is_not() -> None:
    saturday = datetime(2025, 11, 29, 14, 20, tzinfo=UTC)
    [thurs] = find_time_expressions("passed my final assessment thurs, kept me on", saturday)
    assert (thurs.first, thurs.kind) == (date(2025, 11, 27), "weekday")
    [wed] = find_time_expressions("on wed, we met", saturday)
    assert wed.first == date(2025, 11, 26)
    assert find_time_expressions("I sat down; the sun was out; we wed young", saturday) == []
    assert find_time_expressions("We lay on sun loungers. This sat nav is useless", saturday) == []


def test_validity_comes_from_ranges_cues_or_a_single_date() -> None:
    moment = datetime(2024, 5, 8, 10, tzinfo=PARIS)

    def dates(text: str) -> tuple[date | None, date | None]:
        return validity(find_time_expressions(text, moment))

    assert dates("She worked at Globex from 2019 to 2022.") == (date(2019, 1, 1), date(2023, 1, 1))
    assert dates("Since March 2021 I live here.") == (date(2021, 3, 1), None)
    assert dates("Until 2023 I lived in Rome.") == (None, date(2024, 1, 1))
    assert dates("I started at Acme yesterday.") == (date(2024, 5, 7), None)
    assert dates("Yesterday I met Bob and next month I move.") == (None, None)
    assert dates("No dates here.") == (None, None)


def test_answers_word_dates_and_durations_as_people_do() -> None:
    assert describe(date(2024, 3, 4), date(2024, 3, 4), "day") == "on 4 March 2024"
    assert describe(date(2024, 6, 1), date(2024, 6, 30), "month") == "in June 2024"
    assert describe(date(2024, 4, 22), date(2024, 4, 28), "week") == (
        "in the week of 22–28 April 2024"
    )
    assert describe(date(2023, 11, 27), date(2023, 12, 3), "week") == (
        "in the week of 27 November–3 December 2023"
    )
    assert describe(date(2024, 12, 30), date(2025, 1, 5), "week") == (
        "in the week of 30 December 2024–5 January 2025"
    )
    assert describe_duration(42) == "6 weeks (42 days)"
    assert describe_duration(183) == "about 6 months (183 days)"
    match = HOW_LONG.match("How long after moving to Lisbon did Ana start her new job?")
    assert match and (match["a"], match["b"]) == ("moving to Lisbon", "Ana start her new job")


def test_the_chat_benchmark_graders() -> None:
    day = {"first": "2024-03-04", "last": "2024-03-04"}
    assert grade_when("On 4 March 2024 (yesterday).", day)
    assert grade_when("It was March 4, 2024.", day) and not grade_when("On 5 March 2024.", day)
    assert grade_when("In June 2024.", {"first": "2024-06-01", "last": "2024-06-30"})
    assert not grade_when("In 2024.", {"first": "2024-06-01", "last": "2024-06-30"})
    assert grade_how_long("6 weeks (42 days) after", {"days": 42})
    assert grade_how_long("about 6 months", {"days": 183}) and not grade_how_long(
        "3 days", {"days": 4}
    )
    gold = {"value": ["Globex"], "outdated": ["Acme"]}
    assert grade_true_on("She worked at Globex.", gold)
    assert not grade_true_on("Globex, then Acme.", gold)


def test_the_labelled_phrases_stay_resolved() -> None:
    result = labelled.grade(labelled.load())
    assert result["expressions"] >= 100
    assert result["overall"]["pipeline"] >= 0.95, result["misses"]
    assert len(result["false_positives"]) <= 2, result["false_positives"]


def test_a_when_question_finds_its_event_said_in_other_words() -> None:
    wanted = event_stems("When did Ottilie propose to Kwame?")
    assert covered(wanted, event_stems("Ottilie: I asked Kwame to marry me and he said yes!")) == 1
    assert covered(wanted, event_stems("Ottilie: Kwame says hi")) < 1.0


def test_a_chat_exports_own_stamp_is_no_date_phrase_when_observed_at_says_it() -> None:
    from extraction.statements import dates_part
    from graph.updates import StatementRecord

    said = datetime(2025, 2, 8, 14, 12, tzinfo=UTC)
    text = "[08/02/2025, 14:12] Mum: Meet Pickle! Dad and I picked her up this morning."
    dated = dates_part(StatementRecord("p1", text, observed_at=said))
    assert dated is not None
    assert [(p.text, p.first.isoformat()) for p in dated.phrases] == [
        ("this morning", "2025-02-08")
    ]
    undated = dates_part(StatementRecord("p2", text))  # the stamp is all there is to go by
    assert undated is not None and [p.text for p in undated.phrases] == ["08/02/2025"]


def test_a_season_of_a_year_after_the() -> None:
    """ "in the summer of 2024" is that summer, not the summer before the question."""
    asked = datetime(2025, 9, 1, tzinfo=UTC)
    [summer] = find_time_expressions("What was Ada driving in the summer of 2024?", asked)
    assert (summer.text, summer.first, summer.last) == (
        "the summer of 2024",
        date(2024, 6, 1),
        date(2024, 8, 31),
    )


def test_idioms_and_emoji_name_their_event() -> None:
    proposal = event_stems("when did she propose to shannon?")
    assert covered(proposal, event_stems("i asked shannon tonight and SHE SAID YES 💍")) == 1.0
    assert covered(proposal, event_stems("Tell Shannon she's welcome for Sunday dinner")) < 1.0
    assert "crash" in event_stems("the fiesta's a write off")
    assert "crash" not in event_stems("I wrote to the council")


def test_a_last_or_first_day_asks_for_a_date() -> None:
    assert WHEN.match("What was Anand's last day at Cardamom Systems?")
    assert WHEN.match("what's Rasa's first day at Gintaras?")
    assert not WHEN.match("What was Anand's job?")
    assert not WHEN.match("What was the last thing she said?")


def test_a_bare_ordinal_is_a_day_of_the_month_its_sentence_named_and_never_a_floor() -> None:
    june = datetime(2024, 6, 15, 20, 15, tzinfo=UTC)
    [august, ninth] = find_time_expressions(
        "I'm coming to Lithuania in August, flights booked for the 9th", june
    )
    assert (august.grain, ninth.first) == ("month", date(2024, 8, 9))
    assert find_time_expressions("The meeting room is on the 3rd floor.", june) == []
    assert find_time_expressions("Top of the league for the 2nd time!", june) == []
    assert find_time_expressions("on the 3 we left", june) == []
    [booked] = find_time_expressions("Flights booked for the 9th of August.", june)
    assert booked.first == date(2024, 8, 9)  # booked in the past, for a day to come


def test_a_scheduled_event_and_a_dateless_fragment_take_the_tense_around_them() -> None:
    february = datetime(2024, 2, 24, 10, 15, tzinfo=UTC)
    [movers] = find_time_expressions("then the movers come on the 2nd", february)
    assert movers.first == date(2024, 3, 2)
    october = datetime(2023, 10, 7, 20, 52, tzinfo=UTC)
    [wedding] = find_time_expressions(
        "Anand: 14th of December, in Thrissur. Deepa's marrying Harish.", october
    )
    assert wedding.first == date(2023, 12, 14)
    [past] = find_time_expressions("Anand: 14th of December, in Thrissur. It rained.", october)
    assert past.first == date(2022, 12, 14)


def test_the_phrases_own_clause_decides_its_tense_before_the_sentence() -> None:
    saturday = datetime(2024, 12, 14, 17, 2, tzinfo=UTC)
    [monday] = find_time_expressions(
        "He left SNCF on Monday after 38 years, and now he is learning beekeeping.", saturday
    )
    assert monday.first == date(2024, 12, 9)
    wednesday = datetime(2024, 5, 8, 12, tzinfo=UTC)
    [moved] = find_time_expressions("We moved on Saturday and I'm starting a new job", wednesday)
    assert moved.first == date(2024, 5, 4)
    [starting] = find_time_expressions("I moved to Oslo and I'm starting on Monday", wednesday)
    assert starting.first == date(2024, 5, 13)


def test_the_other_leg_of_a_trip_is_not_the_event_asked_about() -> None:
    out = event_stems("When did Rasa fly out to Fukuoka?")
    assert opposed(out, event_stems("got back from Fukuoka a couple of weeks ago"))
    assert not opposed(out, event_stems("Fukuoka in 12 days!!"))
    back = event_stems("When did Zuza get back from Palermo?")
    assert opposed(back, event_stems("We set off for Palermo on Friday"))
    assert not opposed(back, event_stems("Palermo was perfect. We got back last Sunday"))


def test_a_span_since_something_last_happened_is_no_date_to_come() -> None:
    march = datetime(2023, 3, 20, 12, tzinfo=UTC)
    [may] = find_time_expressions(
        "I booked Palermo for May. Five days, my first proper holiday in two years.", march
    )
    assert (may.first, may.grain) == (date(2023, 5, 1), "month")  # booked for: to come
    assert find_time_expressions("I haven't seen him in three weeks", march) == []
    assert find_time_expressions("I bought it for May Chen", march) == []
    [test_day] = find_time_expressions("The driving test is on the 14th of September.", march)
    assert test_day.first == date(2023, 9, 14)
