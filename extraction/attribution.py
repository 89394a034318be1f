"""Who a statement is about, and the statement written out for the writer with its people named.

A fact is only as good as its subject. Chat turns say "i'm still in rotterdam" (the speaker),
"noor" or "bex" (a first name, a nickname, lower case), "AC" (initials), "she" (the stream's
latest woman); the clause reader needs the person's name where the text has these. So, for each
statement, in stream order:

1. ``observe`` learns the people it introduces into the stream's registry
   (``extraction.people``): the chat turn's speaker, names that look like a person's, and the
   aliases the text declares ("Bex (Rebecca Mwangi on the forms)", "didi = dimitra kostas",
   "it's noor al-amin btw", "sanne (de wit, …)"), with the gender its pronouns show;
2. ``attribute`` writes the statement out: first-person words become the speaker's full name
   ("i'm" → "Noor Al-Amin is", "my" → "Noor Al-Amin's"), every mention of a known person their
   full name, a sentence's subject "he"/"she" the latest person of that gender, and a chat's
   lower-case city a capitalised one; it says whom the statement is ``about``.

Pure: the caller keeps the registry, one per space.
"""

from __future__ import annotations

import calendar
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from extraction.common_names import given_name_gender, is_common_name
from extraction.gazetteer import (
    big_place,
    chat_place,
    everyday_word,
    is_animal,
    is_office,
    is_organisation_name,
    is_place,
    is_skill,
    is_title_word,
)
from extraction.name_matching import Reason, Resolution, match_known
from extraction.name_resolution import NOT_SPEAKERS, handle, turn_opening
from extraction.name_resolution import speaker as chat_speaker
from extraction.people import People, as_name, person_like
from extraction.text import split_sentences, word_class
from extraction.time_expressions import MONTH_NAMES
from graph.keys import entity_key

