"""Node labels and relationship types: the only names that may appear in Cypher text.

Queries interpolate nothing but these members (checked against a safe-identifier rule), so user
text can never become query text.
"""

import re
from enum import StrEnum

_SAFE_IDENTIFIER = re.compile(r"^[A-Z][A-Za-z0-9_]*$")


class Label(StrEnum):
    SPACE = "Space"
    STATEMENT = "Statement"
    CONCEPT = "Concept"
    ENTITY = "Entity"
    RELATION = "Relation"
    ENTITY_MERGE = "EntityMerge"
    MIGRATION = "Migration"


class RelType(StrEnum):
    RELATED = "RELATED"
    MENTIONS = "MENTIONS"
    FACT = "FACT"


def safe_identifier(name: str) -> str:
    """Return ``name`` if it is a safe Cypher identifier, else raise ``ValueError``."""
    if not _SAFE_IDENTIFIER.match(name):
        raise ValueError(f"unsafe Cypher identifier: {name!r}")
    return name


for _member in (*Label, *RelType):
    safe_identifier(_member.value)
