"""The paper's discriminator: an LLM with a 6-shot prompt picks the answer that is more certain
and concise (RecallM used gpt-3.5-turbo; here it is whatever chat backend is configured)."""

from __future__ import annotations

import re
import string
from collections.abc import Sequence

from extraction.llm.base import ChatBackend, ChatMessage, ChatOptions
from hybrid.ask import Choice
from hybrid.candidate import Candidate

NAME = "llm"
SYSTEM = (
    "You choose the better of several answers to a question. The better answer is certain and "
    "concise: it states the fact asked for, instead of saying that it does not know, that the "
    "information is missing or conflicting, or rambling. Reply with the letter only."
)
SHOTS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        "Where does Ann work now?",
        ("I don't have enough information to answer that.", "Ann works at Globex."),
        "B",
    ),
    (
        "What did Tom eat before the pear?",
        ("Tom ate an apple before the pear.", "The statements mention food but it is unclear."),
        "A",
    ),
    (
        "Where was Lena born?",
        ("There is conflicting information.", "I do not know.", "Lena was born in Riga."),
        "C",
    ),
    (
        "Who is Omar married to?",
        (
            "Omar is married to Sana.",
            "Omar has a brother, and he likes chess, and he lives in a "
            "big house near the river with many rooms.",
        ),
        "A",
    ),
    (
        "Which city does Ivo live in now?",
        ("No facts about that.", "Ivo lives in Porto.", "Ivo used to live somewhere."),
        "B",
    ),
    (
        "What is the name of Kai's dog?",
        ("Kai's dog is called Biscuit.", "I cannot answer from the context."),
        "A",
    ),
)


def _block(question: str, answers: Sequence[str]) -> str:
    lines = [f"Question: {question}"]
    lines += [f"{string.ascii_uppercase[i]}: {a}" for i, a in enumerate(answers)]
    return "\n".join(lines)


def prompt(question: str, answers: Sequence[str]) -> list[ChatMessage]:
    shots = "\n\n".join(f"{_block(q, a)}\nBetter: {best}" for q, a, best in SHOTS)
    user = f"{shots}\n\n{_block(question, answers)}\nBetter:"
    return [ChatMessage("system", SYSTEM), ChatMessage("user", user)]


class LLMDiscriminator:
    name = NAME

    def __init__(self, llm: ChatBackend) -> None:
        self.llm = llm

    def choose(
        self, question: str, candidates: list[Candidate], references: Sequence[str] = ()
    ) -> Choice:
        letters = string.ascii_uppercase[: len(candidates)]
        reply = self.llm.chat(
            prompt(question, [c.answer for c in candidates]), ChatOptions(max_tokens=4)
        ).text
        match = re.search(rf"\b([{letters}])\b", reply.upper())
        if match is None:
            fallback = next((c for c in candidates if not c.no_information), candidates[0])
            return Choice(
                fallback.reader,
                f"the LLM replied {reply!r}; took the first answer that claims to know",
            )
        chosen = candidates[letters.index(match.group(1))]
        return Choice(
            chosen.reader, f"the LLM judged answer {match.group(1)} more certain and concise"
        )
