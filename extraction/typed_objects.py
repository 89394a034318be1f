"""Typed objects: read the thing a relation's cue points at, of the kind the relation takes.

A cue ("moved to", "joined", "took up", "sold") says which relation a clause is about; the
words after it say which value, but only a value of the right kind will do: a place for
"lives in", an organisation for "works for", a job title with its modifiers for "works as", a
person for "is seeing", a language, instrument or pastime for "is learning", a vehicle for
"drives", a named animal for a pet. Each reader takes the words after the cue (up to the end of
the clause) and returns the value as the statement writes it, or None when the words hold no
value of its kind. Pure.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence

from extraction.gazetteer import (
    JOB_HEADS,
    VEHICLE_MAKES,
    big_place,
    chat_place,
    everyday_word,
    is_animal,
    is_club,
    is_job_title,
    is_organisation_name,
    is_place,
    is_skill,
    is_vehicle,
    places,
)
from extraction.people import as_name
from extraction.text import word_class
from graph.keys import entity_key

TOKEN = re.compile(r"[^\W_](?:[\w'’&.+-]*[^\W_])?|&|[^\w\s]")
Reader = Callable[[Sequence[str]], str | None]

_DETERMINERS = frozenset(
    """a an the his her their my our your its this that these those some another one two
    three four five""".split()
)
_MODIFIERS = frozenset(
    """new old own first second third next current former latest big small little tiny
    secondhand second-hand used shiny battered rusty red blue green grey gray black white
    silver yellow orange mint-green electric beat-up lovely proper full-time part-time""".split()
)
_NOT_THIS_JOB = frozenset("same other own whole usual not no never".split())
_JOB_LEADS = frozenset(
    """new first now still officially finally basically actually currently technically
    already also just permanently formally""".split()
)
_ENDS = frozenset(
    """in on at for with as from to by since after before until till over during about
    because while when where which who whom that and but so or then now today tonight
    yesterday tomorrow this next last every each is was are were has have had will would
    can could said says full time part tbh lol though tho too also again anymore any more
    instead still just already there here btw haha""".split()
)
_TIME = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur
    thurs fri sat sun january february march april may june july august september october
    november december jan feb mar apr jun jul aug sep sept oct nov dec weekend week month
    year morning evening night spring summer autumn winter christmas easter""".split()
)
_LINKS = frozenset("of & de del della da di du van von la le der y an na dos das".split())
_MODEL_WORDS = frozenset("estate hatchback saloon convertible van".split())


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def _capitalised(word: str) -> bool:
    """A capitalised word, or a model number such as "3D" (not an ordinal: "2nd")."""
    ordinal = word[:1].isdigit() and word[-2:].casefold() in ("st", "nd", "rd", "th")
    return word[:1].isupper() or (
        word[:1].isdigit() and len(word) > 1 and word[-1:].isalpha() and not ordinal
    )


def _strip(words: Sequence[str]) -> list[str]:
    """Leading determiners and modifiers off."""
    i = 0
    while i < len(words) and (
        words[i].casefold() in _DETERMINERS or words[i].casefold() in _MODIFIERS
    ):
        i += 1
    return list(words[i:])


_ABBREVIATED = frozenset({"St", "Mt", "Ft", "Dr", "Ste"})
_SHOUTED_LINKS = frozenset({"AND", "OR", "BUT", "THEN", "ALSO", "PLUS"})


def proper_run(words: Sequence[str]) -> str | None:
    """The capitalised name the words open with ("University of Leeds", "Harlan & Voss",
    "Fiat 500"), up to a possessive ("Tidewell Energy's office" → "Tidewell Energy"), which a
    name keeps when it owns no word ("at Lakeview Children's this week")."""
    kept: list[str] = []
    for i, word in enumerate(words):
        owner = re.sub(r"['’]s$", "", word)
        if word in _SHOUTED_LINKS:
            break  # "the Logan Square Lions AND a NICU nurse"
        if _capitalised(word) and (kept or word.casefold() not in _TIME):
            if owner != word:
                kept.append(owner if owns_next(words[i + 1 : i + 2]) else word)
                break
            kept.append(word)
        elif word == "." and kept and kept[-1] in _ABBREVIATED and i + 1 < len(words):
            kept[-1] += "."  # "St. Columba Hospital"
        elif (kept and word.isdigit()) or (
            kept and word.casefold() in _LINKS and i + 1 < len(words) and _capitalised(words[i + 1])
        ):
            kept.append(word)
        else:
            break
    return " ".join(kept) or None


