"""Cue-driven relation frames: the relations people's lives change in, read where the clause
parser cannot (lower-case chat, notes without verbs, passives, "X -> Y").

A frame is a cue for one relation ("moved to", "signed a lease on a flat in", "joined",
"poached", "took up", "sold"), the reader of the kind of value that relation takes
(``extraction.typed_objects``) and whether the cue ends the relation. In each clause, every cue
that is followed by a value of the right kind gives a fact; its subject is the person named
last before the cue in the clause (for a passive cue, "brinkman engineering hired Jonah Feld",
the person after it), else the statement's topic: a chat turn's speaker, else the person the
statement spoke of last. Negation ("not … anymore", "no longer") turns a fact into a retraction.
"Switched from A to B", "swapped A for B", "A -> B" read B's kind to find the relation; B is the
new value and A's ends. Only facts about people are read: a frame whose subject is no person of
the stream writes nothing. Pure.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from extraction.attribution import SIGNATURE
from extraction.frame_cues import (
    ANYMORE,
    ARROW,
    BOSS,
    CLAUSES,
    CLUB_BEFORE_POST,
    COPULA_LINK,
    COUPLE_CUES,
    DAY_AHEAD,
    DEMONYM,
    EACH_OTHER,
    FILLERS,
    FRAGMENT_LINKS,
    FRAMES,
    FUTURE,
    JOB_AT,
    JOB_ENDS,
    LESSONS_END,
    MANAGER_BEFORE_NAME,
    MANAGER_LABEL,
    MEET,
    NAME_IS,
    NEGATION,
    PARTNER,
    PARTNER_NOUNS,
    PASSING,
    PET_CUE,
    PLAYER,
    PLAYING_ENDS,
    PROPER_NAME,
    PROPOSED,
    SEASON_AHEAD,
    STOPPED,
    SWITCH,
    SWITCH_TO,
    TENTATIVE,
    TENURE,
    WISHED,
    Frame,
    Reader,
)
from extraction.gazetteer import (
    VEHICLE_MAKES,
    big_place,
    everyday_word,
    is_animal,
    is_bicycle,
    is_instrument,
    is_job_title,
    is_language,
    is_office,
    is_organisation_name,
    is_place,
    is_school,
    is_skill,
    is_sport,
    is_vehicle,
)
from extraction.memory_api import Triple
from extraction.people import as_name, person_like
from extraction.text import split_sentences, word_class
from extraction.typed_objects import (
    LEAD_NOUNS,
    read_job,
    read_org,
    read_pet,
    read_place,
    read_skill,
    read_vehicle,
    tokens,
)
from graph.keys import entity_key


def _typed_relation(value: str) -> str | None:
    """The relation a switched-to value belongs to, by its kind."""
    if is_place(value):
        return "lives in"
    if is_bicycle(value):
        return "rides"
    if is_vehicle(value):
        return "drives"
    if is_sport(value) and not is_language(value):
        return "plays"
    if is_skill(value):
        return "is learning"
    if is_job_title(value, listed=True):
        return "works as"
    if is_school(value):
        return "studies at"
    if is_organisation_name(value) or (value.isupper() and len(value) > 1):
        return "works for"  # "moved to the AMC": initials of an employer
    return None


_READERS: dict[str, Reader] = {
    "lives in": read_place,
    "rides": read_vehicle,
    "drives": read_vehicle,
    "plays": read_skill,
    "is learning": read_skill,
    "works as": read_job,
    "studies at": read_org,
    "works for": read_org,
}


_ANOTHER_SUBJECT = re.compile(
    r",\s+(?:the|this|that|its|their)\s+(?P<noun>[a-z]+(?:\s+(?!(?:is|was|are|were)\b)[a-z]+)?)\s+"
    r"(?P<copula>(?:is|was|are|were|'s)\s+(?:[a-z]+\s+)?)?$"
)
_COPULA_CUE = re.compile(r"\s*(?:is|was|are|were|'s)\b")


def _verb_first(words: Sequence[str]) -> bool:
    """Whether a clause opens with a verb ("runs the kitchen …", "started at …"): its subject
    is the one before."""
    if not words:
        return False
    tag = word_class(words[0])
    if words[0].casefold() in _THIRD_PERSON_VERBS:
        return True  # "reports to …": the tagger reads a plural noun
    return words[0].endswith("ing") or (tag is not None and (tag.startswith("VB") or tag == "MD"))


_THIRD_PERSON_VERBS = frozenset("reports works lives plays drives owns runs teaches".split())


@dataclass
class _Reading:
    people: Sequence[str]
    topic: str | None
    found: list[Triple]
    sure: Callable[[str], bool] = lambda _: True  # a person for certain, not a capitalised org
    named: list[str] = field(default_factory=list)  # the statement's people so far
    speaker: str | None = None  # a chat turn's speaker
    passing: bool = False  # the clause says when or if ("while she's in Reykjavik")
    exclaimed: bool = False  # a turn opens with this clause and "!" ("Executive!!")
    homeless: list[tuple[list[str], str]] = field(default_factory=list)  # a home cue, no place
    pet_cued: bool = False  # the clause before had a cue to a pet and named none ("we got…:")
    animal_said: bool = False  # the statement has named a kind of animal so far

    def spans(self, clause: str) -> list[tuple[int, int, str]]:
        """Where the clause names a person of the stream."""
        found: list[tuple[int, int, str]] = []
        for name in sorted(self.people, key=len, reverse=True):
            for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", clause):
                if not any(a <= m.start() < b for a, b, _ in found):
                    found.append((m.start(), m.end(), name))
        return sorted(found)

    def subjects(
        self, clause: str, spans: list[tuple[int, int, str]], at: int, *, owners: bool = False
    ) -> list[str]:
        """Whom the cue at ``at`` is about: the person named last before it (not a possessor,
        "Kenji's flat", unless ``owners``: "Siobhan's Fiat was written off"), with the one
        joined to them by "and"; else, for a clause that opens with its verb or with words
        that name no one, the topic."""
        before = [
            span for span in spans if span[1] <= at and (owners or not _possessor(clause, span[1]))
        ]
        other = _ANOTHER_SUBJECT.search(clause, before[-1][1], at) if before else None
        if other is not None and not (other["copula"] or _COPULA_CUE.match(clause, at)):
            other = None  # "…, this time as art director": no verb of its own
        if other is not None and not is_job_title(other["noun"]):
            return []  # "Wren is learning Slovene, the role is based in Ljubljana"
        if before:
            start, _, name = before[-1]
            joined = [p for p in before[:-1] if clause[p[1] : start].strip().casefold() == "and"]
            return [joined[-1][2], name] if joined else [name]
        segment = clause[:at].rsplit(",", 1)[-1]  # "settled in X, loving Y, playing in Z"
        words = [w for w in segment.split() if w.casefold() not in FILLERS]
        if not words or _verb_first(words) or _TENURE_ONLY.fullmatch(" ".join(words)):
            return [self.topic] if self.topic else []
        return []

    def add(
        self,
        subject: str | None,
        relation: str,
        value: str | None,
        retract: bool,
        phrase: str | None = None,
    ) -> None:
        if subject is None or (value is None and not retract):
            return
        if value is not None:
            untitled = HONORIFIC.sub("", value)
            if untitled in self.people:
                value = untitled  # "Mrs Dolores Vega" is Dolores Vega
            person = value in self.people
            if relation in _PERSON_VALUES and not person:
                return
            if relation not in _PERSON_VALUES and person and self.sure(value):
                return
        if value is not None and entity_key(value) == entity_key(subject):
            return
        said = " ".join((phrase or "").split())
        triple = Triple(
            subject=subject,
            relation=relation,
            object=value,
            retract=retract,
            phrase=said if said and said.casefold() != relation else None,
        )
        bare = triple.model_copy(update={"phrase": None})
        if all(t.model_copy(update={"phrase": None}) != bare for t in self.found):
            self.found.append(triple)  # the first cue's phrase: one fact per value
        self.topic = subject

    def clause(self, clause: str) -> None:
        spans = self.spans(clause)
        self.named += [name for _, _, name in spans if name not in self.named]
        if spans and not [w for w in clause[: spans[0][0]].split() if w.casefold() not in FILLERS]:
            self.topic = spans[0][2]
        for frame in FRAMES:
            for m in frame.cue.finditer(clause):
                self._frame(frame, clause, spans, m)
        self._switches(clause, spans)
        self._pets(clause, spans)
        self._couples(clause, spans)
        self._fragments(clause, spans)
        for m in JOB_AT.finditer(clause):  # "… as clinical nurse manager at Ostara Health's clinic"
            led = m["link"] == "of" and m["job"].split()[-1].casefold() in _LEADERS
            if is_job_title(m["job"]) and not led:  # "captain of the team" is another relation
                employer = read_org(tokens(m["obj"]))
                for subject in self.subjects(clause, spans, m.start()):
                    self.add(subject, "works for", employer, False)
        for m in DEMONYM.finditer(clause):  # "kaas and I are officially leideners"
            town = next((p for p in _demonym_places(m["people"]) if is_place(p)), "")
            for subject in self.subjects(clause, spans, m.start()) if town else []:
                self.add(subject, "lives in", as_name(town), False, m[0])
        endings = (
            (JOB_ENDS, "works for"),
            (LESSONS_END, "is learning"),
            (PLAYING_ENDS, "plays for"),
        )
        for ending, relation in endings:
            for m in ending.finditer(clause):
                if FUTURE.search(clause[m.end() :]) or TENTATIVE.search(clause[: m.start()]):
                    continue  # "stopping drums after this term", "will hang up his boots": not yet
                for subject in self.subjects(clause, spans, m.start()):
                    self.add(subject, relation, None, True)
        if not spans:
            return
        opening = [w for w in clause[: spans[0][0]].split() if w.casefold() not in FILLERS]
        if not opening and not _possessor(clause, spans[0][1]):
            self.topic = spans[0][2]

    def _frame(
        self, frame: Frame, clause: str, spans: list[tuple[int, int, str]], m: re.Match[str]
    ) -> None:
        if "obj" in frame.cue.groupindex and m["obj"]:
            words = tokens(m["obj"])
        else:
            words = tokens(clause[m.end() :])
        if frame.passive:
            after = [
                s for s in spans if s[0] >= m.end() and not CLUB_BEFORE_POST.match(clause, s[1])
            ]
            if not after:
                return
            _, end, person = after[0]
            if frame.relation in ("works for", "plays for"):  # the name before: "brinkman hired me"
                value = read_org(tokens(re.split(r"[.,;!?]", clause[: m.start()])[-1]))
            elif frame.relation == "is learning":
                value = read_skill(tokens(clause[end:]))
            else:
                value = read_job(tokens(clause[end:]))
            self.add(person, frame.relation, value, False)
            return
        read = frame.read(words)
        values = read if isinstance(read, list) else [read] if read else []
        if not values and frame.relation == "lives in" and frame.home:
            self.homeless.append((self.subjects(clause, spans, m.start()), clause))
        said_of = max((end for _, end, _ in spans if end <= m.start()), default=0)
        negated = (  # "X can't do bins, X is on nights at Y": the negation is another predicate's
            bool(NEGATION.search(clause[said_of : m.end()]))
            or bool(ANYMORE.search(_OTHER_PREDICATE.split(_ASIDE.sub("", clause[m.end() :]))[0]))
            or bool(STOPPED.search(clause[: m.start()]))
        )
        relation = frame.relation
        if WISHED.search(clause[said_of : m.start()]):
            if frame.plan not in _WISHABLE_PLANS:
                return  # "she wants to live in Europe one day" is no home yet, nor a job
            relation = frame.plan
        if relation == "works for" and PLAYER.search(clause):
            relation = "plays for"
        ahead = clause[m.end() :]
        done = re.search(r"\b\w+ed\b", m.group()) is not None  # "moved in with … on saturday"
        if (
            frame.plan
            and relation == frame.relation  # a player's next club is no job to start
            and not done
            and any(p.search(ahead) for p in (FUTURE, SEASON_AHEAD, DAY_AHEAD))
        ):
            relation = frame.plan
        told_done = "last" in m.group().casefold() and _TOLD_AS_DONE.search(ahead)
        if frame.ends and FUTURE.search(ahead) and not told_done:
            return  # an ending still to come is no ending yet ("last day is Friday")
        if self.passing and frame.relation in ("lives in", "works for", ""):
            return  # "while she's in Reykjavik" is a stay, not a home
        for found in values:
            typed = relation or _typed_relation(found)
            if typed is None or (frame.ends and negated):
                continue
            phrase = m[0] + (_PREPOSITION.match(clause[m.end() :]) or [""])[0]
            owned = "obj" in frame.cue.groupindex  # "Siobhan's Fiat was written off"
            owned = owned or (frame.ends and _owner_just_before(clause, spans, m.start()))
            subjects = self.subjects(clause, spans, m.start(), owners=owned)
            if not subjects and frame.speakers and self.speaker:
                subjects = [self.speaker]
            for subject in subjects:
                self.add(subject, typed, found, frame.ends or negated, phrase)

    def _switches(self, clause: str, spans: list[tuple[int, int, str]]) -> None:
        for pattern in (SWITCH, ARROW, SWITCH_TO):
            for m in pattern.finditer(clause):
                new = m["b"].strip()
                relation = None
                value: str | None = None
                for reader_relation, reader in _READERS.items():
                    value = reader(tokens(new))
                    if value and _typed_relation(value) == reader_relation:
                        relation = reader_relation
                        break
                if relation is None or value is None:
                    continue
                old = m.groupdict().get("a")
                before = _READERS[relation](tokens(old)) if old else None
                ended = (before and _typed_relation(before)) or relation  # a car, then a bike
                for subject in self.subjects(clause, spans, m.start()):
                    if before and before != value:
                        self.add(subject, ended, before, True)
                    self.add(subject, relation, value, False)

    def _pets(self, clause: str, spans: list[tuple[int, int, str]]) -> None:
        introduced, self.pet_cued = self.pet_cued, False
        for m in PET_CUE.finditer(clause):
            named = [
                n
                for n in read_pet(tokens(clause[m.end() :]))
                or self._named_animals(clause[m.end() :])
                if not self._a_persons_name(n)
            ]  # "he has a three-legged cat, Rachel Brennan is doomed": no pet called Rachel
            self.pet_cued = self.pet_cued or not named
            for name in named:
                for subject in self.subjects(clause, spans, m.start(), owners=True):
                    self.add(subject, "owns", name, False)
        if introduced and self.topic:  # "We have a new family member: | Nuppu, a grey kitten"
            for name in self._named_animals(clause):
                self.add(self.topic, "owns", name, False)
        for m in NAME_IS.finditer(clause):
            self.animal_said = self.animal_said or any(
                is_animal(w.casefold()) for w in tokens(clause[: m.start()])
            )
            name = m["obj"].strip(".,!").title()
            surname = re.match(r"\s+[A-Z][a-z]", clause[m.end() :]) is not None
            if self.animal_said and not surname and not self._a_persons_name(name):
                self.add(self.topic, "owns", name, False)  # not "I've met someone. His name is …"
        self.animal_said = self.animal_said or any(is_animal(w.casefold()) for w in tokens(clause))
        for m in MEET.finditer(clause):  # "[shares a photo of a puppy] Meet Kluska!!"
            if self.animal_said and self.topic and not self._a_persons_name(m["obj"]):
                self.add(self.topic, "owns", m["obj"], False)
        for m in PET_APPOSITION.finditer(clause):  # "Kuikka, my ancient cat", "our dog Tui"
            name = m["name"] or m["named"]
            kind = (m["kind"] or m["kinds"] or "").split()
            owner = (m["owner"] or m["owners"] or "").strip()
            whose = self.topic if owner.casefold() in _OURS else owner.removesuffix("'s")
            if kind and is_animal(kind[-1]) and name not in self.people and whose in self.people:
                self.add(whose, "owns", name, False)

    def _a_persons_name(self, name: str) -> bool:
        words = set(entity_key(name).split())
        return any(words & set(entity_key(p).split()) for p in self.people)

    def _named_animals(self, text: str) -> list[str]:
        """Names set beside an animal noun: "Nuppu, a grey kitten from the shelter" (not "Tom,
        a dog lover", nor a person of the stream)."""
        found = []
        for m in _NAMED_ANIMAL.finditer(text):
            words = m["words"].split()
            kind = next((i for i, w in enumerate(words[:3]) if is_animal(w)), None)
            after = words[kind + 1 : kind + 2] if kind is not None else []
            if kind is not None and not (after and after[0].rstrip("s") in _NOT_THE_ANIMAL):
                found.append(m["name"])
        return [name for name in found if name not in self.people]

    def _couples(self, clause: str, spans: list[tuple[int, int, str]]) -> None:
        """ "A and B are engaged", "… have called off their engagement", "… moved in together";
        "A proposed" (to the topic)."""
        for (_, a_end, a), (b_start, b_end, b) in itertools.pairwise(spans):
            if clause[a_end:b_start].strip().casefold() != "and":
                continue
            for relation, cue, ends in COUPLE_CUES:
                if cue.match(clause[b_end:]):
                    self.add(a, relation, b, ends)
        for (_, a_end, a), (b_start, b_end, b) in itertools.pairwise(spans):
            noun = PARTNER.match(clause[b_end:])
            between = clause[a_end:b_start]
            if noun and (between.strip() == "," or COPULA_LINK.fullmatch(between)):
                self.add(b, PARTNER_NOUNS[noun["noun"].casefold()], a, False)  # "A, B's wife"
            boss = BOSS.match(clause[b_end:])
            if boss and COPULA_LINK.fullmatch(between):
                self.add(b, "reports to", a, False)  # "Anahera is Rosalind's manager"
        if EACH_OTHER.search(clause) and self.topic:
            others = [n for n in self.named if n != self.topic]
            if others:
                self._aside(self.topic, "is seeing", others[-1])
        for _, end, proposer in spans:
            to = self.speaker or next((n for n in self.named if n != proposer), None)
            if PROPOSED.match(clause[end:]) and to and to != proposer:
                self._aside(to, "married to", proposer)

    def _aside(self, subject: str, relation: str, value: str) -> None:
        """A fact that leaves the topic as it was."""
        topic = self.topic
        self.add(subject, relation, value, False)
        self.topic = topic

    def _fragments(self, clause: str, spans: list[tuple[int, int, str]]) -> None:
        """Notes and chat without verbs: "Vet nurse @ Preston Park Vets", "ux designer by the
        way", "branch manager in Amersfoort now": the topic's job (and employer)."""
        offset = 0
        for segment in re.split(r"[,|]", clause):  # a signature's "Treasurer | Accountant"
            at, offset = offset, offset + len(segment) + 1
            before = [
                name
                for start, end, name in spans
                if end <= at
                and not _possessor(clause, end)
                and clause[:start].count("(") <= clause[:start].count(")")
            ]  # not "Kavya Mehta (Ishaan's sister), 8, violin"
            subject = before[-1] if before else self.topic  # "Tim Bakker, Sales Rep, …"
            if subject is None:
                continue
            words = tokens(segment)
            while words and words[0].casefold() in FILLERS:
                words = words[1:]
            while words and not words[-1][:1].isalnum():
                words = words[:-1]
            if not words or any(name in segment for name in self.named):
                continue
            needs_employer = False
            appositive = bool(before) and clause[:at].rstrip(" ,").endswith(before[-1])
            if appositive and words[0].casefold() in ("a", "an", "the") and len(words) > 1:
                words, needs_employer = words[1:], True  # "Keoghan, a teacher at Gaelscoil X"
            elif words[0].casefold() in ("a", "an", "the", "my", "his", "her", "their"):
                continue  # "a doctor in the family" says no one's job
            if self.exclaimed and not clause[at + len(segment) :].strip():
                continue  # "HEAD pastry chef!!!", "Executive!!": cheering someone's news
            first = words[0].casefold() if not words[0].isupper() else words[0]
            named = [w for w in words if w.casefold() not in _LESSONS]  # "portuguese class"
            skill = " ".join(named).casefold()
            if (is_skill(skill, exact=True) and is_instrument(skill)) or is_language(skill):
                self.add(subject, "is learning", " ".join(named), False)  # "violin", "piano"
                continue
            job = read_job(words) or read_job([first, *words[1:]])  # "Support Engineer"
            if job is None or not is_job_title(job, listed=True):
                continue
            if clause[at + len(segment) :].lstrip().startswith(":") or _names_next(words, job):
                continue  # "Line manager: Greta Lind", "Manager R. Matos": someone else's post
            if any(_verb_like(w) for w in words[len(job.split()) :][:3]):
                continue  # "Pilot herded three toddlers": a name with a verb, not a fragment
            rest = words[len(job.split()) :]
            linked = bool(rest) and rest[0].casefold() in FRAGMENT_LINKS
            if linked and _A_TIME.match(rest[1] if len(rest) > 1 else ""):
                continue  # "physio at 9", "dentist at half ten": an appointment
            employer = read_org([w for w in rest[1:] if w != "/"]) if linked else None
            if employer is None and not rest:  # "Grants Officer, Westbourne District Council"
                employer = _organisation_segment(clause[at + len(segment) :])
            if needs_employer and employer is None:
                continue  # "Keoghan, a doctor in the family": no post named
            self.add(
                subject,
                "works as",
                job if job.split()[0] != first else " ".join([words[0], *job.split()[1:]]),
                False,
            )
            if employer is not None:
                self.add(subject, "works for", employer, False)


_NAME_JOINERS = frozenset({"&", "and", "of", "the", "for", "de", "du", "van", "von"})


def _organisation_segment(rest: str) -> str | None:
    """The next comma-separated segment when it is an organisation's name and nothing else
    (a signature's "…, Halden & Shore"; not "…, Support team", not a city)."""
    following = re.split(r"[,|]", rest.lstrip(" ,|"))[0].strip(" .;")
    separator = rest.lstrip()[:1]
    if separator not in (",", "|") or not following or is_place(following):
        return None
    proper = all(w[:1].isupper() or w in _NAME_JOINERS for w in following.split())
    piped = (  # "Buyer | Talberg Küchentechnik" (not "| Mum Of Two", "| Ex-Google", "| He/Him")
        separator == "|"
        and len(following.split()) > 1
        and not is_job_title(following)
        and not re.match(r"(?i)(?:ex|former|formerly|previously)\b", following)
        and not any(everyday_word(w.casefold()) for w in following.split())
    )
    return following if proper and (piped or is_organisation_name(following)) else None


def _managers_named(sentence: str) -> str:
    """ "Line manager: X", "B's manager is X", "mgr Ek", "Manager R. Matos": reports to X (not
    "Finance Manager Nadia", a title before a name)."""
    sentence = MANAGER_LABEL.sub(" reports to ", sentence)

    def labelled(m: re.Match[str]) -> str:
        before = sentence[: m.start()].split()
        previous = before[-1] if before else ""
        titled = previous[:1].isupper() and not previous.endswith((".", ",", ";", ":", ")"))
        return m[0] if titled else " reports to "

    return MANAGER_BEFORE_NAME.sub(labelled, sentence)


def _verb_like(word: str) -> bool:
    tag = word_class(word)
    if tag is not None:
        return tag.startswith("VB") or tag == "MD"
    return word.islower() and len(word) > 4 and word.endswith("ed")


def _names_next(words: Sequence[str], job: str) -> bool:
    """The words after a job title name its holder: "Manager R. Matos", "manager Matos"."""
    rest = words[len(job.split()) :]
    return bool(rest) and rest[0][:1].isupper()


_OWNED = ("'s", "’s", "'", "’")
_OPENED = ("opened", "founded", "set up")
_LESSONS = frozenset("class classes lesson lessons".split())
_HAS_IS = frozenset("been also just now already finally got gone made started done".split())


def _possessor(clause: str, end: int) -> bool:
    """Whether the name ending at ``end`` owns what follows ("Kenji's flat"), rather than
    being its clause's subject with a contracted verb ("Emeka's swapped …", "Siobhan's
    skating for …")."""
    rest = clause[end:]
    if not rest.startswith(_OWNED):
        return False
    following = rest.lstrip("'’s").split()[:1]
    if not following:
        return True
    word = following[0].casefold()
    tag = word_class(word)
    verb = word.endswith(("ed", "ing")) or (tag is not None and tag.startswith(("VB", "RB")))
    return not (verb or word in _HAS_IS)


_PREPOSITION = re.compile(r"\s+(?:in|at|to|for|with|on|into|from|as)\b")  # "found a flat in"
_OURS = frozenset({"my", "our"})
_LEADERS = LEAD_NOUNS | {"fan", "friend"}  # "captain of", "a friend of": no employer
_OWNER = r"[Mm]y|[Oo]ur|[A-Z][\w-]+(?:\s[A-Z][\w-]+){0,2}'s"  # "my", "Aleksi Nurmela's"
PET_APPOSITION = re.compile(
    rf"\b(?P<name>[A-Z][\w'-]+),\s+(?P<owner>{_OWNER})\s+(?P<kind>(?:[\w-]+\s+){{0,2}}[\w-]+)\b"
    rf"|(?P<owners>{_OWNER})\s+(?P<kinds>(?:[\w-]+\s+){{0,2}}?[\w-]+),?\s+(?P<named>[A-Z][\w'-]+)\b"
)
_NAMED_ANIMAL = re.compile(r"\b(?P<name>[A-Z][\w'-]+),\s+an?\s+(?P<words>(?:[\w-]+\s*){1,4})")
_A_TIME = re.compile(r"\d|(?:noon|midday|midnight|half|quarter|lunch|lunchtime)$", re.IGNORECASE)
_NOT_THE_ANIMAL = frozenset(
    "lover owner person sitter walker trainer groomer food bed toy show".split()
)


_TENURE_ONLY = re.compile(r"(?:my\s+)?" + TENURE, re.IGNORECASE)  # "first week as a nurse"
# Plans a wish makes ("wants to move to Lisbon"); a job one would love is no job to start.
_WISHABLE_PLANS = frozenset({"plans to move to", "plans to move in with"})
_ASIDE = re.compile(r"\([^)]*\)")  # "confirmed as Head of Support (no longer acting)"
_OTHER_PREDICATE = re.compile(r"\s(?:and|but)\s+(?:is|was|has|had|are)\b")  # "… and is no longer …"
HONORIFIC = re.compile(r"^(?:Mrs|Mr|Ms|Miss|Mx|Dr|Prof)\.?\s+")
_PERSON_VALUES = frozenset(
    {"is seeing", "married to", "partner of", "lives with", "reports to", "plans to move in with"}
)


def _demonym_places(word: str) -> list[str]:
    """The towns a demonym may name: "leideners" → Leiden, "berliner" → Berlin."""
    low = word.casefold()
    stems = [low[: -len(end)] for end in ("ers", "er", "ians", "ian") if low.endswith(end)]
    return [*stems, *(f"{stem}e" for stem in stems)]


def _own_workplace(reading: _Reading) -> None:
    """Someone who opened a business and works a job there with no other employer named
    ("opened his own place, Kumo, … and runs the kitchen as head chef") works for it."""
    for t in list(reading.found):
        opened = t.relation == "owns" and not t.retract and (t.phrase or "").startswith(_OPENED)
        if not opened or t.object is None:
            continue
        mine = [u for u in reading.found if u.subject == t.subject and not u.retract]
        if any(u.relation == "works as" for u in mine) and not any(
            u.relation == "works for" for u in mine
        ):
            reading.add(t.subject, "works for", t.object, False, t.phrase)


def frame_facts(
    text: str,
    people: Sequence[str],
    topic: str | None = None,
    sure: Callable[[str], bool] = lambda _: True,
    speaker: str | None = None,
) -> list[Triple]:
    """The facts the frames read in ``text`` (people written out, as ``extraction.attribution``
    writes it): about ``people`` only; ``topic``: whom a clause without a subject is about;
    ``sure``: whether a name is surely a person's (not an organisation's)."""
    text = _NOTE_SHORTHAND.sub(lambda m: _SPELLED_OUT[m[0].strip().casefold()], text)
    reading = _Reading(people, topic, [], sure, speaker=speaker)
    _posts_in_parentheses(reading, text)
    _partners_introduced(reading, text)
    _partners_named(reading, text)
    _signed_from(reading, text)
    _age_and_town(reading, text)
    labelled = _office_labels(reading, text)
    for n, sentence in enumerate(split_sentences(text)):
        if sentence.rstrip().endswith("?"):
            continue
        reading.pet_cued = False
        parts = CLAUSES.split(_managers_named(sentence))  # clause, separator, clause, …
        for i in range(0, len(parts), 2):
            separator = parts[i - 1].strip().casefold() if i else ""
            if parts[i] and parts[i].strip():
                reading.passing = separator in PASSING
                reading.exclaimed = (  # a turn that opens "Executive!!" cheers the other's news
                    n == 0 and i == 0 and i + 1 < len(parts) and parts[1].strip().startswith("!")
                )
                reading.clause(parts[i])
    _own_workplace(reading)
    words = tokens(text)
    places = list(
        dict.fromkeys(
            w
            for i, w in enumerate(words)
            if w[:1].isupper()
            and big_place(w)
            and not (i and words[i - 1] in _LANDMARK_WORDS)
            and not reading._a_persons_name(w)  # "Tyler moved his stuff out": not Tyler, Texas
        )
    )  # "a house on Askøy, just outside Bergen": Bergen only places it
    if len(places) == 1:  # "… on twijnstraat in Utrecht and I signed the lease"
        done = any(_MOVED.search(clause) for _, clause in reading.homeless)
        relation = "plans to move to" if FUTURE.search(text) and not done else "lives in"
        for subjects, _ in reading.homeless:  # "We moved on Saturday": a past day, not a plan
            for subject in subjects:
                reading.add(subject, relation, places[0], False)
    found = _at_the_account(_vehicles_by_model(reading.found, words), text, reading.people)
    found = _labels_kept(found, labelled)
    if _NOT_YET_OFFICIAL.search(text):  # "Team Lead! Not official until HR signs off"
        found = [
            t for t in found if t.retract or t.relation not in _INSTITUTION_RELATIONS | {"works as"}
        ]
    return _not_homes_of_institutions(found)


def _vehicles_by_model(found: list[Triple], words: Sequence[str]) -> list[Triple]:
    """ "I bought a car! A little red Kia Picanto": a vehicle read only by its kind is the one
    model the statement names elsewhere, when no other fact holds that model."""
    makes = [i for i, w in enumerate(words) if entity_key(w) in VEHICLE_MAKES]
    models = list(dict.fromkeys(m for i in makes if (m := read_vehicle(words[i:]))))
    held = {entity_key(t.object or "") for t in found}
    free = [m for m in models if entity_key(m) not in held]
    if len(free) != 1:
        return found
    kinds = [
        t
        for t in found
        if t.relation in ("drives", "rides") and not t.retract and t.object and t.object.islower()
    ]
    if len(kinds) != 1:
        return found
    return [t.model_copy(update={"object": free[0]}) if t is kinds[0] else t for t in found]


_MOVED = re.compile(r"\b(?:moved|relocated|settled|arrived|landed)\b(?!\s+(?:next|soon))", re.I)
_NOT_YET_OFFICIAL = re.compile(  # an offer is not a post yet: "Kovai made me an offer. Senior …"
    r"\b(?:made|make|makes|gave|given)\s+(?:me|him|her|them|us)\s+an\s+offer\b"
    r"|\boffered\s+(?:me|him|her|them|us)\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:job|role|post|position|contract|promotion)\b"
    r"|\bnot\s+(?:yet\s+)?official(?:ly)?\b(?!\s+(?:over|done|gone))|\bnot\s+official\s+yet\b"
    r"|\bnothing(?:'s|\s+is)\s+(?:signed|confirmed|official)\b|\buntil\s+(?:it'?s|it\s+is)\s+signed\b",
    re.IGNORECASE,
)
_NOTE_SHORTHAND = re.compile(r"(?<=\s)(?:@|=|w/)(?=\s)|(?<=\s)w/(?=[A-Za-z])", re.IGNORECASE)
_SPELLED_OUT = {"@": "at", "=": "is", "w/": "with "}
"""A note's shorthand: "PB = CIO @ Pell & Marsh" (a spaced "@" is never a handle), "call w/
Tom"."""
_POST_IN_PARENTHESES = re.compile(r"\(([^()]{2,80})\)")


_TOLD_AS_DONE = re.compile(  # "last day at X was friday"
    r"^[^.;!?]{0,60}?\b(?:was|were)\s+(?:on\s+)?(?:last\s+)?"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|month)\b",
    re.IGNORECASE,
)


