"""Whose a said statement is: the person it speaks of, or someone else.

The readers that find an event among the statements ("when did Imogen start the cello?", "did
she start it before or after …?") must not take Hattie's news for Imogen's. A statement speaks of
a person when its words name them (their given name, or a part of their name no one else of the
space bears: a family shares its surname), or when it is their own chat turn and says "I" or
"we", or opens with no one else's name ("Imogen: Booked flights…"). It names someone else when
it names another known person, or opens with a given name that is not theirs ("Imogen: Hattie
started cello" is Hattie's, though no fact of hers was written). And whom a question asks about.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from extraction.attribution import CALENDAR_WORDS
from extraction.common_names import given_name_gender
from extraction.gazetteer import everyday_word, is_place
from extraction.messages import as_turn
from extraction.name_resolution import speaker, turn_opening
from graph.entities import known_aliases
from graph.facts_read import stream_names
from graph.keys import entity_key
from graph.store import GraphStore
from hybrid.question_people import find_subject

KNOWN_PEOPLE = 2000
FIRST_PERSON = frozenset({"i", "im", "ive", "id", "we"})
POSSESSIVE = re.compile(r"['’]s?$")  # "Imogen's", "Brophys'"
_EDGES = '.,:;!?"“”()'
_KIN_OPENINGS = frozenset({"my", "our", "his", "her", "their"})
_HANDLE_WORD = 4  # the shortest naming word a handle is read by ("@pri.nair": "nair")
_HANDLE_PARTS = re.compile(r"[._\d-]+")


@dataclass(frozen=True)
class People:
    """The words that name the person asked about, and those that name each other person;
    ``full``: every word of the person's name; ``known``: every word of anyone's."""

    person: frozenset[str]
    others: tuple[frozenset[str], ...]
    full: frozenset[str] = frozenset()
    known: frozenset[str] = frozenset()


def with_aliases(words: People, person: str | None, aliases: Mapping[str, Sequence[str]]) -> People:
    """The person's naming words with the aliases only they hold ("User", the transcript's
    user before she gave her name; "Bex"): a statement by or about them under that name is
    theirs."""
    if person is None:
        return words
    own = {
        part
        for alias, holders in aliases.items()
        if list(dict.fromkeys(entity_key(h) for h in holders)) == [entity_key(person)]
        for part in alias.split()
    }
    return replace(words, person=words.person | own) if own else words


def people_words(person: str | None, people: Sequence[str]) -> People:
    """Each person's naming words: the given name, and the parts of the name no one else
    bears."""
    names = list(dict.fromkeys([*([person] if person else []), *people]))
    parts = {name: entity_key(name).split() for name in names}
    counts: dict[str, int] = {}
    for words in parts.values():
        for word in set(words):
            counts[word] = counts.get(word, 0) + 1

    def naming(name: str) -> frozenset[str]:
        words = parts[name]
        return frozenset(words[:1] + [w for w in words[1:] if counts[w] == 1 and len(w) > 2])

    mine = naming(person) if person else frozenset()
    others = tuple(naming(p) for p in names if p != person and not naming(p) <= mine)
    full = frozenset(parts[person]) if person else frozenset()
    return People(mine, others, full, frozenset(counts))


def whose(text: str, people: People) -> tuple[bool, bool]:
    """(speaks of the person, names someone else) for a statement."""
    turn = as_turn(text)
    raw = turn[turn_opening(turn) :].split()
    said = [POSSESSIVE.sub("", w.strip(_EDGES)) for w in raw]
    kept, namesake = _without_namesakes(raw, said, people)
    body = {k for w in kept for k in entity_key(w).split()}
    opening = _opening_name(said)
    first_person = bool(body & FIRST_PERSON)
    who = speaker(turn)
    handled = _handle_owner(who, people)
    speaks = who is not None and (_is_them(entity_key(who).split(), people) or handled is True)
    names_person = bool(body & people.person) or (speaks and (first_person or opening is None))
    another_first = (
        opening is not None and not first_person and entity_key(opening) not in people.person
    )
    own_turn = first_person or opening is None
    by_another = (
        who is not None
        and own_turn
        and not speaks
        and (_names_other(set(entity_key(who).split()), people) or handled is False)
    )
    named_other = namesake or by_another or _names_other(body, people)
    return names_person, another_first or named_other


def _handle_owner(who: str | None, people: People) -> bool | None:
    """Whose a post's handle is, by a naming word that opens or closes one of its parts
    ("@feeneyfeeney" is Marcus Feeney's, "@zeynepk" Zeynep Kaya's, "@okonjo_t" Tom Okonjo's):
    True for the person, False for someone else, None for a handle that names no one, or both.
    A part that is a longer given name is that name ("william" is not Liam, "hannah" not
    Anna)."""
    if who is None or not who.startswith("@"):
        return None
    parts = [p for p in _HANDLE_PARTS.split(who[1:].casefold()) if p]

    def holds(part: str, word: str) -> bool:
        if part == word:
            return True
        around = len(word) >= _HANDLE_WORD and (part.startswith(word) or part.endswith(word))
        return around and given_name_gender(part.title()) is None

    def inside(words: frozenset[str]) -> bool:
        return any(holds(p, w) for w in words for p in parts)

    theirs, another = inside(people.person), any(inside(o) for o in people.others)
    return theirs if theirs != another else None


def _names_other(words: set[str], people: People) -> bool:
    return any(words & other for other in people.others)


def _is_them(name: Sequence[str], people: People) -> bool:
    """A speaker's name is the person's: it bears their naming words, and any surname it has
    is theirs ("Tom Haldane: I quit" is not Tom Okonjo's)."""
    if not set(name) & people.person:
        return False
    return len(name) == 1 or not people.full or set(name[1:]) <= people.full


def _without_namesakes(
    raw: Sequence[str], said: Sequence[str], people: People
) -> tuple[list[str], bool]:
    """The said words without a namesake's given name, and whether there was one: "Tom Haldan
    left" names someone other than Tom Okonjo (his given name runs into a surname that is not
    his: another person's, or one no one bears while he has his own). "Tom O.", "Tom's Rome
    trip", "Thanks Tom. The…", "Tom Monday" and "Imogen Hart" (a family's surname) are theirs."""
    kept, namesake = [], False
    for index, word in enumerate(said):
        following = said[index + 1] if index + 1 < len(said) else ""
        if _runs_into_surname(raw[index], word, following, people):
            namesake = True
            continue
        kept.append(word)
    return kept, namesake


def _runs_into_surname(raw: str, word: str, following: str, people: People) -> bool:
    key, next_key = entity_key(word), entity_key(following)
    if key not in people.person or next_key in people.full:
        return False
    if raw.endswith(("'s", "’s")) or raw.endswith(tuple(_EDGES)):
        return False
    name_like = following[:1].isupper() and following.isalpha() and len(following) > 2
    if (
        not name_like
        or everyday_word(following)
        or next_key in CALENDAR_WORDS
        or is_place(following)
    ):
        return False
    return next_key in people.known or len(people.full) > 1


def _opening_name(words: Sequence[str]) -> str | None:
    """The given name a statement opens with: "Hattie has started…", "my sister Hattie…"."""
    first = [w for w in words if w[:1].isalpha()][:4]
    kin = bool(first) and first[0].casefold() in _KIN_OPENINGS  # "my sister Hattie", "our Leo"
    opening = first[1:] if kin else first[:1]
    return next((w for w in opening if w[:1].isupper() and given_name_gender(w) is not None), None)


@dataclass(frozen=True)
class Asked:
    """The known person a question asks about (None: it names none the space knows), and the
    space's people and their aliases."""

    subject: str | None
    people: list[str]
    aliases: Mapping[str, Sequence[str]]


def asked_words(asked: Asked, person: str | None) -> People:
    """The naming words of ``person``, the question's subject, with the aliases only they hold
    in the space."""
    return with_aliases(people_words(person, asked.people), person, asked.aliases)


def asked_person(store: GraphStore, space: str, question: str) -> Asked:
    people, _ = stream_names(store, space, people=KNOWN_PEOPLE)
    aliases = known_aliases(store, space)
    return Asked(find_subject(question, people, None, (), aliases), people, aliases)


def given_name_in(question: str) -> str | None:
    """The first given name a question says after its first word, for a space that knows no
    people yet (its writer writes no facts)."""
    words = (POSSESSIVE.sub("", w.strip(".,:;!?")) for w in question.split()[1:])
    return next((w for w in words if w[:1].isupper() and given_name_gender(w) is not None), None)
