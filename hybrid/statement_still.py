""" "Is she still …?" answered from the newest statement that says it, ended or not.

A "still" question is answered from the facts when the writer read the ending: "I quit the
norwegian class" closes "is learning Norwegian". When it did not ("Rarotonga is off", "We lost
our Pickle last night", "coached my last Lions game today"), the fact stays current and the
facts say "Yes — still …". The statements always hold the ending, each with its ``t``. So the
question's state ("go bouldering at Bergen Klatresenter") is matched to the sentences about
the asked person (``hybrid.event_match``, as "when did …?" and the order reader do), and:

- when the newest sentence that says it ended ("stopped", "quit", "is off", "sold",
  "replacing …") is no older than the newest one that says it, the verdict is ``ended``: "No",
  whatever the facts say (``hybrid.ask`` lets it overrule the readers);
- else, when a sentence says the state closely and is newer than any ending, the verdict is
  ``holds``: "Yes", used where the facts compose no answer (a small model's yes/no is a guess).

An ending announced for later ("handed in my notice", "leaving next month") has not happened
yet, and someone else's ("whoever left the cookies") is not the person's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from extraction.concepts import essential_labels
from extraction.embeddings import Embedder
from extraction.gazetteer import everyday_word
from extraction.messages import as_turn
from extraction.text import SPEAKER_LABEL, split_sentences, tag_words, tokenize
from graph.dates import said_day, statements_for_concepts
from graph.keys import entity_key
from graph.store import GraphStore
from hybrid.ask import VERDICT_ENDED, VERDICT_HOLDS
from hybrid.candidate import Candidate, Evidence
from hybrid.event_match import covered, event_scores, event_stems
from hybrid.question_people import question_labels
from hybrid.said_about import (
    POSSESSIVE,
    People,
    asked_person,
    asked_words,
    given_name_in,
    whose,
)
from hybrid.statement_order import SAME_PERSON_BONUS

READER = "still"
STATEMENTS_READ = 100
MIN_ENDING_SCORE = 0.4  # a sentence that says an ending says less of the state itself
MIN_HOLDING_SCORE = 0.45  # a sentence this close says the state: newer, it outweighs an ending
MIN_HOLDS_SCORE = 0.5  # "Yes" needs a closer one
_ROOT = 4  # the letters two words of one root share ("smoker", "smoking")
NEAR = 4  # words between an ending and the state's own ("left Big Fin", "Rarotonga is off")

_STILL = re.compile(
    r"^\s*(?:is|are|does|do|has|have)\s+(?P<who>.*?)\bstill\b(?P<state>.*?)[?.!\s]*$",
    re.IGNORECASE,
)
_ENDING = re.compile(
    r"\b(?:"
    r"(?:is|are|was|were|be|been|'s) off(?! to\b)|stopp(?:ed|ing)(?! by\b)|quit(?:s|ting)?|left"
    r"|leaving|gave up|giving up|given up|gives? up|no longer|sold(?! out\b)|selling"
    r"|done with(?! (?:work|my shift|the day|today|for the day)\b)"
    r"|(?:not|\w+n't)\b[^.!?]{0,30}\b(?:anymore|any more)|lost (?:our|my|his|her|their)"
    r"|passed away|died|retired|retiring|last(?: \w+){0,2} (?:day|shift|game|session|lesson|class)"
    r"|ended|(?:is|are|was|'s) over|cancell?ed|called off|fell through|broke up|split up"
    r"|divorced|moved out|former|resign(?:ed|s|ing)|dropped out|swapp?ed|replaced|replacing"
    r"|write[- ]?off|written off|totall?ed|scrapped|no more(?! than\b)|not on call"
    r"|closed(?! (?:for|early|until|till|over|on)\b)|shut down|step(?:ped|ping|s)? back from"
    r"|step(?:ped|ping|s)? down|st(?:ood|ands?|anding) down|wound up|went bust|laid off"
    r"|made redundant|let go|moved on from"
    r")\b",
    re.IGNORECASE,
)
_LATER = re.compile(
    r"\b(?:(?-i:will)|going to|gonna|next|notice|tomorrow|soon|plans? to|planning to"
    r"|thinking about|might|getting married|to be married)\b",
    re.IGNORECASE,
)
# States that end by what follows them: an engagement by the wedding (held, not planned),
# studies by graduating or qualifying into a profession.
_QUALIFIED = (
    r"(?:qualified as|now qualified|fully qualified|registered (?:\w+ ){0,2}"
    r"(?:nurse|midwife|vet|practitioner|pharmacist|physiotherapist|dietitian|architect"
    r"|teacher|engineer|accountant|solicitor|psychologist))"
)
_ENDED_BY = {
    "engag": re.compile(
        r"\b(?:got married|(?:we're|we are|just|are now|were|now) married"
        r"|married (?:on|at|in|last|yesterday|today|this)|(?:our|the|my) wedding (?:was|went))\b",
        re.IGNORECASE,
    ),
    "student": re.compile(rf"\b(?:graduated|{_QUALIFIED})\b", re.IGNORECASE),
    "studi": re.compile(
        r"\b(?:graduated|finished (?:my|his|her|their) "
        r"(?:degree|course|studies|masters|master's|phd|training|apprenticeship))\b",
        re.IGNORECASE,
    ),
}
# A state that is itself an ending ("still off sick", "still retired"): its own words would
# read as its end.
_ENDED_STATE = re.compile(
    r"\b(?:off|over|retired|cancell?ed|broken up|split up|divorced|not|no longer|gone|dead"
    r"|closed|quit|left|sold|single|unemployed)\b",
    re.IGNORECASE,
)
_NEGATION = frozenset({"not", "never", "if", "whether", "unless"})  # or only supposed
_SOMEONE_ELSE = frozenset(
    """who whoever someone somebody people anyone brother sister son daughter friend mum mom
    dad wife husband partner cousin""".split()
)


def still_state(question: str) -> str | None:
    """What a "still" question asks holds ("Does Ingrid still go bouldering?" → "Ingrid go
    bouldering"); None for another question, or a state that is itself an ending."""
    asked = _STILL.match(question)
    if asked is None or not asked["state"].strip() or _ENDED_STATE.search(asked["state"]):
        return None
    return " ".join(f"{asked['who']} {asked['state']}".split())


def says_ended(sentence: str, state: str) -> bool:
    """The sentence says ``state`` has ended: an ending's words near the state's own ("left Big
    Fin"), not negated ("I haven't left"), not someone else's act ("whoever left the cookies"),
    and not announced for later ("last day is the 18th", "leaving next month")."""
    said = _unspoken(sentence).replace("’", "'")
    if _LATER.search(said):
        return False
    wanted = event_stems(state)
    words = said.split()
    near = [i for i, word in enumerate(words) if event_stems(word) & wanted]
    endings = [_ENDING, *(ending for stem, ending in _ENDED_BY.items() if stem in wanted)]
    for ending in (found for pattern in endings for found in pattern.finditer(said)):
        before = [w.casefold().strip(",;:") for w in said[: ending.start()].split()[-3:]]
        if any(w in _NEGATION or w.endswith("n't") or w in _SOMEONE_ELSE for w in before):
            continue
        first = len(said[: ending.start()].split())
        last = first + len(ending.group(0).split()) - 1
        if any(_words_between(words, i, first, last) <= NEAR for i in near):
            return True
    return False


def says_state(sentence: str, state: str) -> bool:
    """The sentence says every common noun of ``state`` and, where the state names something,
    a word of its name: "Registered vet nurse as of this morning" does not say she is still a
    *student* vet nurse, nor "rolled my ankle at volleyball" that he still plays it, nor a cycle
    race that he still runs Brophy's Victuallers. Verbs and adjectives may differ ("playing bass
    with the null pointers" says "play in The Null Pointers"), and so may a word's ending
    ("still smoking" says "a smoker")."""
    said = event_stems(_unspoken(sentence))
    words = [w for w in tokenize(state) if w[:1].isalpha()]
    named = name_said = in_name = False
    for word, tag in tag_words(["they", *words])[1:]:  # a subject: "work" read as a verb
        wanted = event_stems(word)
        in_name = bool(wanted) and (
            word[:1].isupper()
            or not everyday_word(word.casefold())
            or (in_name and tag.startswith("NN"))  # "the adyar strikers": a name written small
        )
        if not wanted:
            continue
        if in_name:
            named = True
            name_said = name_said or _stems_said(wanted, said)
        elif tag.startswith("NN") and not _stems_said(wanted, said):
            return False
    return name_said or not named


def _stems_said(wanted: set[str], said: set[str]) -> bool:
    """A stem said as itself, another word for it, or a word of the same root ("smok")."""
    return covered(wanted, said) > 0 or any(
        len(w) >= _ROOT and s[:_ROOT] == w[:_ROOT] for w in wanted for s in said
    )


def _name_as_asked(question: str, subject: str) -> frozenset[str]:
    """The words of the asked person's name as the question writes it ("Does Alan Rusk still
    …?": alan, rusk), a surname shared with someone else included."""
    asked = _STILL.match(question)
    first = entity_key(subject).split()[:1]
    if asked is None or not first:
        return frozenset()
    for run in re.findall(r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*", asked["who"]):
        parts = entity_key(run).split()
        if first[0] in parts:
            return frozenset(parts)
    return frozenset()


def _without(state: str, names: frozenset[str]) -> str:
    """The state without the words that name someone ("Ingrid's", "Brophy's")."""
    return " ".join(
        w for w in state.split() if not set(entity_key(POSSESSIVE.sub("", w)).split()) & names
    )


def _words_between(words: Sequence[str], at: int, first: int, last: int) -> int:
    """How many words stand between word ``at`` and the span first..last, names aside
    ("replacing Councillor Declan Brophy as Cathaoirleach": one)."""
    between = words[at + 1 : first] if at < first else words[last + 1 : at]
    return sum(1 for w in between if not w[:1].isupper())


def _unspoken(sentence: str) -> str:
    """The sentence without its chat stamp and speaker: what was said."""
    return SPEAKER_LABEL.sub("", as_turn(sentence.strip())).strip()


@dataclass(frozen=True)
class SaidState:
    statement_id: str
    sentence: str
    t: int
    place: int  # the sentence's place in its statement
    observed_at: str | None
    score: float
    ended: bool

    @property
    def said_at(self) -> tuple[int, int]:
        return self.t, self.place


def _verdict(verdict: str, said: SaidState, subject: str | None) -> Candidate:
    """ "No — “Last shift done.” (Graham Hartley, said on 14 June 2025, t=37)", or "Yes — …"."""
    when = f"on {said_day(said.observed_at)}, t={said.t}" if said.observed_at else f"at t={said.t}"
    word = "No" if verdict == VERDICT_ENDED else "Yes"
    about = f"{subject}, " if subject else ""
    return Candidate(
        reader=READER,
        answer=f"{word} — “{_unspoken(said.sentence)}” ({about}said {when})",
        evidence=[Evidence("sentence", said.sentence, said.t, ref=said.statement_id)],
        signals={
            "verdict": verdict,
            "subject": subject,
            "t": said.t,
            "score": round(said.score, 3),
        },
    )


class StatementStill:
    """Answers "still" questions from the newest statements that say the state, ended or not."""

    def __init__(self, store: GraphStore, embedder: Embedder) -> None:
        self.store = store
        self.embedder = embedder

    def answer(self, space: str, question: str, as_of: int | None = None) -> Candidate | None:
        state = still_state(question)
        if state is None:
            return None
        asked = asked_person(self.store, space, question)
        subject = asked.subject or given_name_in(question)
        if subject is None:  # "does she still …?": whose sentences would answer is unknown
            return None
        words = asked_words(asked, subject)
        named = words.person | words.full | _name_as_asked(question, subject)  # "Rusk" too
        happening = _without(state, named) or state
        said = self._said(space, happening, subject, words, as_of)
        ending = max((s for s in said if s.ended), key=lambda s: s.said_at, default=None)
        holding = max((s.t for s in said if not s.ended), default=None)
        if ending is not None and (holding is None or holding <= ending.t):  # its statement's
            return _verdict(VERDICT_ENDED, ending, subject)
        unnamed = _without(happening, words.known)  # not "Brophy's": a name need not be said
        close = [
            s
            for s in said
            if not s.ended and s.score >= MIN_HOLDS_SCORE and says_state(s.sentence, unnamed)
        ]
        holds = max(close, key=lambda s: s.said_at, default=None)
        if holds is not None and (ending is None or holds.t > ending.t):
            return _verdict(VERDICT_HOLDS, holds, subject)
        return None

    def _said(
        self, space: str, happening: str, subject: str, words: People, as_of: int | None
    ) -> list[SaidState]:
        """The sentences about the person that say the state (score ≥ its floor), each marked
        whether it says the state ended."""
        labels = question_labels(happening)
        if not labels:
            return []
        labels = list(dict.fromkeys([*labels, *essential_labels(subject)]))
        rows = statements_for_concepts(self.store, space, labels, as_of, STATEMENTS_READ)
        wanted = event_stems(happening)
        options = []
        for row in rows:
            names_person, names_other = whose(row["text"], words)
            if not names_person and names_other:
                continue
            whole = _unspoken(row["text"])
            for place, sentence in enumerate(split_sentences(row["text"])):
                spoken = _unspoken(sentence)
                if spoken.endswith("?") or not event_stems(spoken) & wanted:
                    continue
                options.append((row, place, sentence, spoken, whole, names_person))
        if not options:
            return []
        spoken_sentences = [spoken for _, _, _, spoken, _, _ in options]
        statements = [whole for _, _, _, _, whole, _ in options]
        scores = event_scores(self.embedder, happening, spoken_sentences, statements)
        said = []
        for (row, place, sentence, _, _, names_person), score in zip(options, scores, strict=True):
            score += SAME_PERSON_BONUS * names_person
            ended = says_ended(sentence, happening)
            if score >= (MIN_ENDING_SCORE if ended else MIN_HOLDING_SCORE):
                said.append(
                    SaidState(
                        row["id"], sentence, row["t"], place, row["observed_at"], score, ended
                    )
                )
        return said
