"""Cypher for statements: each knowledge update, verbatim, as provenance."""

# A batch of statements claims one block of ``t`` values in one round trip. The space's write
# lock comes first (the SET), so the id checks and the claim are serialised with every other
# writer of the space: concurrent batches never share or interleave a ``t``, and a statement id
# already stored is seen by a later writer, which then writes nothing for it.
#
# ``$rows`` hold distinct ids, in order. A stored id keeps its original ``t`` and claims none; the
# new statements get t0 + 1, t0 + 2, ... in order, so the clock stays gapless. The space also
# keeps its latest ``observed_at``: for each new statement the latest before it (the space's,
# then the batch's earlier ones) comes back, with ``backwards`` true when the statement was
# observed before it (the caller refuses it, rolling the transaction back, or warns).
CLAIM_STATEMENTS = """
MERGE (sp:Space {name: $space})
  ON CREATE SET sp.t = 0, sp.created_at = datetime()
SET sp._lock = true
WITH sp, sp.t AS t0,
     [row IN $rows | COLLECT { MATCH (old:Statement {space: $space, id: row.id}) RETURN old.t }[0]]
     AS existing
WITH sp, t0, existing, [i IN range(0, size($rows) - 1) WHERE existing[i] IS NULL] AS fresh
WITH sp, t0, existing, fresh,
     reduce(run = [sp.observed_at], i IN fresh |
            run + [CASE WHEN last(run) IS NULL OR last(run) < datetime($rows[i].observed_at)
                        THEN datetime($rows[i].observed_at) ELSE last(run) END]) AS latest
SET sp.t = t0 + size(fresh), sp.observed_at = last(latest)
WITH sp, t0, existing, fresh, latest
CALL (t0, fresh) {
  UNWIND range(0, size(fresh) - 1) AS k
  WITH k, $rows[fresh[k]] AS row
  CREATE (:Statement {
    space: $space, id: row.id, t: t0 + k + 1, text: row.text, source: row.source,
    observed_at: datetime(row.observed_at), ingested_at: datetime(), pending: row.pending
  })
}
REMOVE sp._lock
RETURN t0, existing,
       [k IN range(0, size(fresh) - 1) |
        coalesce(latest[k] > datetime($rows[fresh[k]].observed_at), false)] AS backwards,
       [k IN range(0, size(fresh) - 1) | toString(latest[k])] AS latest_observed
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
