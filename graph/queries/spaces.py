"""Cypher for spaces and their temporal clock."""

from graph.labels import Label

CREATE_SPACE = """
MERGE (sp:Space {name: $space})
  ON CREATE SET sp.t = 0, sp.created_at = datetime(), sp.created = true, sp.owner = $owner
WITH sp, coalesce(sp.created, false) AS created
REMOVE sp.created
RETURN created
"""

# Who made a space, when a command makes spaces of its own (the demo): it may wipe only those.
SPACE_OWNER = """
MATCH (sp:Space {name: $space})
RETURN sp.owner AS owner
"""

GET_SPACE = """
MATCH (sp:Space {name: $space})
RETURN sp.name AS name, sp.t AS t, toString(sp.created_at) AS created_at
"""

CURRENT_T = """
MATCH (sp:Space {name: $space})
RETURN sp.t AS t
"""

LIST_SPACES = """
MATCH (sp:Space)
RETURN sp.name AS name, sp.t AS t, toString(sp.created_at) AS created_at
ORDER BY name
"""

COUNT_STATEMENTS = "MATCH (n:Statement {space: $space}) RETURN count(n) AS n"
COUNT_CONCEPTS = "MATCH (n:Concept {space: $space}) RETURN count(n) AS n"
COUNT_ENTITIES = "MATCH (n:Entity {space: $space}) RETURN count(n) AS n"
COUNT_FACTS = """
MATCH (e:Entity {space: $space})-[f:FACT]->()
RETURN count(f) AS n, count(CASE WHEN f.t_to IS NULL THEN 1 END) AS current
"""

# One query per label (labels come from the Enum), run as auto-commit batches so a large space
# never needs one huge transaction.
DELETE_SPACE_NODES_BY_LABEL: dict[Label, str] = {
    label: f"""
MATCH (n:{label.value} {{space: $space}})
CALL (n) {{ DETACH DELETE n }} IN TRANSACTIONS OF 2000 ROWS
"""
    for label in (Label.STATEMENT, Label.CONCEPT, Label.ENTITY, Label.RELATION, Label.ENTITY_MERGE)
}

DELETE_SPACE_NODE = "MATCH (sp:Space {name: $space}) DELETE sp"
