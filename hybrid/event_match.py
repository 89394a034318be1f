"""How well a said sentence matches an event a question names ("when did she buy the Creta?").

Shared by the readers that find an event among the statements rather than the facts (the date
of "when did …?", the order of "did A before or after B?"): the sentence's MiniLM cosine to the
question's phrase, plus the share of the phrase's word stems the sentence says, itself or by
another word for the same event.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from extraction.embeddings import Embedder
from extraction.text import SPEAKER_LABEL, tokenize
from hybrid.question_relation import stems

QUESTION_WORDS = frozenset(
    "when what which who where how did does do was were is are the a an on in at of to date day "
    "year month long many after before between she her hers he his him they them their".split()
)

# A question asks "when did she buy…", the chat said "bought": the commonest irregular past
# forms, so the word overlap sees the same verb.
IRREGULAR_PAST = {
    "bought": "buy", "went": "go", "began": "begin", "ran": "run", "got": "get", "left": "leave",
    "met": "meet", "took": "take", "made": "make", "saw": "see", "came": "come", "flew": "fly",
    "gave": "give", "found": "find", "felt": "feel", "sold": "sell", "told": "tell", "won": "win",
    "lost": "lose", "wrote": "write", "paid": "pay", "broke": "break", "tore": "tear",
    "swam": "swim", "drove": "drive", "built": "build", "taught": "teach", "fell": "fall",
    "spent": "spend", "sent": "send", "held": "hold", "wore": "wear", "ate": "eat",
}  # fmt: skip

# Words for one event that share no stem: "propose" is said "asked her to marry me", "quit" is
# said "left".
_SAME_EVENT = {
    "propos": frozenset({"marri", "engag"}),
    "engag": frozenset({"propos", "marri"}),
    "split": frozenset({"break"}),
    "break": frozenset({"split"}),
    "wed": frozenset({"marri"}),
    "quit": frozenset({"leav", "resign"}),
    "leav": frozenset({"quit", "resign"}),
    "resign": frozenset({"quit", "leav"}),
    "start": frozenset({"join", "begin"}),
    "begin": frozenset({"start", "join"}),
    "join": frozenset({"start", "begin"}),
}


_AWAY = frozenset({"out", "off", "leav", "depart"})
_BACK = frozenset({"back", "return"})
_AWAY_OR_BACK = 0.1

# Idioms and emoji that name an event without its word: "she said yes 💍" is a proposal,
# "the fiesta's a write off" a crash.
_EVENT_IDIOMS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), frozenset(words.split()))
    for pattern, words in (
        (
            r"\b(?:said yes|popped the question|(?:got|went|gets) down on one knee)\b|💍",
            "propos engag",
        ),
        (r"\b(?:tied the knot|got hitched|exchanged vows)\b|💒", "marri wed"),
        (r"\b(?:written off|write[- ]?off|wrote (?:it |\w+ )?off|totall?ed|pranged)\b", "crash"),
        (r"\b(?:handed in (?:my|his|her|their) notice|last day)\b", "quit leav resign"),
        (r"\bfirst (?:day|shift|week)\b", "start join"),
        (r"\b(?:split up|broke up|dumped|called it off)\b|💔", "split break"),
        (r"\b(?:passed away|put down|funeral)\b", "die death"),
        (r"\b(?:gave birth|was born|had (?:a|the|their) baby)\b|👶", "born birth babi"),
        (r"\b(?:got the keys|moving day|moved in)\b", "move"),
        (r"🎓", "graduat"),
    )
)


def event_stems(text: str) -> set[str]:
    """The words of ``text`` that can name an event, as Porter stems (past forms as their verb:
    "moved" and "move", "bought" and "buy" are one), with those its idioms name."""
    words = (IRREGULAR_PAST.get(w.lower(), w.lower()) for w in tokenize(text) if w.isalpha())
    found = {s for w in words if w not in QUESTION_WORDS and len(w) > 2 for s in stems(w)}
    for idiom, named in _EVENT_IDIOMS:
        if idiom.search(text):
            found |= named
    return found


def covered(wanted: set[str], found: set[str]) -> float:
    """The share of the question's stems a sentence says, itself or by another word for the
    same event."""
    said = sum(1 for w in wanted if w in found or _SAME_EVENT.get(w, frozenset()) & found)
    return said / max(1, len(wanted))


def event_scores(
    embedder: Embedder, topic: str, sentences: Sequence[str], statements: Sequence[str]
) -> list[float]:
    """How well each sentence says the event ``topic`` names: 0.6 of its cosine and 0.4 of the
    stems it covers (its whole statement's stems count for 0.8 of that: "Mats proposed! Last
    Saturday, at Ulriken" dates the event in its second sentence)."""
    spoken = [SPEAKER_LABEL.sub("", s) for s in sentences]  # "Lena: We bought…"
    vectors = embedder.embed([topic, *spoken])
    cosines = np.asarray(vectors[1:] @ vectors[0])
    wanted = event_stems(topic)
    scores = []
    for sentence, whole, cosine in zip(sentences, statements, cosines, strict=True):
        found = event_stems(sentence)
        said = max(covered(wanted, found), 0.8 * covered(wanted, event_stems(whole)))
        scores.append(float(cosine) * 0.6 + said * 0.4 - _AWAY_OR_BACK * opposed(wanted, found))
    return scores


def opposed(wanted: set[str], found: set[str]) -> bool:
    """Whether the sentence says the other leg of a trip: "got back from Fukuoka" does not say
    when she flew out, nor "set off for Palermo" when she got back."""
    for leg, other in ((_AWAY, _BACK), (_BACK, _AWAY)):
        if wanted & leg and found & other and not found & leg:
            return True
    return False
