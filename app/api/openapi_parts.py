"""Building blocks of the OpenAPI document (``app.api.openapi``): references, responses, the
error shape, the space parameter, operations and bodies, shared by its sections."""

from __future__ import annotations

from typing import Any

SPACE_PATTERN = "^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def json_content(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def ok(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description} | json_content(schema)


ERROR = ok("error", ref("Error"))
ERRORS = {"400": ERROR, "401": ERROR, "404": ERROR, "413": ERROR, "415": ERROR, "503": ERROR}
OBJECT: dict[str, Any] = {"type": "object"}
SSE_EVENT: dict[str, Any] = {
    "type": "object",
    "description": "one server-sent event; `data` is JSON (or `[DONE]` for chat completions)",
    "required": ["data"],
    "properties": {"event": {"type": "string"}, "data": {"type": "string"}},
}
SPACE_PARAM = {
    "name": "space",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": SPACE_PATTERN},
}


def query(name: str, schema: dict[str, Any], required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "schema": schema}


def op(summary: str, responses: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"summary": summary, "responses": responses | ERRORS} | extra


def body(schema: dict[str, Any], *content_types: str) -> dict[str, Any]:
    types = content_types or ("application/json",)
    return {"required": True, "content": {t: {"schema": schema} for t in types}}
