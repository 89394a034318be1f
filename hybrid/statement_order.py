"""Order questions answered from when each event was said, not from the facts written of it.

"Did Imogen start the cello before or after she split with Angus?" needs two events and their
order. The facts hold them only when the writer read both (and read them right: "got engaged"
is not the wedding's fact); the statements always hold them, each with its ``t``. So each of the
question's clauses is matched to the statement that says it best (``hybrid.event_match``: the
same match as "when did …?"), among the statements that mention its concepts and are about its
person, and the two ``t`` are compared, which the memory knows exactly:

- "did A before or after B?" → "Before" or "After";
- "which first, A or B?" → the option said first (the statement must name it, when one does);
- "did A before B?" → "Yes" or "No".

None when a clause matches no statement well enough, or both match the same one (the usual
readers then answer, the triple reader from the facts' order).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from extraction.common_names import given_name_gender
from extraction.concepts import essential_labels
from extraction.embeddings import Embedder
from extraction.messages import as_turn
from extraction.name_resolution import speaker, turn_opening
from graph.entities import known_aliases
from graph.facts_read import stream_names
from graph.keys import entity_key
from graph.store import GraphStore
from graph.updates import statements_for_concepts
from hybrid.candidate import Candidate, Evidence
from hybrid.event_match import event_scores
from hybrid.event_order import OrderClauses, order_clauses
from hybrid.question_people import find_subject, people_mentioned
from hybrid.question_relation import names_value

READER = "order"
_QUESTION_OPENINGS = frozenset(
    "did does do was were is are has have had which what who whom where when for".split()
)
_FIRST_PERSON = frozenset({"i", "me", "my", "we", "us", "our"})
_ARTICLE = re.compile(r"^(?:the|a|an|his|her|their|my|our)\s+", re.IGNORECASE)
KNOWN_PEOPLE = 2000
STATEMENTS_PER_CLAUSE = 100
MIN_SCORE = 0.3  # a clause's best statement below it says some other event
MIN_NAMED_SCORE = 0.2  # an option the statement names ("Brazil") needs less of the rest
SAME_PERSON_BONUS = 0.1  # a statement that names the clause's person says their event


@dataclass(frozen=True)
class SaidEvent:
    """The statement that best says one of the question's clauses."""

    clause: str
    statement_id: str
    text: str
    t: int
    observed_at: str | None
    score: float

    def when(self) -> str:
        if not self.observed_at:
            return f"at t={self.t}"
        day = datetime.fromisoformat(self.observed_at.split("[")[0]).date()
        return f"on {day.day} {day.strftime('%B %Y')} (t={self.t})"


def _name_words(name: str) -> set[str]:
    return {w for w in entity_key(name).split() if len(w) > 2}


class StatementOrder:
    """Answers a space's order questions from the ``t`` of the statements that say each
    event."""

    def __init__(self, store: GraphStore, embedder: Embedder) -> None:
        self.store = store
        self.embedder = embedder

    def answer(self, space: str, question: str, as_of: int | None = None) -> Candidate | None:
        clauses = order_clauses(question)
        if clauses is None:
            return None
        if clauses.form == "which_first":
            clauses = _parallel_options(clauses)
        people, _ = stream_names(self.store, space, people=KNOWN_PEOPLE)
        aliases = known_aliases(self.store, space)
        subject = find_subject(question, people, None, (), aliases) or _given_name(question)
        pair = self._said(space, clauses, subject, people, aliases, as_of)
        if pair is None:
            return None
        first, second = pair
        return Candidate(
            reader=READER,
            answer=_answer(clauses, first, second, subject),
            evidence=[Evidence("sentence", e.text, e.t, ref=e.statement_id) for e in pair],
            signals={
                "form": clauses.form,
                "subject": subject,
                "t": [first.t, second.t],
                "scores": [round(first.score, 3), round(second.score, 3)],
            },
        )

    def _said(
        self,
        space: str,
        clauses: OrderClauses,
        subject: str | None,
        people: Sequence[str],
        aliases: Mapping[str, Sequence[str]],
        as_of: int | None,
    ) -> tuple[SaidEvent, SaidEvent] | None:
        said = []
        for clause in (clauses.first, clauses.second):
            named = people_mentioned(clause, people, aliases=aliases)
            person = named[0].name if named else subject
            option = _ARTICLE.sub("", clause) if clauses.form == "which_first" else None
            topic = f"{clauses.context} {clause}" if option else clause
            event = self._best(space, topic, option, person, people, as_of)
            if event is None:
                return None
            said.append(event)
        first, second = said
        if first.statement_id == second.statement_id:
            return None
        return first, second

    def _best(
        self,
        space: str,
        topic: str,
        option: str | None,
        person: str | None,
        people: Sequence[str],
        as_of: int | None,
    ) -> SaidEvent | None:
        """The statement that says ``topic`` best, about ``person`` (one that names another
        person and not them is not); one that names ``option``, when some statement does."""
        labels = essential_labels(option or topic) or essential_labels(topic)
        if not labels:
            return None
        if person:  # "she started the cello": the tagger may not make "cello" a concept there
            labels = list(dict.fromkeys([*labels, *essential_labels(person)]))
        rows = statements_for_concepts(self.store, space, labels, as_of, STATEMENTS_PER_CLAUSE)
        rows = [r for r in rows if not r["text"].rstrip().endswith("?")]  # asks, not says
        mine = _name_words(person) if person else set()
        others = [_name_words(p) for p in people if p != person and not _name_words(p) <= mine]
        about = []
        for row in rows:
            names_person, names_other = _names(row["text"], mine, others)
            if names_person or not names_other:
                about.append((row, names_person))
        naming = [(r, n) for r, n in about if option and names_value(r["text"], option)]
        pool = naming or about
        if not pool:
            return None
        texts = [r["text"] for r, _ in pool]
        happening = " ".join(w for w in topic.split() if not _name_words(w) & mine)  # who: above
        scores = event_scores(self.embedder, happening or topic, texts, texts)
        floor = MIN_NAMED_SCORE if naming else MIN_SCORE
        best: SaidEvent | None = None
        for (row, names_person), score in zip(pool, scores, strict=True):
            score += SAME_PERSON_BONUS * names_person
            event = SaidEvent(topic, row["id"], row["text"], row["t"], row["observed_at"], score)
            if best is None or (score, -event.t) > (best.score, -best.t):
                best = event
        return best if best is not None and best.score >= floor else None


