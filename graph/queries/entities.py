"""Cypher for a space's entities: their aliases, the embedding tier's lookup, merges and splits.

An entity's aliases are three parallel lists on the ``Entity`` node: ``aliases`` (the names as
written), ``alias_keys`` (their keys) and ``alias_reasons`` (why each is an alias: "first name",
"spelling", "merge: …"). A merge moves every ``FACT`` of one entity to another and records what
it did on an ``(:EntityMerge)`` node of the space, which is what ``split`` undoes. A relationship
cannot change its endpoints, so a moved fact is deleted and created again with all its
properties (its ``id`` and Browser ``caption`` included) at the other entity. Whatever changes
an entity's aliases sets its ``caption`` again (``graph.queries.captions``).
"""

from __future__ import annotations

from graph.queries.captions import entity_caption
from graph.schema import ENTITY_VECTOR_INDEX

# --- aliases written by ingestion (part of the update's transaction) ---------------------------

# Aliases an entity does not have yet, appended to its three lists in one SET (each `row`: an
# entity key and its aliases; the fact writes run the same per statement).
ALIAS_ROWS = f"""
MATCH (e:Entity {{space: $space, key: row.key}})
WITH e, [a IN row.aliases WHERE a.key <> e.key AND NOT a.key IN coalesce(e.alias_keys, [])]
     AS new
WHERE size(new) > 0
SET e.aliases = coalesce(e.aliases, []) + [a IN new | a.name],
    e.alias_keys = coalesce(e.alias_keys, []) + [a IN new | a.key],
    e.alias_reasons = coalesce(e.alias_reasons, []) + [a IN new | a.reason]
SET e.caption = {entity_caption("e")}
"""

ADD_ALIASES = "UNWIND $rows AS row" + ALIAS_ROWS

# --- what resolution reads ----------------------------------------------------------------------

KNOWN_ALIASES = """
MATCH (e:Entity {space: $space})
WHERE e.alias_keys IS NOT NULL
UNWIND e.alias_keys AS key
WITH key, collect(e.name) AS names
RETURN key, names
LIMIT $limit
"""

# The entities that hold each of $keys as an alias (reads by a name merged away or resolved).
ALIASES_OF = """
UNWIND $keys AS key
MATCH (e:Entity {space: $space})
WHERE key IN e.alias_keys
RETURN key, collect(e.name) AS names
"""

# The space's entities whose embedding is within $tau (a cosine) of $vector. The vector index is
# shared by every space, so $candidates neighbours are asked for and the space's kept.
SIMILAR_ENTITIES = f"""
CALL db.index.vector.queryNodes('{ENTITY_VECTOR_INDEX}', $candidates, $vector)
YIELD node, score
WITH node, 2 * score - 1 AS cosine
WHERE node.space = $space AND cosine >= $tau
RETURN node.name AS name, cosine
ORDER BY cosine DESC, name
LIMIT $limit
"""

# --- listing ------------------------------------------------------------------------------------

_FILTER = """
WHERE $contains IS NULL OR e.key CONTAINS $contains
   OR any(k IN coalesce(e.alias_keys, []) WHERE k CONTAINS $contains)
"""

LIST_ENTITIES = f"""
MATCH (e:Entity {{space: $space}})
{_FILTER}
WITH e ORDER BY e.name, e.key SKIP $skip LIMIT $limit
RETURN e.name AS name, e.key AS key, coalesce(e.aliases, []) AS aliases,
       coalesce(e.alias_reasons, []) AS alias_reasons,
       COUNT {{ (e)-[:FACT]-() }} AS facts,
       COUNT {{ (e)-[f:FACT]-() WHERE f.t_to IS NULL }} AS current_facts
"""

COUNT_ENTITIES = f"""
MATCH (e:Entity {{space: $space}})
{_FILTER}
RETURN count(e) AS n
"""

GET_ENTITY = """
MATCH (e:Entity {space: $space, key: $key})
RETURN e.name AS name, e.key AS key, e.embedding AS embedding,
       coalesce(e.aliases, []) AS aliases, coalesce(e.alias_keys, []) AS alias_keys,
       coalesce(e.alias_reasons, []) AS alias_reasons
"""

# The entity that holds ``$key`` as an alias, if any (to explain a split of something that was
# resolved at ingestion rather than merged).
ALIAS_HOLDERS = """
MATCH (e:Entity {space: $space})
WHERE $key IN coalesce(e.alias_keys, [])
RETURN e.name AS name,
       [i IN range(0, size(e.alias_keys) - 1) WHERE e.alias_keys[i] = $key
        | e.alias_reasons[i]][0] AS reason
LIMIT 5
"""

# --- merge: every fact of $from_key moves to $into_key -----------------------------------------

# Facts out of the merged entity to another one, into it from another one, and from it to itself.
MOVE_OUT_FACTS = """
MATCH (a:Entity {space: $space, key: $from_key})-[f:FACT]->(o:Entity)
WHERE o <> a
MATCH (b:Entity {space: $space, key: $into_key})
WITH b, o, f, properties(f) AS props
DELETE f
CREATE (b)-[g:FACT]->(o)
SET g = props
RETURN collect(g.id) AS ids
"""

MOVE_IN_FACTS = """
MATCH (s:Entity)-[f:FACT]->(a:Entity {space: $space, key: $from_key})
WHERE s <> a
MATCH (b:Entity {space: $space, key: $into_key})
WITH b, s, f, properties(f) AS props
DELETE f
CREATE (s)-[g:FACT]->(b)
SET g = props
RETURN collect(g.id) AS ids
"""

