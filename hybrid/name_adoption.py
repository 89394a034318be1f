"""A person first named by one name alone, whose full name the stream gave later.

A chat says "Sofia" (or "Kev", a pet form; a forum "bettabrad_92") for weeks before anyone
writes "Sofia Reyes". The writer resolves every later "Sofia" to "Sofia Reyes", but the facts
stored before are keyed "sofia": a question about Sofia Reyes never finds them, and "Sofia and I
broke up" cannot end "is seeing Sofia". When a mention resolves to a full name by the stream's
own evidence (the name was declared, is the only full name with that first name or surname, the
only one it is a pet form of, or the name a handle's author revealed), the lone name's entity is
merged into the full one: a recorded merge with its reason, which ``recallgraph entities split``
undoes.

Only an entity that was used as a person is merged: the subject of facts, or the object of a
relation between people. "Sofia" where someone lives is the city.
"""

from __future__ import annotations

from enum import Enum

from extraction.attribution import TRANSCRIPT_USERS
from extraction.name_matching import Reason, Resolution, is_diminutive
from extraction.supersession import SYMMETRIC
from graph.entities import merge_entities
from graph.errors import NotFoundError
from graph.facts_read import FactQuery, exact_facts
from graph.facts_write import existing_keys
from graph.keys import entity_key, relation_key
from graph.store import GraphStore

ADOPTING_REASONS = frozenset(
    {Reason.DECLARED, Reason.FIRST_NAME, Reason.SURNAME, Reason.NICKNAME, Reason.HANDLE}
)
PERSON_RELATIONS = frozenset(relation_key(r) for r in (*SYMMETRIC, "reports to"))
FACTS_CHECKED = 200  # versions of the lone name read to tell a person from a place


class Adoption(Enum):
    MERGED = "merged"
    NOTHING = "nothing to merge"  # settled (a username once a batch went by): none, or no person
    LATER = "later"  # the full name has no entity yet: try again on its next mention


def lone_name_of(resolution: Resolution) -> bool:
    """Whether ``resolution`` maps one word of a name to a full name by the stream's evidence."""
    if resolution.resolved is None or resolution.reason not in ADOPTING_REASONS:
        return False
    mention = entity_key(resolution.mention)
    parts = entity_key(resolution.resolved).split()
    if resolution.reason is Reason.HANDLE:  # "Bettabrad 92", the posts' author, revealed
        return mention != entity_key(resolution.resolved)
    if resolution.reason is Reason.NICKNAME:  # "Kev" of Kevin Hartley
        return len(mention.split()) == 1 and bool(parts) and is_diminutive(mention, parts[0])
    return len(mention.split()) == 1 and mention in parts


def _used_as_person(store: GraphStore, space: str, name: str) -> bool:
    held = exact_facts(store, space, FactQuery(object=name), history=True, limit=FACTS_CHECKED)
    if held.truncated or any(f.relation_key not in PERSON_RELATIONS for f in held.facts):
        return False
    if held.facts:
        return True
    return bool(exact_facts(store, space, FactQuery(subject=name), history=True, limit=1).facts)


def username_of(resolution: Resolution) -> bool:
    """Whether ``resolution`` names the person behind a username of several parts ("Reef Dad
    Oz" of reef_dad_oz) or a transcript's "User": a person by construction, never a place of
    the same name, as a one-word handle ("sofia") may be."""
    if resolution.reason is not Reason.HANDLE:
        return False
    mention = entity_key(resolution.mention)
    return len(mention.split()) > 1 or mention in TRANSCRIPT_USERS


def merge_reason(resolution: Resolution) -> str:
    """Why the lone name's entity is merged, as the merge records it."""
    mention, full = resolution.mention, str(resolution.resolved)
    return f"{resolution.reason.value}: the stream's later {mention!r} is {full!r}"


def adopt_lone_name(store: GraphStore, space: str, resolution: Resolution) -> Adoption:
    """Merge the entity of ``resolution``'s lone name into its full name, when both exist and
    the lone name was used as a person."""
    mention, full = resolution.mention, str(resolution.resolved)
    entities, _ = existing_keys(store, space, [entity_key(mention), entity_key(full)], [])
    if entity_key(mention) not in entities:
        return Adoption.NOTHING
    if entity_key(full) not in entities:
        return Adoption.LATER
    if not username_of(resolution) and not _used_as_person(store, space, mention):
        return Adoption.NOTHING
    try:
        merge_entities(store, space, mention, full, merge_reason(resolution))
    except NotFoundError:  # merged or deleted meanwhile by another writer or a user
        return Adoption.NOTHING
    return Adoption.MERGED