_TOKEN = re.compile(r"[^\W\d_](?:[\w'’-]*\w)?|\d+|[^\w\s]")
_CAPITALISED_NAME = re.compile(
    r"\b[A-Z][\w'’-]*(?:\s+(?:(?:de|van|von|der|den|al|bin|da|dos|del|la|le)\s+)?[A-Z][\w’'-]*)+"
)
_SINGLE_WORD = re.compile(r"\b[A-Z][a-z]+\b(?!['’-]?\s*[A-Z])")
_DECLARED_SELF = re.compile(
    r"\b(?:it'?s|it is|this is|i'?m|i am)\s+([a-z][\w'-]+(?:\s+[a-z][\w'-]+){1,2}?)"
    r"(?=\s*(?:btw|here|by the way|[.,;!)]|$))",
    re.IGNORECASE,
)
_EQUALS = re.compile(r"\b([A-Za-z][\w'-]+)\s*=\s*([A-Za-z][\w'-]+(?:\s+[A-Za-z][\w'-]+){1,2})\b")
_GREETING = r"(?i:hi|hey|oh no|oh|thanks|thank you|ha|haha|yes|no|ok|okay|wow|aw+|congrats)"
_OPENING_ADDRESS = re.compile(  # "Ingrid!! Toronto…", "Oh no, Dev. Eleven…", "Hi Dev! Happy…"
    rf"(?:^|(?<=[.!?]\s))(?P<greeting>{_GREETING}[,!]?\s+)?"
    r"(?:(?P<name>[A-Z][a-z'-]+(?: [A-Z][a-z'-]+)?)!+|(?P<first>[A-Z][a-z'-]+)(?:,(?=\s+[a-z])|\.))"
    r"\s+"  # "Anna, Tom and I…" lists people: the words after an address's comma are lower case
)
_CLOSING_ADDRESS = re.compile(r",\s+(?P<name>[A-Z][a-z'-]+)(?=[.!?]+(?:\s|$))")  # "…, Dev."
_FIRST_PERSON_WORD = re.compile(r"\b(?:I|I'm|I've|my|me)\b")
_FULL_NAME = r"(?P<name>[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){1,2})"
_NAMED_SELF = re.compile(rf"\b(?:[Mm]y name is|I'm|I am|[Cc]all me)\s+{_FULL_NAME}\b")
_ITS_ME = re.compile(  # "it's me um Bronwen obviously", not "it's me, Ollie and I are stuck"
    r"\b[Ii]t['’]s\s+me[,\s]+(?:(?:um+|uh+|er+m?)[,\s]+)?(?P<name>[A-Z][\w’-]+(?: [A-Z][\w’-]+)?)"
    r"(?=\s*(?:[.,!;:]|$|\s(?:here|obviously|again|ha|lol|hi|hiya)\b))"
)
_OWNED_NOTEBOOK = re.compile(  # an owner line: "Property of Imogen Thackeray", "This diary
    # belongs to …" (not "Finished reading Anne Frank's diary")
    r"\b(?:[Pp]roperty of|(?:[Tt]his|[Tt]he) (?:diary|journal|notebook) belongs to)\s+"
    + _FULL_NAME
    + r"\b"
)
_AGED_SELF = re.compile(rf"(?:^|[.:!]\s+){_FULL_NAME},\s*(?:aged\s+)?\d{{1,2}}\s*,")  # "X, 31,"
_FAMILY = re.compile(
    r"(?P<owner>\b[Mm]y|[A-Z][\w'-]+(?: [A-Z][\w'-]+)?(?=['’]s\b))(?:['’]s)?\s+"
    r"(?:(?:little|big|younger|older|baby|twin|kid)\s+)?"
    r"(?:sister|brother|son|daughter|sis|bro)\s+(?P<first>[A-Z][a-z]+)\b(?!\s+[A-Z])"
)
_HANDLE_MENTION = re.compile(r"(?<![\w@])@([\w.]*\w)")
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an)\s$", re.IGNORECASE)
_INITIAL_BEFORE = re.compile(r"(?:^|[,;:(]\s*|[.!?]\s+)([A-HJ-Z])\.\s$")  # not "plan A. Tremaine"
_PARENTHESIS = re.compile(r"\b([A-Za-z][\w'-]+)\s*\(([^()]*)\)")
_NEE = re.compile(  # "Marisa Thornbury (née Quennell)": the surname she was known by before
    rf"{_FULL_NAME}\s*\((?:née|nee)\s+(?P<old>[A-Z][\w'’-]+)\)"
)
_NAME_CHANGE_BRACKET = re.compile(r"^\s*(?:née|nee|born|formerly)\b", re.IGNORECASE)
_NOW_NAMED = re.compile(  # "… and now publishes as Dr Marisa Thornbury", "now goes by …"
    r"\b(?:publishes|goes|writes|is\s+known|performs|trades)\s+(?:as|by|under)\s+"
    r"(?P<new>[A-Z][\w'’.-]*(?: [A-Z][\w'’-]+){1,3})"
)
_LEADING_NAME = re.compile(r"^\s*([A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3})")
_LOWER_PAIR = re.compile(r"(?<![\w'-])(?=([a-z][a-z'-]+) ([a-z][a-z'-]+)(?![\w'-]))")
_FRAGMENTS = re.compile(r"[^.,;:!?()]+")
_INFLECTIONS = ("ing", "ly", "ed", "tion", "ness", "ment", "ous", "ful")
_PARTICLES = frozenset("de van von der den al bin da dos del la le".split())
_FIRST_PERSON = {
    "i'm": "{} is",
    "im": "{} is",
    "i've": "{} has",
    "ive": "{} has",
    "i'll": "{} will",
    "i'd": "{} would",
    "i": "{}",
    "me": "{}",
    "my": "{}'s",
    "myself": "{}",
}
_FIRST_PLURAL = {  # a turn's "we" as its subject: the speaker is one of them ("we moved to Askøy")
    "we": "{}",
    "we're": "{} is",
    "we've": "{} has",
    "we'll": "{} will",
    "we'd": "{} would",
}
_CLAUSE_OPENERS = frozenset("and but so then now also finally officially".split())
_AGREEMENT = {"am": "is", "have": "has", "do": "does", "don't": "doesn't", "was": "was"}
_PLURAL_AGREEMENT = {"are": "is", "have": "has", "were": "was", "do": "does", "don't": "doesn't"}
_THIRD = {"he": "m", "she": "f", "he's": "m", "she's": "f", "he'd": "m", "she'd": "f"}
_POSSESSIVE = {"his": "m", "her": "f"}
_PLACE_CUES = frozenset("in to from near leaving left around outside of".split())
_PARTICIPLES = frozenset(
    """been got gone made left taken seen done had quit put set run come become won lost
    bought sold moved found started joined finished passed signed given kept split broken
    begun booked decided adopted""".split()
)
_REPORTING = frozenset("told tell tells asked texted messaged emailed showed reminded".split())
_ADVERBS = frozenset("also just now still finally already recently really officially".split())
_DROPPED_LEADS = frozenset("officially finally just also now recently really actually".split())
_LIFE_EVENTS = frozenset(  # "moved to Pilsen!!", "got engaged", "started at Kumo today"
    """moved started joined quit left got signed bought sold adopted switched finished passed
    traded swapped
    became landed accepted took married divorced retired graduated relocated transferred
    promoted hired enrolled""".split()
)
_ONGOING = frozenset(  # "mentoring two new grads", "renting a flat from…"
    """working living dating seeing studying learning mentoring renting coaching volunteering
    training teaching managing running driving riding playing starting leaving moving
    joining""".split()
)
_DROPPABLE_OPENINGS = _LIFE_EVENTS | _ONGOING | _DROPPED_LEADS | {"still"}
_DAY = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?"
_MONTH = rf"(?:{MONTH_NAMES})\.?"
_DATE_HEADER = re.compile(  # a diary entry's date: "Sat 1 Feb.", "Wed 1 Jan 2025.", "3 March:"
    rf"\s*(?:{_DAY},?\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}(?:\s+\d{{4}})?\s*[.:—-]\s+",
    re.IGNORECASE,
)
_TIME_WORDS = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march april may
    june july august september october november december today tonight yesterday tomorrow""".split()
)


@dataclass(frozen=True)
class Attributed:
    """A statement as the writer reads it, and whom it is about."""

    text: str
    speaker: str | None = None
    about: list[str] = field(default_factory=list)
    resolutions: list[Resolution] = field(default_factory=list)


def _name_words(chunk: str) -> str:
    """The name a chunk opens with ("Rebecca Mwangi on the forms" → "Rebecca Mwangi")."""
    found = _LEADING_NAME.match(chunk)
    if not found:
        return ""
    kept: list[str] = []
    for word in found[1].split():
        low = word.casefold()
        if low in _PARTICLES:
            kept.append(low)
        elif word[:1].isupper() or not everyday_word(low) or (kept and kept[-1] in _PARTICLES):
            kept.append(word)
        else:
            break
    while kept and kept[-1] in _PARTICLES:
        kept.pop()
    return " ".join(kept)


def _opening_verb(text: str, at: int, word: str) -> bool:
    """A sentence's first word that is a past-tense verb ("Emailed", "Phoned", "Texted")."""
    opens = not text[:at].strip() or text[:at].rstrip()[-1:] in ".!?:;"
    low = word.casefold()
    tag = word_class(low)
    past = tag in ("VBD", "VBN") or (
        tag is None and low.endswith("ed") and given_name_gender(word) is None  # not "Alfred"
    )
    return opens and past


def capitalised_names(text: str) -> Iterator[str]:
    """Runs of capitalised words, split where a possessive ends a name ("Kenji's Taipei trip"
    is Kenji, then Taipei), without a leading title."""
    for match in _CAPITALISED_NAME.finditer(text):
        words: list[str] = []
        run = match[0].split()
        for i, word in enumerate(run):
            owner = re.sub(r"(['’]s|['’])$", "", word)
            if owner == word and is_title_word(word, before_name=i + 1 < len(run)):
                words = []  # "Kilkenny GP Dr Chiamaka Obi", "Solicitor Aoife Keogh"
                continue
            if not words and _opening_verb(text, match.start() + match[0].find(word), word):
                continue  # "Emailed Margaret to say thanks": a verb, then the name
            words.append(owner)
            if owner != word:
                yield " ".join(words)
                words = []
        if words:
            yield " ".join(words)


