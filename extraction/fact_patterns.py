"""Facts read off a statement's structure: subject, relation phrase, object (ReVerb-style).

The memory model is a 135M-parameter model: it copies names well and picks relations badly on
text it was not trained on. A statement's own grammar says more reliably *which* relation holds
("carpools with", "found a job at", "broke up with"), so the writer also reads facts off the
part-of-speech tags, in the manner of ReVerb (Fader et al., 2011): in each clause, a subject
noun phrase, a relation phrase that starts at a verb and ends at a preposition (``V W* P``), and
the noun phrase after it. The relation phrase is then read by ``extraction.relations`` into a
canonical relation, an ending ("quit", "moved out of") or a phrase of its own; negation ("not …
any more", "no longer") turns it into a retraction.

Only facts about someone or something named are kept: a clause whose subject is a common noun
("the weather", "lunch") states nothing about a person. Subject pronouns are left for name
resolution (``extraction.name_resolution``), which knows the stream's people. Pure: tags come
from the packaged tagger, nothing else is read.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, replace

from pydantic import ValidationError

from extraction.frame_cues import FUTURE, SEASON_AHEAD
from extraction.gazetteer import TITLES, is_club, is_job_title, is_place, is_title_word
from extraction.memory_api import FORBIDDEN_CHARS, Triple
from extraction.relations import ANY_RELATION, RelationReading, normalise_phrase, read_relation
from extraction.text import common_word, tag_sentences
from extraction.typed_objects import owns_next

Token = tuple[str, str]

_SUBJECT_PRONOUNS = frozenset("i he she they we".split())
_OBJECT_PRONOUNS = frozenset("me him her them us it you i he she they we this that".split())
# "Alpenglow promoted me to program coordinator": the one given the post, as a subject.
_GIVEN_A_POST = {"me": "I", "him": "he", "her": "she", "us": "we", "them": "they"}
_CLASSES = frozenset("class classes lesson lessons".split())
# Verbs of an offer, not a post: "Tsurugi Beverages wants me as their quality manager".
_OFFERING = frozenset("want wants wanted offer offers offered offering invited invites".split())
_TAKING = frozenset(
    """start started starts starting take took takes taking taken join joined joins joining
    signed enrolled enrol enroll enrolled attend attends attending attended began begun begin
    doing""".split()
)
_CONFERRING = frozenset("promoted made appointed hired".split())
_NOT_THE_HOLDER = frozenset(
    "sister brother mum mom dad son daughter assistant friend husband wife partner boss".split()
)
_NAME_LINKS = frozenset("of de del della der van von la le da di du dos das al bin ben &".split())
_TIME_WORDS = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays
    thursdays fridays saturdays sundays january february march april may june july august
    september october november december today tonight yesterday tomorrow weekend week month year
    morning evening night christmas easter summer winter spring autumn fall""".split()
)
_REPORTING = frozenset(
    """say said says tell told tells mention mentioned mentions hear heard think thought
    thinks guess know knew write wrote text texted report reported announce announced
    claim claimed claims swear swore""".split()
)
_CLAUSE_BREAKS = frozenset(
    {";", ":", "so", "because", "but", "while", "whereas", "although", "who", "which"}
)
_NEGATIONS = frozenset({"not", "n't", "never", "no"})
_STOP_AFTER = frozenset({"anymore", "any"})
# Stems of relations that hold a standing role or pursuit, whatever their object.
_STANDING_ROLES = frozenset(
    """member volunt chair write train teach studi join captain lead led manag direct coach
    allerg""".split()
)
_PASSING = frozenset("new current latest present old former".split())
_STOPPING = frozenset("stop stops stopped quit quits gave give gives gives quitting".split())
_RELATION_NOUNS = {
    "husband": "married to",
    "wife": "married to",
    "spouse": "married to",
    "partner": "partner of",
    "boyfriend": "is seeing",
    "girlfriend": "is seeing",
    "bf": "is seeing",
    "gf": "is seeing",
    "fiance": "engaged to",
    "fiancé": "engaged to",
    "fiancee": "engaged to",
    "fiancée": "engaged to",
}


# -ing words that work as prepositions: after a comma they open no clause of their own.
_ING_PREPOSITIONS = frozenset(
    "including regarding concerning considering following excluding involving according "
    "barring pending".split()
)


def _is_verb(tag: str) -> bool:
    return tag.startswith("VB") or tag == "MD"


def _is_proper(token: Token, first: bool) -> bool:
    word, tag = token
    if word.casefold() in _TIME_WORDS or not word[:1].isupper():
        return False
    return tag in ("NNP", "NNPS") or (not first and tag not in ("PRP", "PRP$", "DT", "IN", "JJ"))


