"""Unrelated statements: the background traffic a memory must see past.

Deterministic from a seed. The cast, places and things are disjoint from the names the
belief-update streams use (see ``RESERVED``), so noise never touches the facts under test.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

NOISE_PEOPLE = (
    "Quentin",
    "Ingrid",
    "Oswald",
    "Petra",
    "Ulrich",
    "Yvonne",
    "Xavier",
    "Wilma",
    "Tobias",
    "Rosalind",
    "Mortimer",
    "Beatrix",
    "Leopold",
    "Gwendolyn",
    "Cornelius",
    "Philippa",
)
NOISE_PLACES = (
    "Reykjavik",
    "Tallinn",
    "Valparaiso",
    "Hobart",
    "Tromso",
    "Winnipeg",
    "Asmara",
    "Cusco",
    "Bergen",
    "Dunedin",
    "Ushuaia",
    "Nuuk",
    "Hanoi",
    "Zanzibar",
    "Galway",
    "Salzburg",
)
NOISE_THINGS = (
    "telescope",
    "harmonica",
    "kayak",
    "greenhouse",
    "typewriter",
    "lantern",
    "compass",
    "microscope",
    "accordion",
    "sailboat",
    "chessboard",
    "hammock",
    "trombone",
    "globe",
)
NOISE_TOPICS = (
    "astronomy",
    "pottery",
    "chess",
    "origami",
    "geology",
    "sculpture",
    "calligraphy",
    "birdwatching",
    "archery",
    "beekeeping",
    "knitting",
    "fencing",
)
TEMPLATES = (
    "{person} repaired an old {thing} in the workshop.",
    "{person} gave a lecture about {topic} in {place}.",
    "The museum in {place} displayed a rare {thing}.",
    "{person} wrote a short article on {topic}.",
    "A storm delayed the ferry to {place} for two hours.",
    "{person} and {other} discussed {topic} over dinner.",
    "The market in {place} sold a {thing} for a good price.",
    "{person} photographed the harbour at {place} at dawn.",
    "The council of {place} funded a new {topic} club.",
    "{person} borrowed a {thing} from {other}.",
    "A festival about {topic} opened in {place}.",
    "{person} painted the {thing} blue.",
)

RESERVED = frozenset(NOISE_PEOPLE + NOISE_PLACES + NOISE_THINGS + NOISE_TOPICS)


def unrelated_statements(
    count: int, seed: int = 0, people: Sequence[str] = NOISE_PEOPLE
) -> Iterator[str]:
    """``count`` varied statements about a background cast, reproducible from ``seed``."""
    rng = random.Random(seed)
    for _ in range(count):
        person, other = rng.sample(people, 2)
        yield rng.choice(TEMPLATES).format(
            person=person,
            other=other,
            place=rng.choice(NOISE_PLACES),
            thing=rng.choice(NOISE_THINGS),
            topic=rng.choice(NOISE_TOPICS),
        )
