"""Hostile JSON is a clear 4xx with bounded memory: deep nesting, huge numbers, non-finite
numbers, lone surrogates, a million keys, a million empty objects."""

from __future__ import annotations

import tracemalloc

import pytest

from extraction.json_guard import MAX_VALUES, loads, nonblank_lines
from graph.errors import InvalidInputError, PayloadTooLargeError

HOSTILE = [
    ("[" * 50_000 + "]" * 50_000, InvalidInputError, "nested more than"),
    ('{"a":' * 40 + "1" + "}" * 40, InvalidInputError, "nested more than"),
    ("1" + "0" * 5000, InvalidInputError, "64-bit integer"),
    ("[9223372036854775808]", InvalidInputError, "64-bit integer"),
    ("1e999", InvalidInputError, "too large"),
    ("[NaN]", InvalidInputError, "not JSON"),
    ("[-Infinity]", InvalidInputError, "not JSON"),
    ('{"text": "\\ud800"}', InvalidInputError, "lone surrogate"),
    ('["ok", {"k": ["\\udfff"]}]', InvalidInputError, "lone surrogate"),
    ("{" + ",".join(f'"k{i}":1' for i in range(1_000_000)) + "}", PayloadTooLargeError, "values"),
    ("[" + ",".join(["{}"] * 1_000_000) + "]", PayloadTooLargeError, "values"),
    ('{"a": "b', InvalidInputError, "malformed JSON at line 1"),
]


@pytest.mark.parametrize(("text", "error", "needle"), HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_json_is_refused_with_bounded_memory(
    text: str, error: type[Exception], needle: str
) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(error, match=needle):
            loads(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2 * len(text) + 1_000_000, f"peak {peak} bytes for {len(text)} of input"


def test_valid_json_parses_unchanged() -> None:
    text = (
        '{"text": "caf\\u00e9 \\ud83d\\ude00 [not a bracket", "n": -9223372036854775808, "f": 1.5}'
    )
    assert loads(text) == {"text": "café 😀 [not a bracket", "n": -(2**63), "f": 1.5}
    deep_enough = "[" * 32 + "]" * 32
    assert loads(deep_enough)
    many = "[" + ",".join("1" for _ in range(MAX_VALUES // 2)) + "]"
    assert len(loads(many)) == MAX_VALUES // 2


def test_brackets_inside_strings_do_not_count_as_depth() -> None:
    assert loads('{"text": "' + "[" * 1000 + '"}') == {"text": "[" * 1000}


def test_where_prefixes_every_error() -> None:
    with pytest.raises(InvalidInputError, match=r"^line 7: malformed JSON at column 2"):
        loads("{x}", where="line 7: ")


def test_nonblank_lines_are_numbered_and_only_newline_ends_a_line() -> None:
    text = 'a\n\n  \r\n{"x": "1\u20282"}\r\nlast'
    assert list(nonblank_lines(text)) == [(1, "a"), (4, '{"x": "1\u20282"}'), (5, "last")]
    lines = nonblank_lines("\n" * 1_000_000 + "x")
    assert next(lines) == (1_000_001, "x")
