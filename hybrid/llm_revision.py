"""RecallM's LLM context revision: a one-shot prompt rewrites a concept's context.

Runs after the update commits (never holding the space's lock); the revision is stored only if no
update merged into the concept meanwhile (``graph.concept_writes.write_revisions`` checks the merge
count), else it waits for the next due point. The summary's sentences take the newest ``t`` of the
context they replace, so prompts still order them after older evidence. A summary that comes back
empty is discarded: the context is never replaced by nothing.
"""

from __future__ import annotations

from extraction.llm.base import ChatBackend, ChatOptions
from extraction.text import split_sentences
from graph.concept_merges import DueConcept, Revision
from graph.concept_writes import write_revisions
from graph.store import GraphStore
from hybrid.ingestion import IngestResult
from hybrid.prompts import CONTEXT_REVISION

SUMMARY_WORDS = 80


def revise_with_llm(llm: ChatBackend, due: DueConcept, max_words: int = SUMMARY_WORDS) -> Revision:
    """The concept's context rewritten by the LLM, keeping what is still true."""
    result = llm.chat(
        CONTEXT_REVISION.messages(context=" ".join(due.context), max_words=str(max_words)),
        ChatOptions(max_tokens=max_words * 2),
    )
    sentences = tuple(split_sentences(result.text.strip()))
    if not sentences:
        return Revision(due.label, due.context, due.context_t, due.merges)
    newest = max(due.context_t)
    return Revision(due.label, sentences, tuple(newest for _ in sentences), due.merges)


class LLMReviser:
    """The ``after_commit`` hook of ``MemoryWriter`` in ``llm`` revision mode."""

    def __init__(self, store: GraphStore, llm: ChatBackend) -> None:
        self.store = store
        self.llm = llm

    def __call__(self, space: str, result: IngestResult) -> None:
        revisions = [revise_with_llm(self.llm, due) for due in result.due_for_revision]
        write_revisions(self.store, space, result.t, revisions)