def _owner_just_before(clause: str, spans: list[tuple[int, int, str]], at: int) -> bool:
    """ "Marcus Feeney's last day at …": a person's name, then "'s", then the cue (not
    "Marcus Feeney's brother's last day")."""
    return any(clause[end:at].strip() in ("'s", "’s") for _, end, _ in spans if end <= at)


_PARTNER_INTRODUCED = re.compile(
    r"\b(?:(?:has|have|'s|'ve|got)\s+(?:got\s+)?(?:a\s+)?(?:new\s+)?"
    r"(?P<noun>girlfriend|boyfriend|partner|fianc[ée]e?)\b(?!\s+(?:at|in|for|of|from)\b)"
    r"|(?:met|seeing|dating)\s+(?P<someone>someone|somebody)(?:\s+new)?(?=\s*[,.!;]))"
    r"(?:[^?]{0,80}?\b(?:called|named|(?i:his|her|their)\s+name(?:\s+is|['’]s))\s+"
    r"|\s*!+\s+(?=[A-Z][\w'’-]+\s+[A-Z][\w'’-]+\s+is\b))"
    rf"(?P<name>{PROPER_NAME})"
)


_SOMEONE_ELSES = re.compile(
    r"['’]s\b|\b(?:I|my|we|our)\b|\b(?:sister|brother|mum|mom|mother|dad|father|son|daughter|friend|colleague|"
    r"cousin|aunt|uncle|boss|flatmate|roommate|neighbou?r)s?\b",
    re.IGNORECASE,
)


