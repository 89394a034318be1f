"""The write path as it was before batches became set-based (issue 18): each statement of a
batch ran its own queries, one statement after another, in one transaction.

Kept here, in the tests only, as the oracle the set-based path is compared with: the same parts
written both ways must leave identical graphs. The Cypher is the old path's, verbatim.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from neo4j import ManagedTransaction

from graph.concept_merges import DueConcept
from graph.concept_writes import ConceptsPart
from graph.dates import DatesPart, datetime_text
from graph.entities import add_aliases
from graph.facts_write import FactsPart, merge_named
from graph.queries import concepts as concept_queries
from graph.queries import facts as fact_queries
from graph.store import GraphStore
from graph.updates import ObservedOrder, StatementRecord, UpdatePart, _observed_backwards

STORE_STATEMENT = """
MERGE (sp:Space {name: $space})
  ON CREATE SET sp.t = 0, sp.created_at = datetime()
SET sp._lock = true
WITH sp, sp.observed_at AS latest, datetime($observed_at) AS observed
OPTIONAL MATCH (existing:Statement {space: $space, id: $id})
FOREACH (_ IN CASE WHEN existing IS NULL THEN [1] ELSE [] END |
  SET sp.t = sp.t + 1,
      sp.observed_at = CASE WHEN latest IS NULL OR latest < observed THEN observed
                            ELSE latest END
  CREATE (:Statement {
    space: $space, id: $id, t: sp.t, text: $text, source: $source, observed_at: observed,
    ingested_at: datetime(), pending: $pending
  })
)
REMOVE sp._lock
RETURN sp.t AS t, existing.t AS existing_t, toString(latest) AS latest_observed,
       coalesce(latest > observed, false) AS backwards
"""

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

_CLOSED = "'[' + toString(f.t_from) + ', ' + toString($t) + ') ' + f.relation"

RETRACT_FACTS = f"""
UNWIND $rows AS row
MATCH (s:Entity {{space: $space, key: row.subject_key}})-[f:FACT]->(o:Entity)
WHERE f.t_to IS NULL
MATCH (rel:Relation {{space: $space, key: f.relation_key}})
WITH row, f, o, rel
WHERE (f.relation_key = row.relation_key
       OR vector.similarity.cosine(rel.embedding, row.relation_embedding) >= $min_relation_score)
  AND (row.object_key IS NULL OR o.key = row.object_key
       OR vector.similarity.cosine(o.embedding, row.object_embedding) >= $min_entity_score)
SET f.t_to = $t, f.closed_by = $statement_id, f.caption = {_CLOSED}
RETURN f.id AS id
"""

CONFIRM_FACTS = """
UNWIND $rows AS row
MATCH (s:Entity {space: $space, key: row.subject_key})-[f:FACT]->(o:Entity {space: $space,
                                                                      key: row.object_key})
WHERE f.relation_key = row.relation_key AND f.t_to IS NULL
SET f.t_confirmed = $t, f.confirmations = f.confirmations + 1
RETURN row.index AS index, f.id AS id
"""

SUPERSEDE_FACTS = f"""
UNWIND $rows AS row
MATCH (s:Entity {{space: $space, key: row.subject_key}})-[f:FACT]->(o:Entity)
WHERE f.relation_key = row.relation_key AND f.t_to IS NULL AND o.key <> row.object_key
SET f.t_to = $t, f.closed_by = $statement_id, f.caption = {_CLOSED}
RETURN f.id AS id
"""

CREATE_FACTS = """
UNWIND $rows AS row
MATCH (s:Entity {space: $space, key: row.subject_key})
MATCH (o:Entity {space: $space, key: row.object_key})
CREATE (s)-[f:FACT {
  id: randomUUID(), relation: row.relation, relation_key: row.relation_key, phrase: row.phrase,
  t_from: $t, t_to: null, t_confirmed: $t, confirmations: 1,
  statement_id: $statement_id, source: $source, writer: $writer,
  caption: '[' + toString($t) + ', now) ' + row.relation
}]->(o)
RETURN f.id AS id
"""

SET_STATEMENT_DATES = """
MATCH (st:Statement {space: $space, id: $id})
SET st.date_texts = $texts, st.date_kinds = $kinds, st.date_first = $firsts,
    st.date_last = $lasts
"""

DATE_FACTS = """
MATCH ()-[f:FACT {statement_id: $id}]->()
WHERE startNode(f).space = $space
SET f.valid_from = coalesce($valid_from, f.valid_from),
    f.valid_to = coalesce($valid_to, f.valid_to)