_PLACE_OR_EMPLOYER = re.compile(
    r"\b(?:at|in|into|from|for|by|joined|joining|left|leaving|quit|visited|@|w/)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


_BY_SOMEONE = re.compile(  # "joined today by Aurelio Sandoval": a person does it
    r"\b(?:joined|accompanied|interviewed|visited|hosted|helped|raised|coached|taught|"
    r"introduced|replaced|succeeded|dumped|followed)\s+(?:\w+\s+)?by\s+$",
    re.IGNORECASE,
)


def _after_preposition(text: str, name: str) -> bool:
    """Whether every mention of ``name`` follows "at", "in", "for", "by" …: where a statement
    puts an employer or a place, not a person it introduces ("employed by Caleta Salud"; but
    "joined today by Aurelio Sandoval" introduces him)."""
    starts = [m.start() for m in re.finditer(re.escape(name), text)]
    return bool(starts) and all(
        _PLACE_OR_EMPLOYER.search(text[:s]) and not _BY_SOMEONE.search(text[:s]) for s in starts
    )


def _shared(people: People, name: str) -> bool:
    """Whether a first name or surname belongs to known people without naming one of them
    ("Sigrun" with Sigrun Solheim and Sigrun Berg known): the memory reports it as ambiguous."""
    key = entity_key(name)
    holders = [n for n in people.names() if key in entity_key(n).split()]
    return bool(holders) and people.lookup(name) is None


CALENDAR_WORDS = frozenset(
    [calendar.month_name[m].casefold() for m in range(1, 13)]
    + [calendar.day_name[d].casefold() for d in range(7)]
)
_CALENDAR_SHORT = frozenset(  # "Sun 2 Mar.": never a nickname of a Marek
    [calendar.month_abbr[m].casefold() for m in range(1, 13)]
    + [calendar.day_abbr[d].casefold() for d in range(7)]
    + ["sept", "tues", "thur", "thurs"]
)
_PEOPLE_NOUNS = frozenset(
    """girlfriend boyfriend partner wife husband fiance fiancé fiancee fiancée sister brother
    mum mom dad mother father son daughter cousin friend colleague coworker neighbour neighbor
    boss manager flatmate roommate housemate aunt uncle niece nephew grandma grandpa gran
    stepmum stepdad bf gf mate""".split()
)
_NAMING = frozenset({"called", "named", "name's", "name’s"})  # "her name's Meenakshi"
_BEFORE_A_SUBJECT = ("CC", "IN", "RB", "WDT", "WP")  # "and Brandon", "when Alice", "so Ana"
_COPULAS = frozenset({"is", "was", "has", "had", "will", "would", "can"})


def _after_people_noun(text: str, name: str) -> bool:
    """ "my boyfriend Wojtek", "her flatmate Goz", "her name's Meenakshi": a capitalised word
    just after a word for a person, or naming one, is a person's name, listed or not."""
    words = text[: text.find(name)].casefold().split()
    kin = bool(words) and words[-1].strip(",") in _PEOPLE_NOUNS
    named = words[-1:] in (["name's"], ["name’s"]) or words[-2:] == ["name", "is"]
    return (kin or named) and not big_place(name)


def _given_name_alone(text: str, name: str) -> bool:
    """Whether one word is a person by first name only, as RecallM-style streams write them
    ("Brandon wants to go to Paris"): a listed given name, no everyday word or organisation,
    not the object of a verb, and, when a city is called so too ("Brandon", "Charlotte"),
    followed by a verb of its own ("Paris is lovely" is the city)."""
    if " " in name or len(name) < 3:
        return False
    if given_name_gender(name) is None and not _after_people_noun(text, name):
        return False  # "Yr 12" is a school year; "my boyfriend Wojtek" is a person
    if name.casefold() in CALENDAR_WORDS:
        return False  # "April", "June", "Sunday"
    if everyday_word(name.casefold()):
        return False
    if is_organisation_name(name):
        return False
    before = text[: text.find(name)].split()[-1:]
    after_a_word = bool(before) and before[0].islower() and before[0][-1:].isalpha()
    kin = after_a_word and before[0].casefold() in _PEOPLE_NOUNS | _NAMING
    if after_a_word and not kin and word_class(before[0]) not in _BEFORE_A_SUBJECT:
        return False  # "is learning Sami": an object may be a language, a pet, a thing
    if not big_place(name):
        return True
    after = text[text.find(name) + len(name) :].split()[:1]
    verb = after[0].casefold().strip(",.;!?") if after else ""
    return verb not in _COPULAS and (word_class(verb) or "").startswith("VB")


def _named_thing(text: str, name: str) -> bool:
    """Whether the name modifies an organisation's noun ("the Cerro Alegre soup kitchen")."""
    after = text[text.find(name) + len(name) :].split()[:2]
    return any(
        is_organisation_name(w) and w.islower() and not (word_class(w) or "").startswith("VB")
        for w in after
    )  # "Esperanza Quiroga works for …": a verb, not the gas works


def _known_or_new(people: People, name: str, resolutions: list[Resolution]) -> str:
    """A person-like name: the known person it misspells, else a new person."""
    known = {entity_key(n): n for n in people.names()}
    key = entity_key(name)
    if key in people.aliases and (aliased := people.lookup(name)) is not None:
        return aliased  # "Marisa Thornbury", her married name
    if any(sorted(k.split()) == sorted(key.split()) and k != key for k in known):
        return name  # "Lindqvist Ada": no one new; the memory's tiers decide whom
    if key not in known:
        found = match_known(name, known)
        if found is not None and found.reason is Reason.SPELLING and found.resolved:
            people.alias(name, found.resolved)
            resolutions.append(found)
            return found.resolved
    return people.add(name)


TRANSCRIPT_USERS = frozenset({"user", "human"})  # "User: …": the user, until they give a name
_USER_ROLE = re.compile(rf"\s*(?i:{'|'.join(sorted(TRANSCRIPT_USERS))})\s*:\s")
_ASSISTANT_ROLE = re.compile(  # not "Claude:", "Gemini:": people are called that too
    r"\s*(?:(?i:assistant|chatgpt)|AI|GPT(?:-[\w.]+)?)\s*(?:\([^()\n]{1,40}\))?\s*:\s"
)


def assistants_turn(text: str) -> bool:
    """Whether ``text`` is an AI assistant's turn of a transcript ("Assistant: …"): it answers
    the user, and what it says of anyone is no one's statement (it restates, or guesses)."""
    return _ASSISTANT_ROLE.match(text) is not None


def turn_speaker(text: str) -> str | None:
    """The speaker of a chat turn, "Noor: …", or of a post ("@zeynepk (Zeynep Kaya): …", or
    "@zeynepk: …" for a handle the stream may know); not a heading such as "Update: …". A
    transcript's "User: …" is the user's post, as a handle's until they give their name."""
    if _USER_ROLE.match(text):
        return "@User"
    said_by = chat_speaker(text)
    if said_by is None or said_by.startswith("@"):
        return said_by
    first = said_by.split()[0]
    if first.casefold() in NOT_SPEAKERS:
        return None  # "Edit: …", though Edit is a name too
    if given_name_gender(first) is not None or first.casefold() in _FAMILY_LABELS:
        return said_by  # "Dad: …" in a family's group chat
    return None if everyday_word(first) or big_place(said_by) else said_by


SIGNATURE = re.compile(
    r"(?:^|\s)[—–]\s*(?P<name>[A-Z][\w'’-]+(?:\s(?:[A-Z][\w'’-]+|\d+))?)"
    r"(?:\s*,\s*(?P<place>[A-Z][\w'’. -]{1,40}?))?\s*[.!]?\s*$"
)
"""A post signed at its foot: "… — Niamh, Belfast", "… – Brad"."""


def signature_name(text: str) -> str | None:
    """The name a post is signed with, if any."""
    signed = SIGNATURE.search(text)
    return signed["name"] if signed else None


_FAMILY_LABELS = frozenset(
    """mum mam mom mommy mummy ma dad daddy da pa papa mama nana nan nanna gran granny grandma
    grandmother grandpa grandad granddad grandfather auntie aunty aunt uncle sis bro""".split()
)


def observe(people: People, text: str) -> tuple[str | None, list[Resolution]]:
    """Learn the people ``text`` introduces; the chat turn's speaker as the stream knows them.
    An assistant's turn introduces no one."""
    resolutions: list[Resolution] = []
    if assistants_turn(text):
        return None, resolutions
    said_by = turn_speaker(text)
    posted_as = handle(text)
    posted = said_by is not None and said_by.startswith("@")
    speaker: str | None
    if said_by is not None and posted:
        speaker = _post_author(people, said_by[1:], text, resolutions) or people.narrator
    else:
        speaker = people.add(said_by, sure=True) if said_by else None
        if speaker is not None and posted_as is not None:
            people.alias(posted_as, speaker)
            _handle_resolved(people, posted_as, speaker, resolutions)
    body = _without_heading(_spoken(people, text, said_by), in_turn=False)  # "Edit 2022-09:"
    if speaker is not None and posted:
        speaker = _revealed_in(people, body, speaker, resolutions)
    if said_by is None:
        declared = _self_introduced(body)
        owner_line = declared is not None and _OWNED_NOTEBOOK.search(body) is not None
        if declared is not None and not (owner_line and people.narrator):
            people.narrator = people.add(declared, sure=True)
        speaker = people.narrator
    _family_named(people, body, speaker)
    for name in capitalised_names(body):
        if (
            not name.isupper()  # "RUN ROZ, THE CELLO…": a sign, not a name
            and person_like(name)
            and not _after_preposition(body, name)
            and not _named_thing(body, name)
        ):
            _known_or_new(people, name, resolutions)
    runs = [m.span() for m in _CAPITALISED_NAME.finditer(body)]
    for match in _SINGLE_WORD.finditer(body):
        name = match[0]
        if (
            not any(start <= match.start() < end for start, end in runs)
            and _given_name_alone(body, name)
            and not _after_preposition(body, name)
            and not _shared(people, name)
        ):
            _known_or_new(people, name, resolutions)
    for match in _DECLARED_SELF.finditer(body):
        name = as_name(match[1])
        first = name.split()[0].casefold()
        if speaker and entity_key(speaker).split()[0] == entity_key(first) and person_like(name):
            people.alias(speaker, name)
            speaker = people.lookup(name)
    for match in _EQUALS.finditer(body):
        alias, name = match[1], as_name(match[2])
        if not everyday_word(alias) and person_like(name):
            people.alias(alias, people.add(name))
            resolutions.append(Resolution(alias, people.lookup(name), Reason.DECLARED))
    for match in _PARENTHESIS.finditer(body):
        _parenthesis(people, match[1], match[2], resolutions)
    _name_changes(people, body, resolutions)
    for chunk in _FRAGMENTS.findall(body):  # "ebru aydin." / "leonor vaz, marine biologist"
        words = chunk.split()
        if 2 <= len(words) <= 3 and chunk.strip().islower():
            first = words[0]
            known = people.find(first, lower=True) is not None or people.words[first] > 0
            inflected = any(w.endswith(_INFLECTIONS) for w in words)
            if (
                (known or given_name_gender(first))
                and not inflected
                and person_like(as_name(chunk.strip()), strict=True)
            ):
                _known_or_new(people, as_name(chunk.strip()), resolutions)
    for _, _, word in _tokens(body):
        if word.islower() and word[:1].isalpha() and not everyday_word(word):
            people.words[word] += 1
    for first, second in _LOWER_PAIR.findall(body):  # "did gaby ruiz tell you …"
        if (
            given_name_gender(first) is not None
            and is_common_name(second)
            and not any(everyday_word(w) or is_place(w) for w in (first, second))
        ):
            _known_or_new(people, as_name(f"{first} {second}"), resolutions)
    for pet, full in people.nicknamed:  # "Kev" the speaker is Kevin Hartley, named since
        resolutions.append(Resolution(pet, full, Reason.NICKNAME))
    people.nicknamed.clear()
    return speaker, resolutions


_REAL_NAME = re.compile(  # "my real name is …", "real name reveal since …: Guadalupe Ortega"
    rf"(?:\b[Mm]y real name(?: is)?|\b[Rr]eal name reveal\b[^.!?:]{{0,60}}?:)\s*{_FULL_NAME}\b"
)
_NAME_HERE = re.compile(rf"(?:^|[.!?]\s+){_FULL_NAME} here\b")  # "Brad Nguyen here, Portland"
_SELF_NAMED = re.compile(  # "I'm Ciaran Moore." (not "I'm Gordon Ramsay in the kitchen")
    rf"\b(?:[Mm]y name is|I'm|I am|[Cc]all me)\s+{_FULL_NAME}(?=\s*(?:[.,;!)]|btw\b|$))"
)
_SIGNS_AS = re.compile(  # "sign it Wren Castellano, not just Wren": the user's own name
    rf"\b[Ss]ign(?:ed)?\s+(?:it|this|them|off)\s+(?:as\s+)?{_FULL_NAME}\b"
)
_HANDLE_GLOSS = re.compile(rf"{_FULL_NAME}\s*\((?:me,\s*)?@?(?P<handle>[a-z0-9_.]*[a-z0-9])\)")
_USERNAME = re.compile(r"[\d_.]")  # "bettabrad_92", "reef_dad_oz": a username, not a word


def _handle_person(people: People, posted: str) -> str | None:
    """The person a handle names when the stream has not said who it is: one of its own for a
    username, or for any label of a stream without a narrator ("shrimpwhisperer: …"); a
    diary's "gratitude: …" is a heading."""
    if _USERNAME.search(posted) or people.narrator is None:
        return people.add_handle(posted) or None
    return None


def _handle_resolved(
    people: People, handle: str, person: str, resolutions: list[Resolution]
) -> None:
    """Report that the posts of ``handle``, which had a person of its own, are ``person``'s:
    the writer merges that person's entity into theirs."""
    own = people.handles.get(entity_key(handle))
    if own is not None and entity_key(own) != entity_key(person):
        _reported(resolutions, Resolution(own, person, Reason.HANDLE))


def _reported(resolutions: list[Resolution], found: Resolution) -> None:
    if found not in resolutions:
        resolutions.append(found)


def _post_author(
    people: People, posted: str, text: str, resolutions: list[Resolution]
) -> str | None:
    """Who wrote a post under ``posted``: whom the stream said the handle is, else a person named
    after the handle (never after a first name another person may share). A signature with a
    full name names them ("— Hamish Tait, Hobart"); a first name alone becomes theirs while no
    one else has it ("— Niamh, Belfast")."""
    author = people.lookup(posted) or _handle_person(people, posted)
    if author is None:
        return None
    signed = signature_name(unquoted(text))
    unnamed = entity_key(author) in people.handle_named
    if signed is not None and " " in signed:
        if person_like(signed) and (unnamed or " " not in author):
            author = people.reveal(author, signed)
            people.alias(posted, author)
    elif signed is not None and unnamed and people.find(signed) is None:
        people.alias(signed, author)
        people.learn_gender(author, given_name_gender(signed) or "")
    _handle_resolved(people, posted, author, resolutions)
    return author


def _glossed_handle(handle: str) -> bool:
    """Whether a word in brackets after a name is a username ("Declan Moore (plecoplease)"),
    not a place, a role or "me"."""
    if _USERNAME.search(handle):
        return True
    return not (everyday_word(handle) or is_place(handle) or word_class(handle) is not None)


def _revealed_in(people: People, body: str, author: str, resolutions: list[Resolution]) -> str:
    """A post's author, once it gives the name behind a handle: the author's own ("real name
    reveal: Guadalupe Ortega", "Brad Nguyen here", "I'm Ciaran Moore.") or anyone's ("Declan
    Moore (plecoplease)", "Niamh Gallagher (me, shrimpwhisperer)"); never in a quoted line."""
    said = unquoted(body)
    for match in _HANDLE_GLOSS.finditer(said):
        holder = people.lookup(match["handle"])
        if not (_glossed_handle(match["handle"]) and person_like(match["name"])):
            continue
        if holder is None:  # a handle that has not posted yet: its posts will be theirs
            people.alias(match["handle"], people.add(match["name"], sure=True))
        elif entity_key(holder) in people.handle_named:
            revealed = people.reveal(holder, match["name"])
            _handle_resolved(people, match["handle"], revealed, resolutions)
            author = revealed if holder == author else author
    if entity_key(author) in people.handle_named:
        named = (
            _REAL_NAME.search(said)
            or _NAME_HERE.search(said)
            or _SELF_NAMED.search(said)
            or _SIGNS_AS.search(said)
        )
        if named is not None and person_like(named["name"]):
            revealed = people.reveal(author, named["name"])
            _reported(resolutions, Resolution(author, revealed, Reason.HANDLE))
            author = revealed
    return author


def _self_introduced(body: str) -> str | None:
    """The writer of a first-person stream, where a statement names them: "my name is Rosalind
    Kettering", "I'm Rosalind Kettering", "For the record: Rosalind Kettering, 31, Dunedin"."""
    owned = _OWNED_NOTEBOOK.search(body)
    if owned is not None and person_like(owned["name"]):
        return owned["name"]  # the diary's owner writes it
    if not _FIRST_PERSON_WORD.search(body):
        return None
    found = _NAMED_SELF.search(body) or _AGED_SELF.search(body)
    if found is not None and person_like(found["name"]):
        return found["name"]
    calling = _ITS_ME.search(body)  # a voice note: "hiya Ollie it's me um Bronwen"
    if calling is not None and (
        person_like(calling["name"]) or given_name_gender(calling["name"]) is not None
    ):
        return calling["name"]
    return None


def _family_named(people: People, body: str, speaker: str | None) -> None:
    """ "my sister Meera", "Dev Malhotra's brother Ravi": a first name given beside a family
    word takes the family's surname (Meera Malhotra), the first name an alias of it."""
    for match in _FAMILY.finditer(body):
        owner = speaker if match["owner"].casefold() == "my" else people.lookup(match["owner"])
        first = match["first"]
        if owner is None or " " not in owner or everyday_word(first.casefold()):
            continue
        known = people.lookup(first)
        if known is not None and " " in known:
            continue  # "my sister Meera" when a Meera Sharma is known already: that one
        people.alias(first, people.add(f"{first} {owner.split()[-1]}"))


_QUOTED_LINE = re.compile(r"^[ \t]*> [^\n]*(?:\n|$)", re.MULTILINE)  # "> I keep a 60L tank"


def unquoted(text: str) -> str:
    """``text`` without the lines it quotes (someone's earlier words, said before)."""
    return _QUOTED_LINE.sub("", text)


def _spoken(people: People, text: str, said_by: str | None) -> str:
    """What a turn says, without its "Name: " or "@handle: ", with the handles the stream knows
    written as the person's name ("@samokoro's cousin")."""
    body = text[turn_opening(text) :] if said_by else text
    return _HANDLE_MENTION.sub(lambda m: people.lookup(m[1]) or m[0], body)


def _name_changes(people: People, body: str, resolutions: list[Resolution]) -> None:
    """A person's new full name ("now publishes as Dr Marisa Thornbury", "Marisa Thornbury (née
    Quennell)"): the same first name, another surname, one person."""
    pairs: list[tuple[str, str]] = []
    for match in _NEE.finditer(body):
        new, old = match["name"], match["old"]
        pairs.append((new, old if " " in old else f"{new.split()[0]} {old}"))
    for match in _NOW_NAMED.finditer(body):
        words = match["new"].split()
        while words and is_title_word(words[0], before_name=True):
            words = words[1:]  # "Dr Marisa Thornbury" is Marisa Thornbury
        if len(words) < 2:
            continue
        new = " ".join(words)
        first = entity_key(new).split()[0]
        before = [n for n in capitalised_names(body[: match.start()]) if " " in n]
        same = [n for n in before if entity_key(n).split()[0] == first and n != new]
        if same:
            pairs.append((new, same[-1]))
    for new, old in pairs:
        if not (person_like(new) and person_like(old)):
            continue
        known = people.lookup(old)
        if known is None:  # the stream knew neither name before: the one it uses now
            new, old = old, people.add(new, sure=True)
            known = old
        people.alias(new, known, full_name=True)
        _reported(resolutions, Resolution(new, known, Reason.DECLARED))


def _parenthesis(people: People, before: str, inside: str, resolutions: list[Resolution]) -> None:
    """ "Bex (Rebecca Mwangi on the forms)": an alias; "sanne (de wit, …)": a surname given;
    not "(née Quennell)", a name change (``_name_changes``)."""
    if _NAME_CHANGE_BRACKET.match(inside):
        return
    chunk = inside.split(",")[0]
    name = _name_words(chunk)
    if not name:
        return
    words = name.split()
    outer_is_name = not (everyday_word(before) or is_place(before) or is_skill(before))
    if words[0].casefold() in _PARTICLES and outer_is_name:
        full = as_name(f"{before} {name}")
        if person_like(full):
            people.alias(before, people.add(full))
            resolutions.append(Resolution(before, people.lookup(full), Reason.DECLARED))
        return
    full = as_name(name)
    strict = name.islower() and not outer_is_name
    if len(words) >= 2 and person_like(full, strict=strict) and not is_place(full):
        known = _known_or_new(people, full, resolutions)
        if outer_is_name and entity_key(before) not in entity_key(known).split():
            people.alias(before, known)
            resolutions.append(Resolution(before, known, Reason.DECLARED))


def _tokens(text: str) -> Iterator[tuple[int, int, str]]:
    for match in _TOKEN.finditer(text):
        yield match.start(), match.end(), match[0]


def _subject_has(next_word: str) -> bool:
    """Whether "she's" before ``next_word`` is "she has" (a participle follows)."""
    low = next_word.casefold()
    return low in _PARTICIPLES or (low.endswith("ed") and len(low) > 4)


_OPENERS = ("RB", "CC", "UH", "VB")  # "Also Ayodele and I …", "Tell Kiwi …", "So Noor …"


def _joins_a_name(tokens: list[tuple[int, int, str]], i: int) -> bool:
    """Whether a sentence's first word is an adverb, conjunction, interjection or imperative
    written before a name, which a parser would read as part of that name ("Also Ayodele")."""
    word = tokens[i][2]
    following = tokens[i + 1][2] if i + 1 < len(tokens) else ""
    return (
        word[:1].isupper()
        and not word.isupper()
        and following[:1].isupper()
        and word_class(word.casefold()) in _OPENERS
        and given_name_gender(word) is None
    )


def _is_i(word: str) -> bool:
    """Whether ``word`` is the first-person "I", alone or contracted ("I'm", "I’ve")."""
    return re.split("['’]", word)[0] == "I"


def _capitalised_run(text: str, tokens: list[tuple[int, int, str]], i: int) -> int:
    """How many capitalised words, one space apart, begin at ``i`` (a possessive ends them;
    a sentence's everyday first word is none of them)."""
    n = 0
    while i + n < len(tokens):
        word = tokens[i + n][2]
        spaced = not n or text[tokens[i + n - 1][1] : tokens[i + n][0]] == " "
        if not word[:1].isupper() or word.isupper() or not spaced or _is_i(word):
            break  # "HI FELIPE" shouts; it names no one new; "Kiwi I'm" is two people
        if n == 0 and everyday_word(word) and given_name_gender(word) is None:
            return 0
        n += 1
        if word.endswith(("'s", "’s", "'", "’")):
            break
    return n


class _Writer:
    """The rewrite of one statement (see ``attribute``)."""

    def __init__(self, people: People, speaker: str | None) -> None:
        self.people = people
        self.speaker = speaker
        self.about: list[str] = []
        self.resolutions: list[Resolution] = []
        self.first_person = False
        self.animal = False  # an animal was named: "he" may be the dog
        self.dotted = False  # the mention just written out took the full stop after it
        addressee = people.addressee(speaker) if speaker else None
        self.not_third = [p for p in (speaker, addressee) if p]  # "I" and "you", never "she"

    def mentioned(self, name: str, mention: str, reason: Reason | None) -> str:
        self.people.touch(name)
        if name not in self.about:
            self.about.append(name)
        if reason is not None and entity_key(mention) != entity_key(name):
            found = Resolution(mention, name, reason)
            if found not in self.resolutions:
                self.resolutions.append(found)
        return name

    def _named_here(self, gender: str) -> str | None:
        """The person this statement named last, if their gender fits: "welcome to Priyanka
        Raghunathan … she's joining today" is about her, whoever the stream spoke of before."""
        for name in reversed(self.about):
            if name in self.not_third or entity_key(name) not in self.people.persons:
                continue
            known = self.people.gender(name)
            if not known or known == gender:
                return name
        return None

    def rewrite(self, text: str) -> str:
        tokens = list(_tokens(text))
        out: list[str] = []
        last = 0
        i = 0
        lowered = -1
        sentence_start = True
        while i < len(tokens):
            start, _end, word = tokens[i]
            self.dotted = False
            replaced, used = self._replacement(text, tokens, i, sentence_start)
            if replaced is None and sentence_start and _joins_a_name(tokens, i):
                replaced, used, lowered = word.lower(), 1, i
            if replaced is not None:
                gap = text[last:start]
                if _is_i(word) and i > 0 and tokens[i - 1][2][:1].isupper() and lowered != i - 1:
                    gap = gap.rstrip() + ", "  # "Also I'm", "Tell Kiwi I'm": no name "Also Noor"
                out.append(gap + replaced)
                last = tokens[i + used - 1][1] + self.dotted
            sentence_start = word in (".", "!", "?", ";", ":", "(") or (
                sentence_start and word in ('"', "'", "‘", "“")
            )
            i += used
        out.append(text[last:])
        return "".join(out)

    def _replacement(
        self, text: str, tokens: list[tuple[int, int, str]], i: int, sentence_start: bool
    ) -> tuple[str | None, int]:
        word = tokens[i][2]
        low = word.casefold().replace("’", "'")
        following = tokens[i + 1][2] if i + 1 < len(tokens) else ""
        reported = i > 0 and tokens[i - 1][2].casefold() in _REPORTING
        proper = word[:1].isupper() and not sentence_start and low in ("me", "my")  # "Trade Me"
        if (
            self.speaker
            and low in _FIRST_PERSON
            and (low != "i" or word in ("i", "I"))
            and not proper
        ):
            if low == "me" and reported:
                return None, 1  # "Oddvar told me he drives …": what is told is about him
            self.first_person = True
            self.mentioned(self.speaker, word, None)
            replaced = _FIRST_PERSON[low].format(self.speaker)
            if low in ("i",) and following.casefold() in _AGREEMENT:
                return f"{replaced} {_AGREEMENT[following.casefold()]}", 2
            return replaced, 1
        previous = tokens[i - 1][2].casefold() if i else "."
        if (
            self.speaker
            and low in _FIRST_PLURAL
            and following[:1].isalpha()
            and (previous in _CLAUSE_OPENERS or not previous[:1].isalnum())
        ):
            self.mentioned(self.speaker, word, None)
            replaced = _FIRST_PLURAL[low].format(self.speaker)
            if low == "we" and following.casefold() in _PLURAL_AGREEMENT:
                return f"{replaced} {_PLURAL_AGREEMENT[following.casefold()]}", 2
            return replaced, 1
        if is_animal(low):
            self.animal = True
        if self.animal and (low in _THIRD or low in _POSSESSIVE):
            return None, 1
        if low in _THIRD and (following[:1].isalpha() or low.endswith(("'s", "'d"))):
            person = self._named_here(_THIRD[low]) or self.people.latest(
                _THIRD[low], exclude=self.not_third
            )
            if person is None:
                return None, 1
            self.mentioned(person, word, Reason.LATEST_PERSON)
            if low.endswith("'s"):
                ahead = [w for _, _, w in tokens[i + 1 : i + 4] if w.casefold() not in _ADVERBS]
                has = bool(ahead) and _subject_has(ahead[0])
                return f"{person} {'has' if has else 'is'}", 1
            if low.endswith("'d"):
                return f"{person} would", 1
            return person, 1
        if low in _POSSESSIVE and sentence_start and following[:1].isalpha():
            person = self.people.latest(_POSSESSIVE[low], exclude=self.not_third)
            if person is not None and following.casefold() not in ("name", "names"):
                self.mentioned(person, word, Reason.LATEST_PERSON)
                return f"{person}'s", 1
            return None, 1
        for n in (3, 2, 1):
            found = self._person(text, tokens, i, n)
            if found is not None:
                return found, n
            run = _capitalised_run(text, tokens, i)
            if n == 2 and run > 1:
                return None, run  # "Lindqvist Ada", "Rafael Moreno": a name of its own
        if word.islower() and self._place(tokens, i):
            return as_name(word), 1
        return None, 1

    def _person(self, text: str, tokens: list[tuple[int, int, str]], i: int, n: int) -> str | None:
        if i + n > len(tokens):
            return None
        span = tokens[i : i + n]
        if any(not w[:1].isalpha() for _, _, w in span):
            return None
        particled = [k > 0 and span[k - 1][2] in _PARTICLES for k in range(len(span))]
        if any(
            w.islower() and w not in _PARTICLES and everyday_word(w) and not after
            for (_, _, w), after in zip(span, particled, strict=True)
        ):
            return None  # "the Kelp Sensor": the article is no part of the name ("de wit" is)
        if any(text[a[1] : b[0]] != " " for a, b in itertools.pairwise(span)):
            return None
        mention = text[span[0][0] : span[-1][1]]
        if any(w.endswith(("'s", "’s", "'", "’")) for _, _, w in span[:-1]):
            return None  # "Kenji's Taipei": two names
        possessive = ""
        if mention.endswith(("'s", "’s")):
            mention, possessive = mention[:-2], "'s"
        elif mention.endswith(("'", "’")):
            mention, possessive = mention[:-1], "'"
        lower = mention.islower()
        if lower and n == 1 and (everyday_word(mention) or mention.casefold() in _TIME_WORDS):
            return None
        if not lower and n == 1 and mention.casefold() in _THIRD | _POSSESSIVE:
            return None
        if n == 1 and mention.casefold() in _CALENDAR_SHORT:
            return None
        if n == 1 and i > 0 and tokens[i - 1][2].casefold() == "other":
            other = self.people.the_other(mention)  # "the other Josie from work"
            if other is not None:
                self.mentioned(other, mention, Reason.THE_OTHER)
            return other + possessive if other is not None else None
        found = self.people.find(mention, lower=lower)
        initial = _INITIAL_BEFORE.search(text, 0, span[0][0])
        if initial is not None and n == 1:  # "A. Tremaine": the initial picks the Tremaine
            chosen = self.people.initialled(initial[1], mention)
            found = (chosen, Reason.INITIALS) if chosen else found
        if found is None:
            return None
        name, reason = found
        if reason is Reason.INITIALS and _ARTICLE_BEFORE.search(text, 0, span[0][0]):
            return None  # "worked for the NHS": an organisation, not Nadia Hale-Simmons
        shouted = mention.isupper() and len(mention.replace(" ", "")) > 3
        if shouted and reason in (Reason.NICKNAME, Reason.PART_OF_NAME, Reason.SPELLING):
            return None  # "THE HARBOUR HALF": shouting, not a Harbourline ("HI FELIPE" is Felipe)
        self.mentioned(name, mention, reason)
        if reason is Reason.FIRST_NAME and len(span[-1][2]) == 1 and text[span[-1][1] :][:1] == ".":
            self.dotted = True  # "Yuki T." : the initial's full stop goes with it
        return name + possessive

    def _place(self, tokens: list[tuple[int, int, str]], i: int) -> bool:
        word = tokens[i][2]
        if chat_place(word):
            return True
        before = tokens[i - 1][2].casefold() if i > 0 else ""
        return (
            before in _PLACE_CUES
            and len(word) >= 4
            and is_place(word)
            and not everyday_word(word)
            and word.casefold() not in _TIME_WORDS
        )


def _initials_absorbed(text: str, people: list[str]) -> str:
    """ "A. Ek" written out is "A. Arvid Ek": the initial belongs to the name ("Arvid Ek")."""
    for name in people:
        text = re.sub(rf"\b{re.escape(name[0])}\.\s+(?={re.escape(name)}\b)", "", text)
    return text


def _without_vocatives(people: People, body: str, speaker: str) -> str:
    """A turn's words to the person it addresses are not about them: "Ingrid!! Toronto is…",
    "Oh no, Dev. Eleven minutes", "Hang in there, Dev." (the address is dropped)."""

    def addressed(match: re.Match[str]) -> bool:
        found = people.lookup(match["name"] or match["first"])
        return found is not None and found != speaker

    body = _OPENING_ADDRESS.sub(lambda m: "" if addressed(m) else m[0], body)
    return _CLOSING_ADDRESS.sub(lambda m: "" if addressed(m) else m[0], body)


_HEADING = re.compile(r"\s*(?P<word>[A-Za-z]+)(?:\s+\d[\d/.-]*)?\s*:\s+(?=[\w\"“])")


def _without_heading(sentence: str, in_turn: bool) -> str:
    """The sentence without a heading that names no one ("Confession: bought a nano reef",
    "Update: moved to Leiden", "PS: …"): a heading is never the sentence's subject. Inside a
    turn (its speaker already named) any such word is one; elsewhere an everyday word."""
    found = _HEADING.match(sentence)
    if found is None:
        return sentence
    word = found["word"].casefold()
    if is_office(word) and sentence[found.end() :][:1].isupper():
        return sentence  # "Treasurer: Aoife Tremaine": who holds the office
    if word in NOT_SPEAKERS:
        return sentence[found.end() :]  # "Edit 2024-05:" (though Edit is a name too)
    if given_name_gender(found["word"]) is not None or word in _FAMILY_LABELS:
        return sentence  # "Mum: …" quoted in a body is still someone speaking
    return sentence[found.end() :] if in_turn or everyday_word(word) else sentence


def _with_dropped_subject(sentence: str, speaker: str | None) -> str:
    """A turn's sentence that drops its subject is the speaker's: "officially moved to Pilsen!!",
    "mentoring two new grads at Brightwave", "still at Maplebyte"; only for verbs of the facts
    a memory keeps (not "send coffee", "living the dream"). A heading before it ("Update:")
    is dropped."""
    sentence = _without_heading(sentence, in_turn=speaker is not None)
    if speaker is None:
        return sentence
    header = _DATE_HEADER.match(sentence)
    if header and header.end() < len(sentence):  # "Sat 1 Feb. Moved in with Cal today."
        return header[0] + _with_dropped_subject(sentence[header.end() :], speaker)
    words = [w for _, _, w in _tokens(sentence)]
    lead = 0
    while lead < len(words) and words[lead].casefold() in _DROPPED_LEADS:
        lead += 1
    if lead >= len(words) or not words[lead][:1].isalpha():
        return sentence
    if words[lead].isupper() and len(words[lead]) > 1:
        return sentence  # "SOLD sticker on…": a shout, not a verb
    first = words[lead].casefold()
    following = words[lead + 1].casefold() if lead + 1 < len(words) else ""
    opened = _lowered_opening(sentence.lstrip())  # "Started at X" → "… started at X"
    if first in _LIFE_EVENTS:
        return f"{speaker} {opened}"
    places = _PLACE_CUES | {"at", "with"}
    ongoing = first in _ONGOING and (first != "living" or following in places)
    if ongoing or (first == "still" and following in places):
        return f"{speaker} is {opened}"
    return sentence


def _lowered_opening(sentence: str) -> str:
    """The sentence with its first word in lower case, once a subject goes before it."""
    word = sentence.split(" ", 1)[0]
    if word[:1].isupper() and not word.isupper() and word.casefold() in _DROPPABLE_OPENINGS:
        return sentence[:1].lower() + sentence[1:]
    return sentence


def _learn_gender(people: People, text: str, named: list[str]) -> None:
    """One person named and only "she"/"her" (or "he"/"him"/"his") beside: their gender."""
    if len(named) != 1:
        return
    words = {w.casefold() for _, _, w in _tokens(text)}
    female = bool(words & {"she", "her", "hers", "she's"})
    male = bool(words & {"he", "him", "his", "he's"})
    if female != male:
        people.learn_gender(named[0], "f" if female else "m")


def attribute(people: People, text: str) -> Attributed:
    """``text`` observed into ``people`` and written out for the writer (see the module); an
    assistant's turn is written as nothing."""
    if assistants_turn(text):
        return Attributed("")
    speaker, learnt = observe(people, text)
    writer = _Writer(people, speaker)
    if speaker is not None:
        people.spoke(speaker)
    said_by = turn_speaker(text)
    body = _spoken(people, text, said_by)
    if speaker is not None and said_by is not None:
        body = _without_vocatives(people, body, speaker)
    quoted = "".join(_QUOTED_LINE.findall(body))
    if quoted:  # "> I keep a 60L tank": someone's earlier words, not this post's; its people
        _Writer(people, speaker).rewrite(quoted)  # are the latest spoken of all the same
        body = unquoted(body)
    named_before = [people.lookup(n) for n in capitalised_names(body) if people.lookup(n)]
    rewritten = _initials_absorbed(writer.rewrite(body), writer.about)
    sentences = [_with_dropped_subject(s, speaker) for s in split_sentences(rewritten)]
    written = " ".join(s for s in sentences if not s.rstrip().endswith("?"))  # questions ask
    others = [n for n in dict.fromkeys([*named_before, *writer.about]) if n and n != speaker]
    _learn_gender(people, body, others)
    return Attributed(
        written, speaker, list(writer.about), list(dict.fromkeys([*learnt, *writer.resolutions]))
    )
