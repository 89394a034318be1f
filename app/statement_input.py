"""Statements from files, stdin and request bodies: plain lines or JSON Lines.

Everything is parsed and validated before anything is written, so a bad line stops the run with
its line number and nothing half-done. Statements without an id get one derived from the input's
content and the line number: re-running an interrupted ingest of the same input skips what was
already stored instead of storing it twice.
"""

from __future__ import annotations

import hashlib
from typing import Literal

from pydantic import ValidationError

from extraction.json_guard import loads
from extraction.statements import StatementBody, StatementInput
from graph.errors import InvalidInputError, describe_validation_error

InputFormat = Literal["auto", "lines", "jsonl"]


def decode_utf8(data: bytes, what: str = "input") -> str:
    """Strict UTF-8 (a BOM is allowed); the error names the line and the offending byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise InvalidInputError(
            f"{what} is not valid UTF-8: byte 0x{data[e.start]:02x} at line {line}"
        ) from e


def _detect(lines: list[str]) -> Literal["lines", "jsonl"]:
    first = next((line for line in lines if line.strip()), "")
    return "jsonl" if first.lstrip().startswith("{") else "lines"


def parse_statements(
    text: str, *, source: str | None, fmt: InputFormat = "auto"
) -> list[StatementInput]:
    """Every statement of ``text`` in order; blank lines are skipped."""
    lines = text.splitlines()
    kind = _detect(lines) if fmt == "auto" else fmt
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    statements: list[StatementInput] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        default_id = f"{digest}:{number}"
        if kind == "lines":
            statements.append(StatementInput(line.strip(), default_id, source))
            continue
        try:
            record = StatementBody.model_validate(loads(line, where=f"line {number}: "))
        except ValidationError as e:
            raise InvalidInputError(f"line {number}: {describe_validation_error(e)}") from e
        statements.append(record.to_input(default_id, source))
    return statements