def owns_next(following: Sequence[str]) -> bool:
    """Whether a possessive owns the word after it ("Tidewell Energy's office") rather than
    naming a place by its owner ("at St. Brigid's today", "Lakeview Children's.")."""
    if not following or not following[0][:1].isalpha():
        return False
    low = following[0].casefold()
    return low not in _ENDS and low not in _TIME


def lower_run(words: Sequence[str]) -> str | None:
    """The lower-case name a chat writes ("kade coffee", "velo Utrecht", "the OLVG"): words
    that are no everyday English word, and the organisation words after them."""
    kept: list[str] = []
    for word in words:
        low = word.casefold()
        if low in _ENDS or low in _TIME or not word[:1].isalnum():
            break
        if not everyday_word(low) or word[:1].isupper() or (kept and is_organisation_name(low)):
            kept.append(word)
        else:
            break
    return " ".join(kept) or None


def read_name(words: Sequence[str]) -> str | None:
    """A name, capitalised or not, with the organisation words that follow it ("Utrecht
    university")."""
    body = _strip(words)
    name = proper_run(body)
    if name is None:
        return lower_run(body)
    used = len(name.split())
    rest = body[used:]
    if body[used - 1].endswith(("'s", "’s", "'", "’")):
        return name  # "Ostara Health's clinic" is Ostara Health
    for n in (3, 2, 1):  # "Ghent city archive", "Utrecht university", "Cerro Alegre soup kitchen"
        tail = rest[:n]
        lower = len(tail) == n and all(w.islower() and w not in _ENDS for w in tail)
        if lower and is_organisation_name(tail[-1]):
            return f"{name} {' '.join(tail)}"
    return name


def read_person(words: Sequence[str]) -> str | None:
    """A person's name, without the possessive of their home ("moved into Matej's")."""
    name = read_name(words)
    return name.removesuffix("'s").removesuffix("’s") if name else None


def read_place(words: Sequence[str], window: int = 10) -> str | None:
    """The first place within a few words ("a flat in Salford"; "a room in a shared house in
    Bedminster, Bristol" → Bristol, the town after its neighbourhood; "Whitehawk (Brighton)")."""
    for i in range(min(window, len(words))):
        word = words[i]
        if word in (".", ";", "!", "?") or (word.casefold() in ("and", "but") and i > 0):
            return None
        name = proper_run(words[i:]) if _capitalised(word) else None
        after_preposition = i > 0 and words[i - 1].casefold() in ("in", "to", "from", "into")
        lower_place = chat_place(word) or (after_preposition and is_place(word))
        if name is None and word.islower() and lower_place and not everyday_word(word):
            name = word
        if name is None:
            continue
        if is_organisation_name(name) or is_vehicle(name) or (name.isupper() and len(name) > 1):
            return None  # "the AMC": an employer's initials, not a place
        if name.endswith(("'s", "’s")) and not is_place(name):
            return None  # "moved into Matej's": someone's home, not a place's name
        after = list(words[i + len(name.split()) :])
        if after[:1] in ([","], ["("]) and len(after) > 1:
            town = proper_run(after[1:]) or (after[1] if is_place(after[1]) else None)
            if town is not None and places().get(entity_key(town), 0) > places().get(
                entity_key(name), 0
            ):
                return as_name(town)  # "Clifton, Bristol": the town around the district
        return as_name(name)
    return None


