"""Spaces over HTTP: list, create, describe, delete; export and import as JSON Lines."""

from __future__ import annotations

import io
from dataclasses import asdict
from typing import Any

from flask import Blueprint, Response, jsonify

from app.api.bodies import json_body, ndjson_text
from app.api.schemas import SpaceIn
from app.api.services import memory
from graph.errors import ConflictError
from graph.spaces import (
    create_space,
    describe_space,
    list_spaces,
    require_space,
    validate_space_name,
)

bp = Blueprint("spaces", __name__, url_prefix="/v1/spaces")


@bp.get("")
def spaces() -> Any:
    return jsonify({"spaces": [asdict(s) for s in list_spaces(memory().store)]})


@bp.post("")
def create() -> Any:
    name = validate_space_name(SpaceIn.model_validate(json_body()).name)
    if not create_space(memory().store, name):
        raise ConflictError(f"space {name!r} already exists")
    return jsonify(asdict(describe_space(memory().store, name))), 201


@bp.get("/<space>")
def describe(space: str) -> Any:
    name = validate_space_name(space)
    require_space(memory().store, name)
    return jsonify(asdict(describe_space(memory().store, name)))


@bp.delete("/<space>")
def delete(space: str) -> Any:
    name = validate_space_name(space)
    memory().delete_space(name)
    return jsonify({"deleted": name})


@bp.get("/<space>/export")
def export(space: str) -> Response:
    """Streamed a page at a time; a client that sees no ``end`` line got a cut-off export."""
    name = validate_space_name(space)
    return Response(
        memory().export_lines(name),
        mimetype="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{name}.jsonl"'},
    )


@bp.post("/<space>/import")
def import_(space: str) -> Any:
    """All or nothing into an empty space; a bad line is a 400 that names it."""
    name = validate_space_name(space)
    lines = io.StringIO(ndjson_text(), newline="")
    summary = memory().import_(name, lines)
    return jsonify({"space": name} | asdict(summary)), 201
