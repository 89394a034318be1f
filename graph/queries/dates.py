"""Cypher for calendar time: a statement's resolved date phrases, its facts' validity dates, and
the temporal index ``t`` that a date-time stands for."""

# A batch's calendar writes, one statement after another (each execution of the CALL sees the
# previous ones' writes), so that a fact written and closed within one batch is dated as when
# each statement was its own transaction.
# The resolved phrases live on the statement they came from, as parallel lists (Neo4j properties
# hold no maps): the evidence of a date answer is the statement itself. Facts the statement wrote
# get the dates it gives (``valid_to`` exclusive, like ``t_to``); facts it closed (a new value, a
# retraction) stopped holding the day the new state began.
WRITE_DATES = """
UNWIND $updates AS up
CALL (up) {
  MATCH (st:Statement {space: $space, id: up.id})
  SET st.date_texts = up.texts, st.date_kinds = up.kinds, st.date_first = up.firsts,
      st.date_last = up.lasts
  WITH up
  CALL (up) {
    MATCH ()-[f:FACT {statement_id: up.id}]->()
    WHERE (up.valid_from IS NOT NULL OR up.valid_to IS NOT NULL) AND startNode(f).space = $space
    SET f.valid_from = coalesce(up.valid_from, f.valid_from),
        f.valid_to = coalesce(up.valid_to, f.valid_to)
    RETURN count(f) AS dated
  }
  CALL (up) {
    MATCH ()-[f:FACT {closed_by: up.id}]->()
    WHERE up.valid_from IS NOT NULL AND startNode(f).space = $space AND f.valid_to IS NULL
    SET f.valid_to = up.valid_from
    RETURN count(f) AS closed
  }
  RETURN dated, closed
}
RETURN up.position AS position, dated, closed
"""

# The largest t whose statement was observed at or before $at: "what was known then". Observed
# times never run backwards in a space (unless accepted with a warning), so this is a prefix.
T_OBSERVED_BY = """
MATCH (st:Statement {space: $space})
WHERE st.observed_at <= datetime($at)
RETURN coalesce(max(st.t), 0) AS t
"""

# The space's latest observed time (kept on the space by every claim), as ISO text.
LATEST_OBSERVED = """
MATCH (sp:Space {name: $space})
RETURN toString(sp.observed_at) AS at
"""

# Statements that carry calendar time (resolved phrases, or only their observed time), for the
# date answers: the candidates are the statements linked to the question's concepts.
STATEMENTS_FOR_CONCEPTS = """
UNWIND $labels AS label
MATCH (c:Concept {space: $space, label: label})<-[:MENTIONS]-(st:Statement)
WHERE ($as_of IS NULL OR st.t <= $as_of)
  AND (NOT $dated OR st.observed_at IS NOT NULL OR st.date_texts IS NOT NULL)
WITH st, count(DISTINCT c) AS matched
ORDER BY matched DESC, st.t DESC
LIMIT $limit
RETURN st.id AS id, st.t AS t, st.text AS text, toString(st.observed_at) AS observed_at,
       st.date_texts AS date_texts, st.date_kinds AS date_kinds,
       [d IN coalesce(st.date_first, []) | toString(d)] AS date_first,
       [d IN coalesce(st.date_last, []) | toString(d)] AS date_last, matched
"""