def _retag(tokens: Sequence[Token]) -> list[Token]:
    """The WSJ tagger takes a verb after a name for a plural noun ("Sigrun carpools/NNS with"):
    a lower-case -s word right after a name or pronoun, before a preposition or a noun phrase,
    is a verb."""
    fixed = list(tokens)
    for i, (word, tag) in enumerate(fixed):
        capitalised = word[:1].isupper() and word.casefold() not in _TIME_WORDS
        if not capitalised or tag in ("NNP", "NNPS"):
            continue
        if tag in ("PRP", "PRP$", "DT", "IN", "CC", "MD", "WP", "RB", "WRB") and common_word(word):
            continue  # "Then Callum Strachan pulled out …": the adverb is not part of the name
        following = i + 1 < len(fixed) and fixed[i + 1][0][:1].isupper()
        if i > 0 or following or not common_word(word):  # "Saoirse/JJ …", "Tomas/IN …"
            fixed[i] = (word, "NNP")
    for i in range(1, len(fixed) - 1):
        word, tag = fixed[i]
        b = i - 1
        while b > 0 and (fixed[b][1] in ("RB", "RBR") or fixed[b][0].casefold() == "no"):
            b -= 1  # "she no longer carpools", "Esperanza also volunteers"
        before, after = fixed[b], fixed[i + 1]
        after_subject = (
            before[1] in ("NNP", "NNPS")
            or before[0].casefold() in _SUBJECT_PRONOUNS
            or (before[0].casefold() in ("and", "who") and b < i - 1)
        )
        if (
            tag in ("NNS", "NN")
            and word.islower()
            and word.endswith("s")
            and after_subject
            and after[1] in ("IN", "TO", "DT", "PRP$", "NNP", "RB", "JJ", "CD")
        ):
            fixed[i] = (word, "VBZ")
    for i in range(len(fixed) - 1):
        word, after = fixed[i][0], fixed[i + 1]
        if 2 <= len(word) <= 4 and word.isalpha() and word.isupper() and _job_noun(after):
            fixed[i] = (word, "JJ")  # "a UX researcher", "an ER nurse": part of the job
    return fixed


_POSTS = frozenset({"works for", "works as"})
_LEAVING = frozenset("resign resigns resigned resigning retire retires retired retiring".split())
_STEPPING = frozenset("step steps stepped stepping stand stands stood standing".split())
_AUXILIARIES = frozenset("has have had formally officially".split())


def _leaves_a_post(verb: Sequence[str]) -> bool:
    """ "resigns as chair", "stood down as treasurer", "stepped down as Head": the post ends."""
    words = [w.casefold() for w in verb if w.casefold() not in _COPULA | _AUXILIARIES]
    if not words:
        return False
    return words[0] in _LEAVING or (words[0] in _STEPPING and words[1:2] == ["down"])


def _job_noun(token: Token) -> bool:
    word = token[0].casefold()
    return (
        token[1] in ("NN", "NNS")
        and word not in _NOT_JOBS
        and (word in _JOBS or word.endswith(_JOB_SUFFIXES))
    )


@dataclass(frozen=True)
class _Phrase:
    text: str
    start: int
    end: int  # exclusive
    proper: bool
    head: str = ""  # the common noun a name modified ("trip" of "his Paris trip")


def _has_digit(word: str) -> bool:
    return any(c.isdigit() for c in word)


