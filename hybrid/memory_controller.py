"""The controller between a model's text and the triple memory (RET-LLM §3, MEMLLM §3.2).

Given model output containing memory calls it:

1. executes every MEM_WRITE in the text as **one** knowledge update (the caller's statement, e.g.
   the focus sentence, or one made from the triples);
2. executes every *pending* MEM_READ (one without results) — after the writes, so a read sees
   what the same text wrote — and splices the answer in the paper's format:
   MEMLLM ``({MEM_READ(q)--> e1, e2})`` lists the entities asked for, so the model continues
   decoding; RET-LLM ``[MEM_READ{q}:{s>>r>>o};…]`` lists the triples, so the model answers.
   As in MEMLLM, a MEMLLM read that finds nothing, or more than Q_thr entities, is removed from
   the text instead (an empty or huge answer distracts the model);
3. returns the new text, what it wrote and read, and the parse issues.

An answer entity is the part the query left open (the object of ⟨s,r⟩, the subject of ⟨r,o⟩);
a query with two open parts is answered with whole ``s>>r>>o`` triples.
"""

from __future__ import annotations

from dataclasses import dataclass

from extraction.memory_api import CallForm, ParseIssue, Query, ReadCall, emit_read
from extraction.memory_parser import parse
from graph.facts_read import FactRecord
from graph.updates import StatementRecord
from hybrid.triple_memory import FactsReceipt, ReadResult, TripleMemory


def answer_text(query: Query, fact: FactRecord) -> str:
    """What a fact answers to a query: the one open part, or the whole triple."""
    open_parts = [p for p in "sro" if p not in query.shape]
    if len(open_parts) == 1:
        return {"s": fact.subject, "r": fact.relation, "o": fact.object}[open_parts[0]]
    return f"{fact.subject}>>{fact.relation}>>{fact.object}"


@dataclass(frozen=True)
class ExecutedRead:
    """A pending read as executed: per-query results, the merged answers, and its new text."""

    call: ReadCall
    results: list[ReadResult]
    answers: list[str]
    replacement: str

    @property
    def removed(self) -> bool:
        return not self.replacement


@dataclass(frozen=True)
class ControllerResult:
    text: str
    write: FactsReceipt | None
    reads: list[ExecutedRead]
    issues: list[ParseIssue]


class MemoryController:
    """Runs the memory calls in model text against one space."""

    def __init__(self, memory: TripleMemory, space: str, *, writer: str = "api") -> None:
        self.memory = memory
        self.space = space
        self.writer = writer

    def _read(self, call: ReadCall, as_of: int | None) -> ExecutedRead:
        results = [self.memory.read(self.space, q, as_of=as_of) for q in call.queries]
        if call.form is CallForm.RETLLM:
            triples = list(
                dict.fromkeys(
                    f"{f.subject}>>{f.relation}>>{f.object}" for r in results for f in r.facts
                )
            )
            return ExecutedRead(
                call, results, triples, emit_read(call.queries, triples, CallForm.RETLLM)
            )
        answers = list(dict.fromkeys(answer_text(r.query, f) for r in results for f in r.facts))
        keep = 0 < len(answers) <= self.memory.config.q_thr
        replacement = emit_read(call.queries, answers) if keep else ""
        return ExecutedRead(call, results, answers, replacement)

    def run(
        self,
        text: str,
        *,
        statement: StatementRecord | None = None,
        source: str | None = None,
        as_of: int | None = None,
    ) -> ControllerResult:
        """Execute the calls in ``text``; reads are answered as of ``as_of`` (default now)."""
        parsed = parse(text)
        triples = [t for call in parsed.writes for t in call.triples]
        write = None
        if triples:
            write = self.memory.write(
                self.space, triples, writer=self.writer, source=source, statement=statement
            )
        reads = [self._read(call, as_of) for call in parsed.reads if call.pending]
        pieces: list[str] = []
        position = 0
        for executed in reads:
            pieces.append(text[position : executed.call.start])
            pieces.append(executed.replacement)
            position = executed.call.end
        pieces.append(text[position:])
        return ControllerResult(
            text="".join(pieces), write=write, reads=reads, issues=parsed.issues
        )
