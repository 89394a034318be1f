"""JSON from strangers, parsed with bounded memory and time: every door's one JSON reader.

``json.loads`` trusts its input: an array nested 50,000 deep overflows the recursion limit (a
500), 16 MiB of ``{}`` become a gigabyte of objects, a 10,000-digit number raises ``ValueError``
outside ``JSONDecodeError``, ``NaN`` and lone surrogates (``"\\ud800"``) parse but later break
Neo4j's UTF-8. Here the text is first measured without building anything (its strings counted,
then blanked out by one regular expression, then containers, values and depth counted at C
speed), and only text within the limits is parsed, with hooks that refuse numbers outside 64
bits and non-finite ones.
Every refusal is an ``InvalidInputError`` (a 400) or, for sheer size, ``PayloadTooLargeError``
(a 413), naming the problem.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

from graph.errors import InvalidInputError, PayloadTooLargeError

MAX_DEPTH = 32
MAX_VALUES = 100_000
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_NONBLANK_LINE = re.compile(r"^.*\S.*$", re.MULTILINE)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 19 or not INT64_MIN <= (value := int(text)) <= INT64_MAX:
        raise InvalidInputError(f"the number {text[:30]}… is outside the 64-bit integer range")
    return value


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidInputError(f"the number {text[:30]} is too large for a 64-bit float")
    return value


def _parse_constant(text: str) -> float:
    raise InvalidInputError(f"{text} is not JSON (only finite numbers are)")


def measure(text: str, *, max_values: int = MAX_VALUES, max_depth: int = MAX_DEPTH) -> None:
    """Refuse text whose parse would be too deep or too big, without parsing it."""
    if text.count('"') > 2 * max_values:  # every string is a value or a key
        raise PayloadTooLargeError(
            f"the JSON holds more than {max_values:,} values; send less per request"
        )
    skeleton = _STRING.sub('""', text)
    containers = skeleton.count("[") + skeleton.count("{")
    values = containers + skeleton.count(",") + skeleton.count(":")
    if values > max_values:
        raise PayloadTooLargeError(
            f"the JSON holds more than {max_values:,} values; send less per request"
        )
    if containers == 0:
        return
    depth = deepest = 0
    for bracket in _BRACKETS.finditer(skeleton):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > max_depth:
                raise InvalidInputError(f"the JSON is nested more than {max_depth} levels deep")


def _refuse_surrogates(value: Any) -> None:
    """A lone surrogate cannot be stored as UTF-8: refuse it here, naming it, not in Neo4j."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as e:
                raise InvalidInputError(
                    f"a JSON string holds a lone surrogate (\\u{ord(item[e.start]):04x}), which "
                    "is not a character"
                ) from e
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def loads(
    text: str, *, where: str = "", max_values: int = MAX_VALUES, max_depth: int = MAX_DEPTH
) -> Any:
    """``text`` parsed as JSON within the limits; ``where`` ("line 3: ") prefixes each error."""
    try:
        measure(text, max_values=max_values, max_depth=max_depth)
        try:
            value = json.loads(
                text,
                parse_int=_parse_int,
                parse_float=_parse_float,
                parse_constant=_parse_constant,
            )
        except json.JSONDecodeError as e:
            position = f"line {e.lineno}, column {e.colno}" if not where else f"column {e.colno}"
            raise InvalidInputError(f"malformed JSON at {position}: {e.msg}") from e
        if _SURROGATE_ESCAPE.search(text):
            _refuse_surrogates(value)
        return value
    except InvalidInputError as e:
        raise type(e)(f"{where}{e}") from e


def nonblank_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) of every non-blank line, lazily: only ``\\n`` ends a line (JSON
    strings may hold U+2028), and runs of blank lines are skipped at C speed."""
    number, position = 1, 0
    for match in _NONBLANK_LINE.finditer(text):
        number += text.count("\n", position, match.start())
        position = match.start()
        yield number, match.group().rstrip("\r")