def _noun_phrase(tokens: Sequence[Token], i: int) -> _Phrase | None:
    """The noun phrase starting at ``i`` (after determiners), or None when there is none."""
    n = len(tokens)
    start = i
    while i < n and (tokens[i][1] in ("DT", "PRP$", "CD") or tokens[i][0] in ("'s",)):
        i += 1
    if i < n and tokens[i][0].casefold() in _OBJECT_PRONOUNS | _SUBJECT_PRONOUNS:
        return _Phrase(tokens[i][0], start, i + 1, False)
    while (
        i + 1 < n
        and tokens[i + 1][0][:1].isupper()
        and (tokens[i][0][:1].isupper() or tokens[i][0].casefold() in TITLES)
        and is_title_word(tokens[i][0], before_name=True)
    ):
        i += 1  # "Dr. Esperanza Quiroga", "Councillor Declan Brophy": the name after the title
    words: list[str] = []
    proper_words: list[str] = []
    j = i
    while j < n:
        word, tag = tokens[j]
        if _is_proper(tokens[j], j == 0) or (proper_words and tag == "CD" and _has_digit(word)):
            proper_words.append(word)  # "Grade 5", "Apollo 11"
        elif proper_words and tag == "CD":
            break  # "at Sandviken three mornings a week": the number counts something else
        elif proper_words and word.casefold() in ("last", "next", "this", "every"):
            break  # "joined the Chorale Saint-Cyprien last month": a time, not the name
        elif proper_words and word.casefold() in _NAME_LINKS and j + 1 < n:
            if not _is_proper(tokens[j + 1], False):
                break
            proper_words.append(word)
        elif tag in ("JJ", "NN", "NNS", "VBN", "CD") and not (tag == "CD" and not proper_words):
            if tag == "VBN" and not words:
                break
            if proper_words and tag != "CD" and tokens[start][0].casefold() != "the":
                # "his Paris trip" is Paris, about a trip; "the Leuven university library" is whole
                k = j
                while k < n and tokens[k][1] in ("NN", "NNS"):
                    k += 1
                if k > j and len(proper_words) == len(words):
                    return _Phrase(" ".join(proper_words), start, k, True, tokens[k - 1][0])
                break
        else:
            break
        words.append(word)
        j += 1
    while words and tokens[i + len(words) - 1][1] in ("JJ", "VBN"):
        words.pop()  # an adjective alone ends nothing
    if not words:
        return None
    end = i + len(words)
    if proper_words and len(proper_words) < len(words) and tokens[start][0].casefold() != "the":
        head = words[-1] if words[-1] not in proper_words else ""
        return _Phrase(" ".join(proper_words), start, end, True, head)  # "a rusty Volvo" → Volvo
    while words and tokens[i][1] == "JJ" and len(words) > 1 and not proper_words:
        if _has_digit(tokens[i][0]):
            break  # "the under-12 rugby team" keeps its "under-12"
        words, i = words[1:], i + 1  # "a small clinic" → clinic
    possessive = end < n and tokens[end][0] in ("'s", "’s")
    if proper_words and possessive and not owns_next([t[0] for t in tokens[end + 1 : end + 2]]):
        return _Phrase(" ".join(words) + tokens[end][0], start, end + 1, True)  # "St. Brigid's"
    return _Phrase(" ".join(words), start, end, bool(proper_words))


def _clauses(tokens: Sequence[Token]) -> list[list[Token]]:
    """Clauses at ';', ':', 'so', 'because', 'but', and at ', and' / 'and' before a verb or a
    subject (each clause still has its own subject or inherits the one before)."""
    clauses: list[list[Token]] = [[]]
    for i, token in enumerate(tokens):
        word = token[0].casefold()
        k = i + 1
        while k < len(tokens) and tokens[k][1] in ("RB", "RBR"):
            k += 1  # "and still works for", "and now leads"
        nxt = tokens[k] if k < len(tokens) else ("", "")
        reserved = any(c in FORBIDDEN_CHARS for c in word)  # "Ravi -> ops team": an arrow
        breaks = (
            reserved
            or word in _CLAUSE_BREAKS
            or (
                word in (",", "and")
                and (
                    _is_verb(nxt[1])
                    or nxt[0].casefold() in _SUBJECT_PRONOUNS
                    or nxt[0].casefold() in ("and", "so", "but")
                )
            )
        )
        if breaks:
            kept = word in ("who", "which", "while") and not reserved
            if word in ("who", "which") and i > 0 and tokens[i - 1][1] not in ("NNP", "NNPS", ","):
                token = (token[0], "WP-COMMON")  # "a flatmate who …": about no one named
            clauses.append([token] if kept else [])
            continue
        clauses[-1].append(token)
    return [c for c in clauses if c]


_LIGHT_VERBS = frozenset(
    """get got gets getting find found finds take took takes taken have has had make made
    land landed lands start started starts sign signed hand handed hands book booked rent rents
    rented buy bought lease leased is was are be been become became accept accepted""".split()
)
_LIGHT_NOUNS = frozenset(
    """job place flat apartment house home room notice position role lease shift trip
    vacation holiday fan member part lead head post contract offer degree course""".split()
)
_LATER_PREPOSITIONS = frozenset({"to", "in", "at", "for", "with", "as"})
_COPULA = frozenset("is am are was were be been being 's 'm 're".split())
_HEDGES = frozenset("not still now also just actually really currently basically".split())
_JOB_SUFFIXES = ("er", "or", "ist", "ian", "ant", "eur")
_NOT_JOBS = frozenset(
    """brother sister mother father daughter grandmother grandfather partner member number
    corner customer neighbour neighbor owner user fan lover winner loser river weather letter
    paper computer summer winter water order border finger dinner character beer career
    quarter matter power tower flower butter color colour floor door mirror error honour
    favour humour labour sailor visitor doctorate restaurant plant giant elephant guardian
    pedestrian christian vegetarian vegan tyrant servant tenant resident center centre theater
    theatre shelter harbour harbor chamber trailer container printer sweater jumper""".split()
)
_JOBS = frozenset(
    """nurse doctor chef cook nanny surgeon midwife pilot vet dentist clerk judge coach barista
    sommelier tutor intern analyst engineer teacher lawyer paralegal architect accountant
    consultant pharmacist physio physiotherapist therapist scientist economist journalist
    mechanic plumber electrician carpenter curator librarian editor manager""".split()
)


