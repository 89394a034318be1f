"""Cypher for statements: each knowledge update, verbatim, as provenance."""

# Takes the space's write lock first (the SET), so the statement-id check and the tick are
# serialised with every other writer of the space: concurrent writers never share a ``t``, and a
# re-sent statement id is seen by the second writer, which then writes nothing. The tick and the
# statement travel in one round trip; the rest of the update follows in the same transaction.
#
# The space also keeps its latest ``observed_at``: a statement observed before it comes back with
# ``backwards`` true (the caller refuses it, rolling the transaction back, or warns).
STORE_STATEMENT = """
MERGE (sp:Space {name: $space})
  ON CREATE SET sp.t = 0, sp.created_at = datetime()
SET sp._lock = true
WITH sp, sp.observed_at AS latest, datetime($observed_at) AS observed
OPTIONAL MATCH (existing:Statement {space: $space, id: $id})
FOREACH (_ IN CASE WHEN existing IS NULL THEN [1] ELSE [] END |
  SET sp.t = sp.t + 1,
      sp.observed_at = CASE WHEN latest IS NULL OR latest < observed THEN observed
                            ELSE latest END
  CREATE (:Statement {
    space: $space, id: $id, t: sp.t, text: $text, source: $source, observed_at: observed,
    ingested_at: datetime(), pending: $pending
  })
)
REMOVE sp._lock
RETURN sp.t AS t, existing.t AS existing_t, toString(latest) AS latest_observed,
       coalesce(latest > observed, false) AS backwards
"""

GET_STATEMENT = """
MATCH (st:Statement {space: $space, id: $id})
RETURN st.id AS id, st.t AS t, st.text AS text, st.source AS source,
       toString(st.observed_at) AS observed_at
"""

STATEMENTS_AFTER = """
MATCH (st:Statement {space: $space})
WHERE st.t > $after_t
RETURN st.id AS id, st.t AS t, st.text AS text, st.source AS source,
       toString(st.observed_at) AS observed_at
ORDER BY st.t
LIMIT $limit
"""

LATEST_STATEMENTS = """
MATCH (st:Statement {space: $space})
RETURN st.id AS id, st.t AS t, st.text AS text, st.source AS source,
       toString(st.observed_at) AS observed_at
ORDER BY st.t DESC
LIMIT $limit
"""

# Stores beside Neo4j (e.g. the vector store) that have not yet taken a statement are listed in its
# ``pending``; the list is cleared store by store once they have, so a failed or interrupted write
# elsewhere can always be found and replayed from here.
PENDING_STATEMENTS = """
MATCH (st:Statement {space: $space})
WHERE $sink IN st.pending
RETURN st.id AS id, st.t AS t, st.text AS text, st.source AS source
ORDER BY st.t
LIMIT $limit
"""

PENDING_AMONG = """
UNWIND $ids AS statement_id
MATCH (st:Statement {space: $space, id: statement_id})
WHERE $sink IN st.pending
RETURN st.id AS id, st.t AS t, st.text AS text, st.source AS source
ORDER BY st.t
"""

SPACES_WITH_PENDING = """
MATCH (st:Statement)
WHERE $sink IN st.pending
RETURN DISTINCT st.space AS space
"""

CLEAR_PENDING = """
UNWIND $ids AS statement_id
MATCH (st:Statement {space: $space, id: statement_id})
SET st.pending = [sink IN st.pending WHERE sink <> $sink]
RETURN st.id AS id
"""

MARK_PENDING = """
MATCH (st:Statement {space: $space})
WHERE NOT $sink IN coalesce(st.pending, [])
CALL (st) { SET st.pending = coalesce(st.pending, []) + $sink } IN TRANSACTIONS OF 5000 ROWS
"""
