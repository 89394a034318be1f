"""What a trained discriminator sees of a candidate: the reader's signals and features of its
answer, each relative to the other candidates of the same question. Pure functions."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from hybrid.candidate import Candidate

READERS = ("graph", "triples", "vector")
_WORD = re.compile(r"[a-z0-9]+")
_HEDGE = re.compile(
    r"\b(don'?t know|do not know|no information|not sure|cannot|can'?t|unclear|no facts|"
    r"not (?:enough|mentioned|provided|specified)|unknown)\b",
    re.I,
)
STOPWORDS = frozenset(
    """a an the is are was were be been being to of in on at for with by from and or but not no
    his her their its he she they it this that these those as into about what which who whom where
    when why how does do did has have had will would can could should may might i you we me my
    your our s t now then than there here before after just also only very""".split()
)
FEATURES = (
    "no_information",
    "hedges",
    "composed",
    "names_subject",
    "answer_length",
    "recency",
    "grounded",
    "newest_grounded",
    "agreement",
    "closed_evidence",
    *(f"reader_{r}" for r in READERS),
)
"""Features that transfer to streams nobody trained on: whether the read was empty, whether the
answer was composed from facts, whether it is about the question's person, whether its value is
in its (newest) evidence, whether the readers agree, whether its facts are closed."""
_NAME = re.compile(r"\b[A-Z][\w'’-]+")


def hedges(answer: str) -> bool:
    """Whether the answer says it does not know (in any of the usual ways)."""
    return _HEDGE.search(answer) is not None


def looping(answer: str) -> bool:
    """Whether three words in a row come back three times, or one word is half the answer: a
    small model caught in a loop ("Dario: Dario: Dario: …"), not an answer."""
    words = _WORD.findall(answer.lower())
    runs = Counter(zip(words, words[1:], words[2:], strict=False))
    content = Counter(w for w in words if w not in STOPWORDS)
    return (bool(runs) and max(runs.values()) >= 3) or (
        len(words) >= 5 and max(content.values(), default=0) >= max(3, len(words) / 2)
    )


def content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in STOPWORDS}


def _share(words: set[str], pool: set[str]) -> float:
    return len(words & pool) / len(words) if words else 0.0


def question_names(question: str) -> set[str]:
    """The capitalised words of a question after its first (the names it asks about)."""
    return {w.casefold() for w in _NAME.findall(question)[1:]} | {
        w.casefold() for w in _NAME.findall(question)[:1] if w.casefold() not in STOPWORDS
    }


def names_subject(question: str, candidate: Candidate) -> bool:
    """Whether the candidate is about a person the question names: a composed answer's read
    subject, else its answer or its newest evidence."""
    names = question_names(question)
    subject = candidate.signals.get("subject")
    if isinstance(subject, str):
        return bool(names & set(subject.casefold().split()))
    newest = max(candidate.evidence, key=lambda e: e.t or 0, default=None)
    text = f"{candidate.answer} {newest.text if newest else ''}".casefold()
    return any(re.search(rf"\b{re.escape(n)}\b", text) for n in names)


def features(question: str, candidate: Candidate, others: Sequence[Candidate]) -> list[float]:
    """The feature vector of ``candidate`` (order: ``FEATURES``)."""
    asked = content_words(question)
    words = content_words(candidate.answer) - asked
    evidence_words = set().union(*(content_words(e.text) for e in candidate.evidence))
    newest = max(candidate.evidence, key=lambda e: e.t or 0, default=None)
    newest_t = max((e.t or 0 for e in candidate.evidence), default=0)
    best_t = max([newest_t, *(max((e.t or 0 for e in o.evidence), default=0) for o in others)])
    peers = [content_words(o.answer) - asked for o in others if not o.no_information]
    agreeing = sum(1 for p in peers if words & p)
    closed = sum(1 for e in candidate.evidence if e.t_to is not None)
    return [
        float(candidate.no_information),
        float(hedges(candidate.answer)),
        float(bool(candidate.signals.get("composed")) and not candidate.no_information),
        float(names_subject(question, candidate)),
        math.log1p(len(candidate.answer.split())),
        newest_t / best_t if best_t else 0.0,
        _share(words, evidence_words),
        _share(words, content_words(newest.text)) if newest else 0.0,
        agreeing / len(peers) if peers else 0.0,
        closed / len(candidate.evidence) if candidate.evidence else 0.0,
        *(float(candidate.reader == r) for r in READERS),
    ]


def candidate_features(question: str, candidates: Sequence[Candidate]) -> list[list[float]]:
    return [features(question, c, [o for o in candidates if o is not c]) for c in candidates]