def _partners_introduced(reading: _Reading, text: str) -> None:
    """ "has a girlfriend called Tilly Garland", "is seeing someone, a boat skipper called
    Ruairi Crosby", "I've met someone. His name is Reuben Salas", "has a girlfriend! Hollie
    Dunmore is a physio": the person named last before it is seeing them."""
    spans = reading.spans(text)
    for m in _PARTNER_INTRODUCED.finditer(text):
        before = [(end, name) for _, end, name in spans if end <= m.start()]
        partner = m["name"]
        named = person_like(partner) or partner in reading.people  # "her name's Meenakshi"
        if not before or not named or partner in before[-1][1]:
            continue
        if _SOMEONE_ELSES.search(text, before[-1][0], m.start()):
            continue  # "Priya Nair's sister has a boyfriend called …": the sister's
        if text[m.end() :].lstrip()[:1] == "?":
            continue  # "has anyone met someone called Jake Ford?" asks
        engaged = (m["noun"] or "").casefold().startswith("fianc")
        reading.add(before[-1][1], "married to" if engaged else "is seeing", partner, False)


_PARTNER_NAMED = re.compile(  # "Teo Lindgren's boyfriend Wojtek", "… 's husband, Mark Ode"
    r"['’]s\s+(?:new\s+|lovely\s+)?(?P<noun>girlfriend|boyfriend|partner|fianc[ée]e?|wife|"
    rf"husband)\s*,?\s+(?P<name>{PROPER_NAME})"
)


