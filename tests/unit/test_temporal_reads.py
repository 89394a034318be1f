"""Temporal operators: their text form in both papers' forms, and the versions each selects."""

from __future__ import annotations

import pytest

from extraction.memory_api import Query, emit_read
from extraction.memory_parser import parse
from extraction.temporal_ops import TemporalOp, When, parse_as_of, split_operator
from graph.facts_read import FactRecord
from hybrid.temporal_reads import select, value_changes


def fact(obj: str, t_from: int, t_to: int | None, subject: str = "Ada Holm") -> FactRecord:
    return FactRecord(
        id=f"{obj}-{t_from}",
        subject=subject,
        relation="lives in",
        object=obj,
        relation_key="lives in",
        t_from=t_from,
        t_to=t_to,
        t_confirmed=t_from,
        confirmations=0,
        statement_id=f"s{t_from}",
        statement=None,
        source=None,
        writer="test",
        closed_by=None,
        score=1.0,
    )


# Bergen [3, 10), Oslo [10, 20), Lisbon [20, 40), Bergen again [40, now)
MOVES = [
    fact("Bergen", 3, 10),
    fact("Oslo", 10, 20),
    fact("Lisbon", 20, 40),
    fact("Bergen", 40, None),
]


@pytest.mark.parametrize(
    ("text", "op", "argument"),
    [
        ("Ada>>lives in>>@previous", TemporalOp.PREVIOUS, None),
        ("Ada>>works for>>@before Globex Corp", TemporalOp.BEFORE, "Globex Corp"),
        ("Ada>>lives in>>Lisbon@still", TemporalOp.STILL, None),
        ("Ada>>lives in>>@as_of 212", TemporalOp.AS_OF, "212"),
        ("Ada>>lives in>>@as of 2024-03-01", TemporalOp.AS_OF, "2024-03-01"),
        ("Ada>>learns>>@count now", TemporalOp.COUNT, "now"),
        ("Ada>>learns>>@ALL", TemporalOp.ALL, None),
    ],
)
def test_operators_read_in_both_forms(text: str, op: TemporalOp, argument: str | None) -> None:
    for call in (f"({{MEM_READ({text})-->", f"[MEM_READ{{{text}}}]"):
        parsed = parse(call)
        assert parsed.issues == []
        (query,) = parsed.reads[0].queries
        assert (query.when.op, query.when.argument) == (op, argument)
        again = parse(emit_read([query])).reads[0].queries[0]
        assert again == query


def test_an_at_sign_in_a_name_is_not_an_operator() -> None:
    (query,) = parse("({MEM_READ(ada@example.org>>email of>>)-->").reads[0].queries
    assert query.subject == "ada@example.org" and query.when.op == TemporalOp.NOW


@pytest.mark.parametrize(
    ("suffix", "reason"),
    [
        ("@before", "@before needs an argument"),
        ("@count later", "@count takes nothing or 'now'"),
        ("@as_of yesterday", "as_of must be a t"),
        ("@still Lisbon", "@still takes no argument"),
    ],
)
def test_a_bad_operator_is_reported_and_never_raises(suffix: str, reason: str) -> None:
    parsed = parse(f"({{MEM_READ(Ada>>lives in>>{suffix})-->")
    assert reason in parsed.issues[0].reason
    assert parsed.reads[0].queries[0].when.op == TemporalOp.NOW
    rest, when, problem = split_operator(suffix)
    assert problem is not None and when.op == TemporalOp.NOW and rest == ""


def test_as_of_takes_a_t_or_an_iso_date() -> None:
    assert parse_as_of("212") == 212
    assert parse_as_of("2024-03-01").isoformat() == "2024-03-01T23:59:59.999999"
    assert parse_as_of("2024-03-01T10:00:00+01:00").utcoffset() is not None
    with pytest.raises(ValueError, match="64-bit"):
        parse_as_of(str(2**63))


def values(op: TemporalOp, argument: str | None = None, as_of: int | None = None) -> list[str]:
    return select(MOVES, When(op=op, argument=argument), as_of).values


def test_now_previous_first_all() -> None:
    assert values(TemporalOp.NOW) == ["Bergen"]
    assert values(TemporalOp.PREVIOUS) == ["Lisbon"]
    assert values(TemporalOp.FIRST) == ["Bergen"]
    assert [f.t_from for f in select(MOVES, When(op=TemporalOp.ALL)).facts] == [3, 10, 20, 40]


def test_as_of_and_the_past_as_it_was_seen() -> None:
    assert values(TemporalOp.AS_OF, "15") == ["Oslo"]
    assert values(TemporalOp.NOW, as_of=25) == ["Lisbon"]
    assert values(TemporalOp.PREVIOUS, as_of=25) == ["Oslo"]
    assert values(TemporalOp.ALL, as_of=12) == ["Bergen", "Oslo"]


def test_before_and_after_a_value() -> None:
    assert values(TemporalOp.BEFORE, "Lisbon") == ["Oslo"]
    assert values(TemporalOp.AFTER, "Oslo") == ["Lisbon"]
    assert values(TemporalOp.BEFORE, "Oslo") == ["Bergen"]  # the first time Oslo held
    assert values(TemporalOp.AFTER, "Bergen") == []  # the last time Bergen held: nothing after
    assert values(TemporalOp.BEFORE, "Paris") == []


def test_count_and_still() -> None:
    answer = select(MOVES, When(op=TemporalOp.COUNT))
    assert answer.count == 3  # Bergen counts once
    assert select(MOVES, When(op=TemporalOp.COUNT, argument="now")).count == 1
    assert select(MOVES, When(op=TemporalOp.STILL)).holds is True
    lisbon = [f for f in MOVES if f.object == "Lisbon"]
    gone = select(lisbon, When(op=TemporalOp.STILL))
    assert (gone.holds, gone.since) == (False, 40)
    assert select(lisbon, When(op=TemporalOp.STILL), as_of=30).holds is True


def test_previous_after_a_retraction_is_the_last_value() -> None:
    retracted = [fact("Globex", 5, 9)]
    assert select(retracted, When(op=TemporalOp.PREVIOUS)).values == ["Globex"]
    assert select(retracted, When(op=TemporalOp.NOW)).values == []


def test_a_restated_value_is_one_change() -> None:
    twice = [fact("Oslo", 1, 5), fact("Oslo", 5, None)]
    assert [f.t_from for f in value_changes(twice)] == [1]


def test_query_text_keeps_the_operator() -> None:
    query = Query(subject="Ada", relation="lives in", when=When(op=TemporalOp.PREVIOUS))
    assert query.to_text() == "Ada>>lives in>>@previous"
