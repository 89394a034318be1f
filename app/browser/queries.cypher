// RecallGraph: ready queries for the Neo4j Browser.
// Set the parameters first, e.g.:
//   :param space => 'demo'
//   :param label => 'brandon'
//   :param window => 15
//   :param subject => 'brandon'

// name: neighbourhood
// A concept's neighbourhood within the temporal window: relations E to neighbours N with
// T(N) - s <= T(E), as RecallM's traversal sees them (strength and t on each relation).
MATCH (c:Concept {space: $space, label: $label})-[r:RELATED]-(n:Concept)
WHERE n.t - $window <= r.t
RETURN c, r, n;

// name: fact-history
// Every version of a subject's facts, current and closed, with the statements behind them.
MATCH (s:Entity {space: $space, key: $subject})-[f:FACT]->(o:Entity)
OPTIONAL MATCH (st:Statement {space: $space, id: f.statement_id})
RETURN s, f, o, st
ORDER BY f.t_from;

// name: recent-updates
// The 25 most recent knowledge updates and the concepts they touched.
MATCH (st:Statement {space: $space})
WITH st ORDER BY st.t DESC LIMIT 25
OPTIONAL MATCH (st)-[m:MENTIONS]->(c:Concept)
RETURN st, m, c;

// name: strongest-relations
// The 50 strongest concept relations (Hebbian strength), with their last touch t.
MATCH (a:Concept {space: $space})-[r:RELATED]->(b:Concept)
RETURN a, r, b
ORDER BY r.strength DESC, r.t DESC
LIMIT 50;

// name: current-facts
// What the triple memory believes now (facts not closed).
MATCH (s:Entity {space: $space})-[f:FACT]->(o:Entity)
WHERE f.t_to IS NULL
RETURN s, f, o
LIMIT 200;
