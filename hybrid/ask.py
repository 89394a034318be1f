"""Questions to answers: run the readers a mode asks for and, for ``hybrid``/``all``, let the
discriminator pick one candidate (Hybrid-RecallM)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from graph.errors import InvalidInputError
from hybrid.candidate import Candidate, composed

if TYPE_CHECKING:
    from hybrid.time_answers import TimePlan

Mode = Literal["graph", "triples", "vector", "hybrid", "all"]
MODES: tuple[Mode, ...] = ("graph", "triples", "vector", "hybrid", "all")
DEFAULT_MODE: Mode = "hybrid"
"""The mode that scores best on the held-out QA set (``recallgraph eval-answers``)."""
QUESTION_MAX_CHARS = 2000
ENDED = "a newer statement says it has ended (the statements' t, not the facts)"
HOLDS = "no fact answers; the newest statement that says it is newer than any ending"
VERDICT_ENDED, VERDICT_HOLDS = "ended", "holds"  # a StateCheck candidate's signals["verdict"]


class Reader(Protocol):
    def answer(self, space: str, question: str, as_of: int | None = None) -> Candidate: ...


@dataclass(frozen=True)
class Choice:
    reader: str
    reason: str
    scores: dict[str, float] = field(default_factory=dict)


class Discriminator(Protocol):
    name: str

    def choose(
        self, question: str, candidates: list[Candidate], references: Sequence[str] = ()
    ) -> Choice:
        """The candidate to answer with; ``references`` only for the oracle (experiments)."""
        ...


def settles(discriminator: Discriminator, candidate: Candidate) -> bool:
    """Whether ``candidate`` is the discriminator's pick whatever the other readers say (the
    rule's composed answer): then ``hybrid`` need not run them."""
    decide = getattr(discriminator, "settles", None)
    return bool(decide(candidate)) if decide is not None else False


@dataclass(frozen=True)
class Answer:
    question: str
    mode: Mode
    answer: str
    chosen: str
    candidates: list[Candidate]
    reason: str | None = None
    as_of: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "mode": self.mode,
            "answer": self.answer,
            "chosen": self.chosen,
            "reason": self.reason,
            "as_of": self.as_of,
            "candidates": [c.to_dict() for c in self.candidates],
        }


def validate_question(question: str) -> str:
    if not isinstance(question, str) or not question.strip():
        raise InvalidInputError("question is empty")
    if len(question) > QUESTION_MAX_CHARS:
        raise InvalidInputError(
            f"question is {len(question)} characters; the limit is {QUESTION_MAX_CHARS}"
        )
    return question.strip()


class TimePlanner(Protocol):
    def plan(self, space: str, question: str, as_of: int | None = None) -> TimePlan | None: ...


class StateCheck(Protocol):
    """A "still" question's verdict from the statements (``hybrid.statement_still``): a
    candidate whose ``signals["verdict"]`` is ``VERDICT_ENDED`` or ``VERDICT_HOLDS``; None when
    they say neither."""

    def answer(self, space: str, question: str, as_of: int | None = None) -> Candidate | None: ...


_YES_OR_NO = re.compile(r"\s*(?:yes|no)\b", re.IGNORECASE)


def still_overrules(state: Candidate, readers: Sequence[Candidate]) -> bool:
    """Whether the statements' "still" verdict is the answer: an ending that no composed
    answer's fact is newer than ("back with the Lions for the new season" after "my last Lions
    game": the facts answer), or a "holds" where no reader composed an answer."""
    answering = [c for c in readers if composed(c) and _YES_OR_NO.match(c.answer)]
    if state.signals.get("verdict") == VERDICT_ENDED:
        return not any(
            int(c.signals.get("newest_t", 0)) > int(state.signals["t"]) for c in answering
        )
    return not answering  # "electrician" composed for "does Kev still work at …?" says neither


