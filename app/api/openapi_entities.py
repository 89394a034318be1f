"""The entity endpoints' part of the OpenAPI document: list, merges, merge, split."""

from __future__ import annotations

from typing import Any

from app.api.openapi_parts import ERROR, SPACE_PARAM, body, ok, op, query, ref


def entity_schemas() -> dict[str, Any]:
    """A space's entities with their aliases, and the records of merges and splits."""
    text, count = {"type": "string"}, {"type": "integer", "minimum": 0}
    nullable = {"type": ["string", "null"]}
    merge = {
        "type": "object",
        "required": ["id", "merged", "into", "facts_moved", "aliases_added", "merged_at"],
        "properties": {
            "id": text,
            "merged": text,
            "into": text,
            "reason": nullable,
            "facts_moved": count,
            "aliases_added": {"type": "array", "items": text},
            "merged_at": text,
            "undone_at": nullable,
            "conflicts": {"type": "array", "items": text},
        },
    }
    return {
        "Entity": {
            "type": "object",
            "required": ["name", "key", "aliases", "facts", "current_facts"],
            "properties": {
                "name": text,
                "key": text,
                "aliases": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name", "reason"],
                        "properties": {"name": text, "reason": text},
                    },
                },
                "facts": count,
                "current_facts": count,
            },
        },
        "Entities": {
            "type": "object",
            "required": ["space", "entities", "total"],
            "properties": {
                "space": text,
                "entities": {"type": "array", "items": ref("Entity")},
                "total": count,
            },
        },
        "EntityMerge": merge,
        "EntityMerges": {
            "type": "object",
            "required": ["space", "merges"],
            "properties": {
                "space": text,
                "merges": {"type": "array", "items": ref("EntityMerge")},
            },
        },
        "EntitySplit": {
            "type": "object",
            "required": ["merge_id", "restored", "taken_from", "facts_restored", "facts_missing"],
            "properties": {
                "space": text,
                "merge_id": text,
                "restored": text,
                "taken_from": text,
                "facts_restored": count,
                "facts_missing": {"type": "array", "items": text},
            },
        },
    }


def entity_paths() -> dict[str, Any]:
    space = {"parameters": [SPACE_PARAM]}
    page = [
        query("skip", {"type": "integer", "minimum": 0, "maximum": 1_000_000}),
        query("limit", {"type": "integer", "minimum": 1, "maximum": 1000}),
    ]
    return {
        "/v1/spaces/{space}/entities": space
        | {
            "get": op(
                "A space's entities by name, with their aliases and fact counts",
                {"200": ok("entities", ref("Entities"))},
                parameters=[query("contains", {"type": "string", "maxLength": 200}), *page],
            )
        },
        "/v1/spaces/{space}/entities/merges": space
        | {
            "get": op(
                "The space's entity merges, newest first (split ones too)",
                {"200": ok("merges", ref("EntityMerges"))},
                parameters=page,
            )
        },
        "/v1/spaces/{space}/entities/merge": space
        | {
            "post": op(
                "Merge entity A into B: A's facts move to B, A's names become B's aliases",
                {"201": ok("merged", ref("EntityMerge"))},
                requestBody=body(ref("EntityMergeIn")),
            )
        },
        "/v1/spaces/{space}/entities/split": space
        | {
            "post": op(
                "Undo the latest merge of a name: the entity and its facts come back",
                {"200": ok("split", ref("EntitySplit")), "409": ERROR},
                requestBody=body(ref("EntitySplitIn")),
            )
        },
    }