def _said_after_people(
    reading: _Reading, text: str, pattern: re.Pattern[str]
) -> list[tuple[str, re.Match[str]]]:
    """Each person the text names with ``pattern`` read right after the name."""
    return [
        (person, m)
        for _, end, person in reading.spans(text)
        if (m := pattern.match(text, end)) is not None
    ]


def _partners_named(reading: _Reading, text: str) -> None:
    """A person's partner named beside the word: they are seeing (or married to) them."""
    for person, m in _said_after_people(reading, text, _PARTNER_NAMED):
        partner = m["name"]
        lone = " " not in partner and not everyday_word(partner.casefold())
        named = partner in reading.people or person_like(partner) or lone
        if partner == person or not named or big_place(partner):
            continue
        married = m["noun"].casefold() in ("wife", "husband") or m["noun"].startswith("fianc")
        reading.add(person, "married to" if married else "is seeing", partner, False)


def _posts_in_parentheses(reading: _Reading, text: str) -> None:
    """ "Priya Sethuraman (Head of Data)", "Tom Haldane (Ops Lead, Redfern)": a person's post,
    and its employer when one is named; not "(me, shrimpwhisperer)" or "(acting since Nov)";
    "Mabel (cat, nine)": the writer's pet."""
    for m in _POST_IN_PARENTHESES.finditer(text):
        before = text[: m.start()].rstrip()
        person = next((p for p in reading.people if before.endswith(p)), None)
        parts = [part.strip() for part in m[1].split(",")]
        named = re.search(r"\b([A-Z][\w'-]+)$", before)
        if person is None and named and is_animal(parts[0]) and reading.topic:
            reading.add(reading.topic, "owns", named[1], False)  # "Mabel (cat, nine, tyrant)"
            continue
        if person is None:
            continue
        job = read_job(tokens(parts[0]))
        if (
            job is None
            or not is_job_title(job, listed=True)
            or len(job.split()) < len(parts[0].split())
        ):
            continue  # the whole first part is the post, or it is no post
        reading.add(person, "works as", job, False)
        for part in parts[1:2]:
            if part[:1].isupper() and not is_place(part) and part not in reading.people:
                reading.add(person, "works for", part, False)


