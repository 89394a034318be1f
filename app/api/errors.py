"""Every endpoint's error shape (OpenAI's): ``{"error": {"message", "type", "param", "code"}}``.

The project's errors map to their HTTP status; request-validation errors name the field; anything
unexpected is logged with its traceback and answered with a generic 500 that reveals nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, jsonify
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

from graph.errors import RecallGraphError, describe_validation_error, first_invalid_field

log = logging.getLogger(__name__)

_TYPES = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error"}


def error_response(
    status: int, message: str, *, param: str | None = None, code: str | None = None
) -> tuple[Response, int]:
    body: dict[str, Any] = {
        "message": message,
        "type": _TYPES.get(status, "invalid_request_error" if status < 500 else "server_error"),
        "param": param,
        "code": code,
    }
    return jsonify({"error": body}), status


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(RecallGraphError)
    def _project_error(e: RecallGraphError) -> tuple[Response, int]:
        return error_response(e.http_status, " ".join(str(e).split()), code=type(e).__name__)

    @app.errorhandler(ValidationError)
    def _validation_error(e: ValidationError) -> tuple[Response, int]:
        message, param = describe_validation_error(e), first_invalid_field(e)
        return error_response(400, message, param=param, code="invalid_value")

    @app.errorhandler(HTTPException)
    def _http_error(e: HTTPException) -> tuple[Response, int]:
        response, status = error_response(e.code or 500, e.description or e.name, code=e.name)
        for name, value in e.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value  # e.g. Allow on a 405
        return response, status

    @app.errorhandler(Exception)
    def _unexpected(e: Exception) -> tuple[Response, int]:
        log.exception("unhandled error")
        return error_response(500, "internal error; see the server log", code="internal_error")
