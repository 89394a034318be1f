"""Who a question names, and where: the person it asks about is the one it names first.

"Who was Anjali going out with before Darius?" names Anjali and Darius; English puts the subject
before the objects and the clauses that date it, so the first person named is the one asked
about, and the others are values or events ("before Darius"). A person is named by a full name,
a recorded alias ("bex" for Rebecca Mwangi), a first name or surname of a known person (the most
recently mentioned one when several share it), a misspelling of a rare name part, a pet form of
exactly one person's first name ("Roz" of Rosalind), or "I" for the speaker of a chat turn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from extraction.concepts import essential_labels
from extraction.gazetteer import everyday_word
from extraction.name_matching import edit_distance, is_diminutive
from extraction.name_resolution import FIRST_PERSON
from extraction.text import common_word, word_class
from graph.keys import entity_key

_WORD = re.compile(r"[\w'’-]+")
QUESTION_STOPWORDS = frozenset(
    """a an the is are was were be been do does did has have had what which who whom whose
    where when why how of in on at to for with from by and or not no yes it its this that
    these those there their his her he she they them i me my we our you your now currently
    still ever right these days moment at the moment anymore any more than then so just""".split()
)


@dataclass(frozen=True)
class Mention:
    """A person named in a question: who, at which word, and how."""

    name: str
    start: int
    end: int  # exclusive
    how: str  # "name", "alias", "part", "typo", "nickname" or "speaker"


def question_words(text: str) -> list[tuple[str, bool]]:
    """The question's words as name keys compare them (folded, without a possessive 's; a
    hyphenated name is its parts), each with whether it was written capitalised."""
    words: list[tuple[str, bool]] = []
    for word in _WORD.findall(text):
        key = entity_key(word.removesuffix("'s").removesuffix("’s"))
        capitalised = word[:1].isupper()
        words.extend((part, capitalised) for part in (key.split() or [word.casefold()]))
    return words


def _runs(words: Sequence[str], parts: Sequence[str]) -> list[int]:
    """Where ``parts`` occur as consecutive words."""
    n = len(parts)
    return [i for i in range(len(words) - n + 1) if list(words[i : i + n]) == list(parts)]


def people_mentioned(
    question: str,
    people: Sequence[str],
    *,
    speaker: str | None = None,
    aliases: Mapping[str, Sequence[str]] | None = None,
) -> list[Mention]:
    """Every person ``question`` names, in the order it names them. ``people`` come most
    recent first (a shared first name is the one the stream spoke of last); ``aliases`` maps an
    alias key to the names it stands for."""
    written = question_words(question)
    words = [w for w, _ in written]
    taken: set[int] = set()
    found: list[Mention] = []

    def add(name: str, start: int, end: int, how: str) -> None:
        span = set(range(start, end))
        if not span & taken:
            taken.update(span)
            found.append(Mention(name, start, end, how))

    by_length = sorted(people, key=lambda p: -len(entity_key(p).split()))
    for person in by_length:
        parts = entity_key(person).split()
        for i in _runs(words, parts):
            add(person, i, i + len(parts), "name")
    for alias, holders in (aliases or {}).items():
        named = [h for h in holders if h in people] or list(holders)
        if len(set(named)) == 1 and alias:
            parts = alias.split()
            for i in _runs(words, parts):
                add(named[0], i, i + len(parts), "alias")
    multi = [p for p in people if len(entity_key(p).split()) > 1]

    def other(i: int, person: str) -> bool:
        """Whether the next word, capitalised and no part of ``person``'s name, makes the
        question's name another one ("Greta Nilsson" is not Greta Lind)."""
        if i + 1 >= len(words) or not written[i + 1][1]:
            return False
        following = words[i + 1]
        if following in QUESTION_STOPWORDS or word_class(following) is not None:
            return False  # "Where Does Tunde Work?": title case, not a surname
        return following not in entity_key(person).split()

    for i, word in enumerate(words):
        if i in taken:
            continue
        if speaker and word in FIRST_PERSON:
            add(speaker, i, i + 1, "speaker")
            continue
        if word in QUESTION_STOPWORDS or len(word) <= 2:
            continue
        if common_word(word) and not written[i][1]:
            continue  # "university" alone never names "Leiden University"
        holders = [p for p in multi if word in entity_key(p).split() and not other(i, p)]
        if holders:
            add(holders[0], i, i + 1, "part")
            continue
        if len(word) >= 5:
            typos = [
                p
                for p in multi
                for part in entity_key(p).split()
                if len(part) >= 5 and edit_distance(word, part, 1) <= 1 and not other(i, p)
            ]
            if typos:
                add(typos[0], i, i + 1, "typo")
                continue
        firsts = {p: entity_key(p).split()[0] for p in multi}
        pets = [p for p, first in firsts.items() if is_diminutive(word, first)]
        if not written[i][1]:  # "lupe" of Guadalupe; "gala" is no Galadriel
            pets = [p for p in pets if firsts[p].endswith(word) and word_class(word) is None]
        if len(set(pets)) == 1:
            add(pets[0], i, i + 1, "nickname")  # "Roz" of Rosalind Kettering
    return sorted(found, key=lambda m: m.start)


