"""Training writes in other hands than the RET-LLM templates: chat turns, first person, dropped
subjects, aliases, implicit updates, retractions, re-confirmations, relations the vocabulary does
not hold, and small talk that holds no fact.

Why: the first adapter learnt 18 relations from one family of tidy sentences and, on streams
written by other people, stored chat speakers as subjects and guessed Wikidata relations. Here
every person, place and organisation is invented from syllables (the model practises copying
what it reads, never a list), the relations are the canonical ones of ``extraction.relations``
(so that supersession works across phrasings), and a relation outside that vocabulary is written
as its own phrase, never guessed into a known one. Nothing here is drawn from an evaluation set;
``tests/unit/test_ood_separation.py`` checks that no five words in a row are shared.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from extraction.memory_api import Triple
from extraction.memory_model.synthetic import Example, write_example
from extraction.memory_model.vocabulary import invented_name


@dataclass(frozen=True)
class Phrasing:
    """One canonical relation told in everyday words: ``{s}`` subject, ``{o}`` value."""

    relation: str
    value: str  # place | org | job | person | vehicle | skill | sport | thing | pet
    said: tuple[str, ...]  # a whole sentence about {s}
    by_me: tuple[str, ...]  # the speaker's own words: written with the subject "I"


PHRASINGS: tuple[Phrasing, ...] = (
    Phrasing(
        "lives in",
        "place",
        (
            "{s} has been renting a room in {o} since the spring.",
            "{s} has a tiny flat in {o} now.",
            "{s} packed up and relocated to {o}.",
            "{s}'s new address is somewhere in {o}.",
            "{s} is settling in nicely in {o}.",
            "so {s} lives in {o} these days",
        ),
        (
            "I just moved to {o}!",
            "got the keys to my new place in {o} today",
            "we finally settled in {o}",
            "I've been living in {o} for two months now.",
        ),
    ),
    Phrasing(
        "works for",
        "org",
        (
            "{s} took a position with {o}.",
            "{s} is on the payroll at {o} now.",
            "{s} signed a contract with {o} last week.",
            "{s} worked a first shift at {o} on Monday.",
            "{s} has been with {o} for years.",
            "{s} accepted the offer from {o}.",
        ),
        (
            "first day at {o} tomorrow, wish me luck",
            "I got the job at {o}!!",
            "I work at {o}, mostly evenings.",
            "started at {o} this week",
        ),
    ),
    Phrasing(
        "works as",
        "job",
        (
            "{s} now earns a living as a {o}.",
            "{s} retrained as a {o} last year.",
            "{s} got promoted to {o}.",
            "{s} is a {o} by trade.",
        ),
        ("I'm a {o} now, believe it or not", "got promoted to {o} today"),
    ),
    Phrasing(
        "is seeing",
        "person",
        (
            "{s} has been going out with {o} since the summer.",
            "{s} and {o} are an item now.",
            "{s} is dating {o}, apparently.",
            "{s} started seeing {o} a few weeks ago.",
        ),
        ("I'm seeing {o} now, it's early days", "been dating {o} for a month"),
    ),
    Phrasing(
        "reports to",
        "person",
        (
            "{s}'s line manager is {o} now.",
            "{s} reports directly to {o} after the reshuffle.",
            "From Monday {s} reports to {o}.",
        ),
        ("my new manager is {o}", "I report to {o} from next week"),
    ),
    Phrasing(
        "married to",
        "person",
        ("{s} tied the knot with {o} in June.", "{s} got married to {o} at the town hall."),
        ("I married {o} last weekend!",),
    ),
    Phrasing(
        "plans to travel to",
        "place",
        (
            "{s} booked flights to {o} for the holidays.",
            "{s} is planning a week away in {o}.",
            "{s} wants to spend the summer in {o}.",
        ),
        ("booked a long weekend in {o}!", "we're off to {o} in August"),
    ),
    Phrasing(
        "studies at",
        "org",
        ("{s} enrolled at {o} in the autumn.", "{s} is doing a master's at {o}."),
        ("I start my degree at {o} in October",),
    ),
    Phrasing(
        "drives",
        "vehicle",
        ("{s} drives a {o} these days.", "{s} bought a second-hand {o} to get around."),
        ("my car is a {o} now",),
    ),
    Phrasing(
        "rides",
        "vehicle",
        ("{s} cycles everywhere on a {o}.", "{s} rides a {o} to the office."),
        ("I ride a {o} to work",),
    ),
    Phrasing(
        "is learning",
        "skill",
        ("{s} signed up for {o} classes.", "{s} has taken up {o}.", "{s} is learning {o}."),
        ("I've started learning {o}", "took up {o} this winter"),
    ),
    Phrasing(
        "plays",
        "sport",
        ("{s} plays {o} on Thursdays.", "{s} joined a {o} team at the community centre."),
        ("I play {o} twice a week",),
    ),
    Phrasing(
        "owns",
        "pet",
        ("{s} adopted a rescue {o}.", "{s} just got a {o} from the shelter."),
        ("we adopted a {o}!",),
    ),
    Phrasing(
        "likes",
        "thing",
        ("{s} is a huge fan of {o}.", "{s} can't get enough of {o}."),
        ("honestly I love {o}",),
    ),
)
BY_RELATION = {p.relation: p for p in PHRASINGS}

CHANGES: dict[str, tuple[str, ...]] = {
    "lives in": (
        "{s} moved out of {a} and now rents in {b}.",
        "{s} left {a} behind for a house in {b}.",
        "After years in {a}, {s} has relocated to {b}.",
    ),
    "works for": (
        "{s} left {a} and joined {b}.",
        "{s} quit {a}; she works for {b} now.",
        "{s} jumped ship from {a} to {b}.",
    ),
    "is seeing": ("{s} split from {a} and is now dating {b}.",),
    "reports to": ("{s} no longer reports to {a}; {b} is her manager now.",),
    "drives": ("{s} traded the {a} in for a {b}.",),
    "plans to travel to": ("{s} dropped the {a} trip and is heading to {b} instead.",),
}
ENDINGS: dict[str, tuple[str, ...]] = {
    "lives in": ("{s} moved away from {a}.", "{s} doesn't live in {a} any more."),
    "works for": (
        "{s} gave notice at {a}.",
        "{s} was laid off from {a}.",
        "{s} isn't at {a} anymore.",
    ),
    "is seeing": ("{s} and {a} broke up.", "{s} stopped seeing {a}."),
    "plans to travel to": ("{s} scrapped the plan to visit {a}.",),
    "studies at": ("{s} dropped out of {a}.",),
    "is learning": ("{s} gave up on {a}.",),
}
STILL: dict[str, tuple[str, ...]] = {
    "lives in": ("{s} is still in {a}, for now.", "{s} hasn't left {a} after all."),
    "works for": ("{s} is still at {a} after all.", "{s} stayed on at {a}."),
    "is seeing": ("Turns out {s} is still with {a}.", "{s} and {a} are still together."),
}

UNSEEN: tuple[tuple[str, str, str], ...] = (
    ("{s} is allergic to {o}.", "is allergic to", "allergen"),
    ("{s} volunteers at {o} on weekends.", "volunteers at", "org"),
    ("{s} collects {o}.", "collects", "collectable"),
    ("{s} is terrified of {o}.", "is terrified of", "fear"),
    ("{s} carpools with {o} most mornings.", "carpools with", "person"),
    ("{s} mentors {o} at work.", "mentors", "person"),
    ("{s} is saving up for {o}.", "is saving up for", "goal"),
)
SMALL_TALK = (
    "haha no way",
    "Can't wait for the weekend.",
    "ugh, what a day",
    "See you all tomorrow!",
    "That sounds amazing, congrats!",
    "Where did you hear that?",
    "Anyone up for coffee later?",
    "ok ok I'll stop complaining",
    "Does anyone know a good dentist?",
)
ADDRESSED = (
    "{s}, are you coming tonight?",
    "Happy birthday {s}!",
    "Thanks {s}, that helps a lot.",
    "Where is {s} living these days?",
    "Has anyone heard from {s}?",
)
JOBS = (
    "nurse", "welder", "sous chef", "data analyst", "paramedic", "bookkeeper", "plumber",
    "product designer", "lab technician", "court reporter", "translator", "tram driver",
)  # fmt: skip
SKILLS = ("pottery", "the cello", "salsa", "sign language", "woodturning", "sailing", "calligraphy")
SPORTS = ("five-a-side", "badminton", "water polo", "ultimate frisbee", "squash", "netball")
PETS = ("greyhound", "tabby", "cockatiel", "bearded dragon", "lop-eared rabbit", "whippet")
THINGS = ("crime podcasts", "sourdough", "modular synths", "board games", "cold-water swimming")
ORG_KINDS = ("Bakery", "Freight", "Dental", "Architects", "Brewing Co", "Ceramics", "Analytics")
VEHICLE_KINDS = ("e-bike", "hatchback", "camper van", "scooter", "estate car")
ALLERGENS = ("shellfish", "penicillin", "birch pollen", "peanuts", "latex")
COLLECTABLES = ("vinyl records", "old maps", "enamel pins", "fountain pens")
FEARS = ("heights", "deep water", "wasps", "lifts")
GOALS = ("a deposit", "a round-the-world ticket", "a new laptop")
FILLERS = ("", "", "", "btw ", "oh and ", "update: ", "fun fact: ", "news! ")


def _subject_first(phrasing: Phrasing) -> tuple[str, ...]:
    """The sentences that open with their subject, where a pronoun can stand for it."""
    return tuple(t for t in phrasing.said if t.startswith("{s} "))


class StyleGenerator:
    """Writes in other styles, from one random stream (same seed, same data)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, options: tuple[str, ...]) -> str:
        return self.rng.choice(options)

    def full_name(self) -> str:
        return f"{invented_name(self.rng)} {invented_name(self.rng)}"

    def value(self, kind: str) -> str:
        rng = self.rng
        if kind == "place":
            return invented_name(rng)
        if kind == "org":
            name = invented_name(rng)
            return name if rng.random() < 0.4 else f"{name} {rng.choice(ORG_KINDS)}"
        if kind == "person":
            return self.full_name() if rng.random() < 0.7 else invented_name(rng)
        if kind == "vehicle":
            return f"{invented_name(rng)} {rng.choice(VEHICLE_KINDS)}"
        lists = {
            "job": JOBS,
            "skill": SKILLS,
            "sport": SPORTS,
            "pet": PETS,
            "thing": THINGS,
            "allergen": ALLERGENS,
            "collectable": COLLECTABLES,
            "fear": FEARS,
            "goal": GOALS,
        }
        return rng.choice(lists[kind])

    def _values(self, kind: str) -> tuple[str, str]:
        a = self.value(kind)
        b = next(x for x in iter(lambda: self.value(kind), None) if x != a)
        return a, b

    def _styled(self, sentence: str) -> str:
        """Chat habits: a filler word in front, sometimes no full stop."""
        text = f"{self.pick(FILLERS)}{sentence}"
        if self.rng.random() < 0.2:
            text = text.rstrip(".")
        return text

    def write(self, kind: str, sentence: str, triples: list[Triple], pretext: str = "") -> Example:
        return write_example(f"style {kind}", sentence, triples, pretext)

    def said(self) -> Example:
        phrasing = self.rng.choice(PHRASINGS)
        s, o = self.full_name(), self.value(phrasing.value)
        sentence = self._styled(self.pick(phrasing.said).format(s=s, o=o))
        return self.write("said", sentence, [Triple.from_parts(s, phrasing.relation, o)])

    def first_person(self) -> Example:
        """The speaker's own words: the subject is ``I``, resolved to the speaker later."""
        phrasing = self.rng.choice(PHRASINGS)
        o = self.value(phrasing.value)
        sentence = self.pick(phrasing.by_me).format(o=o)
        return self.write("first person", sentence, [Triple.from_parts("I", phrasing.relation, o)])

    def alias(self) -> Example:
        """A first name or surname after the full name was given: write the full name."""
        s = self.full_name()
        first, last = s.split()
        intro = self.pick(("Say hello to {s}, our new neighbour.", "{s} joined the group today."))
        phrasing = self.rng.choice(PHRASINGS)
        o = self.value(phrasing.value)
        short = first if self.rng.random() < 0.7 else last
        sentence = self.pick(phrasing.said).format(s=short, o=o)
        triple = Triple.from_parts(s, phrasing.relation, o)
        return self.write("alias", sentence, [triple], intro.format(s=s))

    def pronoun(self) -> Example:
        s = self.full_name()
        intro = self.pick(("Talked to {s} for ages today.", "{s} dropped by the office."))
        phrasing = self.rng.choice(PHRASINGS)
        o = self.value(phrasing.value)
        template = self.pick(_subject_first(phrasing))
        pronoun = self.pick(("She", "He"))
        sentence = template.format(s=pronoun, o=o)
        triple = Triple.from_parts(s, phrasing.relation, o)
        return self.write("pronoun", sentence, [triple], intro.format(s=s))

    def two_facts(self) -> Example:
        first, second = self.rng.sample(PHRASINGS, 2)
        s = self.full_name()
        o1, o2 = self.value(first.value), self.value(second.value)
        one = self.pick(first.said).format(s=s, o=o1).rstrip(".")
        other = self.pick(_subject_first(second)).format(s="she", o=o2)
        sentence = f"{one}, and {other[0].lower()}{other[1:]}"
        triples = [
            Triple.from_parts(s, first.relation, o1),
            Triple.from_parts(s, second.relation, o2),
        ]
        return self.write("two facts", sentence, triples)

    def change(self) -> Example:
        relation = self.rng.choice(list(CHANGES))
        s = self.full_name()
        a, b = self._values(BY_RELATION[relation].value)
        sentence = self._styled(self.pick(CHANGES[relation]).format(s=s, a=a, b=b))
        triples = [
            Triple.from_parts(s, f"not {relation}", a),
            Triple.from_parts(s, relation, b),
        ]
        return self.write("update", sentence, triples)

    def ending(self) -> Example:
        relation = self.rng.choice(list(ENDINGS))
        s = self.full_name()
        a = self.value(BY_RELATION[relation].value)
        sentence = self._styled(self.pick(ENDINGS[relation]).format(s=s, a=a))
        return self.write("retraction", sentence, [Triple.from_parts(s, f"not {relation}", a)])

    def still(self) -> Example:
        relation = self.rng.choice(list(STILL))
        s = self.full_name()
        a = self.value(BY_RELATION[relation].value)
        sentence = self.pick(STILL[relation]).format(s=s, a=a)
        return self.write("confirmation", sentence, [Triple.from_parts(s, relation, a)])

    def unseen(self) -> Example:
        template, relation, kind = self.rng.choice(UNSEEN)
        s, o = self.full_name(), self.value(kind)
        sentence = self._styled(template.format(s=s, o=o))
        return self.write("unseen relation", sentence, [Triple.from_parts(s, relation, o)])

    def nothing(self) -> Example:
        if self.rng.random() < 0.5:
            return self.write("no fact", self.pick(SMALL_TALK), [])
        return self.write("no fact", self.pick(ADDRESSED).format(s=invented_name(self.rng)), [])


STYLE_MIX = (
    ("said", 0.22),
    ("first person", 0.14),
    ("alias", 0.1),
    ("pronoun", 0.08),
    ("two facts", 0.08),
    ("update", 0.12),
    ("retraction", 0.08),
    ("confirmation", 0.05),
    ("unseen relation", 0.06),
    ("no fact", 0.07),
)


def build(seed: int, writes: int) -> list[Example]:
    """``writes`` examples in the mix above, reproducibly from ``seed``."""
    gen = StyleGenerator(seed)
    makers = {
        "said": gen.said,
        "first person": gen.first_person,
        "alias": gen.alias,
        "pronoun": gen.pronoun,
        "two facts": gen.two_facts,
        "update": gen.change,
        "retraction": gen.ending,
        "confirmation": gen.still,
        "unseen relation": gen.unseen,
        "no fact": gen.nothing,
    }
    kinds = gen.rng.choices([k for k, _ in STYLE_MIX], [w for _, w in STYLE_MIX], k=writes)
    return [makers[kind]() for kind in kinds]
