"""A named animal or thing that died: "Kuikka died last week", "Biscuit passed away", "we had
to have Tui put down". Whoever held it holds it no more.

The statement seldom says whose it was ("Sad news: Kuikka died"), and "she was sixteen" after it
is the animal, not a person of the stream. The memory knows: the writer ends the facts whose value
is a name found here (``hybrid.triple_writer``); a name no one holds ends nothing. Pure functions.
"""

from __future__ import annotations

import re

_NAME = r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?"
_PUT_DOWN = r"put\s+(?:down|to\s+sleep)"
_DIED = re.compile(
    rf"(?P<died>{_NAME})\s+(?:has\s+|had\s+|just\s+|finally\s+|sadly\s+)*"
    rf"(?:died|passed\s+away|was\s+{_PUT_DOWN}|had\s+to\s+be\s+{_PUT_DOWN})\b"
    rf"|\b(?:have|had|having)\s+(?:to\s+)?(?:have\s+)?(?P<put>{_NAME})\s+{_PUT_DOWN}\b"
    rf"|\b(?:lost|said\s+goodbye\s+to)\s+(?:our\s+|my\s+|his\s+|her\s+|their\s+)?(?P<lost>{_NAME})"
    r"\b(?!\s+(?:job|game|match|bet|weight))"
)
_NOT_A_NAME = frozenset(
    "i he she they we it who which that there this my our his her their the a an".split()
)


def departed(text: str) -> list[str]:
    """The names ``text`` says died (or were put down, or lost), in its order."""
    found: list[str] = []
    for m in _DIED.finditer(text):
        name = m["died"] or m["put"] or m["lost"]
        possessive = name.endswith(("'s", "’s"))  # "lost Brightwave's contract"
        if name.split()[0].casefold() not in _NOT_A_NAME and not possessive and name not in found:
            found.append(name)
    return found
