"""Cypher for RecallM's concept graph: merges, Hebbian relations, revision, the traversal."""

# One batch per update. A concept's context is a list of sentences with a parallel list of the
# t each came in at, so revision and prompts can reason per sentence; `merges` counts the updates
# that touched it and `revised_merges` the count at its last revision. Returns the concepts that
# are due for revision (by merge count or context size).
# Relations are stored once per pair, from the smaller label to the larger, and read undirected;
# a merged relation's strength grows by one (Hebbian). Concepts, mentions and relations go in one
# round trip.
# `name_counts[i]` counts the updates that wrote `names[i]`, and `caption` is the most used of
# them (the first seen on a tie): the Neo4j Browser shows words, not stems. Both lists are
# computed before the SET, whose expressions all read the node as it was.
MERGE_CONCEPTS = """
MATCH (st:Statement {space: $space, id: $statement_id})
CALL (st) {
  UNWIND $concepts AS row
  MERGE (c:Concept {space: $space, label: row.label})
    ON CREATE SET c.names = [], c.name_counts = [], c.context = [], c.context_t = [],
                  c.merges = 0, c.revised_merges = 0, c.created_t = $t, c.revisions = 0
  WITH st, row, c, c.names + [name IN row.names WHERE NOT name IN c.names] AS names
  WITH st, row, c, names,
       [i IN range(0, size(names) - 1) |
        coalesce(c.name_counts[i], 0) + CASE WHEN names[i] IN row.names THEN 1 ELSE 0 END]
       AS counts
  SET c.names = names,
      c.name_counts = counts,
      c.caption = names[reduce(best = 0, i IN range(0, size(counts) - 1) |
                               CASE WHEN counts[i] > counts[best] THEN i ELSE best END)],
      c.context = c.context + row.sentences,
      c.context_t = c.context_t + [s IN row.sentences | $t],
      c.merges = c.merges + 1,
      c.t = $t
  MERGE (st)-[:MENTIONS]->(c)
  RETURN collect(c) AS touched
}
CALL () {
  UNWIND $relations AS pair
  MATCH (a:Concept {space: $space, label: pair[0]})
  MATCH (b:Concept {space: $space, label: pair[1]})
  MERGE (a)-[r:RELATED]->(b)
    ON CREATE SET r.strength = 0, r.created_t = $t
  SET r.strength = r.strength + 1, r.t = $t
  RETURN count(r) AS related
}
UNWIND touched AS c
WITH c
WHERE c.merges - c.revised_merges >= $revision_period
   OR reduce(n = 0, s IN c.context | n + size(s)) > $context_char_limit
RETURN c.label AS label, c.context AS context, c.context_t AS context_t, c.merges AS merges
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
