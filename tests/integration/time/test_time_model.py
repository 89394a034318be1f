"""Calendar time beside the temporal index: observed_at with its zone, never backwards in a
space, date phrases stored on their statement, and a date-time standing for a t."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extraction.memory_api import Query, Triple
from extraction.statements import StatementInput
from extraction.temporal_ops import split_operator
from graph.dates import t_observed_by
from graph.errors import InvalidInputError, ObservedOrderError
from graph.spaces import current_t
from graph.updates import StatementRecord, get_statement
from hybrid.recallgraph import RecallGraph


def said(text: str, when: str, statement_id: str | None = None) -> StatementInput:
    return StatementInput(text=text, id=statement_id, observed_at=when)


def test_observed_at_keeps_its_zone_and_phrases_resolve_in_it(
    recallgraph: RecallGraph, space: str
) -> None:
    # 00:30 in Tokyo on 8 May: "yesterday" is 7 May there (in UTC it is still 7 May, 15:30,
    # whose yesterday would be 6 May).
    recallgraph.remember(
        space, [said("Ana started her new job yesterday.", "2024-05-08T00:30[Asia/Tokyo]", "s1")]
    )
    row = recallgraph.store.query(
        "MATCH (st:Statement {space: $space, id: 's1'}) "
        "RETURN toString(st.observed_at) AS observed, st.date_texts AS texts, "
        "[d IN st.date_first | toString(d)] AS first, [d IN st.date_last | toString(d)] AS last",
        space=space,
    )[0]
    assert row["observed"] == "2024-05-08T00:30:00+09:00[Asia/Tokyo]"
    assert row == row | {"texts": ["yesterday"], "first": ["2024-05-07"], "last": ["2024-05-07"]}
    assert get_statement(recallgraph.store, space, "s1")["observed_at"] == row["observed"]


def test_an_earlier_observed_at_is_refused_and_nothing_of_the_batch_is_stored(
    recallgraph: RecallGraph, space: str
) -> None:
    recallgraph.remember(space, [said("Ana lives in Porto.", "2024-03-05T09:00:00Z")])
    batch = [
        said("Ana adopted a cat.", "2024-03-06T09:00:00Z"),
        said("Ana moved to Lisbon.", "2024-03-01T09:00:00+01:00"),
    ]
    with pytest.raises(ObservedOrderError, match="observed_at 2024-03-01T09:00:00\\+01:00"):
        recallgraph.remember(space, batch)
    assert current_t(recallgraph.store, space) == 1
    # The same instant written in another zone is not earlier.
    recallgraph.remember(space, [said("Ana bought a bike.", "2024-03-05T11:00:00+02:00")])
    assert current_t(recallgraph.store, space) == 2


def test_with_warn_an_earlier_observed_at_is_stored_and_reported(
    recallgraph: RecallGraph, space: str
) -> None:
    lenient = recallgraph.variant(observed_order="warn")
    lenient.remember(space, [said("Ana lives in Porto.", "2024-03-05")])
    outcome = lenient.remember(space, [said("Ana moved to Lisbon.", "2024-03-01")])[0]
    assert outcome.t == 2
    assert any("before the space's latest observed time" in w for w in outcome.warnings)


def test_a_date_time_stands_for_the_last_t_observed_by_then(
    recallgraph: RecallGraph, space: str
) -> None:
    recallgraph.remember(
        space,
        [
            said("Ana lives in Porto.", "2024-02-20T10:00:00Z"),
            StatementInput("Ana likes tea."),  # no observed time: never picked by a date
            said("Ana moved to Lisbon.", "2024-03-02T10:00:00Z"),
        ],
    )
    store = recallgraph.store
    assert t_observed_by(store, space, datetime(2024, 3, 1, tzinfo=UTC)) == 1
    assert t_observed_by(store, space, datetime(2024, 3, 2, 10, tzinfo=UTC)) == 3
    assert t_observed_by(store, space, datetime(2024, 1, 1, tzinfo=UTC)) == 0


@pytest.mark.parametrize("bad", ["last tuesday", "2024-13-01", "2024-05-08T10:00[Mars/Olympus]"])
def test_an_unreadable_observed_at_is_refused_by_name(
    recallgraph: RecallGraph, space: str, bad: str
) -> None:
    with pytest.raises(InvalidInputError, match=r"observed_at|time zone"):
        recallgraph.remember(space, [said("Ana lives in Porto.", bad)])
    assert current_t(recallgraph.store, space) == 0


def test_mem_read_as_of_a_date_reads_the_facts_believed_then(
    recallgraph: RecallGraph, space: str
) -> None:
    triples = recallgraph.triples
    for statement_id, city, when in (("a", "Porto", "2024-02-01"), ("b", "Lisbon", "2024-03-10")):
        record = StatementRecord(statement_id, f"Ana lives in {city}.", observed_at=day(when))
        triples.write(
            space,
            [Triple(subject="Ana", relation="lives in", object=city)],
            writer="test",
            statement=record,
        )
    _, when, problem = split_operator("@as_of 2024-03-01")
    assert problem is None
    query = Query(subject="Ana", relation="lives in", when=when)
    assert triples.read_when(space, query).values == ["Porto"]
    later = query.model_copy(update={"when": split_operator("@as_of 2024-03-10T00:00Z")[1]})
    assert triples.read_when(space, later).values == ["Lisbon"]


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_facts_get_the_dates_their_statement_gives(recallgraph: RecallGraph, space: str) -> None:
    writer = recallgraph.variant(triple_writer="patterns")  # the statement's structure, no model
    writer.remember(
        space,
        [
            said("Ana works for Globex.", "2024-02-11T09:30[Europe/Lisbon]"),
            said("Ana started her new job at Acme yesterday.", "2024-03-05T20:15[Europe/Lisbon]"),
        ],
    )
    versions = {f.object: f for f in writer.history(space, "Ana", "works for")}
    assert (versions["Acme"].valid_from, versions["Acme"].valid_to) == ("2024-03-04", None)
    assert (versions["Globex"].valid_from, versions["Globex"].valid_to) == (None, "2024-03-04")
    believed = writer.facts(space, "Ana", "works for", as_of="2024-03-01")
    assert [f.object for f in believed.facts] == ["Globex"]