@dataclass(frozen=True)
class _Clause:
    subject: str | None
    subject_end: int
    verb_start: int
    partners: tuple[str, ...] = ()  # "Anjali and Oskar are planning …": Oskar's partner Anjali


def _subject(clause: Sequence[Token]) -> _Clause | None:
    """The clause's subject (the last noun phrase before its first verb) and where the verb
    starts; None when the clause has no verb."""
    verb = next((i for i, t in enumerate(clause) if _is_verb(t[1])), None)
    if verb is None:
        return None
    subject: str | None = None
    subject_end = 0
    partners: list[str] = []
    i = 0
    while i < verb:
        phrase = _noun_phrase(clause, i)
        if phrase is None or phrase.end > verb:
            i += 1
            continue
        inside = phrase.start > 0 and clause[phrase.start - 1][1] in ("IN", "TO")
        joined = phrase.start > 0 and clause[phrase.start - 1][0].casefold() == "and"
        if inside:
            pass  # "the train to Portland": Portland is not what the clause is about
        elif phrase.proper or phrase.text.casefold() in _SUBJECT_PRONOUNS:
            partners = [*partners, subject] if joined and subject else []
            subject, subject_end = phrase.text, phrase.end
        else:
            subject, partners = None, []
        i = phrase.end
    return _Clause(subject, subject_end, verb, tuple(partners))


def _relation_phrase(clause: Sequence[Token], start: int) -> tuple[list[str], bool, int]:
    """The verb group from ``start`` (verbs, adverbs, particles, 'to'), whether it is negated,
    and where it ends."""
    words: list[str] = []
    negated = False
    i = start
    while i < len(clause):
        word, tag = clause[i]
        low = word.casefold()
        chained = (
            tag in ("IN", "TO")
            and words
            and i + 1 < len(clause)
            and clause[i + 1][1] in ("VB", "VBG")
        )
        if low in _NEGATIONS or (low == "longer" and negated):
            negated = True
        elif chained or _is_verb(tag) or tag in ("RB", "RBR", "RP", "TO"):
            if low not in ("anymore",):
                words.append(word)
        else:
            break
        i += 1
    return words, negated, i


def _absorbs(verb: list[str], phrase: _Phrase) -> bool:
    """ReVerb's ``V W* P`` for light verbs: "found a new job at", "got a place in"."""
    head = phrase.text.split()[-1].casefold()
    return head in _LIGHT_NOUNS or any(w.casefold() in _LIGHT_VERBS for w in verb)


def _job_title(clause: Sequence[Token], phrase: _Phrase) -> _Phrase | None:
    """The job a noun phrase names, with its modifiers ("senior data analyst", "head chef"), or
    None when it names no job."""
    if phrase.proper or not _is_job(phrase):
        return None
    words = [w for w, t in clause[phrase.start : phrase.end] if t not in ("DT", "PRP$", "CD")]
    words = [w for w in words if w.casefold() not in _PASSING]
    return _Phrase(" ".join(words), phrase.start, phrase.end, False) if words else None


def _lessons_in(clause: Sequence[Token], phrase: _Phrase) -> _Phrase | None:
    """What "a wheel-throwing pottery class", "salsa lessons" teach (the words before the
    class), or None when the phrase names no class."""
    tagged = [(w, t) for w, t in clause[phrase.start : phrase.end] if t not in ("DT", "CD")]
    if len(tagged) < 2 or tagged[-1][0].casefold() not in _CLASSES:
        return None
    if tagged[0][1] == "PRP$" and tagged[0][0].casefold() not in ("my", "our"):
        return None  # "drove my daughter to her ballet class": hers
    taught, tag = tagged[-2]
    if not tag.startswith("NN"):
        return None  # "a great first lesson", "the same class as Tom"
    return _Phrase(taught, phrase.start, phrase.end, False)


