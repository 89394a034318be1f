"""Cypher for the triple memory: entities, relations and the ``:FACT`` versions between them.

A fact is a ``(:Entity)-[:FACT]->(:Entity)`` relationship valid over ``[t_from, t_to)``; ``t_to`` is
null while it is believed. Reads come in seven shapes (which of subject, relation, object the query
gives) and two modes (exact keys, fuzzy by embedding), so their text is assembled once, at import,
from the fixed fragments below by ``_exact_read`` and ``_fuzzy_read``: only these fragments and the
index names ever reach the query text, never a value.
"""

from __future__ import annotations

from graph.queries.captions import (
    closed_fact_caption,
    entity_caption,
    fact_caption,
    open_fact_caption,
)
from graph.queries.chains import LINK_IN_WRITE
from graph.queries.entities import ALIAS_ROWS
from graph.schema import ENTITY_VECTOR_INDEX, RELATION_VECTOR_INDEX

SHAPES: tuple[str, ...] = ("s", "r", "o", "sr", "so", "ro", "sro")

# --- writes ------------------------------------------------------------------------------------

# Embeddings are set only on creation: re-writing an existing node's vector would re-index it.
# ON CREATE SET sees the node as it was before the MERGE, so the caption follows in a SET of its
# own, for new entities only. Each `row`: a name, its key and its embedding.
ENTITY_ROWS = f"""
MERGE (e:Entity {{space: $space, key: row.key}})
  ON CREATE SET e.name = row.name, e.embedding = row.embedding
WITH e
WHERE e.caption IS NULL
SET e.caption = {entity_caption("e")}
"""

RELATION_ROWS = """
MERGE (r:Relation {space: $space, key: row.key})
  ON CREATE SET r.name = row.name, r.embedding = row.embedding
"""

UPSERT_ENTITIES = "UNWIND $rows AS row" + ENTITY_ROWS
UPSERT_RELATIONS = "UNWIND $rows AS row" + RELATION_ROWS

EXISTING_ENTITY_KEYS = """
UNWIND $keys AS key
MATCH (e:Entity {space: $space, key: key})
RETURN e.key AS key
"""

EXISTING_RELATION_KEYS = """
UNWIND $keys AS key
MATCH (r:Relation {space: $space, key: key})
RETURN r.key AS key
"""

# A batch's fact writes in one query, one update (`up`: its t, statement id, writer, source and
# rows) after another: each execution of the outer CALL sees what the previous ones wrote, so a
# later statement of the batch confirms, supersedes or retracts a fact an earlier one wrote,
# exactly as when each statement was its own transaction. Within an update, in this order:
#
# 1. entities, their aliases and relations are merged by key;
# 2. a retraction closes the subject's current facts whose relation is the same key or close in
#    meaning (cosine ≥ τ_t), and whose object is the given one (same key or cosine ≥ τ_e), or any
#    object when none is given (``vector.similarity.cosine`` returns (1 + cos) / 2);
# 3. writing a fact that is already believed re-confirms it instead of adding a duplicate;
# 4. belief update: a new value of a single-valued relation closes the subject's current one;
# 5. the facts closed in 2 and 4 get their SUPERSEDED_BY step (``graph.queries.chains``);
# 6. the remaining assertions become new facts from `up.t`.
WRITE_FACTS = f"""
UNWIND $updates AS up
CALL (up) {{
  CALL (up) {{
    UNWIND up.entities AS row{ENTITY_ROWS}  }}
  CALL (up) {{
    UNWIND up.aliases AS row{ALIAS_ROWS}  }}
  CALL (up) {{
    UNWIND up.relations AS row{RELATION_ROWS}  }}
  CALL (up) {{
    UNWIND up.retractions AS row
    MATCH (s:Entity {{space: $space, key: row.subject_key}})-[f:FACT]->(o:Entity)
    WHERE f.t_to IS NULL
    MATCH (rel:Relation {{space: $space, key: f.relation_key}})
    WITH up, row, f, o, rel
    WHERE (f.relation_key = row.relation_key
           OR vector.similarity.cosine(rel.embedding, row.relation_embedding)
              >= up.min_relation_score)
      AND (row.object_key IS NULL OR o.key = row.object_key
           OR vector.similarity.cosine(o.embedding, row.object_embedding) >= up.min_entity_score)
    SET f.t_to = up.t, f.closed_by = up.statement_id,
        f.caption = {closed_fact_caption("f", "up.t")}
    RETURN collect(f.id) AS retracted
  }}
  CALL (up) {{
    UNWIND up.assertions AS row
    MATCH (s:Entity {{space: $space, key: row.subject_key}})-[f:FACT]->
          (o:Entity {{space: $space, key: row.object_key}})
    WHERE f.relation_key = row.relation_key AND f.t_to IS NULL
    SET f.t_confirmed = up.t, f.confirmations = f.confirmations + 1
    RETURN collect(row.index) AS confirmed_rows, collect(f.id) AS confirmed
  }}
  WITH up, retracted, confirmed,
       [row IN up.assertions WHERE NOT row.index IN confirmed_rows] AS fresh
  CALL (up, fresh) {{
    UNWIND [row IN fresh WHERE row.single_valued] AS row
    MATCH (s:Entity {{space: $space, key: row.subject_key}})-[f:FACT]->(o:Entity)
    WHERE f.relation_key = row.relation_key AND f.t_to IS NULL AND o.key <> row.object_key
    SET f.t_to = up.t, f.closed_by = up.statement_id,
        f.caption = {closed_fact_caption("f", "up.t")}
    RETURN collect(f.id) AS superseded
  }}{LINK_IN_WRITE}  CALL (up, fresh) {{
    UNWIND fresh AS row
    MATCH (s:Entity {{space: $space, key: row.subject_key}})
    MATCH (o:Entity {{space: $space, key: row.object_key}})
    CREATE (s)-[f:FACT {{
      id: randomUUID(), relation: row.relation, relation_key: row.relation_key,
      phrase: row.phrase, t_from: up.t, t_to: null, t_confirmed: up.t, confirmations: 1,
      statement_id: up.statement_id, source: up.source, writer: up.writer,
      caption: {open_fact_caption("row", "up.t")}
    }}]->(o)
    RETURN collect(f.id) AS added
  }}
  RETURN retracted, confirmed, superseded, added
}}
RETURN up.position AS position, retracted, confirmed, superseded, added
"""

