"""Which known entity a new name mentions, by tiers, with the reason: the rules of entity
resolution, shared by the text the writer reads and the facts it writes.

For a proper name that is not itself a known key, in order:

1. a shorter name for a known one: a first name or surname of exactly one known longer name
   ("Sigrun" or "Solheim" of "Sigrun Solheim"; "Hollowbrook" of "Hollowbrook Brewery"), or an
   alias an entity already has ("Bob", merged into "Robert Marsh" by a user);
2. a typo: within a small edit distance of exactly one known name, where every word that differs
   is a *rare* one, not a given name, surname or place name in common use ("Solhiem" is Solheim;
   "Iceland" is not "Ireland": ``extraction.common_names``), unless a rare word both names share
   vouches for them ("Wendel Okonjo-Marsh" is Wendell; "Mario Lopez" beside "Maria Lopez" is a
   person of his own);
3. an embedding close enough: exactly one known name whose MiniLM vector is within the measured
   threshold (``experiments/results/entity_similarity/``), looked up by the caller.

Two or more candidates in a tier, or a near miss on a common name, leave the mention as written
(a separate entity) with an ``ambiguous`` resolution that names the candidates, for the write's
report. Pure: the caller gives the known names and the embedding lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from extraction.common_names import given_name_gender, is_common_name
from graph.keys import entity_key

# The known names within the embedding threshold of a mention, with their cosines.
Similar = Callable[[str], Sequence[tuple[str, float]]]


class Reason(StrEnum):
    """Why a mention became the name it did (stored with an alias, shown in write reports)."""

    SPEAKER = "the chat turn's speaker"
    LATEST_PERSON = "the latest person of the stream"
    KNOWN_ALIAS = "known alias"
    FIRST_NAME = "first name"
    SURNAME = "surname"
    PART_OF_NAME = "part of the name"
    SPELLING = "spelling"
    EMBEDDING = "embedding"
    DECLARED = "named so in the stream"
    INITIALS = "initials"
    NICKNAME = "nickname"
    STATEMENT_SPELLING = "the statement's spelling"
    NOT_IN_STATEMENT = "not in the statement"
    NAMED_IN_STATEMENT = "the one of them the statement names in full"
    HANDLE = "the name behind the post's handle"
    THE_OTHER = "the other of two people with that first name"
    AMBIGUOUS = "ambiguous"


# Resolutions that make the mention an alias of the entity it resolved to.
ALIAS_REASONS = frozenset(
    {
        Reason.FIRST_NAME,
        Reason.SURNAME,
        Reason.PART_OF_NAME,
        Reason.SPELLING,
        Reason.EMBEDDING,
        Reason.DECLARED,
        Reason.INITIALS,
        Reason.NICKNAME,
        Reason.HANDLE,
    }
)


@dataclass(frozen=True)
class Resolution:
    """One mention resolved: to ``resolved`` (None: dropped) for ``reason``. An ambiguous
    mention keeps its own name (``resolved``) and lists the ``candidates`` it could be."""

    mention: str
    resolved: str | None
    reason: Reason
    candidates: tuple[str, ...] = ()
    similarity: float | None = None

    @property
    def ambiguous(self) -> bool:
        return self.reason is Reason.AMBIGUOUS

    @property
    def alias(self) -> bool:
        """Whether the mention is another name of the entity it resolved to."""
        return (
            self.resolved is not None
            and self.reason in ALIAS_REASONS
            and entity_key(self.mention) != entity_key(self.resolved)
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "mention": self.mention,
            "resolved": self.resolved,
            "reason": self.reason.value,
            "candidates": list(self.candidates),
            "similarity": None if self.similarity is None else round(self.similarity, 4),
        }

    def __str__(self) -> str:
        if self.ambiguous:
            return f"{self.mention!r} kept apart: could be {', '.join(map(repr, self.candidates))}"
        if self.resolved is None:
            return f"dropped {self.mention!r} ({self.reason})"
        how = f"cosine {self.similarity:.2f}" if self.similarity is not None else self.reason
        return f"{self.mention!r} → {self.resolved!r} ({how})"


def is_diminutive(mention_key: str, first_name_key: str) -> bool:
    """Whether a short one-word mention is a pet form of a first name: its beginning ("Cal" of
    Callum, "Pri" of Priyanka), a long name's end that is no one's name
    alone ("Lupe" of Guadalupe), or its first two
    letters with a pet ending ("Immy" of Imogen, "Roz" of Rosalind, "Lexi" of Alexandra is not:
    the first letters differ)."""
    if " " in mention_key or not 3 <= len(mention_key) <= 5:
        return False
    if len(first_name_key) <= len(mention_key) or not mention_key.isalpha():
        return False
    genders = {given_name_gender(mention_key.title()), given_name_gender(first_name_key.title())}
    if {"m", "f"} <= genders:
        return False  # "Ross" is not Rosalind
    if first_name_key.startswith(mention_key):
        return True
    long_name = len(mention_key) >= 4 and len(first_name_key) >= len(mention_key) + 3
    own_name = given_name_gender(mention_key.title()) in ("f", "m")  # "Anna" is not Susanna
    if long_name and first_name_key.endswith(mention_key) and not own_name:
        return True  # "Lupe" of Guadalupe, "Tina" of Christina
    third = mention_key[2:3].replace("z", "s")  # "Roz" of Rosalind; not "Derry" of Declan
    return (
        first_name_key[:2] == mention_key[:2]
        and mention_key.endswith(_PET_ENDINGS)
        and third in first_name_key[:4].replace("z", "s")
    )


_PET_ENDINGS = ("y", "ie", "z", "s", "x")


def other_namesake(
    first: str, names_recent_first: Sequence[str], speakers: Sequence[str] = ()
) -> str | None:
    """ "The other Josie": of exactly two full names with that first name, the one who is not
    a speaker or, between equals, the one named less recently. The Josie just talked to or
    about is the one the phrase sets apart."""
    key = entity_key(first)
    same = [n for n in names_recent_first if len(k := entity_key(n).split()) > 1 and k[0] == key]
    if len(same) != 2:
        return None
    speaking = {entity_key(s) for s in speakers}
    return max(same, key=lambda n: (entity_key(n) not in speaking, same.index(n)))


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance (a swap of neighbours costs 1), capped at ``limit + 1``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return min(previous[-1], limit + 1)


def typo_limit(name: str) -> int:
    return 2 if len(name) >= 10 else 1 if len(name) >= 5 else 0


def _within(a: str, b: str, limit: int) -> bool:
    return limit > 0 and edit_distance(a, b, limit) <= limit


def surname_initial_of(mention_key: str, known_key: str) -> bool:
    """Whether a mention is a first name and a surname's initial of the known name ("zainab q"
    of "zainab quaye")."""
    words, known = mention_key.split(), known_key.split()
    return (
        len(words) == 2
        and len(words[1]) == 1
        and len(known) > 1
        and len(known[-1]) > 1
        and words[0] == known[0]
        and known[-1][0] == words[1]
    )


def _partial(mention_key: str, known_key: str) -> Reason | None:
    """FIRST_NAME or SURNAME when the mention's words begin or end the longer known name,
    PART_OF_NAME when they are inside it ("Okonjo" of "Wendell Okonjo-Marsh")."""
    words, known = mention_key.split(), known_key.split()
    n = len(words)
    if surname_initial_of(mention_key, known_key):
        return Reason.INITIALS  # "Zainab Q", a chat app's label, of "Zainab Quaye"
    if len(known) <= n:
        return None
    if words == known[:n]:
        return Reason.FIRST_NAME
    if words == known[-n:]:
        return Reason.SURNAME
    if any(words == known[i : i + n] for i in range(1, len(known) - n)):
        return Reason.PART_OF_NAME
    return None


def _rare_edit(mention_key: str, known_key: str) -> bool:
    """Whether a near miss is a typo: the mention, and every word it spells differently, is
    rare (not a name in common use of its own), or the words both names share include a rare
    one ("Wendel Okonjo-Marsh" is Wendell: there are few Okonjo-Marshes; "Mario Lopez" is not
    Maria: there are many Lopezes)."""
    known_words = set(known_key.split())
    words = mention_key.split()
    differing = [w for w in words if w not in known_words]
    if not any(is_common_name(w) for w in [mention_key, *differing]):
        return True
    return any(not is_common_name(w) for w in words if w in known_words)


def _typo_candidates(mention_key: str, keys: Sequence[str]) -> list[str]:
    """Known keys the mention misspells: as a whole, or (a one-word mention) one of its words."""
    limit = typo_limit(mention_key)
    whole = [k for k in keys if k != mention_key and _within(mention_key, k, limit)]
    if whole or " " in mention_key:
        return whole
    return [
        k
        for k in keys
        if " " in k and any(_within(mention_key, w, typo_limit(w)) for w in k.split())
    ]


def _decided(mention: str, found: Sequence[tuple[str, Reason, float | None]]) -> Resolution | None:
    """One distinct candidate resolves; several are ambiguous; none is no decision."""
    distinct: dict[str, tuple[str, Reason, float | None]] = {}
    for name, reason, similarity in found:
        distinct.setdefault(entity_key(name), (name, reason, similarity))
    if not distinct:
        return None
    if len(distinct) > 1:
        names = tuple(sorted(name for name, _, _ in distinct.values()))
        return Resolution(mention, mention, Reason.AMBIGUOUS, names)
    name, reason, similarity = next(iter(distinct.values()))
    return Resolution(mention, name, reason, similarity=similarity)


def match_known(
    mention: str,
    known: Mapping[str, str],
    aliases: Mapping[str, Sequence[str]] | None = None,
    similar: Similar | None = None,
) -> Resolution | None:
    """The known name a proper-name ``mention`` stands for, by the tiers above; None when no
    tier has a candidate. ``known`` maps keys to names (the mention's own key is not in it);
    ``aliases`` maps alias keys to the names of the entities that have them."""
    key = entity_key(mention)
    keys = list(known)
    shorter = [(known[k], reason) for k in keys if (reason := _partial(key, k)) is not None]
    shorter += [(name, Reason.KNOWN_ALIAS) for name in (aliases or {}).get(key, ())]
    decided = _decided(mention, [(name, reason, None) for name, reason in shorter])
    if decided is not None:
        return decided
    near = _typo_candidates(key, keys)
    rare = [k for k in near if _rare_edit(key, k)]
    if len(rare) != len(near):
        return Resolution(mention, mention, Reason.AMBIGUOUS, tuple(sorted(known[k] for k in near)))
    decided = _decided(mention, [(known[k], Reason.SPELLING, None) for k in rare])
    if decided is not None or similar is None:
        return decided
    close = [
        (name, Reason.EMBEDDING, cos) for name, cos in similar(mention) if entity_key(name) != key
    ]
    return _decided(mention, close)
