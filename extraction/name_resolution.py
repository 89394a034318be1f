"""Names in a written fact, resolved against the stream: who "she", "Ingrid" or "Solhiem" is.

The memory model copies names from the statement it reads, so a pronoun, a first name, a surname
or a typo in the statement becomes a subject of its own and a person's story falls apart ("She
lives in Bergen" never supersedes "Nadia Holm lives in Oslo"). Each name of a written triple is
resolved, in order:

1. a pronoun: "I"/"me" is the speaker of a chat turn ("Luka: …"); any other is the latest person
   the stream spoke about (the statement's own earlier facts first, then the memory's);
2. a name the memory already knows (same key) stays as it is;
3. a proper name that begins or ends exactly one known longer name (a first name, a surname)
   becomes that name;
4. a proper name within a small edit distance of exactly one known name (a typo) becomes it;
5. otherwise the name must occur in the statement: one the model mangled while copying is repaired
   to the statement's own spelling when exactly one name there is close to it ("Havannah" →
   "Havana"), else dropped, never stored (the model never invents a name).

Ambiguous cases (two known people share the first name) stay as written. Pure: the caller gives
the statement, the people the stream spoke about (fact subjects, most recent first) and every
name the memory knows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from extraction.memory_api import Triple
from extraction.text import split_sentences
from graph.keys import entity_key

THIRD_PERSON = frozenset("he she they him her them his hers their theirs".split())
FIRST_PERSON = frozenset("i me my mine myself".split())
_SPEAKER = re.compile(r"^\s*([A-Z][\w'-]*(?: [A-Z][\w'-]*)?):\s")
_TOKEN = re.compile(r"[\w'-]+")


@dataclass(frozen=True)
class ResolvedWrite:
    triples: list[Triple]
    notes: list[str]  # what was resolved or dropped, and why


def speaker(text: str) -> str | None:
    """The speaker of a chat turn written as "Name: text"."""
    found = _SPEAKER.match(text)
    return found.group(1) if found else None


def stated_text(text: str) -> str:
    """What a statement asserts, for the writer: without a chat turn's "Name: " (the speaker is
    not what the turn is about) and without its questions (they ask; they state nothing)."""
    found = _SPEAKER.match(text)
    spoken = text[found.end() :] if found else text
    return " ".join(s for s in split_sentences(spoken) if not s.rstrip().endswith("?"))


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance (a swap of neighbours costs 1), capped at ``limit + 1``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return min(previous[-1], limit + 1)


def _typo_limit(name: str) -> int:
    return 2 if len(name) >= 10 else 1 if len(name) >= 5 else 0


def _unique(candidates: Sequence[str]) -> str | None:
    distinct = list(dict.fromkeys(candidates))
    return distinct[0] if len(distinct) == 1 else None


def _alias_of(name: str, known: Sequence[str]) -> str | None:
    """The one known longer name that ``name`` begins or ends ("Ingrid", "Okonjo-Marsh" of
    "Wendell Okonjo-Marsh"; "Hollowbrook" of "Hollowbrook Brewery")."""
    words = entity_key(name).split()
    return _unique(
        [
            k
            for k in known
            if len(k.split()) > len(words)
            and words in (k.split()[: len(words)], k.split()[-len(words) :])
        ]
    )


def _typo_of(name: str, known: Sequence[str]) -> str | None:
    """The one known name ``name`` misspells (whole name, or one of its words)."""
    key = entity_key(name)
    limit = _typo_limit(key)
    if limit == 0:
        return None
    whole = [k for k in known if edit_distance(key, k, limit) <= limit]
    if whole:
        return _unique(whole)
    words = key.split()
    if len(words) == 1:
        return _unique(
            [
                k
                for k in known
                if " " in k
                and any(edit_distance(key, w, _typo_limit(w)) <= _typo_limit(w) for w in k.split())
            ]
        )
    return None


class _Resolver:
    def __init__(self, text: str, people: Sequence[str], names: Sequence[str]) -> None:
        self.original = text
        self.text = text.casefold()
        self.speaker = speaker(text)
        self.names = {entity_key(n): n for n in (*names, *reversed(people))}  # key → name
        self.people = list(dict.fromkeys(people))  # most recent first
        self.notes: list[str] = []

    def latest_person(self) -> str | None:
        return self.people[0] if self.people else None

    def name(self, name: str) -> str | None:
        key = entity_key(name)
        if key in FIRST_PERSON:
            return self._note(name, self.speaker, "the chat turn's speaker")
        if key in THIRD_PERSON:
            return self._note(name, self.latest_person(), "the latest person of the stream")
        if key in self.names:
            return self.names[key]
        if not name[:1].isupper():  # only proper names have first names, surnames and typos
            return self._kept_if_copied(name)
        keys = list(self.names)
        for found, why in (
            (_alias_of(name, keys), "first name or surname"),
            (_typo_of(name, keys), "spelling"),
        ):
            if found is not None:
                return self._note(name, self.names[found], why)
        return self._kept_if_copied(name)

    def _kept_if_copied(self, name: str) -> str | None:
        if name.casefold() in self.text:
            return name
        limit = 2 if len(name) >= 6 else 1
        spans = {m[0] for m in _PROPER.finditer(self.original)}
        near = _unique(
            [
                span
                for span in spans
                if edit_distance(name.casefold(), span.casefold(), limit) <= limit
            ]
        )
        if near is not None:
            return self._note(name, near, "the statement's spelling")
        return self._note(name, None, "not in the statement")

    def _note(self, name: str, resolved: str | None, why: str) -> str | None:
        self.notes.append(
            f"{name!r} → {resolved!r} ({why})" if resolved else f"dropped {name!r} ({why})"
        )
        return resolved


_SENTENCE_START = r"(^|[.!?]\s+|;\s+)"
_SUBJECT_PRONOUN = re.compile(_SENTENCE_START + r"(he|she|they)\b", re.IGNORECASE)
_POSSESSIVE = re.compile(_SENTENCE_START + r"(his|her|their)\b", re.IGNORECASE)
_PROPER = re.compile(r"\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*")


def _full_name(mention: str, people: Sequence[str]) -> str | None:
    """The one known person ``mention`` names: by a first name or surname, or misspelt."""
    keys = [entity_key(p) for p in people]
    key = entity_key(mention)
    if key in keys:
        return None
    found = _alias_of(mention, keys) or _typo_of(mention, keys)
    return people[keys.index(found)] if found is not None else None


def expand_mentions(text: str, people: Sequence[str]) -> str:
    """``text`` with the stream's people written out, for the writer to read: a sentence that
    opens with "she" or "his" gets the latest person, and a first name, a surname or a misspelt
    name of exactly one known person becomes the full name. The model copies names; given the
    full name, it copies the full name."""
    if not people:
        return text
    latest = people[0]
    text = _SUBJECT_PRONOUN.sub(lambda m: m[1] + latest, text)
    text = _POSSESSIVE.sub(lambda m: f"{m[1]}{latest}'s", text)

    def written_out(match: re.Match[str]) -> str:
        mention = match[0]
        base, possessive = (mention[:-2], "'s") if mention.endswith("'s") else (mention, "")
        full = _full_name(base, people)
        return full + possessive if full else mention

    return _PROPER.sub(written_out, text)


def resolve_names(
    triples: Sequence[Triple], text: str, people: Sequence[str], names: Sequence[str] = ()
) -> ResolvedWrite:
    """``triples`` with every name resolved; a triple with a name that cannot be is dropped."""
    resolver = _Resolver(text, people, names)
    kept: list[Triple] = []
    for triple in triples:
        subject = resolver.name(triple.subject)
        obj = None if triple.object is None else resolver.name(triple.object)
        if subject is None or (triple.object is not None and obj is None):
            continue
        resolved = triple.model_copy(update={"subject": subject, "object": obj})
        if resolved not in kept:
            kept.append(resolved)
        resolver.people.insert(0, subject)
        resolver.names.setdefault(entity_key(subject), subject)
    return ResolvedWrite(kept, resolver.notes)
