"""RecallM's question answering: essential concepts → temporal-window traversal → prompt → LLM.

The prompt is filled with up to P concepts: the essential concepts found first, then neighbours by
strength + α·t. Departure from the paper, for temporal integrity: concept contexts are kept
sentence-by-sentence with the ``t`` each sentence arrived at, so the prompt lists the union of the
chosen concepts' sentences once each, oldest first, instead of concatenating whole contexts (which
repeats sentences shared by two concepts and can put an older sentence after a newer one).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from extraction.concepts import essential_labels
from extraction.llm.base import ChatBackend, ChatMessage, ChatOptions
from graph.concepts import Traversal, TraversalConcept, traverse
from graph.store import GraphStore
from hybrid import reader_answers
from hybrid.candidate import Candidate, Evidence
from hybrid.evidence import EVIDENCE_BUDGET, focused, numbered, question_focus
from hybrid.prompts import FOCUSED_ANSWER, GRAPH_ANSWER
from hybrid.question_people import names_capitalised

READER = "graph"


EvidenceRecipe = Literal["focused", "paper"]
People = Callable[[str], list[str]]


@dataclass(frozen=True)
class GraphRecipe:
    """RecallM's hyperparameters (paper defaults) plus our prompt budget, and which evidence
    goes to the model: ``paper`` (every sentence of the chosen concepts, oldest first, RecallM's
    prompt) or ``focused`` (the sentences about the question, newest first, ``hybrid.evidence``)."""

    max_concepts: int = 10  # P
    depth: int = 2  # λ
    window: int = 15  # s
    alpha: float = 3.0  # α
    prompt_char_budget: int = 3000
    max_answer_tokens: int = 64
    evidence: EvidenceRecipe = "focused"
    evidence_budget: int = EVIDENCE_BUDGET


PAPER_CODE = GraphRecipe(window=15, evidence="paper")
"""RecallM as its code runs it: the paper's traversal, window 15, and its prompt."""
FOCUSED = GraphRecipe(window=15)
"""The paper's traversal with focused evidence (the default: better out of distribution)."""


@dataclass(frozen=True)
class GraphEvidence:
    question_labels: list[str]
    concepts: list[TraversalConcept]  # the P concepts chosen, essentials first
    sentences: list[tuple[int, str]]  # (t, sentence), oldest first, each once

    @property
    def found_any(self) -> bool:
        return bool(self.concepts)


def _as_asked(question: str, labels: list[str]) -> list[str]:
    """The question's own words for its concept labels ("jona" → "Jonas"): a label is a
    stem, which a user should not read back."""
    words = re.findall(r"[\w-]+", question)
    found = [next((w for w in words if w.casefold().startswith(label)), label) for label in labels]
    return list(dict.fromkeys(found))


def choose_concepts(traversal: Traversal, max_concepts: int) -> list[TraversalConcept]:
    """Essentials first (all of them, as the paper does), then the best-ranked neighbours."""
    chosen = list(traversal.essential)
    for neighbour in traversal.neighbours:
        if len(chosen) >= max_concepts:
            break
        chosen.append(neighbour)
    return chosen


def chronological_sentences(
    concepts: list[TraversalConcept], char_budget: int
) -> list[tuple[int, str]]:
    """The concepts' sentences, deduplicated, oldest first, within ``char_budget``.

    When over budget, the lowest-ranked concepts' sentences go first (essentials go last), so what
    is cut is the least relevant, not the oldest.
    """
    seen: dict[str, tuple[int, int]] = {}  # sentence -> (newest t, rank of its best concept)
    for rank, concept in enumerate(concepts):
        for text, t in zip(concept.context, concept.context_t, strict=True):
            previous = seen.get(text)
            seen[text] = (max(t, previous[0]), previous[1]) if previous else (t, rank)
    by_rank = sorted(seen.items(), key=lambda item: (item[1][1], -item[1][0]))
    kept: list[tuple[int, str]] = []
    used = 0
    for text, (t, _) in by_rank:
        if used + len(text) > char_budget and kept:
            continue
        kept.append((t, text))
        used += len(text)
    return sorted(kept)