class Asker:
    """Answers questions in one space with the readers it was given."""

    def __init__(
        self,
        readers: Mapping[str, Reader],
        discriminator: Discriminator | None = None,
        time_answers: TimePlanner | None = None,
        still: StateCheck | None = None,
    ) -> None:
        self.readers = dict(readers)
        self.discriminator = discriminator
        self.time_answers = time_answers
        self.still = still

    # --- Calendar-time hook (issue 19) ------------------------------------------------------------
    # A question about dates ("When did …?", "How long after …?", "What was true on <date>?") is
    # answered from the dates statements carry (hybrid.time_answers), in every mode: either a
    # finished candidate, or the question without its date for the readers, as of the t that date
    # stands for. Kept to this one method so the composed answers (issue 16) can fold it in.
    def _time_hook(
        self, space: str, question: str, mode: Mode, as_of: int | None
    ) -> tuple[Answer | None, str, int | None]:
        if self.time_answers is None:
            return None, question, as_of
        plan = self.time_answers.plan(space, question, as_of)
        if plan is None:
            return None, question, as_of
        if plan.candidate is not None:
            reason = "a question about dates, answered from the dates its statements carry"
            candidate = plan.candidate
            return (
                Answer(
                    question, mode, candidate.answer, candidate.reader, [candidate], reason, as_of
                ),
                question,
                as_of,
            )
        return None, plan.question or question, plan.as_of

    def _reader(self, name: str) -> Reader:
        reader = self.readers.get(name)
        if reader is None:
            raise InvalidInputError(
                f"mode {name!r} is not available here (readers: {', '.join(self.readers)})"
            )
        return reader

    def ask(self, space: str, question: str, mode: Mode, as_of: int | None = None) -> Answer:
        question = validate_question(question)
        if mode not in MODES:
            raise InvalidInputError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        timed, question, as_of = self._time_hook(space, question, mode, as_of)
        if timed is not None:
            return timed
        if mode in ("graph", "triples", "vector"):
            candidate = self._reader(mode).answer(space, question, as_of)
            return Answer(question, mode, candidate.answer, mode, [candidate], as_of=as_of)
        if self.discriminator is None:
            raise InvalidInputError(f"mode {mode!r} needs a discriminator; none is configured")
        state = self.still.answer(space, question, as_of) if self.still is not None else None
        candidates: list[Candidate] = []
        for name in sorted(self.readers, key=lambda n: n != "triples"):  # facts first
            candidates.append(self.readers[name].answer(space, question, as_of))
            if mode == "hybrid" and (
                state is not None or settles(self.discriminator, candidates[-1])
            ):
                break  # the facts, or the statements' verdict, answer: no model call
        order = list(self.readers)
        candidates.sort(key=lambda c: order.index(c.reader))
        if state is not None and still_overrules(state, candidates):
            why = ENDED if state.signals.get("verdict") == VERDICT_ENDED else HOLDS
            return Answer(
                question, mode, state.answer, state.reader, [*candidates, state], why, as_of
            )
        choice = self.discriminator.choose(question, candidates)
        chosen = next(c for c in candidates if c.reader == choice.reader)
        if state is not None:  # "all" shows the statements' verdict beside the readers'
            candidates.append(state)
        return Answer(
            question, mode, chosen.answer, chosen.reader, candidates, choice.reason, as_of
        )

    def stream(
        self, space: str, question: str, mode: Mode, as_of: int | None = None
    ) -> Iterator[str | Answer]:
        """The answer's text as it is generated (a reader's own LLM stream in the single-reader
        modes that have one; the chosen answer in one piece otherwise), then the whole answer."""
        question = validate_question(question)
        timed, question, as_of = self._time_hook(space, question, mode, as_of)
        if timed is not None:
            yield timed.answer
            yield timed
            return
        reader = self.readers.get(mode) if mode in ("graph", "vector") else None
        if reader is None or not hasattr(reader, "stream"):
            answer = self.ask(space, question, mode, as_of)
            yield answer.answer
            yield answer
            return
        for item in reader.stream(space, question, as_of):
            if isinstance(item, Candidate):
                yield Answer(question, mode, item.answer, mode, [item], as_of=as_of)
            else:
                yield item
