"""The import parser: every field's type and range, the file as a whole, line numbers; and
property tests (hypothesis): whatever the lines hold, the parser answers a checked export or an
``InvalidInputError`` that names a line, and a valid export reads back as it was written."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graph.errors import InvalidInputError, RecallGraphError
from hybrid.memory_records import MAX_T, VERSION, parse_export

LIMIT = 200_000


def header(t: int = 3, version: int = VERSION) -> dict[str, Any]:
    return {
        "kind": "space",
        "format": "recallgraph-memory",
        "version": version,
        "name": "x",
        "t": t,
    }


def statement(
    sid: str = "a", t: int = 1, text: str = "Ann likes tea.", **changes: Any
) -> dict[str, Any]:
    return {"kind": "statement", "id": sid, "t": t, "text": text} | changes


def dated(sid: str, t: int, observed_at: str) -> dict[str, Any]:
    return statement(sid, t, f"Statement {sid}.", observed_at=observed_at)


def phrase(text: str, first: str, last: str) -> dict[str, Any]:
    return {"date_texts": [text], "date_kinds": ["day"], "date_first": [first], "date_last": [last]}


def fact(**changes: Any) -> dict[str, Any]:
    row = {
        "kind": "fact",
        "subject": "Ann",
        "relation": "likes",
        "object": "tea",
        "t_from": 1,
        "statement_id": "a",
    }
    return row | changes


def end(statements: int, facts: int) -> dict[str, Any]:
    return {"kind": "end", "statements": statements, "facts": facts}


def lines(*records: dict[str, Any]) -> list[str]:
    return [json.dumps(r) for r in records]


def test_a_valid_file_reads_back() -> None:
    parsed = parse_export(
        lines(header(), statement(), statement("b", 2, "Ann left."), fact(), end(2, 1)), LIMIT
    )
    assert [s.id for s in parsed.statements] == ["a", "b"]
    assert parsed.facts[0].writer == "import" and parsed.clock == 3


@pytest.mark.parametrize(
    ("records", "needle"),
    [
        ([header(t=2**63 - 1)], "line 1: space: field 't'"),
        ([header(), statement(t=-1)], "line 2: statement: field 't'"),
        ([header(), statement(t=MAX_T + 1)], "line 2: statement: field 't'"),
        ([header(), statement(t=True)], "line 2: statement: field 't'"),  # type: ignore[arg-type]
        ([header(), statement(t=1.0)], "line 2: statement: field 't'"),  # type: ignore[arg-type]
        ([header(), statement(text="  ")], "line 2: statement: field 'text': text is empty"),
        ([header(), statement(text="a\x00b")], "NUL"),
        ([header(), statement(text=7)], "line 2: statement: field 'text'"),  # type: ignore[arg-type]
        ([header(), statement(), fact(writer="model:x y")], "line 3: fact: field 'writer'"),
        ([header(), statement(), fact(writer="<script>")], "field 'writer'"),
        ([header(), statement(), fact(t_to=0)], "line 3: fact: field 't_to'"),
        ([header(), statement(), fact(subject="")], "line 3: fact"),
        ([header(), statement(), fact(confirmations=0)], "field 'confirmations'"),
        ([header(), statement(t=5)], "t=5 is after the space's clock 3"),
        ([header(), statement(), statement()], "line 3: statement id 'a' appears twice"),
        ([header(), statement(), statement("b", 1)], "line 3: statement t=1 is also"),
        ([header(), statement(), fact(statement_id="zz")], "line 3: fact statement 'zz' has no"),
        ([header(), statement(), fact(t_from=2)], "line 3: fact t_from=2, but its statement"),
        ([header(), statement(), fact(t_to=9)], "line 3: fact t_to=9 is outside"),
        ([header(), statement(), fact(closed_by="a")], "closed_by='a' is not a statement"),
        ([header(), statement(), fact(), fact()], "line 4: fact the same fact"),
        (
            [header(), statement(), fact(valid_from="2024-03-01", valid_to="2024-02-01")],
            "line 3: fact: valid_to 2024-02-01 is before valid_from 2024-03-01",
        ),
        (
            [header(), statement(**phrase("last week", "2024-05-06", "2024-04-30"))],
            "line 2: statement: date phrase 'last week' ends (date_last 2024-04-30) before it "
            "begins (date_first 2024-05-06)",
        ),
        (
            [header(), dated("a", 1, "2024-03-05T09:00:00Z"), dated("b", 2, "2024-03-01")],
            "line 3: statement 'b' (t=2) has observed_at 2024-03-01, before "
            "2024-03-05T09:00:00Z of statement 'a' (t=1, line 2)",
        ),
        (  # the lines out of t order: the rule is by t, and the later t is named
            [header(), dated("b", 2, "2024-03-01T00:00Z"), dated("a", 1, "2024-03-02T00:00Z")],
            "line 2: statement 'b' (t=2)",
        ),
        (  # a statement without an observed time in between does not hide the step back
            [
                header(),
                dated("a", 1, "2024-03-05T00:00Z"),
                statement("b", 2),
                dated("c", 3, "2024-03-04T23:00Z"),
            ],
            "line 4: statement 'c' (t=3)",
        ),
        ([statement(), header()], "line 2: the space line must come first"),
        ([header(), statement()], "no end line: it was cut short"),
        ([header(), statement(), end(2, 0)], "line 3: the end line counts 2 statements"),
        ([header(), statement(), end(1, 0), statement("b", 2)], "line 4: a record after the end"),
        ([header(), [1, 2]], "line 2: a memory record is a JSON object"),  # type: ignore[list-item]
        ([header(), {"text": "x"}], "line 2: a memory record needs a 'kind'"),
    ],
)
def test_bad_records_are_named_by_line(records: list[dict[str, Any]], needle: str) -> None:
    kinds = [r.get("kind") for r in records if isinstance(r, dict)]
    if "end" not in kinds and "cut short" not in needle:
        records = [*records, end(kinds.count("statement"), kinds.count("fact"))]
    with pytest.raises(InvalidInputError) as refused:
        parse_export(lines(*records), LIMIT)
    assert needle in str(refused.value)


def test_dates_in_order_are_accepted_and_zones_compare_by_instant() -> None:
    parsed = parse_export(
        lines(
            header(),
            dated("a", 1, "2024-03-05T09:00:00Z"),
            # 10:30 in Paris (+01:00) is 09:30Z: later, though its wall clock reads earlier
            dated("b", 2, "2024-03-05T10:30:00+01:00")
            | phrase("today", "2024-03-05", "2024-03-05"),
            dated("c", 3, "2024-03-05T09:30:00Z"),  # the same instant again: not backwards
            fact(valid_from="2024-03-01", valid_to="2024-03-01"),
            end(3, 1),
        ),
        LIMIT,
    )
    assert [s.id for s in parsed.statements] == ["a", "b", "c"] and parsed.warnings == []


def test_observed_order_warn_imports_a_step_back_with_a_warning_naming_the_line() -> None:
    records = [header(), dated("a", 1, "2024-03-05"), dated("b", 2, "2024-03-01"), end(2, 0)]
    with pytest.raises(InvalidInputError, match="RECALLGRAPH_OBSERVED_ORDER=warn"):
        parse_export(lines(*records), LIMIT)
    parsed = parse_export(lines(*records), LIMIT, observed_order="warn")
    assert [s.id for s in parsed.statements] == ["a", "b"]
    (warning,) = parsed.warnings
    assert warning.startswith("line 3: statement 'b' (t=2) has observed_at 2024-03-01")


def test_hostile_json_in_a_line_is_named_by_line() -> None:
    with pytest.raises(InvalidInputError, match="line 2: the JSON is nested"):
        parse_export([json.dumps(header()), "[" * 50_000 + "]" * 50_000], LIMIT)
    with pytest.raises(InvalidInputError, match=r"line 2: .*lone surrogate"):
        parse_export([json.dumps(header()), '{"kind": "statement", "text": "\\ud800"}'], LIMIT)


def test_a_version_1_file_needs_no_end_line_and_unknown_kinds_are_skipped() -> None:
    parsed = parse_export(
        lines(header(version=1), statement(), {"kind": "concept", "label": "tea"}), LIMIT
    )
    assert parsed.skipped == {"concept": 1} and parsed.end is None


def test_statement_text_has_the_service_limit() -> None:
    with pytest.raises(InvalidInputError, match="line 2: text is 11 characters; the limit is 10"):
        parse_export(lines(header(), statement(text="x" * 11)), 10)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
RECORDS = st.fixed_dictionaries(
    {"kind": st.sampled_from(["space", "statement", "fact", "end", "concept", ""])},
    optional={
        "id": JSON_VALUES,
        "t": st.integers(min_value=-5, max_value=2**64) | JSON_VALUES,
        "text": st.text(max_size=30) | JSON_VALUES,
        "statement_id": st.sampled_from(["a", "b"]) | JSON_VALUES,
        "subject": st.text(max_size=10),
        "relation": st.text(max_size=10),
        "object": st.text(max_size=10),
        "t_from": st.integers(min_value=-2, max_value=5),
        "t_to": st.none() | st.integers(min_value=-2, max_value=5),
        "writer": st.text(max_size=12),
        "format": st.just("recallgraph-memory"),
        "version": st.integers(min_value=0, max_value=3),
        "name": st.text(max_size=5),
        "statements": st.integers(min_value=-1, max_value=3),
        "facts": st.integers(min_value=-1, max_value=3),
    },
)
LINE = st.one_of(
    RECORDS.map(json.dumps),
    JSON_VALUES.map(json.dumps),
    st.text(max_size=40),
    st.just("[" * 100 + "]" * 100),
    st.just('{"kind": "statement", "id": "\\udc00", "t": 1, "text": "x"}'),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(LINE, max_size=8))
def test_any_lines_give_a_checked_export_or_an_error_naming_a_line(raw: list[str]) -> None:
    try:
        parsed = parse_export(raw, LIMIT)
    except InvalidInputError as e:
        message = str(e)
        assert message.startswith("line ") or "end line" in message, message
        return
    except RecallGraphError as e:  # pragma: no cover - the assertion explains
        raise AssertionError(f"not an input error: {e!r}") from e
    ids = [s.id for s in parsed.statements]
    assert len(ids) == len(set(ids))
    assert all(1 <= s.t <= MAX_T for s in parsed.statements)
    assert all(f.statement_id in ids for f in parsed.facts)


STATEMENT_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
    min_size=1,
    max_size=40,
).filter(str.strip)


@settings(max_examples=100, deadline=None)
@given(st.lists(STATEMENT_TEXT, min_size=1, max_size=6), st.integers(min_value=0, max_value=5))
def test_a_written_export_reads_back_as_written(texts: list[str], gap: int) -> None:
    records = [header(t=len(texts) + gap)]
    records += [statement(f"s{i}", i + 1, text) for i, text in enumerate(texts)]
    records += [fact(statement_id="s0", t_to=len(texts), closed_by=f"s{len(texts) - 1}")]
    records += [end(len(texts), 1)]
    parsed = parse_export(lines(*records), LIMIT)
    assert [s.text for s in parsed.statements] == texts
    assert parsed.clock == len(texts) + gap