def _objects(clause: Sequence[Token], i: int, verb: list[str]) -> list[tuple[list[str], _Phrase]]:
    """(relation words, object) pairs after the verb group: the first object (a light verb's
    noun and preposition extend the relation: "found a job at Cisco"), then named objects of
    later prepositions ("moved from Devonport to Launceston", "works for X as a sommelier")."""
    found: list[tuple[list[str], _Phrase]] = []
    words = list(verb)
    extending = True  # the relation words still grow (no object closed them yet)
    taking = any(w.casefold() in _TAKING for w in verb)  # not "teaches", "quit", "drove her to"
    preposition: str | None = None
    n = len(clause)
    while i < n:
        word, tag = clause[i]
        if tag in ("IN", "TO", "RP"):
            preposition = word.casefold()
            words = [*words, word] if extending else [*verb, word]
            extending = True
            i += 1
            continue
        phrase = _noun_phrase(clause, i)
        if phrase is None:
            if found or tag not in ("JJ", "DT", "RB", "PRP$"):
                break
            words = [*words, word]  # "is allergic to", "is fond of"
            i += 1
            continue
        after = clause[phrase.end][1] if phrase.end < n else ""
        job = _job_title(clause, phrase)
        if job is not None and any(w.casefold() in _OFFERING for w in verb):
            break
        if job is not None and (preposition == "as" or _absorbs(verb, phrase)):
            found.append((["works", "as"], job))  # "is now warehouse supervisor", "as a chef"
            if after in ("IN", "TO"):
                words = [*words, "job"]  # "… supervisor at X": X is the employer
                i = phrase.end
                continue
        elif not phrase.proper and taking and (taught := _lessons_in(clause, phrase)):
            found.append((["is", "learning"], taught))  # "started a pottery class"
            break
        elif not phrase.proper and after in ("IN", "TO") and _absorbs(verb, phrase):
            words = [*words, *(w for w, _ in clause[phrase.start : phrase.end])]
            i = phrase.end
            continue
        elif not found or (
            preposition in _LATER_PREPOSITIONS and (phrase.proper or preposition == "as")
        ):
            if (
                found
                and preposition == "at"
                and phrase.proper
                and _names_a_post(found[-1][1])
                and _reading(found[-1][0], found[-1][1]).name == "works as"
            ):  # "promoted to Senior Data Scientist at Brabo" (not "spoke to a manager at Tesco")
                words = ["works", "at"]
            found.append((words, phrase))
            extending = False
        elif (
            not phrase.proper
            and after in ("IN", "TO")
            and phrase.text.split()[-1].casefold() in (_LIGHT_NOUNS)
        ):
            words = [*verb, *(w for w, _ in clause[phrase.start : phrase.end])]  # "for a job at"
            i = phrase.end
            continue
        i = phrase.end
        preposition = None
        extending = False
        if i < n and clause[i][1] not in ("IN", "TO"):
            break
    return found


def _reading(words: list[str], obj: _Phrase) -> RelationReading:
    """The relation phrase read, falling back on the noun a name modified ("cancelled his Paris
    trip" is about a trip) and on an ending said before a time phrase ("quit his job after two
    weeks")."""
    reading = read_relation(" ".join(words))
    if reading.canonical:
        return reading
    if obj.head:
        with_head = read_relation(" ".join([*words, obj.head]))
        if with_head.canonical and reading.name == ANY_RELATION and not with_head.ends:
            return replace(with_head, ends=True)  # "stepped down as Comets coach": ends coaching
        if with_head.canonical:
            return with_head
    for k in range(len(words) - 1, 0, -1):
        shorter = read_relation(" ".join(words[:k]))
        if shorter.canonical and shorter.ends:
            return shorter
    return reading


def _is_job(phrase: _Phrase) -> bool:
    return not phrase.proper and _job_noun((phrase.text.split()[-1], "NN"))


def _names_a_post(phrase: _Phrase) -> bool:
    """A job, capitalised or not ("head chef", "Senior Data Scientist", "Head of Design")."""
    return _is_job(phrase) or is_job_title(phrase.text, listed=True)


def _apposition_facts(tokens: Sequence[Token]) -> list[Triple]:
    """'her husband, Lautaro Painemal' / 'Wendell and his partner Saoirse': the possessor is
    the person just before, or the stream's latest person (left to name resolution)."""
    facts = []
    for i, (word, _) in enumerate(tokens[:-1]):
        relation = _RELATION_NOUNS.get(tokens[i + 1][0].casefold())
        possessor: str | None = None
        if word == "'s" and relation is not None:
            k = i - 1
            while k > 0 and _is_proper(tokens[k - 1], k - 1 == 0):
                k -= 1
            named = _noun_phrase(tokens, k)
            possessor = named.text if named is not None and named.proper else None
        if (word.casefold() not in ("his", "her", "their", "my") and possessor is None) or (
            relation is None
        ):
            continue
        j = i + 2
        if j < len(tokens) and tokens[j][0] == ",":
            j += 1
        partner = _noun_phrase(tokens, j)
        if partner is None or not partner.proper:
            continue
        owner: str | None = (
            possessor or {"his": "he", "her": "she", "their": "they", "my": "I"}[word.casefold()]
        )
        before = _noun_phrase(tokens, i - 2) if i >= 2 and tokens[i - 1][0] == "and" else None
        if before is not None and before.proper:
            owner = before.text
        facts.append(Triple(subject=str(owner), relation=relation, object=partner.text))
    return facts


