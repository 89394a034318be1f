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
from collections.abc import Sequence

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


def _labels_of(sentences: Sequence[str]) -> list[frozenset[str]]:
    """``sentence_labels`` of each sentence, the remembered ones looked up under one lock."""
    with _labels_lock:
        found = [_labels.get(sentence) for sentence in sentences]
    return [
        labels if labels is not None else sentence_labels(sentence)
        for sentence, labels in zip(sentences, found, strict=True)
    ]


def revise_recent(due: DueConcept, *, char_limit: int, keep_unlinked: int = 2) -> Revision:
    """Keep the newest sentence per neighbouring concept; trim oldest-first to ``char_limit``.

    Read newest first, so a sentence's first appearance is its newest copy and a neighbour's
    first sentence is its newest (this runs on every merge into a full context)."""
    if keep_unlinked < 0:
        raise ValueError(f"keep_unlinked must be 0 or more, got {keep_unlinked}")
    context = due.context
    seen: set[str] = set()
    neighbours: set[str] = {due.label}
    keep: list[int] = []
    unlinked = 0
    labels_by_index = _labels_of(context)
    for i in range(len(context) - 1, -1, -1):
        text = context[i]
        if text in seen:
            continue
        seen.add(text)
        labels = labels_by_index[i]
        new = labels - neighbours
        if new:
            neighbours |= new
            keep.append(i)
        elif not labels - {due.label} and unlinked < keep_unlinked:
            unlinked += 1
            keep.append(i)
    keep.reverse()
    size = sum(len(context[i]) for i in keep)
    first = 0
    while len(keep) - first > 1 and size > char_limit:  # the oldest go first
        size -= len(context[keep[first]])
        first += 1
    kept = keep[first:]
    return Revision(
        label=due.label,
        context=tuple(context[i] for i in kept),
        context_t=tuple(due.context_t[i] for i in kept),
        merges=due.merges,
    )
