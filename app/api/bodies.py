"""Reading request bodies: JSON (strict UTF-8), JSON arrays, NDJSON; clear 4xx when malformed.

Every body goes through ``extraction.json_guard``: deep nesting, huge numbers, lone surrogates
and a million keys are 4xx answers, never a 500, and never more memory than the body's own
size allows. NDJSON lines are counted before any is parsed, so a body of a million ``{}`` lines
is refused at once instead of being built.
"""

from __future__ import annotations

from typing import Any

from flask import request

from app.statement_input import decode_utf8
from extraction.json_guard import loads, nonblank_lines
from graph.errors import PayloadTooLargeError, UnsupportedMediaTypeError

NDJSON_TYPES = ("application/x-ndjson", "application/jsonl", "application/json-lines")


def is_ndjson() -> bool:
    return request.mimetype in NDJSON_TYPES


def body_text() -> str:
    return decode_utf8(request.get_data(cache=True), "request body")


def json_body() -> Any:
    """The body as JSON; refuses other content types, non-UTF-8 and malformed JSON."""
    if request.mimetype != "application/json":
        raise UnsupportedMediaTypeError(
            f"the body must be application/json (got {request.mimetype or 'no content type'})"
        )
    return loads(body_text())


def ndjson_lines(max_lines: int) -> list[tuple[int, Any]]:
    """(line number, parsed JSON) for every non-blank line of an NDJSON body; more than
    ``max_lines`` lines is a 413 before any line is parsed."""
    text = body_text()
    lines = []
    for number, line in nonblank_lines(text):
        if len(lines) == max_lines:
            raise PayloadTooLargeError(
                f"more than {max_lines} statements in one request; the limit is {max_lines}"
            )
        lines.append((number, line))
    return [(number, loads(line, where=f"line {number}: ")) for number, line in lines]


def ndjson_text() -> str:
    """The body of an endpoint that takes JSON Lines only (an import)."""
    if not is_ndjson():
        raise UnsupportedMediaTypeError(
            "the body must be JSON Lines, application/x-ndjson (got "
            f"{request.mimetype or 'no content type'})"
        )
    return body_text()