@dataclass(frozen=True)
class _Context:
    subject: str | None = None  # the previous clause's subject, for "and is now …"
    named: str | None = None  # the previous clause's last name, for "…, who runs …"


def _topic(clause: Sequence[Token]) -> str | None:
    """The person a verbless clause introduces: its first name that is neither inside a
    prepositional phrase nor a possessor ("Kenji, sous chef at Norrland, …"; "Esperanza's
    husband, Lautaro Painemal, …" introduces Lautaro)."""
    i = 0
    while i < len(clause):
        phrase = _noun_phrase(clause, i)
        if phrase is None:
            i += 1
            continue
        inside = phrase.start > 0 and clause[phrase.start - 1][1] in ("IN", "TO")
        owner = phrase.end < len(clause) and clause[phrase.end][0] in ("'s", "’s")
        if phrase.proper and not inside and not owner:
            return phrase.text
        i = phrase.end
    return None


def _last_name(clause: Sequence[Token]) -> str | None:
    name = None
    i = 0
    while i < len(clause):
        phrase = _noun_phrase(clause, i)
        if phrase is None:
            i += 1
            continue
        if phrase.proper:
            name = phrase.text
        i = phrase.end
    return name


def _attribute_fact(clause: Sequence[Token]) -> Triple | None:
    """ "Priya's favourite café is Lumen", "her new job title is data analyst": the possessed
    noun is the relation, the copula's complement its value."""
    for i, (word, _) in enumerate(clause):
        if word not in ("'s", "’s") and word.casefold() not in ("his", "her", "their", "my"):
            continue
        owner = None
        if word in ("'s", "’s"):
            k = i
            while k > 0 and _is_proper(clause[k - 1], k - 1 == 0):
                k -= 1
            named = _noun_phrase(clause, k) if k < i else None
            owner = named.text if named is not None and named.proper else None
        else:
            owner = {"his": "he", "her": "she", "their": "they", "my": "I"}[word.casefold()]
        attribute = _noun_phrase(clause, i + 1)
        if owner is None or attribute is None or attribute.proper:
            return None
        rest = clause[attribute.end :]
        copula = 0
        while copula < len(rest) and rest[copula][1] in ("RB", "VBZ", "VBD", "VBP"):
            if rest[copula][1] != "RB" and rest[copula][0].casefold() not in _COPULA:
                return None
            copula += 1
        value = _noun_phrase(rest, copula) if copula else None
        if value is None or value.text.casefold() in _OBJECT_PRONOUNS:
            return None
        relation = " ".join(
            w
            for w, t in clause[attribute.start : attribute.end]
            if t not in ("DT", "PRP$") and w.casefold() not in _PASSING
        )
        return Triple(subject=owner, relation=relation, object=value.text)
    return None


SYMMETRIC = frozenset({"is seeing", "married to", "partner of"})
_COUPLE_WORDS = frozenset({"item", "couple", "together"})


def _between_partners(
    clause: Sequence[Token],
    end: int,
    verb: list[str],
    found: _Clause,
    subject: str,
    negated: bool,
) -> Triple | None:
    """'Kenji and Fatou are officially an item', '… have split up', '… got married': the
    relation holds between the two people the clause joins."""
    if len(found.partners) != 1:
        return None
    rest = {w.casefold() for w, _ in clause[end:]}
    reading = read_relation(" ".join(verb))
    if not (reading.canonical and reading.name in SYMMETRIC):
        plain = {w.casefold() for w in verb} <= _COPULA | {"now", "officially", "still", "finally"}
        if not (plain and _COUPLE_WORDS & rest):
            return None
        reading = read_relation("dating")
    return Triple(
        subject=found.partners[0],
        relation=reading.name,
        object=subject,
        retract=negated or reading.ends,
    )


_MOVE_VERBS = frozenset("move moving relocate relocating".split())
_WILL = frozenset("will 'll shall going gonna".split())


def _planned_move(verb: Sequence[str], rest: Sequence[Token]) -> bool:
    """Whether a move is still to come: a present or future move ("move", "moving", "will
    move") with a time ahead ("next month", "in the summer", "tomorrow") or a "will"; never
    "moved"."""
    words = [w.casefold() for w in verb]
    if not _MOVE_VERBS & set(words):
        return False
    after = " ".join(w for w, _ in rest)
    return bool(_WILL & set(words)) or bool(FUTURE.search(after) or SEASON_AHEAD.search(after))


