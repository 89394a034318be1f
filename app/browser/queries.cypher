// RecallGraph: the queries of the Neo4j Browser guide (`recallgraph browse`).
// Each runs with the parameters the guide's first slide sets, for example:
//   :params {"space": "demo", "subject": "brandon", "concept": "brandon", "t": 16,
//            "date": "2025-03-16", "window": 15, "alpha": 3, "recent": 8, "limit": 10}
// `:params` sends numbers as floats, so a number that must be an integer goes through
// toInteger. DEPTH is RecallM's λ from the settings, written in when the guide is rendered (a
// path's length cannot be a parameter).

// name: at-a-glance
// The space at a glance: the 5 concepts merged most often, each with its 3 strongest relations,
// and the 5 latest facts believed now (the counts below say how much more there is).
MATCH (c:Concept {space: $space})
WITH c ORDER BY c.merges DESC, c.t DESC, c.label LIMIT 5
CALL (c) {
  MATCH (c)-[r:RELATED]-(n:Concept)
  RETURN r, n ORDER BY r.strength DESC, r.t DESC, n.label LIMIT 3
}
RETURN c AS a, r, n AS b
UNION
MATCH (a:Entity {space: $space})-[r:FACT]->(b:Entity)
WHERE r.t_to IS NULL
WITH a, r, b ORDER BY r.t_from DESC, r.id LIMIT 5
RETURN a, r, b;

// name: space-counts
// The space's clock and what it holds.
MATCH (sp:Space {name: $space})
RETURN sp.t AS clock,
       COUNT { MATCH (st:Statement {space: $space}) } AS statements,
       COUNT { MATCH (c:Concept {space: $space}) } AS concepts,
       COUNT { MATCH (e:Entity {space: $space}) } AS entities,
       COUNT { MATCH (:Entity {space: $space})-[f:FACT]->() } AS fact_versions,
       COUNT { MATCH (:Entity {space: $space})-[f:FACT]->() WHERE f.t_to IS NULL } AS believed_now;

// name: timeline
// One subject's story: every version of its facts, believed now ("[t, now)") or closed
// ("[t_from, t_to)").
MATCH (s:Entity {space: $space, key: $subject})-[f:FACT]->(o:Entity)
RETURN s, f, o;

// name: timeline-table
// The same versions in order, each with the statement that said it and the one that ended it.
MATCH (s:Entity {space: $space, key: $subject})-[f:FACT]->(o:Entity)
OPTIONAL MATCH (said:Statement {space: $space, id: f.statement_id})
OPTIONAL MATCH (ended:Statement {space: $space, id: f.closed_by})
RETURN f.t_from AS from_t, f.t_to AS until_t, f.relation AS relation, o.name AS object,
       said.text AS said_by, ended.text AS ended_by
ORDER BY f.t_from, f.t_to, f.relation;

// name: fact-chain
// What replaced what, drawn: each statement that said a version of the subject's facts, a
// SUPERSEDED_BY step to the statement that closed it, captioned with the closed version's
// interval and relation; a relation's versions make a chain in t order.
MATCH (s:Entity {space: $space, key: $subject})-[f:FACT]->(:Entity)
WHERE f.closed_by IS NOT NULL
MATCH p = (:Statement {space: $space, id: f.statement_id})-[:SUPERSEDED_BY {fact_id: f.id}]->
          (:Statement {space: $space})
RETURN p;

// name: fact-chains
// What replaced what: for each relation of the subject, its versions in interval order, one
// step per superseding version (the fact written by the statement that closed the old one).
MATCH (s:Entity {space: $space, key: $subject})-[f:FACT]->(o:Entity)
WITH f.relation_key AS key, f, o
ORDER BY f.t_from, f.t_to
WITH key, collect({fact: f, object: o.name}) AS versions
UNWIND range(0, size(versions) - 1) AS i
WITH key, versions, i, versions[i] AS version
OPTIONAL MATCH (by:Statement {space: $space, id: version.fact.closed_by})
WITH key, i, version, by,
     [later IN versions[i + 1..] WHERE later.fact.statement_id = version.fact.closed_by
      | later.object][0] AS superseded_by