# Import restores facts verbatim (their own t_from/t_to and provenance) with fresh ids: fact ids
# are unique across the database, and the exported space may still hold the originals.
RESTORE_FACTS = f"""
UNWIND $rows AS row
MATCH (s:Entity {{space: $space, key: row.subject_key}})
MATCH (o:Entity {{space: $space, key: row.object_key}})
CREATE (s)-[f:FACT {{
  id: randomUUID(), relation: row.relation, relation_key: row.relation_key,
  t_from: row.t_from, t_to: row.t_to, t_confirmed: row.t_confirmed,
  confirmations: row.confirmations, statement_id: row.statement_id, source: row.source,
  writer: row.writer, closed_by: row.closed_by,
  valid_from: CASE WHEN row.valid_from IS NULL THEN null ELSE date(row.valid_from) END,
  valid_to: CASE WHEN row.valid_to IS NULL THEN null ELSE date(row.valid_to) END,
  caption: {fact_caption("row")}
}}]->(o)
"""

RESTORE_STATEMENTS = """
UNWIND $rows AS row
CREATE (st:Statement {
  space: $space, id: row.id, t: row.t, text: row.text, source: row.source,
  observed_at: CASE WHEN row.observed_at IS NULL THEN null ELSE datetime(row.observed_at) END,
  date_texts: row.date_texts, date_kinds: row.date_kinds,
  date_first: [d IN row.date_first | date(d)], date_last: [d IN row.date_last | date(d)],
  ingested_at: datetime(), pending: row.pending
})
"""

# The clock never moves backwards: after an import it is at least the largest t imported.
ADVANCE_CLOCK = """
MERGE (sp:Space {name: $space})
  ON CREATE SET sp.t = 0, sp.created_at = datetime()
SET sp.t = CASE WHEN sp.t < $t THEN $t ELSE sp.t END
"""

# After the statements are restored: the space's latest observed time, which every later write
# is checked against (observed times never run backwards in a space).
LATEST_OBSERVED = """
MATCH (sp:Space {name: $space})
OPTIONAL MATCH (st:Statement {space: $space})
WITH sp, max(st.observed_at) AS latest
SET sp.observed_at = latest
"""

SPACE_CONTENT = """
OPTIONAL MATCH (st:Statement {space: $space})
WITH count(st) AS statements
OPTIONAL MATCH (e:Entity {space: $space})
RETURN statements, count(e) AS entities
"""

DELETE_FACT = """
MATCH ()-[f:FACT {id: $id}]->()
WITH f, startNode(f) AS s
WHERE s.space = $space
DELETE f
RETURN count(*) AS deleted
"""

