"""Sentences, tokens and part-of-speech tags, all offline.

Punkt runs without downloaded parameters (a fixed list of common abbreviations stands in for them);
tokens come from the Treebank tokenizer; tags from NLTK's averaged perceptron loaded with the
WSJ-trained weights shipped in ``textblob-aptagger`` (predicting through a dense weight matrix,
``extraction.perceptron``: the same tags, faster).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from nltk.tag.perceptron import PerceptronTagger
from nltk.tokenize import TreebankWordTokenizer
from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

from extraction.llm.assets import load_tagger_model
from extraction.perceptron import FastAveragedPerceptron

_ABBREVIATION_WORDS = """
mr mrs ms dr prof sr jr st mt ft vs etc e.g i.e cf al approx dept est fig gen gov lt col sgt
capt cmdr adm rev hon pres inc ltd co corp bros no nos vol ed eds pp jan feb mar apr jun jul
aug sep sept oct nov dec mon tue wed thu fri sat sun a.m p.m u.s u.k u.n d.c ph.d b.a m.a
b.sc m.sc n.y l.a
"""
ABBREVIATIONS = frozenset(_ABBREVIATION_WORDS.split())
SPEAKER_LABEL = re.compile(r"^\s*[\w .'-]{1,40}:\s+")  # a chat turn's "Lena: "
_PARAGRAPH_BREAK = re.compile(r"\s*\n\s*")


@dataclass(frozen=True)
class TaggedSentence:
    text: str
    tokens: tuple[tuple[str, str], ...]  # (token, Penn Treebank tag)


@lru_cache(maxsize=1)
def _sentence_splitter() -> PunktSentenceTokenizer:
    params = PunktParameters()
    params.abbrev_types = set(ABBREVIATIONS)
    return PunktSentenceTokenizer(params)


_word_tokenizer = TreebankWordTokenizer()
_tagger_lock = threading.Lock()
_tagger: PerceptronTagger | None = None


def _get_tagger() -> PerceptronTagger:
    global _tagger
    with _tagger_lock:
        if _tagger is None:
            weights, tagdict, classes = load_tagger_model()
            tagger = PerceptronTagger(load=False)
            tagger.model = FastAveragedPerceptron(weights, classes)
            tagger.tagdict = tagdict
            tagger.classes = classes
            _tagger = tagger
        return _tagger


def split_sentences(text: str) -> list[str]:
    """Sentences in text order; line breaks always end a sentence (paragraphs, list items)."""
    splitter = _sentence_splitter()
    sentences: list[str] = []
    for paragraph in _PARAGRAPH_BREAK.split(text):
        paragraph = paragraph.strip()
        if paragraph:
            sentences.extend(s.strip() for s in splitter.tokenize(paragraph) if s.strip())
    return sentences


def tokenize(sentence: str) -> list[str]:
    return _word_tokenizer.tokenize(sentence)


def common_word(word: str) -> bool:
    """Whether the tagger knows ``word`` (lower-cased) as a frequent English word: a capitalised
    word it does not know is a name ("Tomas", "Ilse"), whatever tag it guessed."""
    return word.casefold() in _get_tagger().tagdict


def word_class(word: str) -> str | None:
    """The tag the tagger most expects for ``word`` (lower-cased) on its own, from its weights
    for the word itself; None for a word the tagger has no weights for."""
    tagger = _get_tagger()
    key = word.casefold()
    if key in tagger.tagdict:
        return str(tagger.tagdict[key])
    return tagger.model.strongest_label(f"i word {key}")


def tag_words(words: list[str]) -> list[tuple[str, str]]:
    """Tag already tokenised words (a relation phrase, a clause)."""
    return list(_get_tagger().tag(words)) if words else []


def tag_sentences(text: str) -> Iterator[TaggedSentence]:
    """Split, tokenise and tag ``text`` one sentence at a time."""
    tagger = _get_tagger()
    for sentence in split_sentences(text):
        tokens = tokenize(sentence)
        if tokens:
            yield TaggedSentence(sentence, tuple(tagger.tag(tokens)))
