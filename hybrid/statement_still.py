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
from dataclasses import dataclass

from extraction.concepts import essential_labels
from extraction.embeddings import Embedder
from extraction.messages import without_export_stamp
from extraction.text import split_sentences
from graph.dates import human_date, observed_moment, statements_for_concepts
from graph.keys import entity_key
from graph.store import GraphStore
from hybrid.candidate import Candidate, Evidence
from hybrid.event_match import SPEAKER, event_scores, event_stems
from hybrid.said_about import People, asked_person, given_name_in, people_words, whose
from hybrid.statement_order import SAME_PERSON_BONUS

READER = "still"
ENDED, HOLDS = "ended", "holds"
STATEMENTS_READ = 100
MIN_ENDING_SCORE = 0.4  # a sentence that says an ending says less of the state itself
MIN_HOLDING_SCORE = 0.45  # a sentence at least this close says the state, so a newer one
MIN_HOLDS_SCORE = 0.5  # outweighs an older ending; "Yes" needs a closer one

_STILL = re.compile(
    r"^\s*(?:is|are|was|were|does|do|has|have|had)\s+(?P<who>.*?)\bstill\b(?P<state>.*?)[?.!\s]*$",
    re.IGNORECASE,
)
_ENDING = re.compile(
    r"(?<!\bwho )(?<!\bwhoever )(?<!\bsomeone )(?<!\bsomebody )"
    r"(?<!n't )(?<!\bnot )(?<!\bnever )\b(?:"
    r"(?:is|are|was|were|be|been|'s|’s) off|stopp(?:ed|ing)|stops?|quit(?:s|ting)?|left|leaving"
    r"|gave up|giving up|given up|no longer|not\b[^.!?]{0,25}\b(?:anymore|any more)|sold|selling"
    r"|lost|passed away|died|retired|retiring"
    r"|last(?: \w+){0,2} (?:day|shift|game|session|lesson|class)"
    r"|finished|ended|(?:is|are|was|'s|’s) over|cancell?ed|called off|fell through|broke up"
    r"|split up|divorced|moved out|former|resigned|dropped out|swapp?ed|replaced|replacing"
    r"|handed (?:the|over|it|him|her|them)|no more|not on (?:call|the)"
    r")\b",
    re.IGNORECASE,
)
_LATER = re.compile(
    r"\b(?:will|going to|gonna|next|notice|tomorrow|soon|plans? to|planning to|thinking about"
    r"|might)\b",
    re.IGNORECASE,
)


def still_state(question: str) -> str | None:
    """What a "still" question asks holds ("Does Ingrid still go bouldering?" → "Ingrid go
    bouldering"); None for another question."""
    asked = _STILL.match(question)
    if asked is None or not asked["state"].strip():
        return None
    return " ".join(f"{asked['who']} {asked['state']}".split())


def says_ended(sentence: str) -> bool:
    """The sentence says something has ended, not that it will ("last day is the 18th")."""
    return _ENDING.search(sentence) is not None and _LATER.search(sentence) is None


@dataclass(frozen=True)
class SaidState:
    statement_id: str
    sentence: str
    t: int
    observed_at: str | None
    score: float
    ended: bool


def _verdict(verdict: str, said: SaidState, subject: str | None) -> Candidate:
    """ "No — “Last shift done.” (Graham Hartley, said on 14 June 2025, t=37)", or "Yes — …"."""
    when = (
        f"on {human_date(observed_moment(said.observed_at).date())}, t={said.t}"
        if said.observed_at
        else f"at t={said.t}"
    )
    word = "No" if verdict == ENDED else "Yes"
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


def _unspoken(sentence: str) -> str:
    """The sentence without its chat stamp and speaker: what was said."""
    return SPEAKER.sub("", without_export_stamp(sentence.strip())).strip()


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
        words = people_words(subject, asked.people)
        happening = " ".join(
            w for w in state.split() if not set(entity_key(w).split()) & words.person
        )
        said = self._said(space, happening or state, subject, words, as_of)
        ending = max((s for s in said if s.ended), key=lambda s: (s.t, s.score), default=None)
        holding = max(
            (s for s in said if not s.ended and s.score >= MIN_HOLDS_SCORE),
            key=lambda s: (s.t, s.score),
            default=None,
        )
        if ending is not None and (holding is None or holding.t <= ending.t):
            return _verdict(ENDED, ending, subject)
        if holding is not None and (ending is None or holding.t > ending.t):
            return _verdict(HOLDS, holding, subject)
        return None

    def _said(
        self, space: str, happening: str, subject: str | None, words: People, as_of: int | None
    ) -> list[SaidState]:
        """The sentences about the person that say the state (score ≥ its floor), each marked
        whether it says the state ended."""
        labels = essential_labels(happening)
        if not labels:
            return []
        if subject:
            labels = list(dict.fromkeys([*labels, *essential_labels(subject)]))
        rows = statements_for_concepts(self.store, space, labels, as_of, STATEMENTS_READ)
        wanted = event_stems(happening)
        options = []
        for row in rows:
            names_person, names_other = whose(row["text"], words)
            if not names_person and names_other:
                continue
            for sentence in split_sentences(row["text"]):
                if sentence.rstrip().endswith("?") or not event_stems(sentence) & wanted:
                    continue
                options.append((row, sentence, names_person))
        if not options:
            return []
        scores = event_scores(
            self.embedder, happening, [s for _, s, _ in options], [r["text"] for r, _, _ in options]
        )
        said = []
        for (row, sentence, names_person), score in zip(options, scores, strict=True):
            score += SAME_PERSON_BONUS * names_person
            ended = says_ended(sentence)
            if score >= (MIN_ENDING_SCORE if ended else MIN_HOLDING_SCORE):
                said.append(
                    SaidState(row["id"], sentence, row["t"], row["observed_at"], score, ended)
                )
        return said
