"""Which relations hold one value at a time: the rule behind belief updates.

A new fact for a subject and a *single-valued* relation ("lives in", "works for", "plans to travel
to") closes the subject's current fact for that relation; a *multi-valued* relation ("likes",
"visited", "has child") accumulates. The rule, first match wins:

1. ``RECALLGRAPH_SINGLE_VALUED_RELATIONS`` / ``RECALLGRAPH_MULTI_VALUED_RELATIONS``
   (comma-separated names, compared by relation key) — the operator's word is final.
2. The built-in lists below.
3. The nearest listed relation by meaning: if a listed relation's embedding (the same
   relation embedding fuzzy reads use) has cosine ≥ ``RECALLGRAPH_CARDINALITY_TAU`` with this
   one, it inherits that relation's cardinality ("resides at" → like "lives in").
4. Otherwise multi-valued: an unknown relation accumulates, so a guess never closes a fact.
   (Closing is not losing — history keeps every version — but a wrongly closed fact disappears
   from "now" reads, which is the worse error for relations like DocRED's "cast member".)

The default τ = 0.85 was picked on 23 unlisted probe relations
(``experiments/results/relation_similarity/``): 0.87 of them right, as at 0.7, but every error
is on the safe side (a single-valued relation left accumulating); at 0.7–0.8 "travelled to"
inherits "plans to travel to" and would close facts.

This module is pure; the caller supplies the nearest neighbour (see ``hybrid.triple_memory``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from graph.keys import relation_key


class Cardinality(StrEnum):
    SINGLE = "single"
    MULTI = "multi"


DEFAULT_SINGLE_VALUED: tuple[str, ...] = (
    "lives in",
    "resides in",
    "residence",
    "works for",
    "works at",
    "employed by",
    "employer",
    "plans to travel to",
    "plans to move to",
    "will start at",
    "married to",
    "spouse",
    "spouse of",
    "engaged to",
    "dating",
    "born in",
    "place of birth",
    "date of birth",
    "died in",
    "place of death",
    "date of death",
    "age",
    "headquartered in",
    "headquarters location",
    "mother",
    "father",
    "current location",
    "works as",
    "serves as",
    "is seeing",
    "reports to",
    "partner of",
    "studies at",
    "drives",
    "rides",
    "plays for",
)

DEFAULT_MULTI_VALUED: tuple[str, ...] = (
    "likes",
    "loves",
    "enjoys",
    "dislikes",
    "hates",
    "visited",
    "has child",
    "child",
    "parent of",
    "sibling",
    "friend of",
    "knows",
    "owns",
    "speaks",
    "member of",
    "part of",
    "has part",
    "located in",
    "cast member",
    "author",
    "award received",
    "educated at",
    "plays",
    "participant of",
    "is learning",
    "has pet",
)


def split_names(value: str) -> tuple[str, ...]:
    """A comma-separated setting as a tuple of non-empty names."""
    return tuple(part.strip() for part in value.split(",") if part.strip())


CARDINALITY_TAU = 0.85


@dataclass(frozen=True)
class CardinalityRules:
    """The listed relations by key; ``configured`` entries override the built-in ones."""

    single: frozenset[str]
    multi: frozenset[str]
    configured: dict[str, Cardinality]
    tau: float = CARDINALITY_TAU

    @classmethod
    def build(
        cls,
        single_valued: Iterable[str] = (),
        multi_valued: Iterable[str] = (),
        tau: float = CARDINALITY_TAU,
    ) -> CardinalityRules:
        configured = {relation_key(n): Cardinality.SINGLE for n in single_valued}
        for name in multi_valued:
            configured[relation_key(name)] = Cardinality.MULTI
        return cls(
            single=frozenset(relation_key(n) for n in DEFAULT_SINGLE_VALUED),
            multi=frozenset(relation_key(n) for n in DEFAULT_MULTI_VALUED),
            configured=configured,
            tau=tau,
        )

    def listed(self, key: str) -> Cardinality | None:
        """The cardinality a relation key is listed with, or None when it is not listed."""
        if key in self.configured:
            return self.configured[key]
        if key in self.single:
            return Cardinality.SINGLE
        if key in self.multi:
            return Cardinality.MULTI
        return None

    def listed_keys(self) -> list[str]:
        """Every listed key, sorted: the candidates for the nearest-neighbour rule."""
        return sorted(self.single | self.multi | set(self.configured))

    def decide(self, key: str, neighbours: Sequence[tuple[str, float]] = ()) -> Cardinality:
        """Apply the rule; ``neighbours`` are (listed key, cosine) pairs, in any order."""
        listed = self.listed(key)
        if listed is not None:
            return listed
        if key.split()[:1] in (["favourite"], ["favorite"]):
            return Cardinality.SINGLE  # "favourite café": one at a time, whatever the noun
        best = max(neighbours, key=lambda pair: pair[1], default=None)
        if best is not None and best[1] >= self.tau:
            inherited = self.listed(best[0])
            if inherited is not None:
                return inherited
        return Cardinality.MULTI
