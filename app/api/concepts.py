"""``GET /v1/spaces/{space}/concepts/{name}``: a RecallM concept with its context, strongest
neighbours (strength and ``t``) and merge count. ``name`` may be the label ("vacat") or a word
("vacation"), which is stemmed the way ingestion labels concepts."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from app.api.services import memory
from extraction.concepts import essential_labels
from graph.concepts import get_concept
from graph.errors import InvalidInputError, NotFoundError
from graph.spaces import require_space, validate_space_name

bp = Blueprint("concepts", __name__, url_prefix="/v1/spaces/<space>")
NAME_MAX = 200


@bp.get("/concepts/<path:name>")
def concept(space: str, name: str) -> Any:
    space_name = validate_space_name(space)
    if not name.strip() or len(name) > NAME_MAX:
        raise InvalidInputError(f"concept name must be 1 to {NAME_MAX} characters")
    store = memory().store
    require_space(store, space_name)
    for label in dict.fromkeys([name.lower(), *essential_labels(name)]):
        found = get_concept(store, space_name, label)
        if found is not None:
            return jsonify({"space": space_name} | found)
    raise NotFoundError(f"no concept {name!r} in space {space_name!r}")