_ACCOUNT = re.compile(  # a note's account: "Vantor Labs (Frankfurt): …", "contact at Calder: …"
    r"(?P<org>[A-Z][\w&'’.-]*(?:\s+(?:&\s+)?[A-Z][\w&'’.-]*){0,4})\s*\((?P<city>[^()]{2,30})\)"
    r"|\bcontacts?\s+(?:at|for)\s+(?P<named>[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,3})\s*:"
)


def _at_the_account(found: list[Triple], text: str, people: Sequence[str]) -> list[Triple]:
    """A note about one organisation ("Redfern Logistics (Dallas) renewal due. Contact: Tom
    Okonjo, Ops Manager"): a post it gives with no employer is at that organisation."""
    accounts = []
    for m in _ACCOUNT.finditer(text):
        org = (m["org"] or m["named"] or "").strip()
        if m["org"] and not is_place(m["city"].strip()):
            continue  # "(Head of Data)": a post, not where the organisation is
        named_org = bool(m["named"]) or is_organisation_name(org)  # not "Visited Mum (Leeds)"
        if named_org and not is_place(org) and not any(p in org for p in people):
            accounts.append(org)
    if len(set(accounts)) != 1:
        return found
    employed = {t.subject for t in found if t.relation == "works for"}
    posted = [t.subject for t in found if t.relation == "works as" and not t.retract]
    extra = [
        Triple(subject=who, relation="works for", object=accounts[0])
        for who in dict.fromkeys(posted)
        if who not in employed
    ]
    return [*found, *extra]


