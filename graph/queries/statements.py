"""Cypher for statements: each knowledge update, verbatim, as provenance."""

# Takes the space's write lock first (the SET), so the statement-id check and the tick are
# serialised with every other writer of the space: concurrent writers never share a ``t``, and a
# re-sent statement id is seen by the second writer, which then writes nothing. The tick and the
# statement travel in one round trip; the rest of the update follows in the same transaction.
STORE_STATEMENT = """
MERGE (sp:Space {name: $space})
  ON CREATE SET sp.t = 0, sp.created_at = datetime()
SET sp._lock = true
WITH sp
OPTIONAL MATCH (existing:Statement {space: $space, id: $id})
FOREACH (_ IN CASE WHEN existing IS NULL THEN [1] ELSE [] END |
  SET sp.t = sp.t + 1
  CREATE (:Statement {
    space: $space, id: $id, t: sp.t, text: $text, source: $source, observed_at: $observed_at,
    ingested_at: datetime()
  })
)
REMOVE sp._lock
RETURN sp.t AS t, existing.t AS existing_t
"""

GET_STATEMENT = """
MATCH (st:Statement {space: $space, id: $id})
RETURN st.id AS id, st.t AS t, st.text AS text, st.source AS source, st.observed_at AS observed_at
"""

RECENT_STATEMENTS = """
MATCH (st:Statement {space: $space})
WHERE st.t > $after_t
RETURN st.id AS id, st.t AS t, st.text AS text, st.source AS source, st.observed_at AS observed_at
ORDER BY st.t
LIMIT $limit
"""

LATEST_STATEMENTS = """
MATCH (st:Statement {space: $space})
RETURN st.id AS id, st.t AS t, st.text AS text, st.source AS source, st.observed_at AS observed_at
ORDER BY st.t DESC
LIMIT $limit
"""
