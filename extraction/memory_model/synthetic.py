"""RET-LLM-style synthetic training and evaluation data for the memory model, from a seed.

People (generated names) × relations × organisations, places and things, told through paraphrased
templates: single facts, two facts in one sentence, facts about a person named in the preceding
sentence (pronouns), sentences with no fact (an empty write, to teach precision), updates and
negations ("X no longer works for Y", "X cancelled the trip to Y and is going to Z instead"). Reads
cover the six RET-LLM query shapes; answers are taught from memory facts with their intervals and
from RecallM-style chronological sentences. Every example knows its reference (triples, queries,
answer and outdated values) so evaluation needs no model.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from extraction.memory_api import Query, Triple, emit_read, emit_write
from extraction.memory_model import vocabulary as v
from extraction.memory_model.prompts import (
    PromptFact,
    Turn,
    answer_turn,
    fact_lines,
    read_turn,
    sentence_lines,
    write_turn,
)
from extraction.memory_model.templates import (
    BY_NAME,
    NEGATIONS,
    REHIRED,
    RELATIONS,
    UNEMPLOYED,
    UPDATES,
)


@dataclass(frozen=True)
class Example:
    """One training or evaluation example: the turn, the reply to learn, the reference."""

    task: str  # write | read | answer
    kind: str  # finer category, for per-kind metrics
    turn: Turn
    target: str
    triples: tuple[Triple, ...] = ()
    queries: tuple[Query, ...] = ()
    answers: tuple[str, ...] = ()
    outdated: tuple[str, ...] = ()
    meta: dict[str, str] = field(default_factory=dict)


def write_example(kind: str, sentence: str, triples: list[Triple], pretext: str = "") -> Example:
    """A write: the focus sentence (after its pretext) → the MEM_WRITE of ``triples``."""
    return Example(
        "write",
        kind,
        write_turn(sentence, [pretext] if pretext else []),
        emit_write(triples),
        triples=tuple(triples),
        meta={"sentence": sentence, "pretext": pretext},
    )


def read_example(kind: str, question: str, queries: list[Query]) -> Example:
    """A read: the question → the pending MEM_READ of ``queries``."""
    return Example(
        "read",
        kind,
        read_turn(question),
        emit_read(queries),
        queries=tuple(queries),
        meta={"question": question},
    )


class Generator:
    """Draws names and examples from one random stream (same seed, same data)."""

    def __init__(
        self, seed: int, first_names: tuple[str, ...], *, invent_names: bool = False
    ) -> None:
        self.rng = random.Random(seed)
        self.first_names = first_names
        self.invent_names = invent_names

    def person(self) -> tuple[str, str]:
        first = self.rng.choice(self.first_names)
        last = self.rng.choice(v.LAST_NAMES)
        if self.invent_names and self.rng.random() < 0.5:
            first = v.invented_name(self.rng)
        if self.invent_names and self.rng.random() < 0.3:
            last = v.invented_name(self.rng)
        name = first if self.rng.random() < 0.4 else f"{first} {last}"
        return name, self.rng.choice(("his", "her"))

    def value(self, pool: str) -> str:
        rng = self.rng
        if pool == "org":
            stem = rng.choice(v.ORG_STEMS)
            return stem if rng.random() < 0.25 else f"{stem} {rng.choice(v.ORG_SUFFIXES)}"
        if pool == "university":
            return rng.choice(v.UNIVERSITY_FORMS).format(city=rng.choice(v.CITIES))
        if pool == "person":
            return self.person()[0]
        choices = {
            "city": v.CITIES,
            "place": v.CITIES + v.DESTINATIONS,
            "first": self.first_names,
            "thing": v.THINGS,
            "object": v.OBJECTS,
            "food": v.FOODS,
            "club": v.CLUBS,
            "pet": v.PETS,
            "instrument": v.INSTRUMENTS,
        }[pool]
        return rng.choice(choices)

    def pick(self, options: tuple[str, ...]) -> str:
        return self.rng.choice(options)

    # --- writes --------------------------------------------------------------------------------

    def write(self, kind: str, sentence: str, triples: list[Triple], pretext: str = "") -> Example:
        return write_example(kind, sentence, triples, pretext)

    def single_fact(self) -> Example:
        relation = self.rng.choice(RELATIONS)
        s, pr = self.person()
        o = self.value(relation.pool)
        sentence = self.pick(relation.statements).format(s=s, o=o, pr=pr)
        return self.write("single", sentence, [Triple.from_parts(s, relation.name, o)])

    def two_facts(self) -> Example:
        first, second = self.rng.sample([r for r in RELATIONS if r.clauses], 2)
        s, _ = self.person()
        o1, o2 = self.value(first.pool), self.value(second.pool)
        c1 = self.pick(first.clauses).format(o=o1)
        c2 = self.pick(second.clauses).format(o=o2)
        sentence = self.pick(("{s} {c1} and {c2}.", "{s}, who {c1}, {c2}.")).format(
            s=s, c1=c1, c2=c2
        )
        triples = [Triple.from_parts(s, first.name, o1), Triple.from_parts(s, second.name, o2)]
        return self.write("two facts", sentence, triples)

    def pronoun(self) -> Example:
        s, pr = self.person()
        intro = self.single_fact_sentence(s, pr)
        relation = self.rng.choice([r for r in RELATIONS if r.clauses])
        o = self.value(relation.pool)
        subject_pronoun = "He" if pr == "his" else "She"
        sentence = f"{subject_pronoun} {self.pick(relation.clauses).format(o=o)}."
        return self.write("pronoun", sentence, [Triple.from_parts(s, relation.name, o)], intro)

    def single_fact_sentence(self, s: str, pr: str) -> str:
        relation = self.rng.choice(RELATIONS)
        return self.pick(relation.statements).format(s=s, o=self.value(relation.pool), pr=pr)

    def empty(self) -> Example:
        sentence = self.pick(v.GENERIC_SENTENCES)
        pretext = ""
        if self.rng.random() < 0.3:
            s, pr = self.person()
            pretext = self.single_fact_sentence(s, pr)
        return self.write("empty", sentence, [], pretext)

    def negation(self) -> Example:
        s, pr = self.person()
        if self.rng.random() < 0.2:
            sentence = self.pick(UNEMPLOYED).format(s=s, pr=pr)
            return self.write("negation", sentence, [Triple.from_parts(s, "not works for", None)])
        name = self.rng.choice(list(NEGATIONS))
        o = self.value(BY_NAME[name].pool)
        sentence = self.pick(NEGATIONS[name]).format(s=s, o=o, pr=pr)
        return self.write("negation", sentence, [Triple.from_parts(s, f"not {name}", o)])

    def update(self) -> Example:
        s, pr = self.person()
        if self.rng.random() < 0.2:
            o = self.value("org")
            sentence = self.pick(REHIRED).format(s=s, o=o)
            return self.write("update", sentence, [Triple.from_parts(s, "works for", o)])
        name = self.rng.choice(list(UPDATES))
        pool = BY_NAME[name].pool
        a = self.value(pool)
        b = next(x for x in iter(lambda: self.value(pool), None) if x != a)
        sentence = self.pick(UPDATES[name]).format(s=s, pr=pr, a=a, b=b)
        triples = [Triple.from_parts(s, f"not {name}", a), Triple.from_parts(s, name, b)]
        return self.write("update", sentence, triples)

    # --- reads ---------------------------------------------------------------------------------

    def read(self, kind: str, question: str, queries: list[Query]) -> Example:
        return read_example(kind, question, queries)

    def read_example(self) -> Example:
        roll = self.rng.random()
        s, pr = self.person()
        if roll < 0.55:
            relation = self.rng.choice(RELATIONS)
            question = self.pick(relation.questions).format(s=s, pr=pr)
            return self.read("sr", question, [Query(subject=s, relation=relation.name)])
        if roll < 0.75:
            relation = self.rng.choice([r for r in RELATIONS if r.reverse_questions])
            o = self.value(relation.pool)
            question = self.pick(relation.reverse_questions).format(o=o)
            return self.read("ro", question, [Query(relation=relation.name, object=o)])
        if roll < 0.85:
            question = self.pick(("What do you know about {s}?", "Tell me about {s}.")).format(s=s)
            return self.read("s", question, [Query(subject=s)])
        if roll < 0.9:
            o = self.value("org")
            return self.read("o", f"What is known about {o}?", [Query(object=o)])
        if roll < 0.95:
            o, _ = self.person()
            question = self.pick(
                ("How is {s} related to {o}?", "What is the relation between {s} and {o}?")
            ).format(s=s, o=o)
            return self.read("so", question, [Query(subject=s, object=o)])
        other, _ = self.person()
        relation = self.rng.choice([r for r in RELATIONS if r.name in ("works for", "lives in")])
        verb = "work" if relation.name == "works for" else "live"
        return self.read(
            "two queries",
            f"Where do {s} and {other} {verb}?",
            [
                Query(subject=s, relation=relation.name),
                Query(subject=other, relation=relation.name),
            ],
        )

    # --- answers -------------------------------------------------------------------------------

    def answer_example(self) -> Example:
        makers: list[Callable[[], Example]] = [
            self.answer_current,
            self.answer_previous,
            self.answer_order,
            self.answer_single,
            self.answer_unknown,
        ]
        return self.rng.choice(makers)()

    def _evidence(
        self, facts: list[PromptFact], sentences: list[tuple[int, str]]
    ) -> tuple[str, str]:
        """Facts or chronological sentences (half each), with distractors mixed in."""
        s, pr = self.person()
        t = max([f.t_to or f.t_from for f in facts] + [t for t, _ in sentences] + [1])
        if self.rng.random() < 0.5 and facts:
            extra = PromptFact(s, "lives in", self.value("city"), self.rng.randint(1, t), None)
            return "facts", fact_lines([*facts, extra])
        noise = (self.rng.randint(1, t + 5), self.single_fact_sentence(s, pr))
        return "sentences", sentence_lines([*sentences, noise])

    def answer(
        self,
        kind: str,
        question: str,
        evidence: tuple[str, str],
        answer: str,
        answers: list[str],
        outdated: list[str],
    ) -> Example:
        form, text = evidence
        return Example(
            "answer",
            f"{kind}/{form}",
            answer_turn(question, text),
            answer,
            answers=tuple(answers),
            outdated=tuple(outdated),
            meta={"question": question, "evidence": text},
        )

    def _update_story(self) -> tuple[str, str, str, str, str, int, int, list[tuple[int, str]]]:
        name = self.rng.choice(list(UPDATES))
        pool = BY_NAME[name].pool
        s, pr = self.person()
        a = self.value(pool)
        b = next(x for x in iter(lambda: self.value(pool), None) if x != a)
        t1 = self.rng.randint(1, 30)
        t2 = t1 + self.rng.randint(2, 40)
        first = self.pick(BY_NAME[name].statements).format(s=s, o=a, pr=pr)
        later = self.pick(UPDATES[name]).format(s=s, pr=pr, a=a, b=b)
        return name, s, pr, a, b, t1, t2, [(t1, first), (t2, later)]

    def answer_current(self) -> Example:
        name, s, pr, a, b, t1, t2, sentences = self._update_story()
        facts = [PromptFact(s, name, a, t1, t2), PromptFact(s, name, b, t2, None)]
        relation = BY_NAME[name]
        question = self.pick(relation.questions).format(s=s, pr=pr)
        return self.answer(
            "current",
            question,
            self._evidence(facts, sentences),
            relation.answer.format(s=s, o=b),
            [b],
            [a],
        )

    def answer_previous(self) -> Example:
        name, s, pr, a, b, t1, t2, sentences = self._update_story()
        facts = [PromptFact(s, name, a, t1, t2), PromptFact(s, name, b, t2, None)]
        question = {
            "plans to travel to": "Where did {s} plan to go on vacation before changing plans?",
            "lives in": "Where did {s} live before moving?",
            "works for": "Where did {s} work before {pr} current job?",
        }[name].format(s=s, pr=pr)
        past = {
            "plans to travel to": "{s} planned to go to {o} before.",
            "lives in": "{s} lived in {o} before.",
            "works for": "{s} worked for {o} before.",
        }[name].format(s=s, o=a)
        return self.answer("previous", question, self._evidence(facts, sentences), past, [a], [b])

    def answer_order(self) -> Example:
        s, _ = self.person()
        meals = self.rng.sample(v.FOODS, 3)
        times = sorted(self.rng.sample(range(1, 60), 3))
        facts = [PromptFact(s, "ate", m, t, None) for m, t in zip(meals, times, strict=True)]
        sentences = [(t, f"{s} just ate a {m}.") for m, t in zip(meals, times, strict=True)]
        question = f"What was the last thing {s} ate before the {meals[2]}?"
        answer = f"{s} ate a {meals[1]} before the {meals[2]}."
        return self.answer(
            "order", question, self._evidence(facts, sentences), answer, [meals[1]], [meals[0]]
        )

    def answer_single(self) -> Example:
        relation = self.rng.choice(RELATIONS)
        s, pr = self.person()
        o = self.value(relation.pool)
        t = self.rng.randint(1, 80)
        sentence = self.pick(relation.statements).format(s=s, o=o, pr=pr)
        question = self.pick(relation.questions).format(s=s, pr=pr)
        evidence = self._evidence([PromptFact(s, relation.name, o, t, None)], [(t, sentence)])
        return self.answer("single", question, evidence, relation.answer.format(s=s, o=o), [o], [])

    def answer_unknown(self) -> Example:
        asked = self.rng.choice(RELATIONS)
        s, pr = self.person()
        question = self.pick(asked.questions).format(s=s, pr=pr)
        evidence = ("none", "")
        if self.rng.random() < 0.5:
            other, other_pr = self.person()
            t = self.rng.randint(1, 50)
            evidence = (
                "sentences",
                sentence_lines([(t, self.single_fact_sentence(other, other_pr))]),
            )
        return self.answer("unknown", question, evidence, "I don't know.", ["don't know"], [])


WRITE_MIX = (
    ("single", 0.34),
    ("two facts", 0.14),
    ("pronoun", 0.12),
    ("empty", 0.14),
    ("negation", 0.13),
    ("update", 0.13),
)


def build(
    seed: int, writes: int, reads: int, answers: int, *, held_out: bool = False
) -> list[Example]:
    """A reproducible mix; ``held_out`` draws first names the training split never sees.

    Training also invents names from syllables for half of its people: a small model otherwise
    learns the list of names instead of copying the name it reads ("Edith" came back "Ethel").
    """
    gen = Generator(seed, v.EVAL_FIRST if held_out else v.TRAIN_FIRST, invent_names=not held_out)
    makers = {
        "single": gen.single_fact,
        "two facts": gen.two_facts,
        "pronoun": gen.pronoun,
        "empty": gen.empty,
        "negation": gen.negation,
        "update": gen.update,
    }
    kinds = gen.rng.choices([k for k, _ in WRITE_MIX], [w for _, w in WRITE_MIX], k=writes)
    examples = [makers[kind]() for kind in kinds]
    examples += [gen.read_example() for _ in range(reads)]
    examples += [gen.answer_example() for _ in range(answers)]
    return examples