def _site_place(clause: Sequence[Token], obj: _Phrase) -> _Phrase:
    """The place of an owner's site ("relocated to Redfern's Atlanta hub": Atlanta), else the
    object itself."""
    k = obj.end
    if k >= len(clause) or clause[k][0] not in ("'s", "’s"):
        return obj
    run = list(itertools.takewhile(lambda t: t[0][:1].isupper(), clause[k + 1 :]))
    place = " ".join(w for w, _ in run)
    return _Phrase(place, k + 1, k + 1 + len(run), True) if run and is_place(place) else obj


def _post_conferred(
    clause: Sequence[Token], verb: Sequence[str], end: int, giver: str
) -> list[Triple]:
    """ "Alpenglow just promoted me to program coordinator", "Kestrel Bank made her head of
    compliance": the post is the person's, and a named giver is their employer."""
    if not verb or verb[-1].casefold() not in _CONFERRING or end >= len(clause):
        return []
    holder = _GIVEN_A_POST.get(clause[end][0].casefold())
    i = end + 1
    linked = i < len(clause) and clause[i][0].casefold() in ("to", "as")
    if holder is None or (verb[-1].casefold() != "made" and not linked):
        return []  # "promoted her assistant to …": the assistant's post
    i += linked
    if i < len(clause) and clause[i][0].casefold() in _NOT_THE_HOLDER:
        return []  # "made her sister head of HR"
    post = _noun_phrase(clause, i)
    if (
        post is None
        or not _names_a_post(post)
        or clause[post.end : post.end + 1] == [("'s", "POS")]
    ):
        return []  # not "made me a doctor's appointment"
    field = _noun_phrase(clause, post.end + 1) if clause[post.end : post.end + 1] else None
    if field is not None and clause[post.end][0].casefold() == "of":  # "head of compliance"
        post = _Phrase(f"{post.text} of {field.text}", post.start, field.end, post.proper)
    facts = [Triple(subject=holder, relation="works as", object=post.text, retract=False)]
    if giver[:1].isupper() and giver.casefold() not in _SUBJECT_PRONOUNS:
        facts.append(Triple(subject=holder, relation="works for", object=giver, retract=False))
    return facts


def _worth_keeping(triple: Triple, stated: bool) -> bool:
    """A fact of a relation outside the canonical ones is kept when its object is a name
    ("registered for the Bolder Boulder", "retired from SNCF"), or, when the clause names no
    canonical relation, a standing role ("chairs the admissions committee", "is writing a
    book"). "is mostly truing wheels on bikes", "drinking too much cider", "is still painting in
    the evenings" are what someone did, not what the memory should answer with."""
    if triple.retract or triple.object is None or read_relation(triple.relation).canonical:
        return True
    if triple.object[:1].isupper():
        return True
    return not stated and bool(set(normalise_phrase(triple.relation).split()) & _STANDING_ROLES)


