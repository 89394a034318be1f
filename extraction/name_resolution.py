"""Names in a written fact, resolved against the stream: who "she", "Ingrid" or "Solhiem" is.

The memory model copies names from the statement it reads, so a pronoun, a first name, a surname
or a typo in the statement becomes a subject of its own and a person's story falls apart ("She
lives in Bergen" never supersedes "Nadia Holm lives in Oslo"). Each name of a written triple is
resolved, in order:

1. a pronoun: "I"/"me" is the speaker of a chat turn ("Luka: …"); any other is the latest person
   the stream spoke about (the statement's own earlier facts first, then the memory's);
2. a name the memory already knows (same key) stays as it is;
3. a proper name is matched against the known names by ``extraction.name_matching``'s tiers: a
   first name, surname or known alias of exactly one entity, a typo of a rare name, an embedding
   within the measured threshold;
4. otherwise the name must occur in the statement: one the model mangled while copying is repaired
   to the statement's own spelling when exactly one name there is close to it ("Havannah" →
   "Havana"), else dropped, never stored (the model never invents a name).

Ambiguous cases (two known people share the first name) stay as written and are reported. Every
decision is a ``Resolution`` (mention, resolved name, reason), for the write's report and the
entity's aliases. Pure: the caller gives the statement, the people the stream spoke about (fact
subjects, most recent first), every name the memory knows, its aliases and the embedding lookup.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from extraction.common_names import given_name_gender
from extraction.gazetteer import big_place, everyday_word, is_place
from extraction.memory_api import Triple
from extraction.name_matching import (
    Reason,
    Resolution,
    Similar,
    edit_distance,
    match_known,
    other_namesake,
)
from extraction.text import split_sentences
from graph.keys import entity_key

THIRD_PERSON = frozenset("he she they him her them his hers their theirs".split())
FIRST_PERSON = frozenset("i me my mine myself".split())
_SPEAKER = re.compile(r"^\s*([A-Z][\w'-]*(?: [A-Z][\w'-]*)?):\s")
# A post: "@zeynepk (Zeynep Kaya): …" (the handle and the name behind it) or "@zeynepk: …".
_HANDLE = re.compile(r"^\s*@([\w.]*\w)(?:\s*\(([^()@:]{2,60})\))?:\s")
# A team chat's lower-case label, "pri: …", "mirela: …": a handle the stream may know.
_LOWER_SPEAKER = re.compile(r"^\s*([a-z][a-z0-9_.'-]{1,29}):\s")  # "pri", "bettabrad_92"
# A transcript's role beside a name: "GUEST (Solveig Amadi): …", "Solveig Amadi (guest): …".
_ROLE_LABEL = re.compile(
    r"^\s*(?P<outer>[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2})\s*"
    r"\((?P<inner>[\w'’ -]{2,40})\):\s"
)
NOT_SPEAKERS = frozenset(  # labels of notes and minutes, not people: "AOB: …", "fyi: …"
    """psa fyi nb ps re fwd note edit update todo tldr eta btw imo reminder news correction
    warning q a ok yes no pps aob tbd tba rsvp asap fao apologies attendees absent minutes
    agenda""".split()
)


@dataclass(frozen=True)
class ResolvedWrite:
    triples: list[Triple]
    resolutions: list[Resolution]  # what was resolved, dropped or left ambiguous, and why


@dataclass(frozen=True)
class ExpandedText:
    """A statement with the stream's people written out, and what was written out."""

    text: str
    resolutions: list[Resolution] = field(default_factory=list)


def speaker(text: str) -> str | None:
    """The speaker of a chat turn written as "Name: text", or of a post: the name given beside
    its handle ("@zeynepk (Zeynep Kaya): …"), else the handle itself ("@zeynepk"); a team
    chat's lower-case label ("pri: …") is a handle too."""
    found = _SPEAKER.match(text)
    if found:
        return found.group(1)
    role = _ROLE_LABEL.match(text)
    named = _named_in_role(role) if role is not None else None
    if named is not None:
        return named
    post = _HANDLE.match(text)
    if post is None:
        label = _lower_label(text)
        return f"@{label}" if label else None
    return post.group(2).strip() if post.group(2) else f"@{post.group(1)}"


_ROLE_WORDS = frozenset(  # a transcript's roles: the one word in brackets after one is a name
    """host co-host cohost guest interviewer interviewee presenter caller moderator panelist
    panellist speaker reporter anchor chair""".split()
)
_CALENDAR = frozenset(
    w.casefold() for w in (*calendar.month_name[1:], *calendar.day_name)
)  # "Edit (June)": a month, though June is a name too


