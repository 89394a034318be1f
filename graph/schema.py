"""Schema as ordered, idempotent migrations recorded in the database.

Each migration is a list of ``… IF NOT EXISTS`` statements; once applied its id is stored on a
``(:Migration)`` node, so start-up runs only what is new and running twice changes nothing. Add a
migration at the end; never edit one that has shipped.
"""

from __future__ import annotations

from dataclasses import dataclass

from graph.errors import GraphUnavailableError
from graph.queries.captions import (
    BACKFILL_CONCEPT_CAPTIONS,
    BACKFILL_ENTITY_CAPTIONS,
    BACKFILL_FACT_CAPTIONS,
)
from graph.store import GraphStore

EMBEDDING_DIMENSIONS = 384
ENTITY_VECTOR_INDEX = "entity_embedding"
RELATION_VECTOR_INDEX = "relation_embedding"


# ISO 8601 dates and date-times with an optional offset and zone, as a Cypher regex literal.
_ISO_DATETIME = (
    r"^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])"
    r"(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?(\\[[A-Za-z0-9_+/-]+\\])?)?$"
)


@dataclass(frozen=True)
class Migration:
    id: int
    name: str
    statements: tuple[str, ...]


def _vector_index(name: str, label: str) -> str:
    return (
        f"CREATE VECTOR INDEX {name} IF NOT EXISTS FOR (n:{label}) ON n.embedding "
        f"OPTIONS {{indexConfig: {{`vector.dimensions`: {EMBEDDING_DIMENSIONS}, "
        "`vector.similarity_function`: 'cosine'}}"
    )


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "spaces, statements, concepts, triples",
        (
            "CREATE CONSTRAINT space_name IF NOT EXISTS FOR (n:Space) REQUIRE n.name IS UNIQUE",
            "CREATE CONSTRAINT statement_key IF NOT EXISTS "
            "FOR (n:Statement) REQUIRE (n.space, n.id) IS UNIQUE",
            "CREATE INDEX statement_space_t IF NOT EXISTS FOR (n:Statement) ON (n.space, n.t)",
            "CREATE INDEX statement_space IF NOT EXISTS FOR (n:Statement) ON (n.space)",
            "CREATE CONSTRAINT concept_key IF NOT EXISTS "
            "FOR (n:Concept) REQUIRE (n.space, n.label) IS UNIQUE",
            "CREATE INDEX concept_space IF NOT EXISTS FOR (n:Concept) ON (n.space)",
            "CREATE CONSTRAINT entity_key IF NOT EXISTS "
            "FOR (n:Entity) REQUIRE (n.space, n.key) IS UNIQUE",
            "CREATE INDEX entity_space IF NOT EXISTS FOR (n:Entity) ON (n.space)",
            "CREATE CONSTRAINT relation_key IF NOT EXISTS "
            "FOR (n:Relation) REQUIRE (n.space, n.key) IS UNIQUE",
            "CREATE INDEX relation_space IF NOT EXISTS FOR (n:Relation) ON (n.space)",
            "CREATE CONSTRAINT fact_id IF NOT EXISTS FOR ()-[r:FACT]-() REQUIRE r.id IS UNIQUE",
            "CREATE INDEX fact_relation_key IF NOT EXISTS FOR ()-[r:FACT]-() ON (r.relation_key)",
            "CREATE INDEX fact_statement IF NOT EXISTS FOR ()-[r:FACT]-() ON (r.statement_id)",
            _vector_index(ENTITY_VECTOR_INDEX, "Entity"),
            _vector_index(RELATION_VECTOR_INDEX, "Relation"),
            "CREATE CONSTRAINT migration_id IF NOT EXISTS FOR (n:Migration) REQUIRE n.id IS UNIQUE",
        ),
    ),
    # Numbered 19 (issue 19) to stay clear of migrations written beside it against the same
    # shared database; ids need only be unique, the order is this tuple's.
    Migration(
        19,
        "calendar time: observed_at as a zoned date-time, the space's latest, dated facts",
        (
            "CREATE INDEX statement_space_observed IF NOT EXISTS "
            "FOR (n:Statement) ON (n.space, n.observed_at)",
            "CREATE INDEX fact_closed_by IF NOT EXISTS FOR ()-[r:FACT]-() ON (r.closed_by)",
            # observed_at was free text: ISO 8601 text becomes a date-time, the rest is kept
            # as observed_at_text (nothing is lost, and nothing unreadable is compared).
            "MATCH (st:Statement) WHERE st.observed_at IS :: STRING "
            f"AND st.observed_at =~ '{_ISO_DATETIME}' "
            "CALL (st) { SET st.observed_at = datetime(st.observed_at) } "
            "IN TRANSACTIONS OF 5000 ROWS",
            "MATCH (st:Statement) WHERE st.observed_at IS :: STRING "
            "CALL (st) { SET st.observed_at_text = st.observed_at REMOVE st.observed_at } "
            "IN TRANSACTIONS OF 5000 ROWS",
            "MATCH (st:Statement) WHERE st.observed_at IS NOT NULL "
            "WITH st.space AS space, max(st.observed_at) AS latest "
            "MATCH (sp:Space {name: space}) SET sp.observed_at = latest",
        ),
    ),
    # Numbered 20 (issue 20), as 19 is, to stay clear of migrations written beside it.
    Migration(
        20,
        "captions for the Neo4j Browser: concept words, fact intervals, entity names",
        (BACKFILL_CONCEPT_CAPTIONS, BACKFILL_FACT_CAPTIONS, BACKFILL_ENTITY_CAPTIONS),
    ),
    # Numbered 21 (issue 15, entity resolution): 19 and 20 are issue 19's and 20's; ids need
    # only be unique, the order is this tuple's.
    Migration(
        21,
        "entity merges: a record per merge, found by the merged entity's key",
        (
            "CREATE CONSTRAINT entity_merge_id IF NOT EXISTS "
            "FOR (n:EntityMerge) REQUIRE (n.space, n.id) IS UNIQUE",
            "CREATE INDEX entity_merge_merged IF NOT EXISTS "
            "FOR (n:EntityMerge) ON (n.space, n.merged_key)",
            "CREATE INDEX entity_merge_space IF NOT EXISTS FOR (n:EntityMerge) ON (n.space)",
        ),
    ),
)