LEAD_NOUNS = frozenset("lead head captain coach chair member leader".split())
_UNITS = frozenset("team office department division staff branch unit lab clinic side".split())


def read_org(words: Sequence[str]) -> str | None:
    """An organisation named right after the cue (not a place, a job or a vehicle); past a
    common noun in apposition ("a bakery, Pan de Casa") or a unit of it ("the analytics team
    at Ostara Health")."""
    body = _strip(words)
    for i, word in enumerate(body[:5]):
        if word == "," and i > 0 and all(w.islower() for w in body[:i]):
            named = proper_run(body[i + 1 :])
            if named is not None:
                return named
        if word.casefold() in _UNITS and i + 2 < len(body) and body[i + 1] in ("at", "of"):
            named = proper_run(body[i + 2 :])
            if named is not None:
                return named
        if not word.islower():
            break
    name = read_name(words)
    if name is None or is_vehicle(name) or is_skill(name) or is_job_title(name, listed=True):
        return None
    if _described_as_club(words, name):
        return None  # "joined Balvan, a bouldering gym": a member, not an employee
    if big_place(name) and not is_organisation_name(name):
        return None  # a city; a small town's name may be an employer's too ("Kumo")
    return name


def read_topic(words: Sequence[str]) -> str | None:
    """A subject of study ("data science", "law", "library science"): lower-case words up to
    a preposition."""
    kept: list[str] = []
    for word in words[:4]:
        low = word.casefold()
        if low in _ENDS or low in _TIME or not word[:1].isalpha() or word[:1].isupper():
            break
        if low in _DETERMINERS or low in _MODIFIERS:
            if kept:
                break
            continue
        tag = word_class(low)
        if low.endswith(("ing", "ed")) or (tag is not None and tag.startswith(("VB", "PRP"))):
            return None  # "finishing her PhD", "started her masters": no subject named
        kept.append(word)
    return " ".join(kept) or None


_NOT_SUBJECTS = frozenset(
    "student students uni university college school course degree row".split()
)


def read_subject_of_study(words: Sequence[str]) -> str | None:
    """The subject in "2nd year Law at Minster": one or two words, written in either case,
    that ``read_topic`` takes for a subject."""
    folded = [w.casefold() for w in words]
    if not folded or len(folded) > 2 or _NOT_SUBJECTS & set(folded):
        return None
    topic = read_topic(folded)
    return topic if topic is not None and len(topic.split()) == len(folded) else None


_CLUB_KINDS = frozenset({"gym", "association"})  # not "a small team building payroll tools"


def _described_as_club(words: Sequence[str], name: str) -> bool:
    """ "Balvan, a bouldering gym in Šiška": the words after a name say it is a club."""
    body = _strip(words)
    rest = body[len(name.split()) :]
    if rest[:1] != [","] or len(rest) < 3 or rest[1].casefold() not in ("a", "an", "the"):
        return False
    kinds = [w.casefold() for w in rest[2:6]]
    return any(is_club(w) or w in _CLUB_KINDS for w in kinds)


def read_club(words: Sequence[str]) -> str | None:
    """A club, league, choir or band joined ("Darius's book club", "the Cardiff roller derby
    league", "Balvan, a bouldering gym")."""
    name = read_name(words)
    if name is None:
        return None
    return name if is_club(name) or _described_as_club(words, name) else None


def read_group(words: Sequence[str]) -> str | None:
    """A band, team or group one plays in: its name ("The Static Gulls"), else its kind ("a
    guitar quartet")."""
    named = read_name(words) if _strip(words)[:1] and _capitalised(_strip(words)[0]) else None
    return named if named is not None else read_topic(words)


