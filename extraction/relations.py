"""Canonical relations: one name, one cardinality, for the many ways a statement says the same.

Belief updates work only when two statements about the same thing land on the same relation:
"works as an analyst at Globex" and, later, "found a new job at Initech" must both be
``works for``, or the new job never closes the old one. So every relation phrase, the model's or
a pattern's, is mapped to a canonical relation before it is stored, and the phrase as written
stays on the fact (``surface``).

A phrase is normalised first: lower-cased, determiners, possessives, adjectives and adverbs
dropped ("has finally found a new job at" → "found job at"), an auxiliary *be*/*have* dropped
when another verb follows ("is going out with" → "going out with"), and every word stemmed
(Porter: "moved to" and "moves to" → "move to"). Then, first match wins:

1. an ending pattern of a canonical relation ("… job at", "move to", "go out with");
2. a relation the operator listed (``RECALLGRAPH_SINGLE_VALUED_RELATIONS`` and friends), by key;
3. otherwise the phrase is its own relation, multi-valued unless the cardinality rule decides
   otherwise (``extraction.cardinality``), and never guessed into a wrong one.

The tables hold the relations people's lives change in (home, employer, job, partner, studies,
travel plans, vehicle) and their endings (quitting, moving out, breaking up, cancelling).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from nltk.stem import PorterStemmer

from extraction.cardinality import Cardinality
from extraction.text import tag_words
from graph.keys import fold, relation_key


@dataclass(frozen=True)
class CanonicalRelation:
    name: str
    cardinality: Cardinality
    patterns: tuple[str, ...]  # phrase endings, written as said: "moved to", "got a job at"
    ends: tuple[str, ...] = ()  # phrases that end the relation ("quit", "moved out of")

    @classmethod
    def of(cls, name: str, cardinality: Cardinality, patterns: str, ends: str) -> CanonicalRelation:
        """A relation whose patterns are given as one '|'-separated string each."""
        return cls(name, cardinality, _split(patterns), _split(ends))


def _split(patterns: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in patterns.split("|") if p.strip())


SINGLE, MULTI = Cardinality.SINGLE, Cardinality.MULTI

CANONICAL: tuple[CanonicalRelation, ...] = (
    CanonicalRelation.of(
        "lives in",
        SINGLE,
        "lives in | lives at | lives on | resides in | moved to | moved * to | moved in | "
        "relocated to | relocated * to | is in | settled in | settled down in | based in | "
        "* place in | * flat in | * apartment in | * house in | * home in | * room in | "
        "* cottage in | rents * in | * lease in | * lease on | back in | back to | stays in | "
        "calls * home | emigrated to | immigrated to | resides",
        "moved out of | moved out | moved away from | left town | moved from",
    ),
    CanonicalRelation.of(
        "works for",
        SINGLE,
        "works for | works at | works in | works * for | works * at | employed by | "
        "employed at | employed with | hired by | hired at | joined | starts at | starts with | "
        "started * at | started * with | * job at | * job with | * job for | * position at | "
        "* position with | * role at | * role with | signed with | signed on with | "
        "transferred to | teaches * at | teaches at | interns at | interns with | * shift at | "
        "employee of | employee at | staff at | goes to work for | goes to work at | is + at | "
        "employer | workplace",
        "quit job | left job | leaving job | resigned from | resigned | retired from | "
        "fired from | "
        "laid off from | laid off | let go from | stopped working at | stopped working for | "
        "lost job at | lost job | lose job | unemployed | out of work | jobless",
    ),
    CanonicalRelation.of(
        "works as",
        SINGLE,
        "works as | job as | employed as | hired as | promoted to | trained as | became | "
        "becomes | job title | job | profession | occupation | title",
        "retired | stopped working as",
    ),
    CanonicalRelation.of(
        "serves as",
        SINGLE,
        "serves as | serving as | served as | elected as | re-elected as | office | "
        "committee role | board role",
        "stopped serving as",
    ),
    CanonicalRelation.of(
        "is seeing",
        SINGLE,
        "seeing | dating | going out with | going * out with | * relationship with | "
        "together with | * girlfriend of | * boyfriend of | courting | hooked up with | "
        "fell for | back together with | other half | boyfriend | girlfriend | half",
        "broke up with | split up with | split from | split with | separated from | dumped | "
        "stopped seeing | stopped dating | broke up | split up",
    ),
    CanonicalRelation.of(
        "reports to",
        SINGLE,
        "reports to | reports directly to | reporting to | line manager | manager is | "
        "managed by | works under | manager | boss | supervisor",
        "no longer reports to",
    ),
    CanonicalRelation.of(
        "married to",
        SINGLE,
        "married to | married | wed | husband of | wife of | spouse of | engaged to",
        "divorced | divorced from | widowed",
    ),
    CanonicalRelation.of(
        "plans to travel to",
        SINGLE,
        "plans to travel to | plans to go to | planning * trip to | planning on going to | "
        "plans * going to | wants to go to | wants to travel to | wants to visit | "
        "plans to visit | hopes to visit | hopes to go to | going to * for * vacation | "
        "* trip to | * vacation in | * vacation to | * holiday in | * holiday to | "
        "heading to * for * vacation | booked * to | looking forward to * trip to | "
        "planning + in | planning + to | spending + in | heading to | flights to",
        "cancelled * trip to | cancelled * trip | called off * trip to | called off * trip | "
        "scrapped * trip to | dropped * trip to | cancelled * vacation | called off * vacation | "
        "back from",
    ),
    CanonicalRelation.of(
        "plans to move to",
        SINGLE,
        "plans to move to | plans * move * to | planning to move to | planning * move * to | "
        "going to move * to | wants to move * to | will move * to",
        "",
    ),
    CanonicalRelation.of(  # a job still to begin: "I start at Tsurugi on the 2nd of October"
        "will start at",
        SINGLE,
        "going to join | going to work at | going to work for | going to start at",
        "",
    ),
    CanonicalRelation.of(
        "studies at",
        SINGLE,
        "studies at | enrolled at | enrolled in | student at | attends | * degree at | "
        "* course at | studies * at | started * degree at | * phd at | started * phd at | "
        "* masters at | * doctorate at | * studies at",
        "graduated from | dropped out of | dropped out",
    ),
    CanonicalRelation.of("drives", SINGLE, "drives | * car is", ""),
    CanonicalRelation.of("rides", SINGLE, "rides", ""),
    CanonicalRelation.of(
        "is learning",
        MULTI,
        "learning | taking * lessons | studying | picking up | picked up | taken up | took up | "
        "taking up | signed up for * lessons | signed up for | started * lessons | practising | "
        "practicing",
        "stopped learning",
    ),
    CanonicalRelation.of("plays", MULTI, "plays", "stopped playing | quit playing"),
    CanonicalRelation.of(
        "plays for",
        SINGLE,
        "plays for | playing for | plays * for | signed for | re-signed for | signed * for | "
        "on loan at | on loan to | * loan at | * loan to | turns out for | skating for | "
        "skates for | races for",
        "released by | left * club",
    ),
    CanonicalRelation.of(
        "owns",
        MULTI,
        "owns | bought | buys | purchased | opened | runs | founded | set up | adopted | "
        "has pet | * pet",
        "rehomed",
    ),
    CanonicalRelation.of(
        "coaches", MULTI, "coaches | coaching | coach of | head coach of | manages * team", ""
    ),
    CanonicalRelation.of(
        "likes", MULTI, "likes | loves | enjoys | * fan of | adores", "stopped liking"
    ),
    CanonicalRelation.of("speaks", MULTI, "speaks | * fluent in", ""),
    CanonicalRelation.of("visited", MULTI, "visited | went to | been to | travelled to", ""),
)

_DROPPED_WORDS = frozenset(
    """a an the his her their my our your its this that these those some any
    now still also just finally currently recently already really then again officially
    actually even only soon since ever never always often usually back instead too
    newly eventually apparently probably basically lately presently
    new current first old own latest next previous former other""".split()
)
_BE = frozenset("is am are was were be been being 's 're 'm".split())
_HAVE = frozenset("has have had 've 'd".split())
# A wish is no fact: "wants to live in Europe one day", "would love to work for Studio Ghibli"
# (stems of a normalised phrase); only the plans a wish may make are read through it ("hopes to
# move to Lisbon" is a plan to move).
_WISH = re.compile(r"(?:want|wish|hope|dream|long|yearn|love to|like to)\b")
_MOVE_PLAN, _JOB_PLAN = "plans to move to", "will start at"
_WISHED_PLANS = frozenset({_MOVE_PLAN, "plans to travel to"})
# An employer or a move said with a future auxiliary is a plan ("will join", "'ll be working at",
# "will move to"); the auxiliary is gone once a phrase is normalised, so it is read from the
# words said.
_FUTURE_AUX = re.compile(r"(?i)(?:will|shall|'ll|’ll|is\s+going\s+to|going\s+to)\b")
_AUXILIARY = frozenset("will would shall should can could may might must do does did".split())
_KEEP_ADVERBS = frozenset({"back", "out", "off", "up", "down", "away", "in", "on"})
# Words the tagger may call adjectives that carry a relation's meaning ("found a flat in").
_KEEP_WORDS = frozenset(
    "back allergic fluent flat place home single engaged married unemployed retired".split()
)
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


@lru_cache(maxsize=1)
def _stemmer() -> PorterStemmer:
    return PorterStemmer()


@lru_cache(maxsize=20_000)
def normalise_phrase(phrase: str) -> str:
    """A relation phrase reduced to its stemmed content words (see the module's docstring)."""
    words = _WORD.findall(fold(phrase.replace("'", " '")).replace("-", " "))
    if not words:
        return ""
    tags = [tag for _, tag in tag_words(words)]
    kept: list[str] = []
    for i, (word, tag) in enumerate(zip(words, tags, strict=True)):
        verb_follows = any(t.startswith("VB") for t in tags[i + 1 :])
        if word in _BE or word in _HAVE:
            if verb_follows:
                continue
            word = "is" if word in _BE else "have"
        elif (
            word in _AUXILIARY
            or word == "not"
            or (word in _DROPPED_WORDS and word not in _KEEP_ADVERBS)
        ) or (
            tag in ("JJ", "JJR", "JJS", "PRP$", "DT", "CD")
            and i < len(words) - 1
            and word not in _KEEP_WORDS
        ):
            continue
        kept.append(word)
    return " ".join(_stemmer().stem(w) for w in kept)


def _pattern_regex(pattern: str) -> re.Pattern[str]:
    """An ending pattern as a regex over a normalised phrase followed by a space: '*' is any
    number of words, '+' at least one."""
    pieces = {"*": r"(?:\S+ )*", "+": r"(?:\S+ )+"}
    body = "".join(pieces.get(p, re.escape(_stem_words(p)) + " ") for p in pattern.split())
    return re.compile(r"^(?:\S+ )*" + body + "$")


def literal_words(pattern: str) -> int:
    """How specific a pattern is: its literal words."""
    return sum(1 for p in pattern.split() if p not in ("*", "+"))


def _stem_words(word: str) -> str:
    return _stemmer().stem(word)


@dataclass(frozen=True)
class RelationReading:
    """What a phrase means: the canonical relation (or the phrase itself), whether the phrase
    ends that relation rather than asserting it, and whether the relation is a canonical one."""

    name: str
    cardinality: Cardinality | None  # None: not decided here (the cardinality rule decides)
    ends: bool
    canonical: bool
    surface: str


@dataclass(frozen=True)
class _Pattern:
    relation: CanonicalRelation | None  # None: a generic ending
    ends: bool
    specificity: int
    regex: re.Pattern[str]


@lru_cache(maxsize=1)
def _patterns() -> tuple[_Pattern, ...]:
    found = [
        _Pattern(c, ends, literal_words(p), _pattern_regex(p))
        for c in CANONICAL
        for ends, patterns in ((False, c.patterns), (True, c.ends))
        for p in patterns
    ]
    found += [_Pattern(None, True, literal_words(p), _pattern_regex(p)) for p in GENERIC_ENDS]
    return tuple(found)


CANONICAL_BY_KEY = {relation_key(c.name): c for c in CANONICAL}
ANY_RELATION = "*"
# Endings that name no relation: "left Hollowbrook" ends whatever the subject had with Hollowbrook
# (a job, a home, a club); the writer finds which of the subject's facts holds that value.
GENERIC_ENDS: tuple[str, ...] = _split(
    "left | leaving | quit | stopped | gave up | give up | walked away from | parted ways with | "
    "cut ties with | sold | sells | got rid of | stepped down | stepped down as | "
    "stepped down from | stepping down"
)


# Words that may stand between a subject and "like" when it is the verb ("really like").
_BEFORE_LIKING = frozenset(
    "i you we they really also still do does did just actually genuinely truly quite both all "
    "honestly kinda sorta totally absolutely".split()
)


def _compared(surface: str) -> bool:
    """ "talks like", "looks like", "feels like": "like" after another verb compares; it is
    not liking."""
    words = surface.casefold().split()
    return len(words) >= 2 and words[-1] == "like" and words[-2] not in _BEFORE_LIKING


@lru_cache(maxsize=20_000)
def read_relation(phrase: str) -> RelationReading:
    """The canonical relation a phrase names (first the endings, then the assertions), or the
    phrase itself when it names none."""
    surface = " ".join(phrase.split())
    key = relation_key(surface)
    if key in CANONICAL_BY_KEY:
        known = CANONICAL_BY_KEY[key]
        return RelationReading(known.name, known.cardinality, False, True, surface)
    if _compared(surface):
        return RelationReading(surface, None, False, False, surface)
    normal = normalise_phrase(surface)
    matches = [p for p in _patterns() if p.regex.match(normal + " ")] if normal else []
    if matches:
        # The most specific pattern wins ("go out with" over "start … with"); endings win ties.
        best = max(matches, key=lambda p: (p.specificity, p.ends))
        if best.relation is None:
            return RelationReading(ANY_RELATION, None, True, False, surface)
        relation = best.relation
        moving = relation.name == "lives in" and " move " in f" {normal} "
        if _WISH.match(normal) and relation.name not in _WISHED_PLANS:
            if not moving:  # stored under its own words ("wants to live in"), no home nor job
                return RelationReading(surface, None, False, False, surface)
            relation = CANONICAL_BY_KEY[relation_key(_MOVE_PLAN)]
        elif not best.ends and _FUTURE_AUX.match(surface):
            if relation.name == "works for":
                relation = CANONICAL_BY_KEY[relation_key(_JOB_PLAN)]
            elif moving:
                relation = CANONICAL_BY_KEY[relation_key(_MOVE_PLAN)]
        return RelationReading(relation.name, relation.cardinality, best.ends, True, surface)
    return RelationReading(surface, None, False, False, surface)