def _named_in_role(role: re.Match[str]) -> str | None:
    """The name of a role label: the capitalised name in brackets after a role ("GUEST (Solveig
    Amadi)"), else the name before a role in brackets ("Solveig Amadi (guest)"); None for a
    heading ("Diary (Tues)", "Dinner (Friday)", "Edit (June)")."""
    inner, outer = role["inner"].strip(), role["outer"]
    parts = inner.split()
    capitalised = all(p[:1].isupper() and not p.isupper() for p in parts)
    given = len(parts) == 1 and given_name_gender(parts[0]) is not None
    given = given or (len(parts) == 1 and outer.casefold() in _ROLE_WORDS)  # "GUEST (Sunita)"
    if capitalised and (len(parts) > 1 or (given and parts[0].casefold() not in _CALENDAR)):
        return inner
    first = outer.split()[0]
    if first.casefold() in NOT_SPEAKERS:
        return None
    if given_name_gender(first) is None and (everyday_word(first.casefold()) or " " not in outer):
        return None  # a heading, not a person's name
    return outer


def _lower_label(text: str) -> str | None:
    """A lower-case speaker label that names someone ("pri: …"), not a note ("fyi: …")."""
    found = _LOWER_SPEAKER.match(text)
    if found is None or found[1] in NOT_SPEAKERS:
        return None
    label = found[1]
    named = given_name_gender(label.title()) is not None
    return label if named or not everyday_word(label) else None


def handle(text: str) -> str | None:
    """The handle a post opens with ("@zeynepk (Zeynep Kaya): …" → "zeynepk")."""
    post = _HANDLE.match(text)
    return post.group(1) if post else None


def turn_opening(text: str) -> int:
    """Where what a chat turn or post says begins: after its "Name: " or "@handle (Name): "."""
    role = _ROLE_LABEL.match(text)
    found = _SPEAKER.match(text) or (role if role and _named_in_role(role) else None)
    found = found or _HANDLE.match(text)
    if found is None and _lower_label(text):
        found = _LOWER_SPEAKER.match(text)
    return found.end() if found else 0


def stated_text(text: str) -> str:
    """What a statement asserts, for the writer: without a chat turn's "Name: " (the speaker is
    not what the turn is about) and without its questions (they ask; they state nothing)."""
    spoken = text[turn_opening(text) :]
    return " ".join(s for s in split_sentences(spoken) if not s.rstrip().endswith("?"))


class _Resolver:
    def __init__(
        self,
        text: str,
        people: Sequence[str],
        names: Sequence[str],
        aliases: Mapping[str, Sequence[str]] | None,
        similar: Similar | None,
    ) -> None:
        self.original = text
        self.text = text.casefold()
        self.speaker = speaker(text)
        self.names = {entity_key(n): n for n in (*names, *reversed(people))}  # key → name
        self.people = list(dict.fromkeys(people))  # most recent first
        self.aliases = aliases
        self.similar = similar
        self.resolutions: list[Resolution] = []

    def latest_person(self) -> str | None:
        return self.people[0] if self.people else None

    def name(self, name: str) -> str | None:
        key = entity_key(name)
        if key == "mine":
            return None  # "Mine is in third grade": the speaker's child, not the speaker
        if key in FIRST_PERSON:
            return self._record(Resolution(name, self.speaker, Reason.SPEAKER))
        if key in THIRD_PERSON:
            return self._record(Resolution(name, self.latest_person(), Reason.LATEST_PERSON))
        if key in self.names:
            return self.names[key]
        if (other := _THE_OTHER.fullmatch(name.strip())) is not None:
            return self._the_other(name, other[1])
        if not name[:1].isupper():  # only proper names have first names, surnames and typos
            return self._kept_if_copied(name)
        found = match_known(name, self.names, self.aliases, self.similar)
        if found is not None and _a_city_in_another_name(name, found, self.people):
            return self._kept_if_copied(name)  # "just outside Bergen" is not "Bergen Klatresenter"
        if found is not None and found.ambiguous:
            said = self.text[turn_opening(self.original) :]  # not the speaker's own label
            named = [
                c for c in found.candidates if re.search(rf"\b{re.escape(c.casefold())}\b", said)
            ]
            if len(named) == 1:  # "Dr Chiamaka Obi has started … Dr Obi, who now lives …"
                return self._record(Resolution(name, named[0], Reason.NAMED_IN_STATEMENT))
        if found is not None:
            self._record(found)
            if not found.ambiguous:
                return found.resolved
        return self._kept_if_copied(name)

    def _the_other(self, name: str, first: str) -> str | None:
        """ "The other Josie from work": never the Josie just talked to or about."""
        other = other_namesake(first, self.people, [self.speaker] if self.speaker else [])
        reason = Reason.THE_OTHER if other else Reason.NOT_IN_STATEMENT
        return self._record(Resolution(name, other, reason))

    def _kept_if_copied(self, name: str) -> str | None:
        if name.casefold() in self.text:
            return name
        limit = 2 if len(name) >= 6 else 1
        spans = {m[0] for m in _PROPER.finditer(self.original)}
        near = list(
            dict.fromkeys(
                span
                for span in spans
                if edit_distance(name.casefold(), span.casefold(), limit) <= limit
            )
        )
        if len(near) == 1:
            return self._record(Resolution(name, near[0], Reason.STATEMENT_SPELLING))
        return self._record(Resolution(name, None, Reason.NOT_IN_STATEMENT))

    def _record(self, resolution: Resolution) -> str | None:
        if resolution not in self.resolutions:
            self.resolutions.append(resolution)
        return resolution.resolved