def _parallel_options(clauses: OrderClauses) -> OrderClauses:
    """ "Did Marisol live in Lyon or Ghent first?": the options are "Lyon" and "Ghent", as
    parallel as the question words them; what the first option carried before them ("Did
    Marisol live in", "What came first for Ximena:") joins the context."""
    left, right = clauses.first, clauses.second
    head, colon, tail = left.rpartition(":")
    if colon and tail.strip():
        left, extra = tail.strip(), head
    else:
        words = left.split()
        keep = len(right.split())
        starts_question = bool(words) and words[0].casefold() in _QUESTION_OPENINGS
        if not starts_question or len(words) <= keep:
            return clauses
        left, extra = " ".join(words[-keep:]), " ".join(words[:-keep])
    return replace(clauses, first=left, context=f"{clauses.context} {extra}".strip())


def _given_name(question: str) -> str | None:
    """The first given name a question says, for a space that knows no people yet (its writer
    writes no facts)."""
    words = (w.strip(".,:;!?'") for w in question.split()[1:])
    return next((w for w in words if w[:1].isupper() and given_name_gender(w) is not None), None)


def _names(text: str, person: set[str], others: Sequence[set[str]]) -> tuple[bool, bool]:
    """(says something of ``person``, names someone else) for a statement. A chat turn speaks
    of its speaker where it says "I" or "we", or opens with no one else's name ("Imogen: Booked
    flights…"); "Imogen: Hattie started cello" is Hattie's, a given name though no fact of hers
    was written."""
    turn = as_turn(text)
    said = turn[turn_opening(turn) :]
    body = set(entity_key(said).split())
    opening = next((w for w in said.split() if w[:1].isalpha()), "")
    named_first = opening[:1].isupper() and given_name_gender(opening.strip(".,:;!?")) is not None
    first_person = bool(body & _FIRST_PERSON)
    another_first = named_first and not first_person and not (_name_words(opening) & person)
    who = speaker(turn)
    speaks = who is not None and bool(_name_words(who) & person)
    names_person = bool(body & person) or (
        speaks and (bool(body & _FIRST_PERSON) or not named_first)
    )
    return names_person, another_first or any(body & other for other in others)


def _answer(clauses: OrderClauses, first: SaidEvent, second: SaidEvent, subject: str | None) -> str:
    """ "Before — …", "Brazil — …", "Yes — …": the verdict, then when each was said (and whose
    the option is: "Tomasz" alone would not say it answers for Farah)."""
    if clauses.form == "which_first":  # the other option unsaid: the answer names one
        earlier = first if first.t < second.t else second
        option = clauses.first if earlier is first else clauses.second
        whose = f" for {subject}" if subject else ""
        return f"{option} — the first{whose}, said {earlier.when()}."
    said = (
        f"“{_plain(clauses.first)}” was said {first.when()}, "
        f"“{_plain(clauses.second)}” {second.when()}"
    )
    if clauses.form == "yesno":
        in_order = first.t < second.t if clauses.wanted == "before" else first.t > second.t
        return f"{'Yes' if in_order else 'No'} — {said}."
    return f"{'Before' if first.t < second.t else 'After'} — {said}."


def _plain(clause: str) -> str:
    return re.sub(r"\s+", " ", clause).strip().rstrip("?.!").strip()
