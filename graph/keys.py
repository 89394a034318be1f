"""Normalised keys for triple-memory names: the identity under which entities and relations merge.

Two surface forms that a reader would call the same name must get the same key, or a write made as
"The Beatles" is invisible to an exact read for "beatles". The rule is deliberately small and
predictable, because keys are stored and an export made today must import to the same keys:

1. Unicode NFKD, combining marks dropped (``Zoë`` → ``zoe``), then casefold.
2. Apostrophes and full stops are deleted (``U.S.A.`` → ``usa``, ``O'Brien`` → ``obrien``);
   every other punctuation or symbol character becomes a space (``Jean-Luc`` → ``jean luc``).
3. Whitespace runs collapse to one space; ends are stripped.
4. Leading articles (``the``, ``a``, ``an``) are dropped while something remains.
5. Relations only: leading forms of *to be* (``is``, ``was``, ``are`` …) are dropped with the
   articles, so ``is married to`` and ``married to`` are one relation (tense lives in the
   fact's interval, not in its name).

Dropping *while* something remains keeps keys idempotent: a key is its own key.

Fuzzy matching (embeddings) handles everything else; keys only need to catch the trivial variants.
"""

from __future__ import annotations

import unicodedata

_DELETED = frozenset("'’‘`´.")
_ARTICLES = frozenset({"the", "a", "an"})
_BE_FORMS = frozenset({"is", "are", "was", "were", "am", "be", "been", "being"})


def fold(text: str) -> str:
    """Accents dropped, case folded, punctuation spaced, whitespace collapsed (rules 1–3)."""
    return _fold(text)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    kept: list[str] = []
    for ch in decomposed:
        category = unicodedata.category(ch)
        if category == "Mn" or ch in _DELETED:
            continue
        kept.append(" " if category[0] in "PSZC" else ch)
    return " ".join("".join(kept).casefold().split())


def _drop_leading(words: list[str], droppable: frozenset[str]) -> list[str]:
    start = 0
    while len(words) - start > 1 and words[start] in droppable:
        start += 1
    return words[start:]


def entity_key(name: str) -> str:
    """The key an entity name merges under; empty only when the name has no letters or digits."""
    return " ".join(_drop_leading(_fold(name).split(), _ARTICLES))


def relation_key(name: str) -> str:
    """The key a relation name merges under (articles and a leading *to be* form removed)."""
    return " ".join(_drop_leading(_fold(name).split(), _BE_FORMS | _ARTICLES))
