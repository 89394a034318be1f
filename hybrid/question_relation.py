"""Which relation a question asks about, among the canonical relations and the person's own.

Each candidate relation is scored by what the question says of it:

- its cues: words for the relations people's lives change in ("live", "employer", "job title",
  "dating", "trip", "car"), a phrase scoring its length and a set of stems that all occur
  (such as "where … study") a little less;
- the person's stored relations by their own words ("lesson" for ``has lessons on``,
  "carpool" for ``carpools with``);
- the values it names: a question that names one of the person's stored values ("still at
  Lumen Forge?") asks about the relation that value belongs to;
- the kind of thing it asks for: "which hospital", "what grade" name a word the relation's
  values carry ("Lee Valley Hospital", "Grade 5").

The best score wins; ties go to the relation the person has, then to the lexicon's order.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from nltk.stem import PorterStemmer

from extraction.gazetteer import is_job_title, is_place, is_skill, is_vehicle
from graph.keys import entity_key

_WORD = re.compile(r"[\w'’-]+")

# Question words → canonical relation ('|'-separated cues, each a phrase of words).
_CUES: tuple[tuple[str, str], ...] = (
    ("works for", "work for | work at | employer | employed | company | firm | who work | "
                  "where work | working at | working for | job at | workplace | hospital | "
                  "office | hired | boss | where job"),
    ("works as", "job title | title | profession | occupation | do for a living | what does do | "
                 "what do do | position | role | work as | job as | job | career | promoted | "
                 "promotion"),
    ("serves as", "committee | board | chair | chairperson | treasurer | secretary | trustee | "
                  "serve as | serves as | serving as | office | elected | re-elected | role on | "
                  "position on | role in the committee | on the committee | on the board"),
    ("works for", "work | working"),
    ("lives in", "live | living | home | reside | based | move | city | town | flat | house | "
                 "apartment"),
    ("lives with", "who live with | who living with | live with who | flatmate | housemate | "
                   "roommate | move in with | moved in with | share a flat | share a house"),
    ("is seeing", "dating | date | dated | seeing | boyfriend | girlfriend | partner | "
                  "going out | together | relationship | who with | other half"),
    ("married to", "married | husband | wife | spouse | engaged | fiance | fiancee"),
    ("reports to", "manager | boss | report to | reports to | line manager | supervisor"),
    ("plans to travel to", "trip | travel | vacation | holiday | plan to visit | "
                           "planning to visit | plan to go | planning to go | off to | heading"),
    ("will start at", "will start at | will start work | will start working | start work at | "
                      "going to start at | going to start work | going to work for | "
                      "going to work at | will work for | will work at | will join | "
                      "going to join | is joining | new job at"),
    ("studies at", "start university | start uni | start college"),
    ("studies at", "study at | studying at | university | college | enrolled | degree | phd | "
                   "school | where study | attend | uni | masters | course at"),
    ("drives", "drive | driving | car | vehicle"),
    ("rides", "ride | bike | bicycle"),
    ("is learning", "learn | learning | studying | lessons | taken up | picked up | instrument | "
                    "language"),
    ("coaches", "coach | coaching"),
    ("plays", "play | playing"),
    ("plays for", "play for | plays for | playing for | turn out for | club | on loan | "
                  "on the books | signed for | signed with"),
    ("has pet", "pet | dog | cat"),
    ("speaks", "speak"),
    ("owns", "own | owns | opened | runs"),
    ("likes", "like | likes | love | enjoy"),
)  # fmt: skip

# Question words that rule a relation out, though its own cues are there: one plays for a club,
# plays the violin; "where" asks for no game or instrument.
_RULED_OUT_BY: tuple[tuple[str, str], ...] = (
    ("plays", "play for | turn out for | where"),
)  # fmt: skip

# A question about what is to come asks for the plan of its relation.
_AHEAD = re.compile(r"\b(?:will|going\s+to|gonna|about\s+to|due\s+to)\b|['’]ll\b", re.I)
_STILL = re.compile(r"\bstill\b", re.I)  # "will she still work there?" asks of now
_PLAN_OF = {"will start at": "works for", "plans to move to": "lives in"}

# Words a relation's name shares with every question ("is", "has", "in", "to"): never evidence.
_LIGHT = frozenset(
    """a an the is are was were be been being do does did has have had of in on at to for
    with from by and or not no it its this that there their his her he she they them i me my
    we our you your what which who whom whose where when why how now currently still ever
    right these days moment anymore any more than then so just about tell know will""".split()
)


@lru_cache(maxsize=1)
def _stemmer() -> PorterStemmer:
    return PorterStemmer()


def stems(text: str) -> list[str]:
    return [_stemmer().stem(w) for w in _WORD.findall(text.casefold())]


def content_stems(text: str) -> set[str]:
    return {s for s in stems(text) if s not in LIGHT_STEMS}


def _stemmed_table(table: tuple[tuple[str, str], ...]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Each relation's phrases, stemmed (a relation may have several lines of them)."""
    phrases: dict[str, tuple[tuple[str, ...], ...]] = {}
    for relation, line in table:
        stemmed = tuple(tuple(stems(c)) for c in line.split("|"))
        phrases[relation] = phrases.get(relation, ()) + stemmed
    return phrases


@lru_cache(maxsize=1)
def _cue_stems() -> dict[str, tuple[tuple[str, ...], ...]]:
    return _stemmed_table(_CUES)