_OFFICE_LABEL = re.compile(  # "Treasurer: Aoife Tremaine.", "Chair (Harriet Omondi-Vale)"
    r"(?:^|(?<=[.;,:]\s))(?P<office>[A-Z][a-z]+(?:[ -][A-Za-z][a-z]+)?)\s*(?::\s*|\(\s*)"
    r"(?P<name>[A-Z][\w'’.-]*(?: [A-Z][\w'’-]+){1,2})"
)


def _office_labels(reading: _Reading, text: str) -> set[str]:
    """A list of officers: the office before each name is held by that person. The offices
    so labelled (no other reading may give them to the name beside the label)."""
    labelled = set()
    for m in _OFFICE_LABEL.finditer(text):
        if is_office(m["office"]):
            labelled.add(m["office"])
            if m["name"] in reading.people:
                reading.add(m["name"], "works as", m["office"].casefold(), False)
    return labelled


def _labels_kept(found: list[Triple], labelled: set[str]) -> list[Triple]:
    """ "Treasurer: Aoife Tremaine. Secretary: Bernadette Quayle." gives no one "Secretary"
    read as the job after Aoife's name."""
    return [t for t in found if t.relation != "works as" or t.object not in labelled]


def _signed_from(reading: _Reading, text: str) -> None:
    """ "… — Niamh, Belfast": the post's author, signing with their first name, lives there."""
    signed = SIGNATURE.search(text)
    author = reading.speaker
    if signed is None or not signed["place"] or author is None:
        return
    place = signed["place"].strip()
    if is_place(place) and signed["name"].split()[0] in author.split():
        reading.add(author, "lives in", place, False)