def read_job(words: Sequence[str]) -> str | None:
    """A job title with its modifiers ("senior data analyst", "head chef", "3D animator",
    "UX designer"), ending at its head noun."""
    body = [w for w in words]
    while body and body[0].casefold() in _DETERMINERS | _JOB_LEADS:
        body = body[1:]  # "officially a certified pastry teacher"
    if body and body[0].casefold() in _NOT_THIS_JOB:
        return None  # "same team, same manager", "not a baker": no post of theirs
    titled = _titled_job(body) if body and _capitalised(body[0]) else None
    if titled is not None:
        return titled
    kept: list[str] = []
    for word in body[:5]:
        low = word.casefold()
        if low in _ENDS or low in _TIME or not word[:1].isalnum():
            break
        if word[:1].isupper() and not (word.isupper() or word[:1].isdigit()):
            break  # a name, not a job: "Ostara Health"
        tag = word_class(low)
        if tag is not None and tag.startswith("VB") and low not in JOB_HEADS:
            return None  # "'s been made head chef": the verb's frame reads it
        kept.append(word)
    for end in range(len(kept), 0, -1):
        title = " ".join(kept[:end])
        after = body[end].casefold() if end < len(body) else ""
        if is_job_title(title):
            led = kept[end - 1].casefold() in LEAD_NOUNS and after in ("on", "of")
            return None if led else title  # "the lead on X", "captain of Y": another relation
    return None


def _titled_job(words: Sequence[str]) -> str | None:
    """A job title written as a title ("Support Engineer", "Senior Account Executive", "Platform
    Engineering Manager"): capitalised words ending at a listed job noun; not a name ("Ostara
    Health", "Brandon")."""
    run: list[str] = []
    for word in words[:5]:
        if not _capitalised(word) or word.isupper():
            break
        run.append(word)
    following = words[len(run)] if len(run) < len(words) else ""
    if following == "of" and run and is_job_title(run[-1], listed=True):
        field = [w for w in itertools.takewhile(_capitalised, words[len(run) + 1 :][:3])]
        if field and not any(w.isupper() for w in field):
            return " ".join([*run, "of", *field])  # "Head of Support", "Director of Finance"
    if following[:1].isalpha() and following.islower() and following not in _ENDS:
        return None  # "Vet nurse", "3D animator": a sentence's capital, read as words
    for end in range(len(run), 1, -1):  # two words at least: "Pilot", "Baker" are names too
        title = " ".join(run[:end])
        if is_job_title(title, listed=True):
            return title
    return None


def read_skill(words: Sequence[str]) -> str | None:
    """A language, instrument, sport or pastime named within the first words ("Portuguese",
    "Scottish Gaelic", "the oud", "electric guitar", "up the cello" → "cello")."""
    body = list(words[:6])
    stop = next((i for i, w in enumerate(body) if not w[:1].isalnum()), len(body))
    body = body[:stop]
    for start in range(min(4, len(body))):
        for end in range(min(start + 3, len(body)), start, -1):
            phrase = " ".join(body[start:end])
            if is_skill(phrase, exact=True) and body[start].casefold() not in _DETERMINERS:
                return phrase
        if body[start].casefold() not in _DETERMINERS | _MODIFIERS | {"up", "on"}:
            return None  # "stopped coaching the rugby team": no skill after a verb
    return None


def read_vehicle(words: Sequence[str]) -> str | None:
    """A vehicle by make and model ("a battered red Vauxhall Corsa", "Fiat 500"), or a kind of
    vehicle with its modifiers ("an electric cargo bike")."""
    body = list(words[:8])
    stop = next((i for i, w in enumerate(body) if w in (".", ";", "!", "?")), len(body))
    body = body[:stop]
    made = [i for i, w in enumerate(body) if entity_key(w) in VEHICLE_MAKES]
    if made:  # "a new car, a blue Toyota Aygo": the make and model over the kind
        body = body[made[0] :]
    for i, word in enumerate(body):
        two = " ".join(body[i : i + 2]).casefold()
        make = 2 if two in VEHICLE_MAKES else 1 if entity_key(word) in VEHICLE_MAKES else 0
        if make:
            model = [body[i : i + make][0], *body[i + 1 : i + make]]
            for after in body[i + make :]:
                if (_capitalised(after) or after.isdigit()) and after.casefold() not in _ENDS:
                    model.append(after)
                else:
                    break
            return " ".join(model)
        if is_vehicle(word) and not word[:1].isupper():
            start = i
            while start > 0 and body[start - 1].casefold() in _MODIFIERS | {"cargo"}:
                start -= 1
            return " ".join(w for w in body[start : i + 1] if w.casefold() not in _DETERMINERS)
    return None


