"""The rule discriminator: an answer the memory composed from the asked person's facts first;
otherwise the answer best supported by its newest evidence and by the other readers.

It uses only what transfers to streams nobody trained on: whether the read found facts about
the asked person (then the answer is the value itself), whether an answer's words are in its
newest evidence, whether the readers agree, whether a reader said it does not know (or only
repeated itself).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hybrid.ask import Choice
from hybrid.candidate import Candidate, composed
from hybrid.discriminators.features import content_words, hedges, looping

NAME = "rule"


def _support(
    question: str, candidate: Candidate, others: Sequence[Candidate], asked_about: str = ""
) -> float:
    """How well an answer stands: its words in its newest evidence, and agreement. The asked
    person's own name is no answer ("Rasa Vaitkutė." to "who is Rasa going out with?")."""
    asked = content_words(question) | content_words(asked_about)
    words = content_words(candidate.answer) - asked
    if not words:
        return 0.0
    newest = max(candidate.evidence, key=lambda e: e.t or 0, default=None)
    grounded = len(words & content_words(newest.text)) / len(words) if newest else 0.0
    agreeing = sum(1 for o in others if words & (content_words(o.answer) - asked))
    return grounded + 0.5 * agreeing


_BARE_NUMBER = re.compile(r"\s*\d+\s*\.?\s*")
_ASKS_NUMBER = re.compile(
    r"\b(?:how\s+(?:many|much|old|long|often|tall|high|far|big|fast)|"
    r"what\s+(?:year|age|number|time|floor|grade|size|score|rank|level|percent)|which\s+"
    r"(?:year|floor|grade|level)|when|number|age)\b",
    re.IGNORECASE,
)


def _a_stray_number(question: str, answer: str) -> bool:
    """ "5." to "Did she move before or after the wedding?": the small model naming an
    evidence line, not an answer."""
    return _BARE_NUMBER.fullmatch(answer) is not None and _ASKS_NUMBER.search(question) is None


_YES_OR_NO = re.compile(r"^\W*(?:yes|no)\b", re.IGNORECASE)


def _names_nothing(question: str, answer: str, asked_about: str) -> bool:
    """ "Rufus Treloar:" to "Who does Rufus work for?": only the question's own words (the
    small model opening a turn of the asked person), and no yes or no either."""
    unasked = content_words(answer) - content_words(question) - content_words(asked_about)
    return not unasked and _YES_OR_NO.match(answer) is None


def _asked_about(candidates: Sequence[Candidate]) -> str:
    """The person the memory read was about, or ""."""
    return next((str(c.signals["subject"]) for c in candidates if c.signals.get("subject")), "")


class RuleDiscriminator:
    name = NAME

    def settles(self, candidate: Candidate) -> bool:
        """A composed answer is chosen whatever the others say."""
        return composed(candidate)

    def choose(
        self, question: str, candidates: list[Candidate], references: Sequence[str] = ()
    ) -> Choice:
        settled = [c for c in candidates if composed(c)]
        if settled:
            chosen = settled[0]
            read = "; ".join(chosen.signals.get("queries", []))
            return Choice(chosen.reader, f"composed from the memory's facts ({read})")
        live = [
            c
            for c in candidates
            if not c.no_information
            and not hedges(c.answer)
            and not looping(c.answer)
            and not _a_stray_number(question, c.answer)
        ]
        about = _asked_about(candidates)
        live = [c for c in live if not _names_nothing(question, c.answer, about)]
        if not live:
            quiet = next((c for c in candidates if c.no_information), candidates[0])
            return Choice(quiet.reader, "no reader found an answer")
        scores = {
            c.reader: _support(question, c, [o for o in live if o is not c], about) for c in live
        }
        best = max(live, key=lambda c: scores[c.reader])
        ranked = ", ".join(f"{r} {s:.2f}" for r, s in sorted(scores.items(), key=lambda i: -i[1]))
        return Choice(best.reader, f"best supported by its newest evidence: {ranked}", scores)
