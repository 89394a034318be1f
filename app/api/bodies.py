"""Reading request bodies: JSON (strict UTF-8), JSON arrays, NDJSON; clear 4xx when malformed."""

from __future__ import annotations

import json
from typing import Any

from flask import request

from app.statement_input import decode_utf8
from graph.errors import InvalidInputError

NDJSON_TYPES = ("application/x-ndjson", "application/jsonl", "application/json-lines")


def is_ndjson() -> bool:
    return request.mimetype in NDJSON_TYPES


def json_body() -> Any:
    """The body as JSON; refuses other content types, non-UTF-8 and malformed JSON."""
    if request.mimetype != "application/json":
        raise InvalidInputError(
            f"the body must be application/json (got {request.mimetype or 'no content type'})"
        )
    text = decode_utf8(request.get_data(cache=True), "request body")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InvalidInputError(
            f"malformed JSON at line {e.lineno}, column {e.colno}: {e.msg}"
        ) from e


def ndjson_lines() -> list[tuple[int, Any]]:
    """(line number, parsed JSON) for every non-blank line of an NDJSON body."""
    text = decode_utf8(request.get_data(cache=True), "request body")
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append((number, json.loads(line)))
        except json.JSONDecodeError as e:
            raise InvalidInputError(f"line {number}: malformed JSON ({e.msg})") from e
    return rows
