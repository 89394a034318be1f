"""A space's entities over HTTP: list them with their aliases, merge one into another, split a
merge again, and list the merges (``RecallGraph.entities``, ``merge_entities``, ``split_entity``,
``merges``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from app.api.bodies import json_body
from app.api.schemas import EntityListArgs, EntityMergeIn, EntitySplitIn, PageArgs
from app.api.services import memory
from graph.spaces import validate_space_name

bp = Blueprint("entities", __name__, url_prefix="/v1/spaces/<space>/entities")


@bp.get("")
def list_entities(space: str) -> Any:
    name = validate_space_name(space)
    args = EntityListArgs.model_validate(request.args.to_dict())
    page = memory().entities(name, contains=args.contains, skip=args.skip, limit=args.limit)
    return jsonify(
        {
            "space": name,
            "entities": [e.as_dict() for e in page.entities],
            "total": page.total,
        }
    )


@bp.get("/merges")
def list_merges(space: str) -> Any:
    name = validate_space_name(space)
    args = PageArgs.model_validate(request.args.to_dict())
    merges = memory().merges(name, skip=args.skip, limit=args.limit)
    return jsonify({"space": name, "merges": [m.as_dict() for m in merges]})


@bp.post("/merge")
def merge(space: str) -> Any:
    name = validate_space_name(space)
    body = EntityMergeIn.model_validate(json_body())
    record = memory().merge_entities(name, body.entity, body.into, reason=body.reason)
    return jsonify({"space": name} | record.as_dict()), 201


@bp.post("/split")
def split(space: str) -> Any:
    name = validate_space_name(space)
    body = EntitySplitIn.model_validate(json_body())
    record = memory().split_entity(name, body.entity)
    return jsonify({"space": name} | record.as_dict())
