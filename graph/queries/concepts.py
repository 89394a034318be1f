"""Cypher for RecallM's concept graph: merges, Hebbian relations, revision, the traversal."""

# A batch's concept writes are two round trips: the concepts it touches are read (and locked),
# their merges and revisions are computed in between (``graph.concept_merges``), and their final
# state is written with the batch's mentions and relations.
#
# A concept's context is a list of sentences with a parallel list of the t each came in at, so
# revision and prompts can reason per sentence; `merges` counts the updates that touched it and
# `revised_merges` the count at its last revision. A context is read only when the batch can make
# the concept due for revision (`$rows` give, per label, the batch's merges and the characters it
# appends): both counters only grow until a revision, so a concept that is not due after the
# batch's last merge never was during it. The row lock (the SET of _lock) comes before any value
# is read, so an LLM revision written meanwhile cannot be overwritten with an older context.
READ_CONCEPTS = """
UNWIND $rows AS row
MATCH (c:Concept {space: $space, label: row.label})
SET c._lock = true
REMOVE c._lock
WITH c, row, reduce(n = 0, s IN c.context | n + size(s)) AS chars
WITH c, chars,
     c.merges + row.merges - c.revised_merges >= $revision_period
     OR chars + row.chars > $context_char_limit AS revisable
RETURN c.label AS label, c.names AS names, c.name_counts AS name_counts, c.merges AS merges,
       c.revised_merges AS revised_merges, c.revisions AS revisions, chars,
       CASE WHEN revisable THEN c.context END AS context,
       CASE WHEN revisable THEN c.context_t END AS context_t
"""

# The batch's concepts as it leaves them: a context read whole is replaced, one not read gets the
# batch's sentences appended. `name_counts[i]` counts the updates that wrote `names[i]`, and
# `caption` is the most used of them (the Neo4j Browser shows words, not stems).
# Relations are stored once per pair, from the smaller label to the larger, and read undirected;
# each comes with the number of updates of the batch that merged it (Hebbian: strength grows by
# one per update) and the first and last of their t.
WRITE_CONCEPTS = """
UNWIND $concepts AS row
MERGE (c:Concept {space: $space, label: row.label})
  ON CREATE SET c.created_t = row.created_t
SET c.names = row.names,
    c.name_counts = row.name_counts,
    c.caption = row.caption,
    c.context = CASE WHEN row.whole THEN row.context ELSE c.context + row.context END,
    c.context_t = CASE WHEN row.whole THEN row.context_t ELSE c.context_t + row.context_t END,
    c.merges = row.merges,
    c.revised_merges = row.revised_merges,
    c.revisions = row.revisions,
    c.revised_at = coalesce(row.revised_at, c.revised_at),
    c.t = row.t
WITH count(*) AS merged
CALL () {
  UNWIND $mentions AS mention
  MATCH (st:Statement {space: $space, id: mention.statement_id})
  UNWIND mention.labels AS label
  MATCH (c:Concept {space: $space, label: label})
  MERGE (st)-[:MENTIONS]->(c)
}
CALL () {
  UNWIND $relations AS pair
  MATCH (a:Concept {space: $space, label: pair.a})
  MATCH (b:Concept {space: $space, label: pair.b})
  MERGE (a)-[r:RELATED]->(b)
    ON CREATE SET r.strength = 0, r.created_t = pair.first_t
  SET r.strength = r.strength + pair.merges, r.t = pair.last_t
}
RETURN merged
"""

# Optimistic: a revision computed outside the update's transaction (LLM mode) is written only if
# no update merged into the concept since its context was read.
# The row lock comes first (the SET of _lock), the merge-count check after it: checked before,
# an update that merged into the concept between the check and the lock would be overwritten by
# a summary of the older context.
WRITE_REVISIONS = """
UNWIND $revisions AS row
MATCH (c:Concept {space: $space, label: row.label})
SET c._lock = true
REMOVE c._lock
WITH c, row
WHERE c.merges = row.merges
SET c.context = row.context, c.context_t = row.context_t, c.revised_merges = c.merges,
    c.revised_at = $t, c.revisions = c.revisions + 1
RETURN c.label AS label
"""

GET_CONCEPT = """
MATCH (c:Concept {space: $space, label: $label})
OPTIONAL MATCH (c)-[r:RELATED]-(n:Concept)
WITH c, r, n ORDER BY r.strength DESC, r.t DESC, n.label
WITH c, collect(CASE WHEN n IS NULL THEN NULL ELSE
  {label: n.label, names: n.names, strength: r.strength, t: r.t} END)[..$neighbour_limit] AS nbrs
RETURN c.label AS label, c.names AS names, c.context AS context, c.context_t AS context_t,
       c.t AS t, c.merges AS merges, c.revisions AS revisions, c.revised_at AS revised_at,
       nbrs AS neighbours
"""

# RecallM's questioning in one round trip. For each essential label found: the concept itself,
# and its neighbours within `depth` hops where every hop's relation E into node N satisfies the
# temporal window T(N) - s <= T(E) <= T(c). A neighbour is ranked by strength + alpha * t of the
# relation that reached it (its best path). Rows are bounded by `per_concept`.
# The depth is a literal from the settings (an int validated to 0..5), not user text.
TRAVERSAL_TEMPLATE = """
UNWIND range(0, size($labels) - 1) AS position
MATCH (c:Concept {{space: $space, label: $labels[position]}})
CALL (c) {{
  MATCH (c)(()-[r:RELATED]-(x:Concept) WHERE x.t - $window <= r.t AND r.t <= c.t){{1,{depth}}}
        (n:Concept)
  WHERE n <> c
  WITH n, last(r) AS via
  WITH n, max(via.strength + $alpha * via.t) AS score
  ORDER BY score DESC, n.t DESC, n.label
  LIMIT $per_concept
  RETURN collect({{label: n.label, t: n.t, score: score, context: n.context,
                  context_t: n.context_t}}) AS neighbours
}}
RETURN position, c.label AS label, c.t AS t, c.context AS context, c.context_t AS context_t,
       neighbours
ORDER BY position
"""

TRAVERSAL_ESSENTIAL_ONLY = """
UNWIND range(0, size($labels) - 1) AS position
MATCH (c:Concept {space: $space, label: $labels[position]})
RETURN position, c.label AS label, c.t AS t, c.context AS context, c.context_t AS context_t,
       [] AS neighbours
ORDER BY position
"""


def traversal_query(depth: int) -> str:
    """The traversal for a depth λ (0 = the essential concepts alone).

    The only value formatted into the text is ``depth``, checked to be a small int, because a
    quantified path's bounds cannot be a parameter.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 5:
        raise ValueError(f"traversal depth must be an int in 0..5, got {depth!r}")
    if depth == 0:
        return TRAVERSAL_ESSENTIAL_ONLY
    return TRAVERSAL_TEMPLATE.format(depth=depth)
