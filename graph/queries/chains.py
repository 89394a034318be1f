"""What replaced what, as something the Neo4j Browser can draw: a ``SUPERSEDED_BY`` step from the
statement that said a fact version to the statement that closed it.

A fact is a relationship, so its versions cannot be linked to each other; the statements that said
and ended them can. ``(said:Statement)-[:SUPERSEDED_BY {fact_id, caption}]->(closer:Statement)``
is one step; a relation's versions make a chain of statements in ``t`` order (the statement that
closed one version says the next, for a belief update), each step captioned with the closed
version's interval and relation ("[6, 22) plans to travel to").

The steps are derived data: every one follows from a fact's ``statement_id`` and ``closed_by``.
The write path links the facts it closes, an import links every closed fact it restores, and
``delete_fact`` removes a deleted version's step. ``BACKFILL_CHAINS`` links what was stored before
(a migration's statement, to be added when this reaches main: a migration applied from a branch
would run against the Neo4j the other branches' suites share). Nothing reads the steps but the
Browser guide.
"""

from __future__ import annotations

_LINK = """
MATCH (said:Statement {space: $space, id: f.statement_id})
MATCH (closer:Statement {space: $space, id: f.closed_by})
WITH f, said, closer WHERE said <> closer
MERGE (said)-[step:SUPERSEDED_BY {fact_id: f.id}]->(closer)
SET step.caption = f.caption
"""

# Inside ``WRITE_FACTS``, for one update ``up``: the facts it just closed (``retracted`` and
# ``superseded``, their ids), linked in the same query (a batch stays a constant number of queries).
LINK_IN_WRITE = """
  CALL (up, retracted, superseded) {
    UNWIND retracted + superseded AS id
    MATCH (:Entity {space: $space})-[f:FACT {id: id}]->()
    MATCH (said:Statement {space: $space, id: f.statement_id})
    MATCH (closer:Statement {space: $space, id: up.statement_id})
    WITH f, said, closer WHERE said <> closer
    MERGE (said)-[step:SUPERSEDED_BY {fact_id: f.id}]->(closer)
    SET step.caption = f.caption
  }
"""

# Every closed fact of a space (after an import restored them).
LINK_SPACE = f"""
MATCH (s:Entity {{space: $space}})-[f:FACT]->()
WHERE f.closed_by IS NOT NULL
WITH f
{_LINK}
"""

# Everything stored before the steps existed (a migration).
BACKFILL_CHAINS = """
MATCH (s:Entity)-[f:FACT]->() WHERE f.closed_by IS NOT NULL
CALL (s, f) {
  MATCH (said:Statement {space: s.space, id: f.statement_id})
  MATCH (closer:Statement {space: s.space, id: f.closed_by})
  WITH f, said, closer WHERE said <> closer
  MERGE (said)-[step:SUPERSEDED_BY {fact_id: f.id}]->(closer)
  SET step.caption = f.caption
} IN TRANSACTIONS OF 5000 ROWS
"""

# A fact version deleted for good takes its step with it.
UNLINK_FACT = """
MATCH (:Statement {space: $space})-[step:SUPERSEDED_BY {fact_id: $id}]->()
DELETE step
"""
