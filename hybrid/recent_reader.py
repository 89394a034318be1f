"""The raw-LLM baseline of RecallM's temporal experiment: no memory, only the most recent
statements that fit the model's context budget, oldest first."""

from __future__ import annotations

from extraction.llm.base import ChatBackend, ChatOptions
from graph.store import GraphStore
from graph.updates import latest_statements
from hybrid.candidate import Candidate, Evidence
from hybrid.prompts import GRAPH_ANSWER

READER = "recent"
CHARS_PER_TOKEN = 4  # a rough English average, to fill the budget without tokenising


class RecentReader:
    def __init__(self, store: GraphStore, llm: ChatBackend, token_budget: int = 1024) -> None:
        self.store = store
        self.llm = llm
        self.token_budget = token_budget

    def answer(self, space: str, question: str, as_of: int | None = None) -> Candidate:
        kept: list[tuple[int, str]] = []
        used = 0
        for row in latest_statements(self.store, space, limit=500):
            if as_of is not None and row["t"] > as_of:
                continue
            cost = len(row["text"]) // CHARS_PER_TOKEN + 1
            if used + cost > self.token_budget:
                break
            kept.append((row["t"], row["text"]))
            used += cost
        kept.sort()
        if not kept:
            return Candidate(READER, "I have no statements to answer from.", [], True)
        result = self.llm.chat(
            GRAPH_ANSWER.messages(statements="\n".join(t for _, t in kept), question=question),
            ChatOptions(max_tokens=64),
        )
        evidence = [Evidence("sentence", text, t) for t, text in kept]
        signals = {"statements": len(kept), "newest_t": kept[-1][0]}
        return Candidate(
            READER, result.text.strip(), evidence, signals=signals, prompt=GRAPH_ANSWER.id
        )