def names_capitalised(
    question: str, people: Sequence[str], aliases: Mapping[str, Sequence[str]] | None = None
) -> str:
    """The question with the names of known people capitalised as written ("when did rachel
    and tyler break up?" → "… Rachel and Tyler …"): a lower-case name is no noun to the tagger,
    so a typed question would lose the very concepts it asks about."""
    mentions = people_mentioned(question, people, aliases=aliases)
    words = [w for w, _ in question_words(question)]
    lone = [m for m in mentions if m.end - m.start == 1]
    everyday = {words[m.start] for m in lone if everyday_word(words[m.start])}  # "the mark"
    named = {w for m in mentions for w in words[m.start : m.end]} - everyday

    def capitalised(found: re.Match[str]) -> str:
        word = found.group()
        key = entity_key(word.removesuffix("'s").removesuffix("’s"))
        return word[:1].upper() + word[1:] if word.islower() and key in named else word

    return _WORD.sub(capitalised, question) if named else question


def question_labels(question: str) -> list[str]:
    """The question's concept labels; when the tagger reads none ("when did pickle die?":
    "pickle" after "did" is a verb to it), those of its words the lexicon does not know."""
    labels = essential_labels(question)
    if labels:
        return labels
    unknown = [  # a name the lexicon does not know ("pickle", "kev"), not "quit" or "break"
        w
        for w in _WORD.findall(question)
        if w.casefold() not in QUESTION_STOPWORDS and word_class(w.casefold()) is None
    ]
    return essential_labels(" ".join(unknown)) if unknown else []


def find_subject(
    question: str,
    people: Sequence[str],
    speaker: str | None = None,
    names: Sequence[str] = (),
    aliases: Mapping[str, Sequence[str]] | None = None,
) -> str | None:
    """The person the question asks about: the first one it names. Other known ``names`` (a
    company, a place) only when it names no person."""
    mentioned = people_mentioned(question, people, speaker=speaker, aliases=aliases)
    if mentioned:
        return _named_by_role(question, mentioned).name
    others = [n for n in names if n not in people]
    found = people_mentioned(question, others) if others else []
    return found[0].name if found else None


_ROLES = frozenset(
    """brother sister son daughter mother mum mom father dad wife husband partner girlfriend
    boyfriend fiance fiancee friend colleague coworker boss manager cousin uncle aunt niece nephew
    grandson granddaughter grandmother grandfather grandma grandpa granny flatmate roommate
    housemate neighbour neighbor sibling kid child twin stepbrother stepsister stepson
    stepdaughter little big older younger elder baby best old new""".split()
)


def _named_by_role(question: str, mentioned: Sequence[Mention]) -> Mention:
    """The first person named, unless the question names them as another's relation: in
    "Where is Aleksi's brother Juho working?" it asks about Juho."""
    first = mentioned[0]
    words = [w for w, _ in question_words(question)]
    for after in mentioned[1:2]:
        between = words[first.end : after.start]
        owner = words[first.end - 1] if first.end else ""
        possessive = re.search(rf"(?<!\w){re.escape(owner)}['’]s\b", question, re.IGNORECASE)
        if between and len(between) <= 3 and set(between) <= _ROLES and possessive:
            return after
    return first
