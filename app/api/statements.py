"""``POST /v1/spaces/{space}/statements``: one statement, a JSON array, or NDJSON; in order.

Each statement is its own knowledge update with its own ``t`` (the whole request is one Neo4j
transaction, so a request is stored whole or not at all). An ``id`` is an idempotency key:
re-sending it stores nothing and returns the original ``t``; a statement without one gets an id
derived from its space, text and ``observed_at`` (``extraction.statements.content_id``), so a
retried request never stores it twice. A space that does not exist yet is created by its first
statement. The model writer's work is bounded per statement and per request
(``hybrid.write_budget``): each row says how many sentences the model read. ``?after=ID`` keeps
the order of batches a client sends concurrently: the batch's concepts are extracted at once, and
it is written once statement ID is stored (409 if it is not within two minutes).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from pydantic import ValidationError

from app.api.bodies import is_ndjson, json_body, ndjson_lines
from app.api.services import memory
from extraction.statements import STATEMENT_ID_MAX, StatementBody, StatementInput
from graph.errors import InvalidInputError, PayloadTooLargeError, describe_validation_error
from graph.spaces import validate_space_name

bp = Blueprint("statements", __name__, url_prefix="/v1/spaces/<space>")
MAX_BATCH = 1000


def _validated(items: list[tuple[str, Any]]) -> list[StatementInput]:
    statements = []
    for where, item in items:
        try:
            parsed = StatementBody.model_validate(item)
        except ValidationError as e:
            raise InvalidInputError(f"{where}: {describe_validation_error(e)}") from e
        statements.append(parsed.to_input())
    return statements


def read_statements() -> list[StatementInput]:
    if is_ndjson():
        items = [(f"line {n}", row) for n, row in ndjson_lines(MAX_BATCH)]
    else:
        body = json_body()
        if isinstance(body, list):
            items = [(f"statements[{i}]", row) for i, row in enumerate(body)]
        else:
            items = [("statement", body)]
    if not items:
        raise InvalidInputError("the body holds no statements")
    if len(items) > MAX_BATCH:
        raise PayloadTooLargeError(
            f"{len(items)} statements in one request; the limit is {MAX_BATCH}"
        )
    return _validated(items)


def _after() -> str | None:
    """``?after=ID``: store this batch only once statement ID is stored (a client that sends
    its batches concurrently keeps their order this way)."""
    after = request.args.get("after")
    if after is not None and not 0 < len(after) <= STATEMENT_ID_MAX:
        raise InvalidInputError(f"after must be a statement id of 1 to {STATEMENT_ID_MAX} chars")
    return after


@bp.post("/statements")
def post_statements(space: str) -> Any:
    name = validate_space_name(space)
    statements = read_statements()
    outcomes = memory().writer.ingest_many(name, statements, bounded=True, after=_after())
    rows = [
        {
            "id": o.result.record.id,
            "t": o.t,
            "duplicate": o.duplicate,
            "written": o.result.receipt.written,
            "pending": o.pending,
            "warnings": o.warnings,
        }
        | ({"model_sentences": o.result.model.as_dict()} if o.result.model else {})
        for o in outcomes
    ]
    status = 201 if any(not o.duplicate for o in outcomes) else 200
    return jsonify({"space": name, "statements": rows}), status