MOVE_LOOP_FACTS = """
MATCH (a:Entity {space: $space, key: $from_key})-[f:FACT]->(a)
MATCH (b:Entity {space: $space, key: $into_key})
WITH b, f, properties(f) AS props
DELETE f
CREATE (b)-[g:FACT]->(b)
SET g = props
RETURN collect(g.id) AS ids
"""

# The merged entity's name and aliases become the target's (those it does not have already);
# returns the keys added, so a split removes exactly those.
ADOPT_ALIASES = f"""
MATCH (b:Entity {{space: $space, key: $into_key}})
WITH b, [a IN $aliases WHERE a.key <> b.key AND NOT a.key IN coalesce(b.alias_keys, [])] AS new
SET b.aliases = coalesce(b.aliases, []) + [a IN new | a.name],
    b.alias_keys = coalesce(b.alias_keys, []) + [a IN new | a.key],
    b.alias_reasons = coalesce(b.alias_reasons, []) + [a IN new | a.reason]
SET b.caption = {entity_caption("b")}
RETURN [a IN new | a.key] AS added
"""

DELETE_MERGED_ENTITY = """
MATCH (a:Entity {space: $space, key: $from_key})
DELETE a
"""

RECORD_MERGE = """
CREATE (m:EntityMerge {
  space: $space, id: randomUUID(), merged_at: datetime(), undone_at: null,
  merged_key: $merged.key, merged_name: $merged.name, merged_embedding: $merged.embedding,
  merged_aliases: $merged.aliases, merged_alias_keys: $merged.alias_keys,
  merged_alias_reasons: $merged.alias_reasons,
  into_key: $into.key, into_name: $into.name, reason: $reason,
  facts_out: $facts_out, facts_in: $facts_in, facts_loop: $facts_loop,
  added_alias_keys: $added_alias_keys
})
RETURN m.id AS id, toString(m.merged_at) AS merged_at
"""

# --- split: the latest merge of $key undone -----------------------------------------------------

_MERGE_FIELDS = """
RETURN m.id AS id, m.merged_key AS merged_key, m.merged_name AS merged_name,
       m.merged_embedding AS merged_embedding, m.merged_aliases AS merged_aliases,
       m.merged_alias_keys AS merged_alias_keys, m.merged_alias_reasons AS merged_alias_reasons,
       m.into_key AS into_key, m.into_name AS into_name, m.reason AS reason,
       m.facts_out AS facts_out, m.facts_in AS facts_in, m.facts_loop AS facts_loop,
       m.added_alias_keys AS added_alias_keys, toString(m.merged_at) AS merged_at,
       toString(m.undone_at) AS undone_at
"""

LATEST_MERGE_OF = f"""
MATCH (m:EntityMerge {{space: $space, merged_key: $key}})
WHERE m.undone_at IS NULL
WITH m ORDER BY m.merged_at DESC LIMIT 1
{_MERGE_FIELDS}
"""

LIST_MERGES = f"""
MATCH (m:EntityMerge {{space: $space}})
WITH m ORDER BY m.merged_at DESC, m.id SKIP $skip LIMIT $limit
{_MERGE_FIELDS}
"""

RECREATE_ENTITY = f"""
CREATE (a:Entity {{
  space: $space, key: $merged.merged_key, name: $merged.merged_name,
  embedding: $merged.merged_embedding, aliases: $merged.merged_aliases,
  alias_keys: $merged.merged_alias_keys, alias_reasons: $merged.merged_alias_reasons
}})
SET a.caption = {entity_caption("a")}
"""

# Each recorded fact goes back where it was: facts out of the merged entity start at it again,
# facts into it end at it again, its loops do both. A fact deleted since is simply not found.
RESTORE_OUT_FACTS = """
MATCH (a:Entity {space: $space, key: $merged_key})
UNWIND $ids AS id
MATCH (b:Entity {space: $space, key: $into_key})-[f:FACT {id: id}]->(o:Entity)
WITH a, o, f, properties(f) AS props
DELETE f
CREATE (a)-[g:FACT]->(o)
SET g = props
RETURN collect(g.id) AS ids
"""

RESTORE_IN_FACTS = """
MATCH (a:Entity {space: $space, key: $merged_key})
UNWIND $ids AS id
MATCH (s:Entity)-[f:FACT {id: id}]->(b:Entity {space: $space, key: $into_key})
WITH a, s, f, properties(f) AS props
DELETE f
CREATE (s)-[g:FACT]->(a)
SET g = props
RETURN collect(g.id) AS ids
"""

RESTORE_LOOP_FACTS = """
MATCH (a:Entity {space: $space, key: $merged_key})
UNWIND $ids AS id
MATCH (b:Entity {space: $space, key: $into_key})-[f:FACT {id: id}]->(b)
WITH a, f, properties(f) AS props
DELETE f
CREATE (a)-[g:FACT]->(a)
SET g = props
RETURN collect(g.id) AS ids
"""

DROP_ALIASES = f"""
MATCH (b:Entity {{space: $space, key: $into_key}})
WITH b, coalesce(b.alias_keys, []) AS keys
WITH b, [i IN range(0, size(keys) - 1) WHERE NOT keys[i] IN $keys] AS kept
SET b.aliases = [i IN kept | b.aliases[i]],
    b.alias_keys = [i IN kept | b.alias_keys[i]],
    b.alias_reasons = [i IN kept | b.alias_reasons[i]]
SET b.caption = {entity_caption("b")}
"""

MARK_MERGE_UNDONE = """
MATCH (m:EntityMerge {space: $space, id: $id})
SET m.undone_at = datetime(), m.facts_restored = $restored
RETURN toString(m.undone_at) AS undone_at
"""