class GraphReader:
    """Answers from the concept graph; never invents an answer when no concept is known."""

    def __init__(
        self,
        store: GraphStore,
        llm: ChatBackend | None,
        recipe: GraphRecipe = FOCUSED,
        people: People | None = None,
    ) -> None:
        self.store = store
        self.llm = llm
        self.recipe = recipe
        self.people = people

    def retrieve(
        self,
        space: str,
        question: str,
        as_of: int | None = None,
        people: Sequence[str] | None = None,
    ) -> GraphEvidence:
        """The evidence for ``question``; with ``as_of`` only sentences stored by then.

        The traversal itself runs on the graph as it is now (concepts keep only their last
        touch, not their past states), so ``as_of`` filters the evidence, not the ranking.
        """
        if self.recipe.evidence == "focused" and self.people is not None:
            known = self.people(space) if people is None else people
            question = names_capitalised(question, known)  # typed in lower case
        labels = essential_labels(question)
        traversal = traverse(
            self.store,
            space,
            labels,
            depth=self.recipe.depth,
            window=self.recipe.window,
            alpha=self.recipe.alpha,
            per_concept=self.recipe.max_concepts * 3,
        )
        concepts = choose_concepts(traversal, self.recipe.max_concepts)
        sentences = chronological_sentences(concepts, self.recipe.prompt_char_budget)
        if as_of is not None:
            sentences = [(t, text) for t, text in sentences if t <= as_of]
        return GraphEvidence(labels, concepts, sentences)

    def _prepare(
        self, space: str, question: str, as_of: int | None
    ) -> tuple[Candidate, list[ChatMessage] | None]:
        """The candidate without its answer yet, and the prompt (None: nothing to ask about)."""
        reads_people = self.recipe.evidence == "focused" and self.people is not None
        people = self.people(space) if reads_people and self.people else []  # once a question
        evidence = self.retrieve(space, question, as_of, people)
        items = [Evidence("sentence", text, t) for t, text in evidence.sentences]
        signals = {
            "concepts": [{"label": c.label, "t": c.t} for c in evidence.concepts],
            "concepts_found": len(evidence.concepts),
            "question_concepts": len(evidence.question_labels),
            "newest_t": max((t for t, _ in evidence.sentences), default=0),
        }
        if not evidence.sentences:
            unknown = ", ".join(_as_asked(question, evidence.question_labels)) or "that"
            return Candidate(
                READER,
                f"I have no information about {unknown}.",
                [],
                no_information=True,
                signals=signals,
            ), None
        if self.llm is None:
            raise ValueError("GraphReader.answer needs an LLM backend; use retrieve() without one")
        if self.recipe.evidence == "focused":
            chosen = focused(
                list(reversed(evidence.sentences)),
                question_focus(question, people),
                self.recipe.evidence_budget,
            )
            if not chosen:
                signals["focused"] = 0
                return Candidate(
                    READER,
                    "I have no information about that.",
                    items,
                    no_information=True,
                    signals=signals,
                ), None
            signals |= {"focused": len(chosen), "newest_t": chosen[0].t}
            items = [Evidence("sentence", r.text, r.t) for r in chosen]
            messages = FOCUSED_ANSWER.messages(statements=numbered(chosen), question=question)
            return Candidate(READER, "", items, signals=signals, prompt=FOCUSED_ANSWER.id), messages
        statements = "\n".join(text for _, text in evidence.sentences)
        messages = GRAPH_ANSWER.messages(statements=statements, question=question)
        return Candidate(READER, "", items, signals=signals, prompt=GRAPH_ANSWER.id), messages

    def answer(self, space: str, question: str, as_of: int | None = None) -> Candidate:
        candidate, messages = self._prepare(space, question, as_of)
        return reader_answers.complete(
            self.llm, candidate, messages, ChatOptions(max_tokens=self.recipe.max_answer_tokens)
        )

    def stream(
        self, space: str, question: str, as_of: int | None = None
    ) -> Iterator[str | Candidate]:
        """The answer's pieces as the LLM produces them, then the whole candidate."""
        candidate, messages = self._prepare(space, question, as_of)
        return reader_answers.stream(
            self.llm, candidate, messages, ChatOptions(max_tokens=self.recipe.max_answer_tokens)
        )
