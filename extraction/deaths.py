"""A named animal or thing that died: "Kuikka died last week", "Biscuit passed away", "we had
to have Tui put down". Whoever held it holds it no more.

The statement seldom says whose it was ("Sad news: Kuikka died"), and "she was sixteen" after it
is the animal, not a person of the stream. The memory knows: the writer ends the ownership facts
whose value is a name found here (``hybrid.triple_writer``); a name no one owns ends nothing.
Pure functions.
"""

from __future__ import annotations

import re

_NAME = r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?"
_PUT_DOWN = r"put\s+(?:down|to\s+sleep)"
_DIED = re.compile(
    rf"(?P<died>{_NAME})\s+(?:has\s+|had\s+|just\s+|finally\s+|sadly\s+)*"
    rf"(?:died|passed\s+away|was\s+{_PUT_DOWN}|had\s+to\s+be\s+{_PUT_DOWN})\b"
    r"(?!\s+(?:down|off|out|away)\b)"  # "Sales died down": no one died
    rf"|\b(?:have|had|having)\s+(?:to\s+)?(?:have\s+)?(?P<put>{_NAME})\s+{_PUT_DOWN}\b"
)
_NOT_A_NAME = frozenset(
    """i he she they we it who which that there this my our his her their the a an then sadly
    so and but also today yesterday finally poor old little""".split()
)
OWNING = frozenset({"owns", "has pet", "drives", "rides"})
"""The relations a death ends: what someone had, not where they worked or lived."""


def departed(text: str) -> list[str]:
    """The names ``text`` says died (or were put down), in its order; a leading word that
    names no one is no part of the name ("Sadly Kuikka died")."""
    found: list[str] = []
    for m in _DIED.finditer(text):
        words = (m["died"] or m["put"]).split()
        while words and words[0].casefold() in _NOT_A_NAME:
            words = words[1:]
        name = " ".join(words)
        if name and not name.endswith(("'s", "’s")) and name not in found:
            found.append(name)
    return found
