"""Spaces over HTTP: list, create, describe, delete; export and import as JSON Lines."""

from __future__ import annotations

import io
from dataclasses import asdict
from typing import Any

from flask import Blueprint, Response, jsonify, request

from app.api.bodies import json_body
from app.api.schemas import SpaceIn
from app.api.services import memory
from app.statement_input import decode_utf8
from graph.errors import ConflictError
from graph.spaces import (
    create_space,
    describe_space,
    list_spaces,
    require_space,
    validate_space_name,
)
from hybrid.memory_io import export_space, import_space

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
    name = validate_space_name(space)
    require_space(memory().store, name)
    sink = io.StringIO()
    export_space(memory().store, name, sink)
    return Response(
        sink.getvalue(),
        mimetype="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{name}.jsonl"'},
    )


@bp.post("/<space>/import")
def import_(space: str) -> Any:
    name = validate_space_name(space)
    text = decode_utf8(request.get_data(cache=True), "request body")
    summary = import_space(memory().triples, name, text.splitlines())
    return jsonify({"space": name} | asdict(summary)), 201
