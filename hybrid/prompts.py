"""Every prompt the project sends, each with a name and a version.

A template's version changes whenever its text does, so results and caches can say which prompt
produced them.
"""

from __future__ import annotations

from dataclasses import dataclass

from extraction.llm.base import ChatMessage


@dataclass(frozen=True)
class PromptTemplate:
    name: str
    version: int
    system: str
    user: str

    def messages(self, **values: str) -> list[ChatMessage]:
        return [
            ChatMessage("system", self.system.format(**values)),
            ChatMessage("user", self.user.format(**values)),
        ]

    @property
    def id(self) -> str:
        return f"{self.name}@v{self.version}"


CHRONOLOGICAL_PREFIX = (
    "each sentence in the following statements is true when read in chronological order"
)

GRAPH_ANSWER = PromptTemplate(
    name="recallm-answer",
    version=1,
    system=(
        "Using the following statements when necessary, answer the question that follows. "
        f"The statements are listed oldest first; {CHRONOLOGICAL_PREFIX}, so when two statements "
        "disagree the later one is the current truth. Answer in one short sentence. If the "
        "statements do not contain the answer, say that you do not know."
    ),
    user="Statements:\n{statements}\n\nQuestion: {question}\nAnswer:",
)

CONTEXT_REVISION = PromptTemplate(
    name="recallm-context-revision",
    version=1,
    system=(
        f"The following text is about one concept; {CHRONOLOGICAL_PREFIX}. Rewrite it in fewer "
        "than {max_words} words, keeping every detail that is still true and dropping facts "
        "that a later sentence replaced."
    ),
    user=(
        "Text: Mars was 23% terraformed. Later Mars became 84% terraformed, so humans walk "
        "without pressure suits. Ballard finds the town's people missing.\n"
        "Summary: Mars is 84% terraformed, so humans walk without pressure suits. Ballard finds "
        "the town's people missing.\n\n"
        "Text: {context}\nSummary:"
    ),
)

VECTOR_ANSWER = PromptTemplate(
    name="vector-answer",
    version=1,
    system=(
        "Use the following pieces of context to answer the question at the end. If you don't "
        "know the answer, just say that you don't know, don't try to make up an answer. Answer "
        "in one short sentence."
    ),
    user="Context:\n{context}\n\nQuestion: {question}\nAnswer:",
)

FOCUSED_ANSWER = PromptTemplate(
    name="focused-answer",
    version=1,
    system=(
        "Answer the question from the statements. They are the statements about the question, "
        "newest first: the first one is the latest, so when statements disagree, the first is "
        "true now. Reply with the answer only: a name, a place, a thing or a number, or yes or "
        "no and the answer. Never repeat a whole statement. If the statements do not say, "
        "reply: I don't know."
    ),
    user="Statements (newest first):\n{statements}\n\nQuestion: {question}\nAnswer:",
)