APPLIED_MIGRATIONS = "MATCH (m:Migration) RETURN m.id AS id ORDER BY id"
RECORD_MIGRATION = """
MERGE (m:Migration {id: $id})
  ON CREATE SET m.name = $name, m.applied_at = datetime()
"""
AWAIT_INDEXES = "CALL db.awaitIndexes(300)"


# What Neo4j answers when another process created the same index or constraint between this
# one's ``IF NOT EXISTS`` check and its own creation: the statement's work is done.
_CREATED_BY_ANOTHER = (
    "Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists",
    "Neo.ClientError.Schema.IndexAlreadyExists",
    "Neo.ClientError.Schema.ConstraintAlreadyExists",
)


def apply_schema_statement(store: GraphStore, statement: str) -> None:
    """One idempotent schema statement, also when another process runs the same migration."""
    try:
        store.run_autocommit(statement)
    except GraphUnavailableError as e:
        code = getattr(e.__cause__, "code", None)
        if code not in _CREATED_BY_ANOTHER:
            raise


def apply_migrations(store: GraphStore) -> list[int]:
    """Apply every migration not yet recorded; return the ids applied now (empty when current)."""
    applied = {row["id"] for row in store.query(APPLIED_MIGRATIONS)}
    newly_applied: list[int] = []
    for migration in MIGRATIONS:
        if migration.id in applied:
            continue
        for statement in migration.statements:
            apply_schema_statement(store, statement)
        store.run_autocommit(RECORD_MIGRATION, id=migration.id, name=migration.name)
        newly_applied.append(migration.id)
    if newly_applied:
        store.run_autocommit(AWAIT_INDEXES)
    return newly_applied


def schema_version(store: GraphStore) -> int:
    """The id of the newest migration applied, 0 for an empty database."""
    ids = [row["id"] for row in store.query(APPLIED_MIGRATIONS)]
    return max(ids, default=0)
