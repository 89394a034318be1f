"""Evidence a small model can read: the few sentences about the question, newest first.

RecallM's prompt lists every sentence of the chosen concepts, oldest first, and trusts the model
to see that a later sentence replaced an earlier one. A 135M model does not: it repeats an older
value ("lives in Gdansk" after she moved twice) or mixes two people. So the sentences are:

1. kept only if they may be about the question: a sentence that names another person and not
   the one asked about never answers for them;
2. ranked by how much they are about it: the person asked about (any part of their name), then
   the question's own words and those of the relation they cue ("do for a living": "job",
   "work", "employer"), then the retriever's own rank (embedding similarity or the traversal's);
   once a sentence names the person and shares the question's words, those that share none are
   left out (the person's other news is what a small model repeats instead of the answer);
3. cut to a small budget, then put newest first, the first marked as the latest.

The paper's configuration stays available as the ``paper`` recipes of the readers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from extraction.messages import app_line_as_names, as_turn
from graph.keys import entity_key
from hybrid.question_people import find_subject
from hybrid.question_relation import cued_relation, relation_words, stems

_FUNCTION_STEMS = frozenset(
    stems(
        """a an the is are was were be been do does did has have had what which who whom whose
        where when why how of in on at to for with from by and or not no yes it its this that
        there their his her he she they them i me my we our you your now currently still ever
        these days moment anymore any more than then so just about tell know"""
    )
)
EVIDENCE_BUDGET = 5


@dataclass(frozen=True)
class Focus:
    """What a question is about: a person (when it names one), the others it must not be
    confused with, and its own content words."""

    subject: str | None
    others: tuple[str, ...]
    words: frozenset[str]


def _name_words(name: str) -> set[str]:
    return {w for w in entity_key(name).split() if len(w) > 2}


def question_focus(question: str, people: Sequence[str]) -> Focus:
    subject = find_subject(question, people)
    subject_words = _name_words(subject) if subject else set()
    words = {s for s in stems(question) if s not in _FUNCTION_STEMS}
    relation = cued_relation(question)
    if relation is not None:  # "do for a living": a sentence about a job, an employer
        words |= relation_words(relation)
    words -= {stem for w in subject_words for stem in stems(w)}
    others = tuple(p for p in people if p != subject and not (_name_words(p) <= subject_words))
    return Focus(subject, others, frozenset(words))


def aboutness(text: str, focus: Focus) -> tuple[int, int] | None:
    """(names the person, shares the question's words) for a sentence; None when it is about
    someone else."""
    words = set(entity_key(text).split())
    names_subject = bool(focus.subject) and bool(words & _name_words(focus.subject or ""))
    if (
        focus.subject
        and not names_subject
        and any(_name_words(other) & words for other in focus.others)
    ):
        return None
    shared = len(set(stems(text)) & focus.words)
    return int(names_subject), shared


@dataclass(frozen=True)
class Ranked:
    t: int
    text: str


def focused(
    sentences: Sequence[tuple[int, str]], focus: Focus, budget: int = EVIDENCE_BUDGET
) -> list[Ranked]:
    """The ``budget`` sentences most about the question, newest first. ``sentences`` come in
    the retriever's order of preference (best first), each ``(t, text)``."""
    scored = []
    for rank, (t, said) in enumerate(sentences):
        if app_line_as_names(said) is not None:
            continue  # "[02/01/2024, 21:04] Ottilie Varga added …": the app's, not a statement
        text = as_turn(said)  # an export's stamp, an email's headers: what the model needs not
        about = aboutness(text, focus)
        if about is None or about == (0, 0):
            continue
        scored.append(((about[0], about[1], -rank, t), Ranked(t, text)))
    if any(key[0] and key[1] for key, _ in scored):  # the person and what is asked: none
        scored = [(key, ranked) for key, ranked in scored if key[1]]  # that is about neither
    best = [r for _, r in sorted(scored, key=lambda item: item[0], reverse=True)[:budget]]
    unique = list({(r.t, r.text): r for r in best}.values())
    return sorted(unique, key=lambda r: r.t, reverse=True)


def numbered(evidence: Sequence[Ranked]) -> str:
    """The prompt's statements: newest first, the first marked as the latest."""
    lines = []
    for i, item in enumerate(evidence, start=1):
        mark = " (latest)" if i == 1 else ""
        lines.append(f"{i}.{mark} {item.text}")
    return "\n".join(lines)
