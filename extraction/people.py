"""The people a stream has named: their full names, the other names they go by, their gender
where it shows, and who was spoken of last.

A person's story holds together only if every mention finds the same person: "Bex" and
"Rebecca Mwangi", "AC" and "Amaru Condori", "noor" and "Noor Al-Amin", "Quispe" and "Rafael
Quispe". Facts are not the only place people are introduced ("welcome Jonah Feld, Paulo
Teixeira and Bex (Rebecca Mwangi on the forms)" states no fact), so the registry learns from
every statement: a name that looks like a person's (``person_like``), a chat turn's speaker, and
aliases the text declares. Lookups are case-insensitive; a mention that could be several people
goes to the one the stream names clearly more often, else to none. Pure: the caller keeps one
registry per space.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from extraction.common_names import given_name_gender, is_common_name
from extraction.gazetteer import (
    big_place,
    everyday_word,
    is_animal,
    is_job_title,
    is_organisation_name,
    is_place,
    is_skill,
    is_vehicle,
)
from extraction.name_matching import Reason, is_diminutive, other_namesake, surname_initial_of
from extraction.text import common_word
from graph.keys import entity_key

_PARTICLES = frozenset("de del della der van von la le da di du dos das al bin ben ter ten".split())
_NOT_NAME_WORDS = frozenset(
    """valley hill street road bridge river lake bay beach harbour square gardens lady lord
    sir dame heights view point end court house tower centre one two three four five six
    seven eight nine ten eleven twelve twenty thirty forty fifty hundred walk avenue crescent
    terrace drive close place row dr mr mrs ms prof mon tue tues wed thu thur thurs fri sat
    sun
    center north south east west new old saint st mount fort port city town county cup
    marathon league club team trip road class notes news edition update week month year
    monday tuesday wednesday thursday friday saturday sunday january february march april may
    june july august september october november december christmas easter spring summer autumn
    winter dear diary mum mom dad nan gran uncle aunt grade yr term roster email
    congratulations congrats cheers welcome hi hey hello happy thanks thank lol ok yes no btw
    tbh""".split()
)
_SALIENT = 2  # a shared first name goes to the person named at least this many times as often


@dataclass
class Person:
    name: str
    gender: str = ""  # "f", "m" or "" (not known)
    mentions: int = 0
    sure: bool = False  # a listed given name or surname, a speaker, or a declared name


def _cap(word: str) -> str:
    """A lower-case name written as a name ("al-amin" → "Al-Amin"; particles stay small)."""
    if word.casefold() in _PARTICLES:
        return word.casefold()
    return "-".join(p[:1].upper() + p[1:] for p in word.split("-"))


def as_name(text: str) -> str:
    """How a name is stored: as written when capitalised, else each word capitalised."""
    words = text.split()
    if any(w[:1].isupper() for w in words):
        return " ".join(words)
    return " ".join(_cap(w) for w in words)


def person_like(name: str, *, strict: bool = False) -> bool:
    """Whether a name of two to four words looks like a person's: no word is an everyday
    English word (unless it is a listed name), a place, or the head of an organisation's,
    a vehicle's, an animal's or a job's name; and the first word is a given name, or (unless
    ``strict``, as for names a chat writes in lower case) no listed name of anything else."""
    words = name.split()
    core = [w for w in words if w.casefold() not in _PARTICLES]
    if not 2 <= len(core) <= 4 or not words[0][:1].isalpha():
        return False
    if any(not _APOSTROPHE.sub("", w).replace("-", "").isalpha() for w in core):
        return False  # "Didn't", "G3"; "O'Brien" is a name
    after_particle = {
        entity_key(w) for p, w in itertools.pairwise(words) if p.casefold() in _PARTICLES
    }  # "de Wit": a surname, whatever "wit" means
    keys = [entity_key(w) for w in core]
    if any(len(k) < 2 for k in keys):
        return False  # "Mariam T." is a mention, not a name
    plain = [k for k in keys if k not in after_particle]
    if any(k in _NOT_NAME_WORDS or common_word(k) for k in plain):
        return False
    if any(everyday_word(k) and not (given_name_gender(k) or is_common_name(k)) for k in plain):
        return False
    if is_organisation_name(name) or is_vehicle(name) or is_skill(name) or is_animal(name):
        return False
    if is_job_title(name, listed=True):
        return False
    if is_place(name) or (big_place(core[0]) and not is_common_name(core[-1])):
        return False  # "Bristol Flyers"; "Ada Lindqvist" is a person (a listed surname)
    agent = len(core[-1]) > 5 and core[-1].casefold().endswith(("er", "or", "ist"))
    if is_place(core[0]) and given_name_gender(core[0]) is None and agent:
        return False  # "Galway Advertiser", a paper: a city and an agent noun
    if given_name_gender(core[0]) is not None or is_common_name(core[-1]):
        return True
    return any(is_common_name(k) for k in keys) if strict else len(core) == 2


def initials(name: str) -> str:
    """ "AC" of "Amaru Condori"; particles skipped."""
    return "".join(w[0].upper() for w in name.split() if w.casefold() not in _PARTICLES)


def all_initials(name: str) -> set[str]:
    """A name's initials, a hyphenated part counted once or each ("HO" or "HOV" of Harriet
    Omondi-Vale)."""
    return {initials(name), initials(name.replace("-", " "))}


_INITIALS = re.compile(r"^[A-Z]{2,4}$")
_APOSTROPHE = re.compile(r"^[OD]['’](?=[A-Z])")
_NAME_AND_INITIAL = re.compile(r"^([A-Za-z][\w'-]+) ([A-Z])\.?$")


@dataclass
class People:
    """One stream's people (see the module's docstring)."""

    persons: dict[str, Person] = field(default_factory=dict)  # key → person
    aliases: dict[str, set[str]] = field(default_factory=dict)  # alias key → person keys
    recent: list[str] = field(default_factory=list)  # person keys, most recent first
    words: Counter[str] = field(default_factory=Counter)  # lower-case unknown words seen
    speakers: list[str] = field(default_factory=list)  # chat turns' speakers, latest first
    narrator: str | None = None  # who "I" is in a stream without speakers (a diary's writer)
    nicknamed: list[tuple[str, str]] = field(default_factory=list)  # pet form → full, unreported
    handle_named: set[str] = field(default_factory=set)  # person keys known by a handle alone
    handles: dict[str, str] = field(default_factory=dict)  # handle key → its person's own name

    def spoke(self, name: str) -> None:
        """``name`` said the latest chat turn."""
        self.speakers = [name, *(s for s in self.speakers if s != name)][:10]

    def addressee(self, speaker: str) -> str | None:
        """Whom a chat turn by ``speaker`` answers: the latest other speaker ("she" in a reply
        is someone else, the one replied to is "you")."""
        return next((s for s in self.speakers if s != speaker), None)

    def add(self, name: str, gender: str = "", *, sure: bool = False) -> str:
        """Register a person (a full name, or one name such as a chat speaker's) and return
        the name the stream knows them by: a one-word name that is the first name of exactly
        one known person is that person; a full name absorbs a one-word person it begins
        with ("Noor" the speaker, then "noor al-amin")."""
        name = as_name(name)
        key = entity_key(name)
        if not key:
            return name
        if key in self.persons:
            return self.persons[key].name
        labelled = {p.name for k, p in self.persons.items() if surname_initial_of(key, k)}
        if len(labelled) == 1:  # "Cormac H", a chat app's label: the one Cormac H… known
            known = labelled.pop()
            self.alias(name, known)
            return known
        if " " not in key:
            found = self.lookup(name)
            if found is not None:
                return found
        first, last = name.split()[0], name.split()[-1]
        listed = given_name_gender(first) is not None or is_common_name(last)
        self.persons[key] = Person(
            name, gender or (given_name_gender(first) or ""), sure=sure or listed
        )
        if " " in key:
            single = key.split()[0]
            for label in [k for k in self.persons if surname_initial_of(k, key)]:
                self._absorb(label, key)  # "Cormac H" first, then "Cormac Halloran"
            if single in self.persons and " " not in single:
                self._absorb(single, key)
            else:  # "Kev" the speaker, then "Kevin Hartley": the one pet form of his name
                pets = [
                    k
                    for k in self.persons
                    if " " not in k
                    and is_diminutive(k, single)
                    and given_name_gender(k.title()) is None  # "Ann" is not Anna, "Mark" not Markus
                ]
                if len(pets) == 1 and not any(
                    is_diminutive(pets[0], other.split()[0])
                    for other in self.persons
                    if " " in other and other != key
                ):
                    self.nicknamed.append((self.persons[pets[0]].name, name))
                    self._absorb(pets[0], key)
        return name

    def add_handle(self, handle: str) -> str:
        """Register the author of posts signed only by ``handle`` ("bettabrad_92"), named as
        the handle reads ("Bettabrad 92"): the handle's own key, and no first name that another
        person could share ("— Brad" may sign it, and so may another Brad)."""
        name = handle_name(handle)
        key = entity_key(name)
        if not key:
            return name
        if key not in self.persons:
            self.persons[key] = Person(name, sure=True)
            self.handle_named.add(key)
            self.handles[entity_key(handle)] = name
        return self.persons[key].name

    def reveal(self, handle_person: str, full: str) -> str:
        """``handle_person``, known by a handle alone, is ``full`` ("Brad Kowalczyk"): one
        person under the full name, the handle's name an alias of it."""
        name = self.add(full, sure=True)
        old, key = entity_key(handle_person), entity_key(name)
        if old in self.persons and old != key:
            self._absorb(old, key)
        self.handle_named.discard(old)
        return name

    def _absorb(self, single: str, key: str) -> None:
        self.handle_named.discard(single)
        old = self.persons.pop(single)
        self.persons[key].mentions += old.mentions
        self.persons[key].sure = True
        self.persons[key].gender = self.persons[key].gender or old.gender
        self.alias(old.name, self.persons[key].name)
        self.recent = [key if k == single else k for k in self.recent]
        for holders in self.aliases.values():
            if single in holders:
                holders.discard(single)
                holders.add(key)

    def initialled(self, initial: str, surname: str) -> str | None:
        """The one known person whose first name begins with ``initial`` and whose name ends
        with ``surname`` ("A. Tremaine" is Aoife, not Colm Tremaine)."""
        last, first = entity_key(surname), initial.casefold()
        found = {
            p.name
            for key, p in self.persons.items()
            if " " in key and key.endswith(f" {last}") and key.startswith(first)
        }
        return found.pop() if len(found) == 1 else None

    def alias(self, alias: str, name: str, *, full_name: bool = False) -> None:
        """``alias`` ("Bex", "didi", "Quispe") is another name of ``name``; with ``full_name``
        another full name of the same person (a married name), whose person it absorbs too."""
        key, target = entity_key(alias), entity_key(name)
        if not key or key == target:
            return
        if target not in self.persons:
            self.add(name, sure=full_name)
        if key in self.persons and (full_name or " " not in key):
            self._absorb(key, target)
        self.aliases.setdefault(key, set()).add(target)

    def touch(self, name: str) -> None:
        """``name`` was just spoken of."""
        key = entity_key(name)
        if key in self.persons:
            self.persons[key].mentions += 1
            self.recent = [key, *(k for k in self.recent if k != key)][:50]

    def learn_gender(self, name: str, gender: str) -> None:
        person = self.persons.get(entity_key(name))
        if person is not None and not person.gender:
            person.gender = gender

    def gender(self, name: str) -> str:
        person = self.persons.get(entity_key(name))
        return person.gender if person is not None else ""

    def names(self) -> list[str]:
        """Every person's name, most recently spoken of first."""
        recent = [self.persons[k].name for k in self.recent if k in self.persons]
        rest = [p.name for k, p in self.persons.items() if k not in self.recent]
        return recent + rest

    def latest(self, gender: str = "", exclude: Iterable[str] = ()) -> str | None:
        """The person spoken of last whose gender does not contradict ``gender``."""
        skipped = {entity_key(n) for n in exclude}
        candidates = [
            p
            for k in self.recent
            if (p := self.persons.get(k)) is not None
            and k not in skipped
            and (not gender or not p.gender or p.gender == gender)
        ]
        sure = [p for p in candidates if p.sure]
        return (sure or candidates)[0].name if candidates else None

    def is_person(self, name: str) -> bool:
        return self.lookup(name) is not None

    def surely_person(self, name: str) -> bool:
        """A person by a listed name, a speaker or a declaration: a two-word name the stream
        merely capitalised ("Caleta Salud") may be an organisation's."""
        found = self.lookup(name)
        person = self.persons.get(entity_key(found)) if found else None
        return person is not None and person.sure

    def lookup(self, mention: str) -> str | None:
        found = self.find(mention)
        return found[0] if found else None

    def find(self, mention: str, *, lower: bool = False) -> tuple[str, Reason] | None:
        """The known person ``mention`` names and why, by, in order: the full name; an alias;
        initials ("AC"); a first name and initial ("Mariam T."); a first name or surname; a
        nickname that begins a first name or surname ("teix"). None when no one, or no one
        clearly. A ``lower``-case word of a chat is taken only for a first name, an alias or a
        nickname: a surname such as "Park" is an everyday word too often."""
        key = entity_key(mention)
        if not key:
            return None
        if key in self.persons:
            return self.persons[key].name, Reason.KNOWN_ALIAS
        if key in self.aliases:
            return self._one(self.aliases[key], Reason.DECLARED)
        if _INITIALS.match(mention.strip()):
            return self._one(
                (k for k, p in self.persons.items() if mention.strip() in all_initials(p.name)),
                Reason.INITIALS,
            )
        paired = _NAME_AND_INITIAL.match(mention.strip())
        if paired:
            first, letter = entity_key(paired[1]), paired[2].casefold()
            return self._one(
                (
                    k
                    for k in self.persons
                    if len(k.split()) > 1 and k.split()[0] == first and k.split()[-1][0] == letter
                ),
                Reason.FIRST_NAME,
            )
        words = key.split()
        n = len(words)
        if big_place(mention) and given_name_gender(mention) is None:
            return None  # "Bristol" is the city, not the first word of "Bristol Flyers"
        multi = [  # a handle's words name no one alone: "betta" is a fish, not "Bettabrad 92"
            k.split() for k in self.persons if len(k.split()) > n and k not in self.handle_named
        ]
        firsts = [" ".join(k) for k in multi if k[:n] == words]
        if firsts:
            return self._one(firsts, Reason.FIRST_NAME)
        if not lower or n > 1:  # "ji-hoon" of "Kang Ji-hoon"
            rest = [" ".join(k) for k in multi if k[-n:] == words]
            if rest:
                return self._one(rest, Reason.SURNAME)
            inside = [
                " ".join(k) for k in multi if any(k[i : i + n] == words for i in range(len(k)))
            ]
            if inside:
                return self._one(inside, Reason.PART_OF_NAME)
        if n == 1 and len(key) >= 4 - (not lower) and not common_word(key):
            prefixed = [" ".join(k) for k in multi if any(w.startswith(key) for w in k)]
            pets = [" ".join(k) for k in multi if is_diminutive(key, k[0])]  # "Immy", "Roz"
            inside = [  # "Goz" of Ngozi: a nickname from inside a first name no list knows
                " ".join(k)
                for k in multi
                if len(key) >= 3 and key in k[0] and given_name_gender(mention) is None
            ]
            return (
                self._one(prefixed, Reason.NICKNAME)
                or self._one(pets, Reason.NICKNAME)
                or self._one(inside, Reason.NICKNAME)
            )
        return None

    def the_other(self, first: str) -> str | None:
        """ "The other Josie": never the Josie talked to (see ``other_namesake``)."""
        return other_namesake(first, self.names(), self.speakers)

    def _one(self, keys: Iterable[str], reason: Reason) -> tuple[str, Reason] | None:
        """The one person of ``keys``, or the one named clearly most often among them."""
        found = [k for k in dict.fromkeys(keys) if k in self.persons]
        if len(found) == 1:
            return self.persons[found[0]].name, reason
        counts = Counter({k: self.persons[k].mentions for k in found})
        ranked = counts.most_common(2)
        if len(ranked) == 2 and ranked[0][1] >= _SALIENT * max(ranked[1][1], 1):
            return self.persons[ranked[0][0]].name, reason
        return None


def handle_name(handle: str) -> str:
    """A handle as a name reads it: its parts capitalised ("reef_dad_oz" → "Reef Dad Oz",
    "bettabrad_92" → "Bettabrad 92"), under the handle's own key (full stops and apostrophes
    dropped, as keys drop them: "anna.b" → "Annab")."""
    joined = re.sub(r"['’.]", "", handle)
    return " ".join(part[:1].upper() + part[1:] for part in re.split(r"[\W_]+", joined) if part)


def people_from(names: Sequence[str]) -> People:
    """A registry holding ``names`` (most recent first) that look like people's."""
    people = People()
    for name in reversed(names):
        if person_like(name):
            people.add(name)
            people.touch(name)
    return people
