"""The OpenAPI 3 document of the service (``GET /openapi.json``).

Request bodies come from the pydantic models the endpoints validate with, so the two cannot
drift; a test checks that every route of the app is documented and every documented path is
routed, and a schemathesis run checks responses against the schemas here.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify

from app.api.auth import TOKEN_REQUIRED
from app.api.openai_compat import ChatCompletionRequest
from app.api.openapi_entities import entity_paths, entity_schemas
from app.api.openapi_parts import ERROR, OBJECT, SPACE_PARAM, SPACE_PATTERN, SSE_EVENT
from app.api.openapi_parts import body as _body
from app.api.openapi_parts import ok as _ok
from app.api.openapi_parts import op as _op
from app.api.openapi_parts import query as _query
from app.api.openapi_parts import ref as _ref
from app.api.schemas import EntityMergeIn, EntitySplitIn, FactIn, QuestionIn, SpaceIn
from extraction.statements import StatementBody

bp = Blueprint("openapi", __name__)


def _schemas() -> dict[str, Any]:
    models = {
        "Statement": StatementBody,
        "QuestionIn": QuestionIn,
        "FactIn": FactIn,
        "SpaceIn": SpaceIn,
        "ChatCompletionRequest": ChatCompletionRequest,
        "EntityMergeIn": EntityMergeIn,
        "EntitySplitIn": EntitySplitIn,
    }
    schemas: dict[str, Any] = {}
    for name, model in models.items():
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(schema.pop("$defs", {}))
        schemas[name] = schema
    schemas["Error"] = {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["message", "type"],
                "properties": {
                    "message": {"type": "string"},
                    "type": {"type": "string"},
                    "param": {"type": ["string", "null"]},
                    "code": {"type": ["string", "null"]},
                },
            }
        },
    }
    schemas["Space"] = {
        "type": "object",
        "required": ["name", "t", "statements", "concepts", "entities", "facts"],
        "properties": {
            "name": {"type": "string"},
            "t": {"type": "integer"},
            "created_at": {"type": ["string", "null"]},
            "statements": {"type": "integer"},
            "concepts": {"type": "integer"},
            "entities": {"type": "integer"},
            "facts": {"type": "integer"},
            "current_facts": {"type": "integer"},
        },
    }
    schemas["Fact"] = {
        "type": "object",
        "required": ["id", "subject", "relation", "object", "t_from", "t_to"],
        "properties": {
            "id": {"type": "string"},
            "subject": {"type": "string"},
            "relation": {"type": "string"},
            "object": {"type": "string"},
            "t_from": {"type": "integer"},
            "t_to": {"type": ["integer", "null"]},
            "statement": {"type": ["string", "null"]},
            "writer": {"type": "string"},
            "valid_from": {"type": ["string", "null"], "format": "date"},
            "valid_to": {"type": ["string", "null"], "format": "date"},
        },
    }
    schemas["Candidate"] = {
        "type": "object",
        "required": ["reader", "answer", "evidence", "no_information"],
        "properties": {
            "reader": {"type": "string"},
            "answer": {"type": "string"},
            "no_information": {"type": "boolean"},
            "signals": OBJECT,
            "evidence": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["kind", "text", "t"],
                    "properties": {
                        "kind": {"type": "string", "enum": ["sentence", "fact", "chunk"]},
                        "text": {"type": "string"},
                        "t": {"type": ["integer", "null"]},
                        "t_to": {"type": ["integer", "null"]},
                        "ref": {"type": ["string", "null"]},
                    },
                },
            },
        },
    }
    schemas["Answer"] = {
        "type": "object",
        "required": ["question", "mode", "answer", "chosen", "candidates"],
        "properties": {
            "question": {"type": "string"},
            "mode": {"type": "string"},
            "answer": {"type": "string"},
            "chosen": {"type": "string"},
            "reason": {"type": ["string", "null"]},
            "as_of": {"type": ["integer", "null"]},
            "candidates": {"type": "array", "items": _ref("Candidate")},
        },
    }
    schemas["StoredStatements"] = {
        "type": "object",
        "required": ["space", "statements"],
        "properties": {
            "space": {"type": "string"},
            "statements": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "t", "duplicate", "written"],
                    "properties": {
                        "id": {"type": "string"},
                        "t": {"type": "integer"},
                        "duplicate": {"type": "boolean"},
                        "written": OBJECT,
                        "pending": {"type": "array", "items": {"type": "string"}},
                        "warnings": {"type": "array", "items": {"type": "string"}},
                        "model_sentences": {
                            "type": "object",
                            "description": "sentences the model writer read, of all",
                            "required": ["read", "total"],
                            "properties": {
                                "read": {"type": "integer"},
                                "total": {"type": "integer"},
                            },
                        },
                    },
                },
            },
        },
    }
    schemas["Facts"] = {
        "type": "object",
        "required": ["space", "facts"],
        "properties": {
            "space": {"type": "string"},
            "facts": {"type": "array", "items": _ref("Fact")},
            "exact": {"type": "boolean"},
            "truncated": {"type": "boolean"},
            "when": {"type": "string", "description": "the temporal read, with `when`"},
            "values": {"type": "array", "items": {"type": "string"}},
            "count": {"type": ["integer", "null"]},
            "holds": {"type": ["boolean", "null"]},
            "since": {"type": ["integer", "null"]},
        },
    }
    return schemas | entity_schemas()


def _paths() -> dict[str, Any]:
    statement_body = {"oneOf": [_ref("Statement"), {"type": "array", "items": _ref("Statement")}]}
    facts_filters = [
        _query("subject", {"type": "string"}),
        _query("relation", {"type": "string"}),
        _query("object", {"type": "string"}),
        _query(
            "as_of",
            {"type": "string", "description": "a t, or an ISO 8601 date or date-time"},
        ),
        _query("history", {"type": "boolean"}),
        _query("limit", {"type": "integer", "minimum": 1, "maximum": 1000}),
        _query(
            "when",
            {
                "type": "string",
                "description": "a temporal read, as in MEM_READ: previous, first, all, "
                "'before X', 'after X', count, 'count now', still, 'as_of T' (needs subject or "
                "relation)",
            },
        ),
    ]
    space = {"parameters": [SPACE_PARAM]}
    return {
        "/healthz": {
            "get": {
                "summary": "Neo4j, ChromaDB and model status",
                "security": [],
                "responses": {
                    "200": _ok("healthy", OBJECT),
                    "503": _ok("degraded", OBJECT),
                },
            }
        },
        "/openapi.json": {
            "get": {
                "summary": "This document",
                "security": [],
                "responses": {"200": _ok("OpenAPI 3", OBJECT)},
            }
        },
        "/browser/guide.html": {
            "get": {
                "summary": "The RecallGraph guide for the Neo4j Browser (`:play` this URL)",
                "security": [],
                "parameters": [
                    _query("space", {"type": "string", "pattern": SPACE_PATTERN}, required=True),
                    _query("subject", {"type": "string", "maxLength": 200}),
                    _query("concept", {"type": "string", "maxLength": 200}),
                    _query("t", {"type": "integer", "minimum": 0, "maximum": 2**53}),
                    _query("date", {"type": "string", "maxLength": 40}),
                ],
                "responses": {
                    "200": {
                        "description": "HTML slides",
                        "content": {"text/html": {"schema": {"type": "string"}}},
                    },
                    "400": ERROR,
                },
            }
        },
        "/v1/models": {"get": _op("Models served (OpenAI API)", {"200": _ok("list", OBJECT)})},
        "/v1/chat/completions": {
            "post": _op(
                "Chat completion with the local model (OpenAI API; stream: true for SSE)",
                {
                    "200": {
                        "description": "completion, or server-sent events",
                        "content": {
                            "application/json": {"schema": OBJECT},
                            "text/event-stream": {"schema": SSE_EVENT},
                        },
                    },
                    "504": ERROR,
                    "502": ERROR,
                },
                requestBody=_body(_ref("ChatCompletionRequest")),
            )
        },
        "/v1/spaces": {
            "get": _op("List spaces", {"200": _ok("spaces", OBJECT)}),
            "post": _op(
                "Create a space",
                {"201": _ok("created", _ref("Space")), "409": ERROR},
                requestBody=_body(_ref("SpaceIn")),
            ),
        },
        "/v1/spaces/{space}": space
        | {
            "get": _op("Describe a space", {"200": _ok("space", _ref("Space"))}),
            "delete": _op("Delete a space and everything in it", {"200": _ok("deleted", OBJECT)}),
        },
        "/v1/spaces/{space}/export": space
        | {
            "get": _op(
                "Export statements and facts as JSON Lines",
                {
                    "200": {
                        "description": "JSON Lines",
                        "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
                    }
                },
            )
        },
        "/v1/spaces/{space}/import": space
        | {
            "post": _op(
                "Import an export into an empty space",
                {"201": _ok("imported", OBJECT), "409": ERROR},
                requestBody=_body({"type": "string"}, "application/x-ndjson"),
            )
        },
        "/v1/spaces/{space}/statements": space
        | {
            "post": _op(
                "Store statements, in order, each its own knowledge update",
                {
                    "201": _ok("stored", _ref("StoredStatements")),
                    "200": _ok("all were already stored", _ref("StoredStatements")),
                    "409": ERROR,
                    "422": ERROR,
                },
                parameters=[_query("after", {"type": "string", "minLength": 1, "maxLength": 200})],
                requestBody=_body(statement_body)
                | {
                    "content": {
                        "application/json": {"schema": statement_body},
                        "application/x-ndjson": {"schema": {"type": "string"}},
                    }
                },
            )
        },
        "/v1/spaces/{space}/questions": space
        | {
            "post": _op(
                "Answer a question (stream: true for server-sent events)",
                {
                    "200": {
                        "description": "the answer, or server-sent events",
                        "content": {
                            "application/json": {"schema": _ref("Answer")},
                            "text/event-stream": {"schema": SSE_EVENT},
                        },
                    },
                    "502": ERROR,
                    "504": ERROR,
                },
                requestBody=_body(_ref("QuestionIn")),
            )
        },
        "/v1/spaces/{space}/facts": space
        | {
            "get": _op(
                "List or filter facts",
                {"200": _ok("facts", _ref("Facts"))},
                parameters=facts_filters,
            ),
            "post": _op(
                "Add a fact (a relation 'not R' retracts)",
                {"201": _ok("written", OBJECT)},
                requestBody=_body(_ref("FactIn")),
            ),
        },
        "/v1/spaces/{space}/facts/history": space
        | {
            "get": _op(
                "Every version of a subject's facts",
                {"200": _ok("facts", _ref("Facts"))},
                parameters=[
                    _query("subject", {"type": "string", "minLength": 1}, required=True),
                    _query("relation", {"type": "string"}),
                ],
            )
        },
        "/v1/spaces/{space}/facts/{fact_id}": {
            "parameters": [
                SPACE_PARAM,
                {"name": "fact_id", "in": "path", "required": True, "schema": {"type": "string"}},
            ],
            "delete": _op("Delete one fact version", {"200": _ok("deleted", OBJECT)}),
        },
        "/v1/spaces/{space}/concepts/{name}": {
            "parameters": [
                SPACE_PARAM,
                {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}},
            ],
            "get": _op(
                "A concept with its context and neighbours", {"200": _ok("concept", OBJECT)}
            ),
        },
    } | entity_paths()


def document(token_required: bool = True) -> dict[str, Any]:
    """The document; ``security`` is declared only when the server requires a bearer token."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "RecallGraph",
            "version": "0.1.0",
            "description": "A knowledge-memory service for LLM applications: feed time-ordered "
            "statements, ask questions whose answers changed over time.",
        },
        "components": {
            "schemas": _schemas(),
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
        "security": [{"bearer": []}] if token_required else [],
        "paths": _paths(),
    }


@bp.get("/openapi.json")
def openapi_json() -> Any:
    return jsonify(document(token_required=current_app.config[TOKEN_REQUIRED]))
