"""The triple memory over HTTP: list and filter facts (``as_of``, ``history``), a subject's
history, add a fact (a knowledge update; a relation ``not R`` retracts), delete one version."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from app.api.bodies import json_body
from app.api.schemas import FactIn
from app.api.services import memory
from extraction.memory_api import Query, Triple
from graph.errors import InvalidInputError
from graph.spaces import require_space, validate_space_name

bp = Blueprint("facts", __name__, url_prefix="/v1/spaces/<space>")
MAX_LIMIT = 1000


def _int_arg(name: str, default: int | None, low: int, high: int) -> int | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError as e:
        raise InvalidInputError(f"query parameter {name} must be an integer, got {raw!r}") from e
    if not low <= value <= high:
        raise InvalidInputError(f"query parameter {name} must be in {low}..{high}, got {value}")
    return value


def _bool_arg(name: str) -> bool:
    raw = request.args.get(name, "false").lower()
    if raw not in ("true", "false", "1", "0"):
        raise InvalidInputError(f"query parameter {name} must be true or false, got {raw!r}")
    return raw in ("true", "1")


def _text_arg(name: str) -> str | None:
    raw = request.args.get(name)
    return raw if raw and raw.strip() else None


def _query(subject: str | None, relation: str | None, obj: str | None) -> Query:
    try:
        return Query(subject=subject, relation=relation, object=obj)
    except ValueError as e:
        raise InvalidInputError(f"invalid fact filter: {e}") from e


@bp.get("/facts")
def list_facts(space: str) -> Any:
    name = validate_space_name(space)
    triples = memory().triples
    require_space(triples.store, name)
    as_of = memory().resolve_as_of(name, _text_arg("as_of"))  # a t, or a date-time
    history = _bool_arg("history")
    limit = _int_arg("limit", 100, 1, MAX_LIMIT) or 100
    subject, relation, obj = _text_arg("subject"), _text_arg("relation"), _text_arg("object")
    when = _text_arg("when")
    if when is not None:
        if subject is None and relation is None:
            raise InvalidInputError("query parameter when needs a subject or a relation")
        answer = memory().facts_when(name, subject, relation, obj, when=when, as_of=as_of)
        return jsonify(
            {
                "space": name,
                "when": answer.when.suffix().removeprefix("@") or "now",
                "values": answer.values,
                "count": answer.count,
                "holds": answer.holds,
                "since": answer.since,
                "facts": [f.as_dict() for f in answer.facts],
            }
        )
    if subject is None and relation is None and obj is None:
        found = triples.list(name, as_of=as_of, history=history, limit=limit)
    else:
        query = _query(subject, relation, obj)
        found = triples.match(name, query, as_of=as_of, history=history, limit=limit)
    return jsonify(
        {
            "space": name,
            "facts": [f.as_dict() for f in found.facts],
            "exact": found.exact,
            "truncated": found.truncated,
        }
    )


@bp.get("/facts/history")
def fact_history(space: str) -> Any:
    name = validate_space_name(space)
    subject = _text_arg("subject")
    if subject is None:
        raise InvalidInputError("query parameter subject is required")
    triples = memory().triples
    require_space(triples.store, name)
    _query(subject, _text_arg("relation"), None)
    facts = triples.history(name, subject, _text_arg("relation"))
    return jsonify({"space": name, "facts": [f.as_dict() for f in facts]})


@bp.post("/facts")
def add_fact(space: str) -> Any:
    name = validate_space_name(space)
    body = FactIn.model_validate(json_body())
    try:
        triple = Triple.from_parts(body.subject, body.relation, body.object)
    except ValueError as e:
        raise InvalidInputError(f"invalid fact: {e}") from e
    receipt = memory().triples.write(name, [triple], writer="api", source=body.source)
    outcomes = ("added", "confirmed", "superseded", "retracted")
    return jsonify(
        {"space": name, "t": receipt.t} | {outcome: receipt.ids(outcome) for outcome in outcomes}
    ), 201


@bp.delete("/facts/<fact_id>")
def delete_fact(space: str, fact_id: str) -> Any:
    name = validate_space_name(space)
    memory().triples.delete(name, fact_id)
    return jsonify({"space": name, "deleted": fact_id})
