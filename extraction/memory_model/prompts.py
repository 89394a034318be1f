"""The memory model's input formats: one place, shared by training data and inference.

Three skills, as in RET-LLM: writing (a focus sentence → one MEM_WRITE call, MEMLLM's
``({USER_ST})…({USER_END})`` marking after the preceding sentences), reading (a question → a
pending MEM_READ call) and answering (a question plus what memory or the concept graph returned →
a short answer that uses the latest truth). System messages are short on purpose: every token is
paid for in CPU training time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WRITE_SYSTEM = "Memory write: store the facts of the focus sentence as MEM_WRITE triples."
READ_SYSTEM = "Memory read: query the memory for what the question needs."
ANSWER_SYSTEM = (
    "Answer the question in one short sentence using the evidence; later evidence replaces "
    "earlier evidence."
)
FOCUS_START = "({USER_ST})"
FOCUS_END = "({USER_END})"


@dataclass(frozen=True)
class Turn:
    """A system + user turn; the model's reply is what training teaches and inference decodes."""

    system: str
    user: str


@dataclass(frozen=True)
class PromptFact:
    """One fact as the memory returned it, with the interval it was believed in."""

    subject: str
    relation: str
    object: str
    t_from: int
    t_to: int | None


def write_turn(sentence: str, pretext: Sequence[str] = ()) -> Turn:
    before = " ".join(s.strip() for s in pretext if s.strip())
    focus = f"{FOCUS_START}{sentence.strip()}{FOCUS_END}"
    return Turn(WRITE_SYSTEM, f"{before} {focus}" if before else focus)


def read_turn(question: str) -> Turn:
    return Turn(READ_SYSTEM, question.strip())


def fact_lines(facts: Sequence[PromptFact]) -> str:
    """Oldest first; each with its interval, ``now`` for facts still believed."""
    ordered = sorted(facts, key=lambda f: (f.t_from, f.t_to is None))
    return "\n".join(
        f"{f.subject}>>{f.relation}>>{f.object} "
        f"(t={f.t_from}..{'now' if f.t_to is None else f.t_to})"
        for f in ordered
    )


def sentence_lines(sentences: Sequence[tuple[int, str]]) -> str:
    """RecallM-style chronological context: ``t=… sentence``, oldest first."""
    return "\n".join(f"t={t}: {text}" for t, text in sorted(sentences))


def answer_turn(question: str, evidence: str) -> Turn:
    return Turn(ANSWER_SYSTEM, f"Evidence:\n{evidence or '(none)'}\nQuestion: {question.strip()}")
