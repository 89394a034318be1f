"""Questions about dates through every door: the CLI as a user types it, the library, REST."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from app.cli import cli
from extraction.statements import StatementInput
from hybrid.recallgraph import RecallGraph

CHATS = [
    (
        "c1",
        "Ana: I just moved to Lisbon! Still unpacking boxes.",
        "2024-02-10T19:00[Europe/Lisbon]",
    ),
    ("c2", "Ana: Had my last day at Globex on Friday, so sad.", "2024-02-26T09:30[Europe/Lisbon]"),
    ("c3", "Ana: I started my new job at Acme yesterday!", "2024-03-05T20:15[Europe/Lisbon]"),
    ("c4", "Ana: We adopted a cat two weeks ago, her name is Miso.", "2024-04-02T08:00:00+01:00"),
]


def remember_said(recallgraph: RecallGraph, space: str, said: list[tuple[str, str, str]]) -> None:
    """Chat turns (id, text, observed_at) stored in order."""
    recallgraph.remember(
        space, [StatementInput(text, id=i, observed_at=when) for i, text, when in said]
    )


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def chats(tmp_path: Path, space: str) -> str:
    """The chats ingested the way a user would: JSON Lines with observed_at on every line."""
    path = tmp_path / "chats.jsonl"
    lines = [json.dumps({"id": i, "text": text, "observed_at": when}) for i, text, when in CHATS]
    path.write_text("\n".join(lines) + "\n")
    result = run("ingest", str(path), "--space", space)
    assert result.exit_code == 0, result.output
    return space


def test_when_did_answers_with_the_resolved_date_and_its_statement(chats: str) -> None:
    result = run("ask", "When did Ana start her new job?", "--space", chats, "--show-context")
    assert result.exit_code == 0, result.output
    answer, _, context = result.output.partition("\n")
    assert "On 4 March 2024" in answer and "Acme" not in answer  # no quoted statement
    assert "I started my new job at Acme yesterday!" in context  # the statement is its evidence
    cat = run("ask", "When did Ana adopt the cat?", "--space", chats)
    assert "week of 18–24 March 2024" in cat.output
    dated = run("ask", "What was the date when Ana adopted the cat?", "--space", chats)
    assert "week of 18–24 March 2024" in dated.output  # a "when" question, whatever its words


def test_facts_as_of_a_date_and_what_was_true_then(chats: str) -> None:
    listed = run("facts", "--as-of", "2024-03-01", "--space", chats)
    assert listed.exit_code == 0, listed.output
    assert "As of 2024-03-01 (t=2)" in listed.output
    then = run("ask", "What was true on 2024-03-01?", "--space", chats)
    assert "Globex" in then.output and "Acme" not in then.output
    bad = run("facts", "--as-of", "last tuesday", "--space", chats)
    assert bad.exit_code == 2 and "as_of" in bad.output


DATED_JOBS = [
    ("j1", "Ana works at Globex.", "2024-01-15T09:00[Europe/Lisbon]"),
    (
        "j2",
        "Ana: I just moved to Lisbon! Still unpacking boxes.",
        "2024-02-10T19:00[Europe/Lisbon]",
    ),
    ("j3", "Ana: I started my new job at Acme yesterday!", "2024-03-05T20:15[Europe/Lisbon]"),
]


def ingest_with_facts(tmp_path: Path, space: str, said: list[tuple[str, str, str]]) -> str:
    """Dated chats ingested through the CLI with the structural writer (facts written); its
    output."""
    path = tmp_path / "chats.jsonl"
    rows = [{"id": i, "text": text, "observed_at": when} for i, text, when in said]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    ingested = run("ingest", str(path), "--space", space, "--writer", "patterns")
    assert ingested.exit_code == 0, ingested.output
    return str(ingested.output)


def test_facts_as_of_a_date_lists_what_was_believed_then(tmp_path: Path, space: str) -> None:
    """The issue's check with facts to list: dated chats ingested through the CLI with the
    structural writer, then `facts --as-of` before and after the change of job."""
    ingested = ingest_with_facts(tmp_path, space, DATED_JOBS)
    assert "Stored 3 new statements" in ingested

    def believed(as_of: str) -> list[str]:
        listed = run("facts", "--as-of", as_of, "--space", space, "-s", "Ana", "-r", "works for")
        assert listed.exit_code == 0, listed.output
        return [line for line in listed.output.splitlines() if ">>" in line]

    (before,) = believed("2024-03-01")
    assert "Ana >> works for >> Globex" in before
    (after,) = believed("2024-03-06")
    assert "Ana >> works for >> Acme" in after and "valid 2024-03-04.." in after
    everything = run("facts", "--as-of", "2024-03-01", "--space", space)
    assert "As of 2024-03-01 (t=2)" in everything.output
    assert "Globex" in everything.output and "Acme" not in everything.output
    assert "Ana >> lives in >> Lisbon" in everything.output
    answer = run("ask", "When did Ana start her new job?", "--space", space)
    assert answer.exit_code == 0, answer.output
    assert "On 4 March 2024" in answer.output


def test_the_library_gives_the_date_evidence_and_durations(
    recallgraph: RecallGraph, chats: str
) -> None:
    answer = recallgraph.ask(chats, "When did Ana leave Globex?")
    assert answer.chosen == "time"
    [candidate] = answer.candidates
    assert candidate.signals["date_first"] == "2024-02-23"  # "on Friday", said Monday 26th
    assert candidate.evidence[0].ref == "c2"
    span = recallgraph.ask(chats, "How long after moving to Lisbon did Ana start her new job?")
    assert span.candidates[0].signals["days"] == 23
    assert recallgraph.time_answers.plan(chats, "Where does Ana work?") is None
    march = recallgraph.time_answers.plan(chats, "What did Ana do in March?")
    assert march is not None and (march.question, march.as_of) == ("What did Ana do?", 3)
    # A month is the last one by the stream's newest statement (April 2024), not the clock's.
    back = recallgraph.time_answers.plan(chats, "Back in February, where did Ana work?")
    assert back is not None and (back.question, back.as_of) == ("where did Ana work?", 2)
    assert recallgraph.time_answers.plan(chats, "What did Ana do on Friday?") is None
    at = recallgraph.time_answers.plan(chats, "Where did Ana work on 2024-02-28?")
    assert at is not None and (at.question, at.as_of) == ("Where did Ana work?", 2)


def test_as_of_a_date_over_rest(recallgraph: RecallGraph, client: FlaskClient, chats: str) -> None:
    url = f"/v1/spaces/{chats}"
    facts = client.get(f"{url}/facts?as_of=2024-03-01T12:00:00%2B00:00")
    assert facts.status_code == 200, facts.json
    bad = client.get(f"{url}/facts?as_of=yesterday")
    assert bad.status_code == 400 and "as_of" in bad.json["error"]["message"]
    body = {"question": "When did Ana start her new job?", "as_of": "2024-03-10"}
    answered = client.post(f"{url}/questions", json=body)
    assert answered.status_code == 200 and answered.json["as_of"] == 3
    assert "4 March 2024" in answered.json["answer"]
    refused = client.post(f"{url}/questions", json={"question": "x?", "as_of": -1})
    assert refused.status_code == 400


STATED_LATER = [
    ("s1", "Ana works at Globex.", "2024-01-15T09:00[Europe/Lisbon]"),
    ("s2", "Ana: I quit Globex and I work at Acme now.", "2024-03-20T18:00[Europe/Lisbon]"),
    (
        "s3",
        "Ana: Fun fact, my first day at Acme was on 11 March.",
        "2024-03-21T18:00[Europe/Lisbon]",
    ),
]


def test_a_date_a_statement_states_beats_the_day_a_fact_was_said(
    tmp_path: Path, space: str
) -> None:
    """The fact "works for Acme" began with s2, which gives no date (the fact is dated by the
    day s2 was said); s3 states the day she started: that is the answer."""
    ingest_with_facts(tmp_path, space, STATED_LATER)
    assert "Ana >> works for >> Acme" in run("facts", "--space", space).output
    answer = run("ask", "When did Ana start at Acme?", "--space", space)
    assert answer.exit_code == 0, answer.output
    assert "On 11 March 2024" in answer.output


def test_when_dates_the_asked_persons_event_not_someone_elses(
    recallgraph: RecallGraph, space: str
) -> None:
    said = [
        ("a1", "Ana: Hattie starts at Daeyang next week, so proud!", "2024-03-01T09:00:00+00:00"),
        (
            "a2",
            "Ana: My first day in the Daeyang office was yesterday.",
            "2024-04-02T09:00:00+00:00",
        ),
    ]
    remember_said(recallgraph, space, said)
    answer = recallgraph.ask(space, "When did Ana start at Daeyang?")
    assert answer.chosen == "time" and answer.answer.startswith("On 1 April 2024"), answer.answer
    hattie = recallgraph.ask(space, "When did Hattie start at Daeyang?")
    assert "March 2024" in hattie.answer, hattie.answer


def test_a_plan_said_more_exactly_later_and_a_date_in_a_fragment(
    recallgraph: RecallGraph, space: str
) -> None:
    """The month of a plan is refined by a later turn's day inside it; a date phrase that is
    nearly a sentence of its own ("two weeks ago.") is read with the sentence before it."""
    said = [
        ("r0", "Rasa: also... Mantas and I broke up. two weeks ago.", "2023-12-16T13:38:00+02:00"),
        ("r1", "Rasa: big news, I'm moving to Kaunas in March!", "2024-01-20T21:01:00+02:00"),
        (
            "r2",
            "Rasa: last week at work! the movers come on the 2nd and the dog and I become Kaunas "
            "people",
            "2024-02-24T10:15:00+02:00",
        ),
    ]
    remember_said(recallgraph, space, said)
    moved = recallgraph.ask(space, "When did Rasa move to Kaunas?")
    assert moved.answer.startswith("On 2 March 2024"), moved.answer
    split = recallgraph.ask(space, "When did Rasa and Mantas break up?")
    assert "week of 27 November–3 December 2023" in split.answer, split.answer


def test_when_did_prefers_what_happened_to_what_was_planned(
    recallgraph: RecallGraph, space: str
) -> None:
    """A plan ("will take the team for Saturday's game") answers "when did…?" less surely
    than the report that it happened ("played his last game … after Saturday's draw")."""
    said = [
        (
            "p1",
            "Prothero has played his last game. He retired after Saturday's final-day draw at "
            "Harbury.",
            "2023-05-15T10:00:00+01:00",
        ),
        (
            "p2",
            "Castellan has left by mutual consent. Goalkeeping coach Alun Prothero will take "
            "the team for Saturday's game.",
            "2023-10-09T12:00:00+01:00",
        ),
    ]
    remember_said(recallgraph, space, said)
    answer = recallgraph.ask(space, "When did Alun Prothero play his last game?")
    assert answer.answer.startswith("On 13 May 2023"), answer.answer
