"""Cypher for statements: each knowledge update, verbatim, as provenance."""

CREATE_STATEMENT = """
CREATE (st:Statement {
  space: $space, id: $id, t: $t, text: $text, source: $source, observed_at: $observed_at,
  ingested_at: datetime()
})
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