_AGE_AND_TOWN = re.compile(  # "Rosalind Kettering, 31, Dunedin", "Tom Hale, 45, of Leeds"
    r",\s+(?:aged\s+)?\d{1,3},\s+(?:of\s+|from\s+)?(?P<place>[A-Z][\w'’-]+(?:\s[A-Z][\w'’-]+)?)"
)


def _age_and_town(reading: _Reading, text: str) -> None:
    """A person introduced by age and town, as in profiles and news: they live there."""
    for person, m in _said_after_people(reading, text, _AGE_AND_TOWN):
        if is_place(m["place"]):
            reading.add(person, "lives in", m["place"], False)


_LANDMARK_WORDS = frozenset("outside near of around past beyond".split())
_INSTITUTION_RELATIONS = frozenset({"studies at", "works for"})


def _not_homes_of_institutions(found: list[Triple]) -> list[Triple]:
    """Without the home a frame read in the name of the school or employer another frame read
    ("a master's at Bergen Helsehøgskole" is where she studies, not where she lives)."""
    institutions = {
        (entity_key(t.subject), entity_key(t.object or ""))
        for t in found
        if t.relation in _INSTITUTION_RELATIONS and not t.retract
    }
    return [
        t
        for t in found
        if not (
            t.relation == "lives in"
            and (entity_key(t.subject), entity_key(t.object or "")) in institutions
        )
    ]