@lru_cache(maxsize=1)
def _ruled_out_stems() -> dict[str, tuple[tuple[str, ...], ...]]:
    return _stemmed_table(_RULED_OUT_BY)


def _says(question_stems: Sequence[str], phrase: Sequence[str]) -> bool:
    """Whether the question says the stemmed ``phrase``, its words together and in order."""
    return f" {' '.join(phrase)} " in f" {' '.join(question_stems)} "


def _ruled_out(question_stems: Sequence[str], relation: str) -> bool:
    return any(_says(question_stems, p) for p in _ruled_out_stems().get(relation, ()))


LIGHT_STEMS = frozenset(stems(" ".join(_LIGHT)))
CUED_RELATIONS = tuple(dict.fromkeys(relation for relation, _ in _CUES))


def cue_score(question_stems: Sequence[str], relation: str) -> float:
    """How strongly the question's words cue ``relation``: a cue phrase scores its length, a
    cue whose stems all occur apart scores a little less."""
    words = set(question_stems)
    best = 0.0
    for cue in _cue_stems().get(relation, ()):
        if _says(question_stems, cue):
            best = max(best, float(len(cue)))
        elif set(cue) <= words:
            best = max(best, len(cue) - 0.5)
    return best


def relation_stems(relation: str) -> frozenset[str]:
    """Every stem that speaks of ``relation``: its cues' and its own content words'."""
    cued = {s for cue in _cue_stems().get(relation, ()) for s in cue}
    return frozenset(cued | content_stems(relation))


def relation_words(relation: str) -> frozenset[str]:
    """The stems a sentence about ``relation`` may use: its one-word cues ("job", "employer",
    "flat") and its own content words; a phrase cue ("do for a living") is the question's."""
    single = {cue[0] for cue in _cue_stems().get(relation, ()) if len(cue) == 1}
    return frozenset((single | content_stems(relation)) - LIGHT_STEMS - {"as"})


def cued_relation(question: str) -> str | None:
    """The relation the question's own words cue best, whoever it is about."""
    choices = choose_relations(question, {})
    return choices[0].relation if choices else None


def names_value(text: str, value: str) -> int:
    """How ``text`` names ``value``: 2 by all of its words, 1 by one distinctive word of a
    proper name of several ("Saltmarsh" for "Saltmarsh Brewery", "polo" for "Volkswagen
    Polo"; never "brewer" for "assistant brewer"), else 0."""
    words = entity_key(text).split()
    parts = entity_key(value).split()
    if not parts:
        return 0
    n = len(parts)
    if any(words[i : i + n] == parts for i in range(len(words) - n + 1)):
        return 2
    if n == 1 or not any(w[:1].isupper() for w in value.split()):
        return 0
    distinctive = [p for p in parts if len(p) > 3 and p not in _LIGHT and not p.isdigit()]
    return 1 if any(p in words for p in distinctive) else 0


@dataclass(frozen=True)
class RelationChoice:
    relation: str
    score: float
    named_value: str | None  # the stored value of that relation the question names


def _a_kind_of_value(value: str) -> bool:
    """A value that says which relation it belongs to: a proper name, a job, a skill, a place,
    a vehicle ("still the treasurer?"), not a common noun ("still … the pantry committee?")."""
    return value[:1].isupper() or any(
        kind(value)
        for kind in (lambda v: is_job_title(v, listed=True), is_skill, is_place, is_vehicle)
    )


def choose_relations(
    question: str,
    stored: Mapping[str, Sequence[str]],
    *,
    asks_which: str | None = None,
    values_count: bool = False,
) -> list[RelationChoice]:
    """The relations ``question`` may ask about, best first (none scoring under 1).
    ``stored``: the person's relations, each with every value it has had; ``asks_which``: the
    noun of a "which/what X" question; ``values_count``: whether a value it names points to
    its relation (a yes/no question: "still at Lumen Forge?"), not only dates it."""
    question_stems = stems(question)
    content = set(question_stems) - LIGHT_STEMS
    which = stems(asks_which)[0] if asks_which else None
    scored: dict[str, tuple[float, str | None]] = {}
    for relation in dict.fromkeys([*stored, *CUED_RELATIONS]):
        if _ruled_out(question_stems, relation):
            continue
        score = cue_score(question_stems, relation)
        score += 1.5 * len(content & content_stems(relation))
        values = stored.get(relation, ())
        named = max(values, key=lambda v: names_value(question, v), default=None)
        if named is not None and not names_value(question, named):
            named = None
        if named is not None and values_count and (score > 0 or _a_kind_of_value(named)):
            score += 2.0  # a common noun alone names no relation ("chair of the committee")
        if which and any(which in stems(v) for v in values):
            score += 1.0
        if relation in stored:
            score += 0.25
        scored[relation] = (score, named)
    if _AHEAD.search(question) and not _STILL.search(question):  # "who will she work for?"
        for plan, base in _PLAN_OF.items():  # the plan, where one is known
            if plan in stored and base in scored and scored[base][0] >= 1.0:
                scored[plan] = (max(scored[plan][0], scored[base][0] + 0.5), scored[plan][1])
    ranked = sorted(scored.items(), key=lambda item: -item[1][0])  # stable: ties keep order
    return [
        RelationChoice(relation, round(score, 3), named)
        for relation, (score, named) in ranked
        if score >= 1.0
    ]