RETURN version.fact.relation AS relation, i + 1 AS step, version.object AS object,
       version.fact.t_from AS from_t, version.fact.t_to AS until_t, superseded_by,
       by.text AS because
ORDER BY relation, step;

// name: neighbourhood
// A concept's neighbourhood as RecallM's traversal sees it: paths of up to DEPTH relations where
// each relation E into a concept N satisfies the temporal window T(N) - s <= T(E) <= T(c).
MATCH (c:Concept {space: $space, label: $concept})
MATCH p = (c)(()-[r:RELATED]-(x:Concept) WHERE x.t - $window <= r.t AND r.t <= c.t){1,DEPTH}
          (:Concept)
RETURN p
LIMIT 200;

// name: neighbourhood-ranking
// The neighbours in the order the traversal ranks them: strength + α·t of the relation that
// reaches each by its best path (the first `limit` go into a prompt).
MATCH (c:Concept {space: $space, label: $concept})
MATCH (c)(()-[r:RELATED]-(x:Concept) WHERE x.t - $window <= r.t AND r.t <= c.t){1,DEPTH}
      (n:Concept)
WHERE n <> c
WITH n, max(last(r).strength + $alpha * last(r).t) AS score
RETURN n.caption AS concept, n.label AS stem, score, n.t AS t
ORDER BY score DESC, t DESC, stem
LIMIT toInteger($limit);

// name: recent-changes
// What changed in the last `recent` updates: their statements and the concepts they touched, and
// every fact they opened or closed.
MATCH (sp:Space {name: $space})
MATCH (a:Statement {space: $space})-[r:MENTIONS]->(b:Concept)
WHERE a.t > sp.t - $recent
RETURN a, r, b
UNION
MATCH (sp:Space {name: $space})
MATCH (a:Entity {space: $space})-[r:FACT]->(b:Entity)
WHERE r.t_from > sp.t - $recent OR r.t_to > sp.t - $recent
RETURN a, r, b;

// name: strongest-relations
// The 50 strongest concept relations (Hebbian strength), with their last touch t.
MATCH (a:Concept {space: $space})-[r:RELATED]->(b:Concept)
RETURN a, r, b
ORDER BY r.strength DESC, r.t DESC, a.label, b.label
LIMIT 50;

// name: as-of-t
// The space as of t: the facts believed at t (t_from <= t < t_to), and the updates of the
// temporal window before t with the concepts they touched.
MATCH (a:Entity {space: $space})-[r:FACT]->(b:Entity)
WHERE r.t_from <= $t AND (r.t_to IS NULL OR r.t_to > $t)
RETURN a, r, b
UNION
MATCH (a:Statement {space: $space})-[r:MENTIONS]->(b:Concept)
WHERE $t - $window < a.t <= $t
RETURN a, r, b;

// name: as-of-date
// The facts believed at the end of a calendar date: the t of the last statement observed on or
// before it (observed_at compared at the date's precision), then as of that t.
MATCH (st:Statement {space: $space})
WHERE st.observed_at IS NOT NULL AND left(toString(st.observed_at), size($date)) <= $date
WITH max(st.t) AS t
MATCH (a:Entity {space: $space})-[r:FACT]->(b:Entity)
WHERE r.t_from <= t AND (r.t_to IS NULL OR r.t_to > t)
RETURN a, r, b;

// name: calendar
// Which t each calendar day covers (statements with an observed_at).
MATCH (st:Statement {space: $space})
WHERE st.observed_at IS NOT NULL
RETURN left(toString(st.observed_at), 10) AS day, min(st.t) AS first_t, max(st.t) AS last_t,
       count(*) AS statements
ORDER BY day;
