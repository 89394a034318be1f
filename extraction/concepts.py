"""RecallM's concept extraction: nouns become concepts, neighbours become relations.

Every noun (common or proper) is a concept; its label is the lower-cased Porter stem, so "trips"
and "trip" are one concept. The WSJ tagger often tags a name as a verb in questions ("What does
Brandon own?" → Brandon/VB), so a capitalised word inside a sentence is also taken as a proper
noun unless it is tagged as a function word. A concept's context is the sentence it occurs in.
Each concept is related to the concept immediately before and after it in the text (relations are
undirected, kept once per pair). Concepts with one label are merged within the update: surface
forms and contexts are unioned in text order. Pure functions, no I/O beyond the packaged tagger.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from nltk.stem import PorterStemmer

from extraction.messages import as_turn
from extraction.name_resolution import turn_opening
from extraction.text import TaggedSentence, split_sentences, tag_sentences

NOUN_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS"})
FUNCTION_TAGS = frozenset(
    {
        "CC",
        "DT",
        "EX",
        "IN",
        "MD",
        "PDT",
        "POS",
        "PRP",
        "PRP$",
        "RP",
        "TO",
        "UH",
        "WDT",
        "WP",
        "WP$",
        "WRB",
    }
)
_LABEL_DROP = re.compile(r"[^\w-]+")
_HAS_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Concept:
    """A concept as found in one text: its label, the words that named it, its sentences."""

    label: str
    names: tuple[str, ...]
    sentences: tuple[str, ...]


@dataclass(frozen=True)
class ConceptExtraction:
    concepts: tuple[Concept, ...]  # in order of first appearance
    relations: tuple[tuple[str, str], ...]  # (a, b) with a < b, each pair once
    # each sentence with the labels found in it (what revision asks of a context sentence)
    sentence_labels: tuple[tuple[str, frozenset[str]], ...] = ()

    @property
    def labels(self) -> list[str]:
        return [c.label for c in self.concepts]


@lru_cache(maxsize=1)
def _stemmer() -> PorterStemmer:
    return PorterStemmer()


@lru_cache(maxsize=65536)
def concept_label(word: str) -> str | None:
    """The label of a noun, or None when the token cannot name a concept (no letter, too short)."""
    cleaned = _LABEL_DROP.sub("", word.lower()).strip("-_")
    if len(cleaned) < 2 or not _HAS_LETTER.search(cleaned):
        return None
    return _stemmer().stem(cleaned)


def _capitalised_name(position: int, token: str, tag: str) -> bool:
    return position > 0 and token[:1].isupper() and token.isalpha() and tag not in FUNCTION_TAGS


def _noun_mentions(sentence: TaggedSentence) -> list[tuple[str, str]]:
    """(label, surface form) for each noun token of the sentence, in order."""
    mentions = []
    for position, (token, tag) in enumerate(sentence.tokens):
        if tag in NOUN_TAGS or _capitalised_name(position, token, tag):
            label = concept_label(token)
            if label is not None:
                mentions.append((label, token))
    return mentions


def spoken_sentences(text: str) -> str:
    """A chat turn with its speaker before each of its sentences ("Dev: Thanks. Work's the
    same." → "Dev: Thanks. Dev: Work's the same."): every sentence of a turn is said by the
    speaker, so each is a context of the speaker's concept, not the first one alone. An email
    is its sender's turn, without its quoted or forwarded text (``extraction.messages``). Other
    text is returned as it is."""
    text = as_turn(text)  # an email's own body, said by its sender
    opening = turn_opening(text)
    if not opening:
        return text
    prefix = text[:opening].strip()
    return " ".join(f"{prefix} {sentence}" for sentence in split_sentences(text[opening:]))


def extract_concepts(text: str) -> ConceptExtraction:
    """Concepts, contexts and neighbour relations of ``text`` (empty for blank text); a chat
    turn's sentences each carry its speaker (``spoken_sentences``)."""
    names: dict[str, list[str]] = {}
    sentences: dict[str, list[str]] = {}
    relations: dict[tuple[str, str], None] = {}
    previous: str | None = None
    found: dict[str, frozenset[str]] = {}
    for sentence in tag_sentences(spoken_sentences(text)):
        mentions = _noun_mentions(sentence)
        found[sentence.text] = found.get(sentence.text, frozenset()) | {m for m, _ in mentions}
        for label, surface in mentions:
            seen_names = names.setdefault(label, [])
            if surface not in seen_names:
                seen_names.append(surface)
            seen_sentences = sentences.setdefault(label, [])
            if not seen_sentences or seen_sentences[-1] != sentence.text:
                seen_sentences.append(sentence.text)
            if previous is not None and previous != label:
                relations[(min(previous, label), max(previous, label))] = None
            previous = label
    concepts = tuple(
        Concept(label, tuple(names[label]), tuple(sentences[label])) for label in names
    )
    return ConceptExtraction(concepts, tuple(relations), tuple(found.items()))


def essential_labels(question: str) -> list[str]:
    """The concept labels of a question, in order, each once (RecallM's essential concepts)."""
    return extract_concepts(question).labels


def extract_many(texts: list[str]) -> list[ConceptExtraction]:
    """``extract_concepts`` of each text (what a worker process is given, a batch at a time)."""
    return [extract_concepts(text) for text in texts]
