"""A space's whole graph as plain data, for comparing two spaces written two ways.

What cannot be equal between two spaces is left out: the space's name on every node, the
wall-clock time a statement was ingested, and fact ids (random UUIDs)."""

from __future__ import annotations

from typing import Any

from graph.store import GraphStore

_STATEMENTS = """
MATCH (st:Statement {space: $space})
RETURN properties(st) AS p ORDER BY st.t, st.id
"""
_CLOCK = """
MATCH (sp:Space {name: $space})
RETURN sp.t AS t, toString(sp.observed_at) AS observed_at
"""
_CONCEPTS = """
MATCH (c:Concept {space: $space})
RETURN properties(c) AS p ORDER BY c.label
"""
_RELATED = """
MATCH (a:Concept {space: $space})-[r:RELATED]->(b:Concept)
RETURN a.label AS a, b.label AS b, properties(r) AS p ORDER BY a, b
"""
_MENTIONS = """
MATCH (st:Statement {space: $space})-[:MENTIONS]->(c:Concept)
RETURN st.id AS statement, c.label AS label ORDER BY statement, label
"""
_ENTITIES = """
MATCH (e:Entity {space: $space})
RETURN properties(e) AS p ORDER BY e.key
"""
_RELATIONS = """
MATCH (r:Relation {space: $space})
RETURN properties(r) AS p ORDER BY r.key
"""
_FACTS = """
MATCH (s:Entity {space: $space})-[f:FACT]->(o:Entity)
RETURN s.key AS subject, o.key AS object, properties(f) AS p
ORDER BY f.t_from, subject, f.relation_key, object
"""
_DROPPED = {"space", "ingested_at", "id"}


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)  # dates and date-times


def _props(record: dict[str, Any], keep_id: bool) -> dict[str, Any]:
    dropped = _DROPPED - ({"id"} if keep_id else set())
    return {k: _plain(v) for k, v in record.items() if k not in dropped}


def snapshot(store: GraphStore, space: str) -> dict[str, Any]:
    """Everything the space holds, ordered, with nothing that differs between two spaces."""

    def rows(cypher: str, keep_id: bool = True) -> list[dict[str, Any]]:
        found = []
        for record in store.query(cypher, space=space):
            found.append(
                {k: _props(v, keep_id) if k == "p" else _plain(v) for k, v in record.items()}
            )
        return found

    return {
        "clock": rows(_CLOCK),
        "statements": rows(_STATEMENTS),
        "concepts": rows(_CONCEPTS),
        "related": rows(_RELATED),
        "mentions": rows(_MENTIONS),
        "entities": rows(_ENTITIES),
        "relations": rows(_RELATIONS),
        "facts": rows(_FACTS, keep_id=False),
    }
