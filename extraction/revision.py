"""Symbolic context revision (RecallM's future work: revision without an LLM).

Rule (``recent`` mode): a concept's context keeps, for every other concept its sentences mention,
only the newest sentence that mentions it; sentences that mention no other concept keep only the
newest ``keep_unlinked`` of them. A later sentence about the same neighbour is taken to supersede an
earlier one ("Brandon is going to Brazil" supersedes "Brandon is going to Paris" for Brandon, via
their shared neighbour "trip"/"vacation"), while a fact about a different neighbour survives however
old it is (the salad stays after the banana). Exact repeats keep only their newest copy. Finally the
oldest sentences go until the context fits its size limit. The statements themselves are never
touched: they stay as Statement nodes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from extraction.concepts import ConceptExtraction, extract_concepts
from extraction.text import split_sentences
from graph.concept_merges import DueConcept, Revision

LABELS_KEPT = 100_000
_labels: OrderedDict[str, frozenset[str]] = OrderedDict()
_labels_lock = threading.Lock()


def _keep(sentence: str, labels: frozenset[str]) -> None:
    with _labels_lock:
        _labels[sentence] = labels
        _labels.move_to_end(sentence)
        while len(_labels) > LABELS_KEPT:
            _labels.popitem(last=False)


def sentence_labels(sentence: str) -> frozenset[str]:
    """The concept labels of one sentence (the most recent ``LABELS_KEPT`` are remembered)."""
    with _labels_lock:
        labels = _labels.get(sentence)
    if labels is None:
        labels = frozenset(extract_concepts(sentence).labels)
        _keep(sentence, labels)
    return labels


def remember_sentence_labels(extraction: ConceptExtraction) -> None:
    """Keep the labels a statement's extraction found per sentence, so revising a context does
    not tag its sentences again. A sentence is kept only when it is a sentence on its own too
    (split again, it is itself): then tagging it alone gives the same tokens and tags, and the
    same labels, as ``sentence_labels`` would compute."""
    for sentence, labels in extraction.sentence_labels:
        if split_sentences(sentence) == [sentence]:
            _keep(sentence, labels)


def revise_recent(due: DueConcept, *, char_limit: int, keep_unlinked: int = 2) -> Revision:
    """Keep the newest sentence per neighbouring concept; trim oldest-first to ``char_limit``."""
    pairs = list(zip(due.context, due.context_t, strict=True))
    newest_copy = {text: i for i, (text, _) in enumerate(pairs)}
    newest_for_neighbour: dict[str, int] = {}
    unlinked: list[int] = []
    for i, (text, _) in enumerate(pairs):
        if newest_copy[text] != i:
            continue
        neighbours = sentence_labels(text) - {due.label}
        if not neighbours:
            unlinked.append(i)
        for label in neighbours:
            newest_for_neighbour[label] = i
    keep = set(newest_for_neighbour.values()) | set(
        unlinked[-keep_unlinked:] if keep_unlinked else []
    )
    kept = [pairs[i] for i in sorted(keep)]
    while len(kept) > 1 and sum(len(text) for text, _ in kept) > char_limit:
        kept.pop(0)
    return Revision(
        label=due.label,
        context=tuple(text for text, _ in kept),
        context_t=tuple(t for _, t in kept),
        merges=due.merges,
    )
