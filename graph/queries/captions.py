"""Captions the Neo4j Browser shows: stored on the nodes and facts, because a Browser style can
only print properties, never compute them.

- a concept's ``caption`` is its most used surface word ("vacation", not the stem "vacat"),
  kept up to date by the concept writes from ``name_counts``;
- a fact's ``caption`` is its interval and relation, "[12, 84) lives in" or "[12, now) lives in",
  set when the fact is created and again when it is closed; the interval comes first because
  the Browser cuts a caption that is longer than its arrow from the end;
- an entity's ``caption`` is its name and, when it has aliases, how many.

The expressions are fixed text over a variable name chosen by the code (never by a user). The
migration fills the captions of everything stored before they existed.
"""

from __future__ import annotations


def fact_caption(fact: str) -> str:
    """Cypher for the caption of a fact from the interval and relation that ``fact`` (the fact,
    or an import row) carries."""
    return (
        f"'[' + toString({fact}.t_from) + ', ' + coalesce(toString({fact}.t_to), 'now') + ') ' "
        f"+ {fact}.relation"
    )


def closed_fact_caption(fact: str, t: str = "$t") -> str:
    """The caption of a fact being closed at ``t`` (its ``t_to`` is set in the same SET)."""
    return f"'[' + toString({fact}.t_from) + ', ' + toString({t}) + ') ' + {fact}.relation"


def open_fact_caption(row: str, t: str = "$t") -> str:
    """The caption of a fact created at ``t`` from ``row.relation``."""
    return f"'[' + toString({t}) + ', now) ' + {row}.relation"


def entity_caption(entity: str) -> str:
    """Cypher for an entity's caption: its name, and its alias count when it has aliases.

    Whatever writes ``aliases`` sets ``caption`` to this again in the same statement."""
    aliases = f"size(coalesce({entity}.aliases, []))"
    return (
        f"{entity}.name + CASE {aliases} WHEN 0 THEN '' WHEN 1 THEN ' (1 alias)' "
        f"ELSE ' (' + toString({aliases}) + ' aliases)' END"
    )


# The index of the largest count, the first on a tie (``graph.concept_merges`` computes the same).
_MOST_USED = (
    "reduce(best = 0, i IN range(0, size(counts) - 1) | "
    "CASE WHEN counts[i] > counts[best] THEN i ELSE best END)"
)

# A concept stored before counts existed: each surface word counts the statements that mention
# the concept and contain the word (what the write path counts from now on).
BACKFILL_CONCEPT_CAPTIONS = f"""
MATCH (c:Concept) WHERE c.caption IS NULL
CALL (c) {{
  OPTIONAL MATCH (st:Statement)-[:MENTIONS]->(c)
  WITH c, collect(st.text) AS texts, coalesce(c.names, []) AS names
  WITH c, names,
       [name IN names | size([text IN texts WHERE text CONTAINS name])] AS found
  WITH c, names, [n IN found | CASE WHEN n < 1 THEN 1 ELSE n END] AS counts
  SET c.name_counts = counts, c.caption = coalesce(names[{_MOST_USED}], c.label)
}} IN TRANSACTIONS OF 500 ROWS
"""

BACKFILL_FACT_CAPTIONS = f"""
MATCH ()-[f:FACT]->() WHERE f.caption IS NULL
CALL (f) {{
  SET f.caption = {fact_caption("f")}
}} IN TRANSACTIONS OF 5000 ROWS
"""

BACKFILL_ENTITY_CAPTIONS = f"""
MATCH (e:Entity) WHERE e.caption IS NULL
CALL (e) {{
  SET e.caption = {entity_caption("e")}
}} IN TRANSACTIONS OF 5000 ROWS
"""