# --- reads -------------------------------------------------------------------------------------

# Valid "as of" t: true from t_from (inclusive) until t_to (exclusive); $as_of null means now.
_VALID = """
($history
 OR ($as_of IS NULL AND f.t_to IS NULL)
 OR ($as_of IS NOT NULL AND f.t_from <= $as_of AND (f.t_to IS NULL OR f.t_to > $as_of)))
"""

_RETURN_FACTS = """
OPTIONAL MATCH (st:Statement {space: $space, id: f.statement_id})
RETURN f.id AS id, s.name AS subject, f.relation AS relation, o.name AS object,
       f.relation_key AS relation_key, f.t_from AS t_from, f.t_to AS t_to,
       f.t_confirmed AS t_confirmed, f.confirmations AS confirmations,
       f.statement_id AS statement_id, st.text AS statement, f.source AS source,
       f.writer AS writer, f.closed_by AS closed_by, f.phrase AS phrase, score,
       toString(f.valid_from) AS valid_from, toString(f.valid_to) AS valid_to
ORDER BY score DESC, f.t_from DESC, f.id
LIMIT $limit
"""

_EXACT_MATCH = {
    "s": "MATCH (s:Entity {space: $space, key: $s_key})-[f:FACT]->(o:Entity)",
    "r": "MATCH (s:Entity)-[f:FACT {relation_key: $r_key}]->(o:Entity)\nWHERE s.space = $space",
    "o": "MATCH (s:Entity)-[f:FACT]->(o:Entity {space: $space, key: $o_key})",
    "so": "MATCH (s:Entity {space: $space, key: $s_key})-[f:FACT]->"
    "(o:Entity {space: $space, key: $o_key})",
}


def _exact_read(shape: str) -> str:
    """Facts whose keys equal the query's: anchored on the subject, else object, else relation."""
    anchor = "".join(c for c in shape if c != "r") or "r"
    match = _EXACT_MATCH[anchor]
    conditions = [_VALID.strip()]
    if "r" in shape and anchor != "r":
        conditions.append("f.relation_key = $r_key")
    where = "\nAND ".join(conditions)
    joiner = "AND" if "WHERE" in match else "WHERE"
    return f"{match}\n{joiner} {where}\nWITH s, f, o, 1.0 AS score{_RETURN_FACTS}"


def _entity_candidates(part: str) -> str:
    """The query term ``part`` (s or o) as candidate entities: the entity whose key it is, if the
    space has one; otherwise every entity of the space within τ_e of it (the vector index)."""
    return f"""
CALL () {{
  OPTIONAL MATCH (known:Entity {{space: $space, key: ${part}_key}})
  CALL (known) {{
    WITH known WHERE known IS NULL
    CALL db.index.vector.queryNodes('{ENTITY_VECTOR_INDEX}', $candidates, ${part}_vector)
    YIELD node
    WITH node WHERE node.space = $space
    WITH node, 2 * vector.similarity.cosine(node.embedding, ${part}_vector) - 1 AS sim
    WHERE sim >= $tau_e
    RETURN collect({{node: node, sim: sim}}) AS hits
  }}
  RETURN CASE WHEN known IS NULL THEN hits ELSE [{{node: known, sim: 1.0}}] END
         AS {part}_candidates
}}
"""


# Relations stay fuzzy even when the query's relation is a known key: paraphrased relations are
# what the fuzzy read is for ("employed by" → "works for").
_RELATION_CANDIDATES = f"""
CALL () {{
  CALL db.index.vector.queryNodes('{RELATION_VECTOR_INDEX}', $candidates, $r_vector)
  YIELD node
  WITH node WHERE node.space = $space AND node.key <> $r_key
  WITH node.key AS key, 2 * vector.similarity.cosine(node.embedding, $r_vector) - 1 AS sim
  WHERE sim >= $tau_t
  RETURN [{{key: $r_key, sim: 1.0}}] + collect({{key: key, sim: sim}}) AS r_candidates
}}
"""

_FUZZY_ANCHOR = {
    "s": "UNWIND s_candidates AS anchor\nWITH anchor.node AS s, anchor.sim AS s_sim, {lists}\n"
    "MATCH (s)-[f:FACT]->(o:Entity)\nWHERE",
    "o": "UNWIND o_candidates AS anchor\nWITH anchor.node AS o, anchor.sim AS o_sim, {lists}\n"
    "MATCH (s:Entity)-[f:FACT]->(o)\nWHERE",
    "r": "UNWIND r_candidates AS anchor\n"
    "WITH anchor.key AS anchor_key, anchor.sim AS r_sim, {lists}\n"
    "MATCH (s:Entity)-[f:FACT {relation_key: anchor_key}]->(o:Entity)\nWHERE s.space = $space AND",
}

