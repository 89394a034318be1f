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
from itertools import takewhile

from extraction.concepts import essential_labels
from extraction.embeddings import Embedder
from graph.dates import said_day, statements_for_concepts
from graph.keys import entity_key
from graph.store import GraphStore
from hybrid.candidate import Candidate, Evidence
from hybrid.event_match import event_scores
from hybrid.event_order import OrderClauses, order_clauses
from hybrid.question_people import people_mentioned, question_labels
from hybrid.question_relation import names_value
from hybrid.said_about import asked_person, given_name_in, people_words, whose

READER = "order"
_QUESTION_OPENINGS = frozenset(
    "did does do was were is are has have had which what who whom where when for".split()
)
_STATE = re.compile(r"\b(?:still|ever|anymore|any more)\b", re.IGNORECASE)
_OPTION_EDGES = " ,.;:!?"
_NAME_WORD = re.compile(r"[A-Z0-9][\w'’&.-]*")
_ARTICLE = re.compile(r"^(?:the|a|an|his|her|their|my|our)\s+", re.IGNORECASE)
STATEMENTS_PER_CLAUSE = 100
MIN_SCORE = 0.3  # a clause's best statement below it says some other event
MIN_YESNO_SCORE = 0.4  # "did A after B?" is often no order question: "feel better after …"
MIN_NAMED_SCORE = 0.2  # an option the statement names ("Brazil") needs less of the rest
SAME_PERSON_BONUS = 0.1  # a statement that names the clause's person says their event


@dataclass(frozen=True)
class SaidEvent:
    """The statement that best says one of the question's clauses."""

    statement_id: str
    text: str
    t: int
    observed_at: str | None
    score: float

    def when(self) -> str:
        if not self.observed_at:
            return f"at t={self.t}"
        return f"on {said_day(self.observed_at)} (t={self.t})"


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
        if clauses.form == "yesno" and _STATE.search(clauses.first):
            return None  # "is he still at Google after the layoffs?" asks what holds, not when
        asked = asked_person(self.store, space, question)
        subject = asked.subject or given_name_in(question)
        pair = self._said(space, clauses, subject, asked.people, asked.aliases, as_of)
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
            person = named[0].name if named and named[0].start == 0 else subject  # its subject
            option = _ARTICLE.sub("", clause) if clauses.form == "which_first" else None
            topic = f"{clauses.context} {clause}" if option else clause
            floor = MIN_YESNO_SCORE if clauses.form == "yesno" else MIN_SCORE
            event = self._best(space, topic, option, person, people, as_of, floor)
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
        floor: float,
    ) -> SaidEvent | None:
        """The statement that says ``topic`` best, about ``person`` (one that names another
        person and not them is not); one that names ``option``, when some statement does."""
        labels = question_labels(option or topic) or question_labels(topic)
        if not labels:
            return None
        if person:  # "she started the cello": the tagger may not make "cello" a concept there
            labels = list(dict.fromkeys([*labels, *essential_labels(person)]))
        rows = statements_for_concepts(self.store, space, labels, as_of, STATEMENTS_PER_CLAUSE)
        rows = [r for r in rows if not r["text"].rstrip().endswith("?")]  # asks, not says
        words = people_words(person, people)
        about = []
        for row in rows:
            names_person, names_other = whose(row["text"], words)
            if names_person or not names_other:
                about.append((row, names_person))
        naming = [(r, n) for r, n in about if option and names_value(r["text"], option)]
        pool = naming or about
        if not pool:
            return None
        texts = [r["text"] for r, _ in pool]
        happening = " ".join(  # whose it is is checked above
            w for w in topic.split() if not set(entity_key(w).split()) & words.person
        )
        scores = event_scores(self.embedder, happening or topic, texts, texts)
        floor = MIN_NAMED_SCORE if naming else floor
        best: SaidEvent | None = None
        for (row, names_person), score in zip(pool, scores, strict=True):
            score += SAME_PERSON_BONUS * names_person
            event = SaidEvent(row["id"], row["text"], row["t"], row["observed_at"], score)
            if best is None or (score, -event.t) > (best.score, -best.t):
                best = event
        return best if best is not None and best.score >= floor else None


def _is_name_word(word: str) -> bool:
    return bool(_NAME_WORD.match(word)) and word.casefold() not in _QUESTION_OPENINGS


def _parallel_options(clauses: OrderClauses) -> OrderClauses:
    """ "Did Marisol live in Lyon or Ghent first?": the options are "Lyon" and "Ghent", as
    parallel as the question words them; what the first option carried before them ("Did
    Marisol live in", "What came first for Ximena:") joins the context. Names are kept whole
    ("Paris or New York"), and what follows the second one goes ("Manchester her …")."""
    left, right = clauses.first.strip(_OPTION_EDGES), clauses.second.strip(_OPTION_EDGES)
    extra = ""
    head, colon, tail = left.rpartition(":")
    if colon and tail.strip():
        left, extra = tail.strip(), head
    elif left.split() and left.split()[0].casefold() in _QUESTION_OPENINGS:
        words = left.split()
        if _is_name_word(right):  # "Lyon or Ghent", "Paris or New York": the names
            keep = len(list(takewhile(_is_name_word, reversed(words))))
            right = " ".join(takewhile(_is_name_word, right.split()))
        else:
            keep = len(right.split())
        if 0 < keep < len(words):
            left, extra = " ".join(words[-keep:]), " ".join(words[:-keep])
    context = f"{clauses.context} {extra}".strip()
    return replace(clauses, first=left.strip(_OPTION_EDGES), second=right, context=context)


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
