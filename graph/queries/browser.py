"""Cypher for choosing the examples the Browser guide opens with (`recallgraph browse`)."""

# The subject whose facts changed most (closed versions first), so its timeline shows history.
EXAMPLE_SUBJECT = """
MATCH (s:Entity {space: $space})-[f:FACT]->(:Entity)
WITH s, count(f.t_to) AS closed, count(f) AS versions, max(f.t_from) AS latest
RETURN s.name AS name
ORDER BY closed DESC, versions DESC, latest DESC, name
LIMIT 1
"""

# The first of `labels` that is a concept of the space, else the concept merged most often.
EXAMPLE_CONCEPT = """
CALL () {
  UNWIND range(0, size($labels) - 1) AS position
  MATCH (c:Concept {space: $space, label: $labels[position]})
  RETURN c, 0 AS rank, position
  UNION
  MATCH (c:Concept {space: $space})
  RETURN c, 1 AS rank, -c.merges AS position
}
RETURN coalesce(c.caption, c.label) AS word
ORDER BY rank, position, c.t DESC, c.label
LIMIT 1
"""

# When the statement at `t` (or the latest before it) was observed, if it says.
OBSERVED_AT_OR_BEFORE = """
MATCH (st:Statement {space: $space})
WHERE st.t <= $t AND st.observed_at IS NOT NULL
RETURN toString(st.observed_at) AS observed_at
ORDER BY st.t DESC
LIMIT 1
"""