_HOME_RELATIONS = frozenset({"lives in", "plans to move to", "is based in", "moved to"})


def _home_in_a_longer_name(triple: Triple, resolved: str) -> bool:
    """A home's place resolved into a longer known name that is no place (a club, a shop)."""
    written = entity_key(triple.object or "")
    longer = entity_key(resolved)
    return (
        triple.relation in _HOME_RELATIONS
        and longer != written
        and longer.startswith(written)
        and not is_place(resolved)
    )


def _a_city_in_another_name(name: str, found: Resolution, people: Sequence[str]) -> bool:
    """A city's name that matched part of a longer name that is no person's (a climbing centre,
    a clinic): the city is meant, not the place named after it."""
    named = [n for n in (found.resolved, *found.candidates) if n is not None]
    return bool(named) and not any(n in people for n in named) and big_place(name)


_SENTENCE_START = r"(^|[.!?]\s+|;\s+)"
_SUBJECT_PRONOUN = re.compile(_SENTENCE_START + r"(he|she|they)\b", re.IGNORECASE)
_POSSESSIVE = re.compile(_SENTENCE_START + r"(his|her|their)\b", re.IGNORECASE)
_PROPER = re.compile(r"\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*")
_THE_OTHER = re.compile(r"(?:[Tt]he\s+)?[Oo]ther\s+([A-Z][\w'-]*)")
_OTHER_BEFORE = re.compile(r"\bother\s+$", re.IGNORECASE)


def expand_mentions(text: str, people: Sequence[str]) -> ExpandedText:
    """``text`` with the stream's people written out, for the writer to read: a sentence that
    opens with "she" or "his" gets the latest person, and a first name, a surname or a misspelt
    name of exactly one known person becomes the full name. The model copies names; given the
    full name, it copies the full name. A mention that could be several people stays as it is,
    reported as ambiguous."""
    if not people:
        return ExpandedText(text)
    latest = people[0]
    known = {entity_key(p): p for p in reversed(people)}
    resolutions: list[Resolution] = []

    def pronoun(match: re.Match[str], written: str) -> str:
        found = Resolution(match[2], latest, Reason.LATEST_PERSON)
        if found not in resolutions:
            resolutions.append(found)
        return match[1] + written

    text = _SUBJECT_PRONOUN.sub(lambda m: pronoun(m, latest), text)
    text = _POSSESSIVE.sub(lambda m: pronoun(m, f"{latest}'s"), text)

    def written_out(match: re.Match[str]) -> str:
        mention = match[0]
        base, possessive = (mention[:-2], "'s") if mention.endswith("'s") else (mention, "")
        if _OTHER_BEFORE.search(match.string[: match.start()]):
            return mention  # "the other Josie" is not the Josie everyone knows
        if entity_key(base) in known:
            return mention
        found = match_known(base, known)
        if found is None:
            return mention
        if found not in resolutions:
            resolutions.append(found)
        return mention if found.ambiguous or found.resolved is None else found.resolved + possessive

    return ExpandedText(_PROPER.sub(written_out, text), resolutions)


def resolve_names(
    triples: Sequence[Triple],
    text: str,
    people: Sequence[str],
    names: Sequence[str] = (),
    *,
    aliases: Mapping[str, Sequence[str]] | None = None,
    similar: Similar | None = None,
    said_by: str | None = None,
) -> ResolvedWrite:
    """``triples`` with every name resolved; a triple with a name that cannot be is dropped.
    ``aliases`` maps alias keys to the entities that have them; ``similar`` is the embedding
    tier's lookup (none: the tier is off); ``said_by``: the speaker as the stream knows them
    ("Marisol Echeverría" for a turn labelled "Marisol: …")."""
    resolver = _Resolver(text, people, names, aliases, similar)
    resolver.speaker = said_by or resolver.speaker
    kept: list[Triple] = []
    for triple in triples:
        subject = resolver.name(triple.subject)
        obj = None if triple.object is None else resolver.name(triple.object)
        if obj is not None and triple.object and _home_in_a_longer_name(triple, obj):
            obj = triple.object  # "a place in Logan Square" is not the Logan Square Lions U10s
        if subject is None or (triple.object is not None and obj is None):
            continue
        resolved = triple.model_copy(update={"subject": subject, "object": obj})
        if resolved not in kept:
            kept.append(resolved)
        resolver.people.insert(0, subject)
        resolver.names.setdefault(entity_key(subject), subject)
    return ResolvedWrite(kept, resolver.resolutions)
