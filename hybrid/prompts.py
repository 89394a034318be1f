"""Every prompt the project sends, each with a name and a version.

A template's version changes whenever its text does, so results and caches can say which prompt
produced them.
"""

from __future__ import annotations

from dataclasses import dataclass

from hybrid.llm.base import ChatMessage


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
