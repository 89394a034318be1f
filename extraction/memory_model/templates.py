"""The sentence templates of the synthetic memory data: per relation, how a fact is stated, the
clause that states it after a subject, the questions that ask for it and the sentence that answers
them; negations and updates. Shared by the training data and the evaluation."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Relation:
    name: str
    pool: str
    statements: tuple[str, ...]
    clauses: tuple[str, ...]  # without the subject, for two-fact sentences and pronouns
    questions: tuple[str, ...]  # about the subject: ⟨s, r⟩ reads
    answer: str  # the sentence that states the fact
    reverse_questions: tuple[str, ...] = ()  # about the object: ⟨r, o⟩ reads


RELATIONS: tuple[Relation, ...] = (
    Relation(
        "works for",
        "org",
        (
            "{s} works for {o}.",
            "{s} works at {o}.",
            "{s} is employed by {o}.",
            "{s} has a job at {o}.",
            "{s} got a job at {o}.",
            "{s} joined {o} as an engineer.",
            "{s} started working at {o} last month.",
        ),
        ("works for {o}", "works at {o}", "is employed by {o}"),
        (
            "Where does {s} work?",
            "Where does {s} work now?",
            "Who employs {s}?",
            "Which company does {s} work for?",
        ),
        "{s} works for {o}.",
        ("Who works for {o}?", "Who is employed by {o}?"),
    ),
    Relation(
        "manages",
        "org",
        ("{s} is the manager of {o}.", "{s} manages {o}."),
        ("manages {o}",),
        ("What does {s} manage?",),
        "{s} manages {o}.",
        ("Who manages {o}?",),
    ),
    Relation(
        "invested in",
        "org",
        ("{s} invested in {o}.", "{s} is an investor in {o}.", "{s} put money into {o}."),
        ("invested in {o}",),
        ("Which companies did {s} invest in?",),
        "{s} invested in {o}.",
        ("Who invested in {o}?",),
    ),
    Relation(
        "founded",
        "org",
        ("{s} founded {o}.", "{s} is the founder of {o}.", "{s} started the company {o}."),
        ("founded {o}",),
        ("Which company did {s} found?",),
        "{s} founded {o}.",
        ("Who founded {o}?",),
    ),
    Relation(
        "customer of",
        "org",
        ("{s} is a customer of {o}.", "{s} buys from {o}."),
        ("is a customer of {o}",),
        ("Which company is {s} a customer of?",),
        "{s} is a customer of {o}.",
        ("Who is a customer of {o}?",),
    ),
    Relation(
        "lives in",
        "city",
        ("{s} lives in {o}.", "{s} resides in {o}.", "{s} moved to {o}.", "{s} has a home in {o}."),
        ("lives in {o}",),
        ("Where does {s} live?", "Which city does {s} live in now?", "Where does {s} live now?"),
        "{s} lives in {o}.",
        ("Who lives in {o}?",),
    ),
    Relation(
        "plans to travel to",
        "place",
        (
            "{s} wants to go to {o} for {pr} next vacation.",
            "{s} is planning a trip to {o}.",
            "{s} is looking forward to {pr} vacation in {o}.",
            "{s} is still looking forward to {pr} vacation in {o}.",
            "{s} will travel to {o} next month.",
        ),
        ("is planning a trip to {o}", "wants to go to {o}"),
        (
            "Where does {s} plan on traveling for {pr} next vacation?",
            "Where is {s} going on vacation?",
            "Where does {s} plan to travel?",
        ),
        "{s} plans to travel to {o}.",
    ),
    Relation(
        "married to",
        "person",
        ("{s} is married to {o}.", "{s} married {o}."),
        ("is married to {o}",),
        ("Who is {s} married to?", "Who is {s}'s spouse?"),
        "{s} is married to {o}.",
    ),
    Relation(
        "born in",
        "city",
        ("{s} was born in {o}.", "{s} is originally from {o}."),
        ("was born in {o}",),
        ("Where was {s} born?",),
        "{s} was born in {o}.",
        ("Who was born in {o}?",),
    ),
    Relation(
        "studies at",
        "university",
        ("{s} studies at {o}.", "{s} is a student at {o}.", "{s} enrolled at {o}."),
        ("studies at {o}",),
        ("Where does {s} study?",),
        "{s} studies at {o}.",
        ("Who studies at {o}?",),
    ),
    Relation(
        "likes",
        "thing",
        ("{s} likes {o}.", "{s} loves {o}.", "{s} enjoys {o}."),
        ("likes {o}", "enjoys {o}"),
        ("What does {s} like?",),
        "{s} likes {o}.",
    ),
    Relation(
        "visited",
        "place",
        ("{s} visited {o}.", "{s} went to {o} last year.", "{s} spent a week in {o}."),
        ("visited {o}",),
        ("Which places has {s} visited?",),
        "{s} visited {o}.",
    ),
    Relation(
        "has child",
        "first",
        ("{s} has a son named {o}.", "{s} has a daughter named {o}.", "{s}'s child is {o}."),
        ("has a son named {o}", "has a daughter named {o}"),
        ("Who are {s}'s children?",),
        "{s} has a child named {o}.",
    ),
    Relation(
        "owns",
        "object",
        ("{s} owns a {o}.", "{s} bought a {o}.", "{s} has a {o}."),
        ("owns a {o}", "bought a {o}"),
        ("What does {s} own?",),
        "{s} owns a {o}.",
    ),
    Relation(
        "member of",
        "club",
        ("{s} is a member of the {o}.", "{s} belongs to the {o}."),
        ("is a member of the {o}",),
        ("Which club is {s} a member of?",),
        "{s} is a member of the {o}.",
    ),
    Relation(
        "ate",
        "food",
        ("{s} just ate a {o}.", "{s} had a {o} for lunch.", "{s} ate a {o}."),
        ("just ate a {o}",),
        ("What did {s} eat?",),
        "{s} ate a {o}.",
    ),
    Relation(
        "has pet",
        "pet",
        ("{s} has a dog named {o}.", "{s} has a cat named {o}."),
        ("has a dog named {o}",),
        ("What is the name of {s}'s dog?", "What pet does {s} have?"),
        "{s} has a pet named {o}.",
    ),
    Relation(
        "favourite instrument",
        "instrument",
        ("{s}'s favourite instrument is the {o}.", "The {o} is {s}'s favourite instrument."),
        (),
        ("What is {s}'s favourite instrument?",),
        "{s}'s favourite instrument is the {o}.",
    ),
)
BY_NAME = {r.name: r for r in RELATIONS}
NEGATIONS: dict[str, tuple[str, ...]] = {
    "works for": (
        "{s} no longer works for {o}.",
        "{s} quit {pr} job at {o}.",
        "{s} left {o}.",
        "{s} was fired from {o}.",
        "{s} quit {pr} job at {o} after just 2 weeks.",
    ),
    "lives in": ("{s} no longer lives in {o}.", "{s} moved out of {o}."),
    "married to": ("{s} divorced {o}.", "{s} is no longer married to {o}."),
    "owns": ("{s} sold {pr} {o}.",),
    "likes": ("{s} no longer likes {o}.",),
    "plans to travel to": ("{s} cancelled {pr} trip to {o}.",),
    "member of": ("{s} left the {o}.",),
}
UNEMPLOYED = ("{s} is unemployed.", "{s} lost {pr} job.", "{s} is out of work.")
UPDATES: dict[str, tuple[str, ...]] = {
    "plans to travel to": (
        "{s} cancelled {pr} {a} trip, and is now planning on going to {b} instead.",
        "{s} changed {pr} vacation plans from {a} to {b}.",
        "{s} will visit {b} instead of {a}.",
    ),
    "lives in": ("{s} moved from {a} to {b}.",),
    "works for": ("{s} left {a} and joined {b}.", "{s} quit {a} to work for {b}."),
}
REHIRED = ("{s} found a new job at {o} and is no longer unemployed.",)