def _clause_facts(clause: Sequence[Token], context: _Context) -> tuple[list[Triple], _Context]:
    after = _Context(context.subject, _last_name(clause) or context.named)
    attribute = _attribute_fact(clause)
    if attribute is not None:
        return [attribute], _Context(attribute.subject, after.named)
    found = _subject(clause)
    if found is None:  # "Kenji Morimoto, sous chef at Norrland, …": the topic of what follows
        return [], _Context(_topic(clause) or context.subject, after.named)
    if clause[0][0].casefold() == "while":
        return [], after  # "while she's in Reykjavik": a stay, not a home
    relative = clause[0][0].casefold() in ("who", "which")
    pronoun = (found.subject or "").casefold() in ("he", "she")
    if found.subject is not None and not (pronoun and context.subject):
        subject: str | None = found.subject
    elif pronoun:
        subject = context.subject  # "Wendell moved out of Ghent, he lives in Leuven"
    elif relative:
        subject = context.named if clause[0][1] != "WP-COMMON" else None
    elif all(tag in ("RB", "RBR") for _, tag in clause[: found.verb_start]):
        subject = context.subject or context.named  # "Her husband, Lautaro, coaches …"
    else:
        subject = None
    verb, negated, end = _relation_phrase(clause, found.verb_start)
    after = _Context(subject, after.named)
    tasked = found.verb_start > 0 and clause[found.verb_start - 1][0].casefold() == "to"
    if tasked and found.verb_start - 1 == found.subject_end:
        return [], after  # "ACTION: GP to bring Land Rover": a task, not a fact
    if subject is None or not verb or (len(verb) == 1 and verb[0].casefold() in _ING_PREPOSITIONS):
        return [], after  # "…, including the way I label tubes": no relation is named
    if verb[0].casefold() in _REPORTING:  # "Oddvar told me he drives …": read what was told
        rest = list(clause[end:])
        while rest and rest[0][0].casefold() in ("me", "us", "that", "him", "her", "them"):
            rest = rest[1:]
        return _clause_facts(rest, _Context(subject, after.named)) if rest else ([], after)
    if (
        len(verb) > 1
        and verb[0].casefold() in _STOPPING
        and clause[found.verb_start + 1][1] == "VBG"
    ):
        verb, negated = verb[1:], True  # "stopped coaching the team": no longer coaches it
    between = {w.casefold() for w, _ in clause[found.subject_end : found.verb_start]}
    negated = negated or bool(between & _NEGATIONS) or "longer" in between
    conferred = [] if negated else _post_conferred(clause, verb, end, subject)
    if conferred:
        return conferred, after
    negated = negated or any(w.casefold() in _STOP_AFTER for w, _ in clause[end:])
    pairs = _objects(clause, end, verb)
    couple = _between_partners(clause, end, verb, found, subject, negated)
    if couple is not None:
        return [couple], after
    if not pairs:
        adjective = clause[end][0] if end < len(clause) and clause[end][1] == "JJ" else None
        reading = read_relation(" ".join([*verb, adjective] if adjective else verb))
        # "is no longer unemployed" ends no job
        if reading.canonical and reading.ends and reading.name != ANY_RELATION and not negated:
            return [
                Triple(subject=subject, relation=reading.name, object=None, retract=True)
            ], after
        return [], after
    triples: list[Triple] = []
    seen: set[tuple[str, bool]] = set()
    leaving = _leaves_a_post(verb)
    as_a_job = any(w == ["works", "as"] for w, _ in pairs)  # "joined the orchestra as a cellist"
    for words, obj in pairs:
        if obj.text.casefold() in _OBJECT_PRONOUNS or obj.text.casefold() in _TIME_WORDS:
            continue
        own = _reading(words, obj)  # "stepped down as Cardiff Comets coach" ends "coaches"
        ending_post = not own.canonical or own.name in _POSTS | {ANY_RELATION}
        if leaving and words[-1].casefold() == "as" and ending_post:
            words = ["works", "as"]  # "stepped down as Head of Department": that post ends
        phrase = " ".join(words)
        if {w.casefold() for w in words} <= _COPULA | _HEDGES:
            if not _is_job(obj):
                continue  # "is the one", "was a mess": no relation named
            words, phrase = ["works", "as"], "works as"
        reading = _reading(words, obj)
        if (reading.name, reading.ends) in seen:
            continue  # "works for X in Leuven": one value per relation and clause
        seen.add((reading.name, reading.ends))
        if reading.name == ANY_RELATION:
            triples.append(Triple(subject=subject, relation=phrase, object=obj.text, retract=True))
            continue
        retract = negated or reading.ends or (leaving and reading.name == "works as")
        if reading.name == "lives in" and _planned_move(words, clause[end:]):
            reading = read_relation("plans to move to")  # "will move to Bergen next month"
        if reading.name == "lives in":
            obj = _site_place(clause, obj)
        relation = reading.name if reading.canonical else phrase
        joined = any(w.casefold().startswith("join") for w in words)
        if reading.name == "works for" and joined and is_club(obj.text) and not as_a_job:
            relation = "is member of"  # "joined the Chorale Saint-Cyprien": a member
        triples.append(
            Triple(
                subject=subject,
                relation=relation,
                object=None if reading.ends else obj.text,
                retract=retract,
                phrase=phrase if reading.canonical and phrase != reading.name else None,
            )
        )
    stated = any(read_relation(t.relation).canonical for t in triples)
    triples = [t for t in triples if _worth_keeping(t, stated)]
    shared = [  # "Anjali and Oskar are planning a fortnight in Lisbon": both are
        t.model_copy(update={"subject": partner})
        for partner in found.partners
        for t in triples
        if t.subject == subject
    ]
    return triples + shared, after


def extract_facts(text: str) -> list[Triple]:
    """The facts ``text`` states, in order, as the patterns read them (pronoun subjects kept
    as written, for name resolution)."""
    triples: list[Triple] = []
    for sentence in tag_sentences(text):
        if sentence.text.rstrip().endswith("?"):
            continue
        tokens = _retag(sentence.tokens)
        with suppress(ValidationError):  # a name the API cannot carry: no fact, never a failure
            triples += _apposition_facts(tokens)
        context = _Context()
        for clause in _clauses(tokens):
            try:
                found, context = _clause_facts(clause, context)
            except ValidationError:
                continue
            triples += found
    unique: list[Triple] = []
    for triple in triples:
        if triple not in unique:
            unique.append(triple)
    return unique
