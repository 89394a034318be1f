"""``POST /v1/spaces/{space}/questions``: an answer with its candidates and evidence, or, with
``stream: true``, server-sent events: ``token`` events with the answer's text as it is generated,
then one ``answer`` event with the whole answer, then ``done``. A stream that fails after it
began ends with an ``error`` event and then ``done``, whatever the failure: the events are made
after the request has ended, so nothing here may need the request's context."""

from __future__ import annotations

import itertools
import json
import logging
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, jsonify

from app.api.bodies import json_body
from app.api.schemas import QuestionIn
from app.api.services import memory
from app.api.web_safety import prepare_event_stream
from graph.errors import RecallGraphError
from graph.spaces import require_space, validate_space_name
from hybrid.ask import Answer

bp = Blueprint("questions", __name__, url_prefix="/v1/spaces/<space>")
log = logging.getLogger(__name__)


def _event(kind: str, payload: dict[str, Any]) -> str:
    return f"event: {kind}\ndata: {json.dumps(payload, ensure_ascii=False)}\n\n"


def _events(pieces: Iterator[str | Answer]) -> Iterator[str]:
    try:
        for piece in pieces:
            if isinstance(piece, Answer):
                yield _event("answer", piece.to_dict())
            elif piece:
                yield _event("token", {"text": piece})
    except RecallGraphError as e:
        log.warning("question stream failed: %s", e)
        yield _event("error", {"message": str(e), "code": type(e).__name__})
    except Exception:
        log.exception("question stream failed")
        internal = {"message": "internal error; see the server log", "code": "internal_error"}
        yield _event("error", internal)
    yield _event("done", {})


@bp.post("/questions")
def ask(space: str) -> Any:
    name = validate_space_name(space)
    body = QuestionIn.model_validate(json_body())
    require_space(memory().store, name)
    if body.stream:
        pieces = memory().stream(name, body.question, mode=body.mode, as_of=body.as_of)
        first = next(pieces)  # bad input and unavailable readers fail here, as plain errors
        prepare_event_stream()
        return Response(
            _events(itertools.chain([first], pieces)),
            mimetype="text/event-stream",
            headers={"Cache-Control": "no-cache"},
        )
    return jsonify(memory().ask(name, body.question, mode=body.mode, as_of=body.as_of).to_dict())