RETURN count(f) AS n
"""

DATE_CLOSED_FACTS = """
MATCH ()-[f:FACT {closed_by: $id}]->()
WHERE startNode(f).space = $space AND f.valid_to IS NULL
SET f.valid_to = $closed_on
RETURN count(f) AS n
"""


def _concepts(tx: ManagedTransaction, space: str, t: int, sid: str, part: ConceptsPart) -> None:
    if not part.concepts:
        return
    due = tx.run(
        MERGE_CONCEPTS,
        space=space,
        statement_id=sid,
        t=t,
        concepts=[
            {"label": c.label, "names": list(c.names), "sentences": list(c.sentences)}
            for c in part.concepts
        ],
        relations=[list(pair) for pair in part.relations],
        revision_period=part.revision_period,
        context_char_limit=part.context_char_limit,
    ).data()
    found = [
        DueConcept(r["label"], tuple(r["context"]), tuple(r["context_t"]), r["merges"]) for r in due
    ]
    if part.reviser is not None and found:
        revisions = [part.reviser(d) for d in found]
        rows = [
            {
                "label": r.label,
                "context": list(r.context),
                "context_t": list(r.context_t),
                "merges": r.merges,
            }
            for r in revisions
        ]
        tx.run(concept_queries.WRITE_REVISIONS, space=space, t=t, revisions=rows).consume()


def _ids(tx: ManagedTransaction, cypher: str, rows: list[dict[str, Any]], **params: Any) -> list:
    return tx.run(cypher, rows=rows, **params).data()  # type: ignore[arg-type]


def _facts(tx: ManagedTransaction, space: str, t: int, sid: str, part: FactsPart) -> None:
    params: dict[str, Any] = {"space": space, "t": t}
    merge_named(tx, fact_queries.UPSERT_ENTITIES, part.entities, space=space)
    add_aliases(tx, space, [(e.key, e.aliases) for e in part.entities])
    merge_named(tx, fact_queries.UPSERT_RELATIONS, part.relations, space=space)
    closing = {**params, "statement_id": sid}
    _ids(
        tx,
        RETRACT_FACTS,
        [vars(r) for r in part.retractions],
        min_relation_score=part.min_relation_score,
        min_entity_score=part.min_entity_score,
        **closing,
    )
    rows = [{**vars(a), "index": i} for i, a in enumerate(part.assertions)]
    confirmed = {r["index"] for r in _ids(tx, CONFIRM_FACTS, rows, **params)}
    new_rows = [row for row in rows if row["index"] not in confirmed]
    _ids(tx, SUPERSEDE_FACTS, [r for r in new_rows if r["single_valued"]], **closing)
    _ids(tx, CREATE_FACTS, new_rows, source=part.source, writer=part.writer, **closing)


def _dates(tx: ManagedTransaction, space: str, sid: str, part: DatesPart) -> None:
    tx.run(
        SET_STATEMENT_DATES,
        space=space,
        id=sid,
        texts=[p.text for p in part.phrases],
        kinds=[p.kind for p in part.phrases],
        firsts=[p.first for p in part.phrases],
        lasts=[p.last for p in part.phrases],
    ).consume()
    if part.valid_from is not None or part.valid_to is not None:
        tx.run(
            DATE_FACTS, space=space, id=sid, valid_from=part.valid_from, valid_to=part.valid_to
        ).consume()
    if part.valid_from is not None:
        tx.run(DATE_CLOSED_FACTS, space=space, id=sid, closed_on=part.valid_from).consume()


def _one(
    tx: ManagedTransaction,
    space: str,
    statement: StatementRecord,
    parts: Sequence[UpdatePart],
    observed_order: ObservedOrder,
) -> int:
    stored = tx.run(
        STORE_STATEMENT,
        space=space,
        id=statement.id,
        text=statement.text,
        source=statement.source,
        observed_at=datetime_text(statement.observed_at),
        pending=list(statement.pending),
    ).single(strict=True)
    if stored["existing_t"] is not None:
        return int(stored["existing_t"])
    if stored["backwards"]:
        _observed_backwards(statement, stored["latest_observed"], observed_order)
    t = int(stored["t"])
    for part in parts:
        if isinstance(part, ConceptsPart):
            _concepts(tx, space, t, statement.id, part)
        elif isinstance(part, FactsPart):
            _facts(tx, space, t, statement.id, part)
        elif isinstance(part, DatesPart):
            _dates(tx, space, statement.id, part)
        else:
            raise TypeError(f"no reference writer for {type(part).__name__}")
    return t


def write_sequentially(
    store: GraphStore,
    space: str,
    updates: Sequence[tuple[StatementRecord, Sequence[UpdatePart]]],
    observed_order: ObservedOrder = "refuse",
) -> list[int]:
    """The batch in one transaction, each statement's queries one statement after another."""
    return store.write(
        lambda tx: [_one(tx, space, record, parts, observed_order) for record, parts in updates]
    )
