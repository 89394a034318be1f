"""The triples reader (RET-LLM / MEMLLM): the memory model writes MEM_READ queries for the
question, the triple memory answers them with every version of the matching facts and their
intervals, and the model answers from those facts, taking the latest as the current truth."""

from __future__ import annotations

from extraction.memory_api import Query
from extraction.memory_model.model import MemoryModel
from extraction.memory_model.prompts import PromptFact, fact_lines
from graph.facts_read import FactRecord
from hybrid.candidate import Candidate, Evidence
from hybrid.triple_memory import TripleMemory

READER = "triples"
MAX_FACTS = 30  # MEMLLM's Q_thr: more than this distracts the model


def as_seen_at(fact: FactRecord, as_of: int | None) -> PromptFact | None:
    """The fact as it looked at ``as_of``: absent if not yet written, open if closed later."""
    if as_of is not None and fact.t_from > as_of:
        return None
    t_to = fact.t_to if as_of is None or (fact.t_to is not None and fact.t_to <= as_of) else None
    return PromptFact(fact.subject, fact.relation, fact.object, fact.t_from, t_to)


class TripleReader:
    def __init__(self, memory: TripleMemory, model: MemoryModel) -> None:
        self.memory = memory
        self.model = model

    def facts(self, space: str, queries: list[Query], as_of: int | None) -> list[PromptFact]:
        seen: dict[tuple[str, str, str, int], PromptFact] = {}
        for query in queries:
            result = self.memory.read(space, query, history=True)
            for fact in result.facts:
                line = as_seen_at(fact, as_of)
                if line is not None:
                    seen.setdefault((line.subject, line.relation, line.object, line.t_from), line)
        return sorted(seen.values(), key=lambda f: (f.t_from, f.object))[-MAX_FACTS:]

    def answer(self, space: str, question: str, as_of: int | None = None) -> Candidate:
        plan = self.model.read(question)
        facts = self.facts(space, plan.queries, as_of) if plan.queries else []
        evidence = [
            Evidence("fact", f"{f.subject}>>{f.relation}>>{f.object}", f.t_from, t_to=f.t_to)
            for f in facts
        ]
        signals = {
            "queries": [q.to_text() for q in plan.queries],
            "facts": len(facts),
            "current_facts": sum(1 for f in facts if f.t_to is None),
            "newest_t": max((f.t_from for f in facts), default=0),
        }
        if not facts:
            asked = "; ".join(q.to_text() for q in plan.queries) or "nothing it could read"
            return Candidate(
                READER,
                f"I have no facts about that (memory read: {asked}).",
                [],
                no_information=True,
                signals=signals,
            )
        answer = self.model.answer(question, fact_lines(facts))
        return Candidate(READER, answer, evidence, signals=signals, prompt="memory-answer")