_FUZZY_JOIN = {
    "s": "[x IN s_candidates WHERE x.node = s | x.sim][0] AS s_sim",
    "r": "[x IN r_candidates WHERE x.key = f.relation_key | x.sim][0] AS r_sim",
    "o": "[x IN o_candidates WHERE x.node = o | x.sim][0] AS o_sim",
}


def _fuzzy_read(shape: str) -> str:
    """MEMLLM's read: candidates per given part, then the facts joining them whose mean
    similarity over the given parts is ≥ τ_r. Anchored on the subject candidates, else the
    object's, else the relation keys."""
    lists = [f"{part}_candidates" for part in shape]
    blocks = [_RELATION_CANDIDATES if part == "r" else _entity_candidates(part) for part in shape]
    anchor = "s" if "s" in shape else ("o" if "o" in shape else "r")
    sims = [f"{part}_sim" for part in shape]
    kept = ", ".join([f"{anchor}_sim", *(_FUZZY_JOIN[p] for p in shape if p != anchor)])
    return (
        "".join(blocks)
        + _FUZZY_ANCHOR[anchor].replace("{lists}", ", ".join(lists))
        + f" {_VALID.strip()}\n"
        + f"WITH s, f, o, {kept}\n"
        + "WHERE "
        + " AND ".join(f"{sim} IS NOT NULL" for sim in sims)
        + f"\nWITH s, f, o, ({' + '.join(sims)}) / {len(sims)}.0 AS score\n"
        + "WHERE score >= $tau_r"
        + _RETURN_FACTS
    )


EXACT_READS: dict[str, str] = {shape: _exact_read(shape) for shape in SHAPES}
FUZZY_READS: dict[str, str] = {shape: _fuzzy_read(shape) for shape in SHAPES}

LIST_FACTS = f"""
MATCH (s:Entity {{space: $space}})-[f:FACT]->(o:Entity)
WHERE {_VALID}
WITH s, f, o, 1.0 AS score
{_RETURN_FACTS}
"""

# The names a new statement's writes resolve against: the people the stream spoke about, and the
# names in its facts, latest first (a bounded read keeps the most recent, not the first by name).
RECENT_SUBJECTS = """
MATCH (s:Entity {space: $space})-[f:FACT]->(:Entity)
WITH s, max(f.t_from) AS t
RETURN s.name AS name
ORDER BY t DESC, name
LIMIT $limit
"""

ENTITY_NAMES = """
MATCH (e:Entity {space: $space})-[f:FACT]-(:Entity)
WITH e, max(f.t_from) AS t
RETURN e.name AS name
ORDER BY t DESC, name
LIMIT $limit
"""

# Exports page by key (after the last row's t, or t and id), never by SKIP, and only what the
# space held at $as_of: a snapshot whatever commits meanwhile.
EXPORT_STATEMENTS = """
MATCH (st:Statement {space: $space})
WHERE st.t > $after_t AND st.t <= $as_of
RETURN st.id AS id, st.t AS t, st.text AS text, st.source AS source,
       toString(st.observed_at) AS observed_at, st.date_texts AS date_texts,
       st.date_kinds AS date_kinds, [d IN st.date_first | toString(d)] AS date_first,
       [d IN st.date_last | toString(d)] AS date_last
ORDER BY st.t
LIMIT $limit
"""

EXPORT_FACTS = """
MATCH (s:Entity {space: $space})-[f:FACT]->(o:Entity)
WHERE f.t_from <= $as_of AND (f.t_from > $after_t OR (f.t_from = $after_t AND f.id > $after_id))
RETURN s.name AS subject, f.relation AS relation, o.name AS object, f.t_from AS t_from,
       CASE WHEN f.t_to <= $as_of THEN f.t_to END AS t_to,
       CASE WHEN f.t_confirmed > $as_of THEN $as_of ELSE f.t_confirmed END AS t_confirmed,
       f.confirmations AS confirmations, f.statement_id AS statement_id, f.source AS source,
       f.writer AS writer, CASE WHEN f.t_to <= $as_of THEN f.closed_by END AS closed_by,
       f.id AS id, toString(f.valid_from) AS valid_from, toString(f.valid_to) AS valid_to
ORDER BY f.t_from, f.id
LIMIT $limit
"""