def read_pet(words: Sequence[str]) -> list[str]:
    """The names of the animals the words introduce: "a grey cat called Pickle", "two rabbits,
    Bean and Sprout", "a boxer called Brutus", "a dog, a kelpie called Reef", "a kitten, named
    her Bramble"."""

    def past_animals(rest: list[str]) -> list[str]:
        while rest and is_animal(rest[0]):  # "a tabby cat called Pip"
            rest = rest[1:]
        return rest

    for i, word in enumerate(words[:6]):
        if not is_animal(word):
            continue
        rest = past_animals(list(words[i + 1 :]))
        if rest[:1] == [","]:
            rest = rest[1:]
            said = [w.casefold() for w in rest[:4]]
            if said[:1] in (["a"], ["an"]) and ({"called", "named"} & set(said[2:])):
                rest = rest[said.index("called" if "called" in said else "named") :]
        if rest[:1] and rest[0].casefold() in ("called", "named"):
            rest = rest[1:]
            if rest[:1] and rest[0].casefold() in ("her", "him", "it", "them"):
                rest = rest[1:]
        names: list[str] = []
        while rest and (_capitalised(rest[0]) or not everyday_word(rest[0])):
            if rest[0] in (".", ",", ";") or rest[0].casefold() in _DETERMINERS:
                break  # ", a real menace": no name follows
            names.append(as_name(rest[0]))
            rest = rest[1:]
            if rest[:1] and rest[0].casefold() == "and":
                rest = rest[1:]
        return names
    return []


_PLACE_RELATIONS = frozenset({"lives in", "plans to move to", "plans to travel to"})


def well_typed(
    relation: str, value: str | None, is_person: Callable[[str], bool], *, listed: bool = False
) -> bool:
    """Whether ``value`` is of the kind ``relation`` takes (a retraction of any value is);
    ``listed``: a job title must end in a listed job noun (not any "-er")."""
    if value is None:
        return True
    if relation in _PLACE_RELATIONS:
        common = value.islower() and everyday_word(value.split()[-1]) and not is_place(value)
        doing = value.islower() and value.endswith("ing") and " " not in value
        return not (
            (doing and not is_place(value))  # "back in reefing" (most "-ing" towns are listed)
            or (value.endswith(("'s", "’s")) and not is_place(value))  # "moved into Matej's"
            or is_person(value)
            or is_organisation_name(value)
            or is_vehicle(value)
            or is_skill(value)
            or common  # "lives in the city with her sons" names no city
        )
    if relation in ("works for", "studies at"):
        place_only = is_place(value) and not is_organisation_name(value)
        common = value.islower() and everyday_word(value) and not is_organisation_name(value)
        return not (
            place_only
            or common  # "joined a competitor" names no employer
            or is_club(value)
            or is_person(value)
            or is_vehicle(value)
            or is_skill(value)
            or is_job_title(value, listed=True)
        )
    if relation in ("is seeing", "married to", "partner of"):
        return is_person(value)
    if relation in ("drives", "rides"):
        return is_vehicle(value)
    if relation == "is learning":
        vague = (
            listed and value.islower() and everyday_word(value.split()[-1]) and not is_skill(value)
        )
        return not (is_person(value) or is_vehicle(value) or is_place(value) or vague)
    if relation == "works as":
        return is_job_title(value, listed=listed) and not is_person(value)
    if relation == "owns":
        common_animal = is_animal(value) and value.islower()  # "a dog": a pet has a name
        head = value.split()[-1]
        common = listed and value.islower() and (everyday_word(head) or is_organisation_name(head))
        return not (is_person(value) or is_place(value) or common_animal or common)
    return True
