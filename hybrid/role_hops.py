"""Questions about a person named by their role to another: "Who does Ingrid's fiancé work
for?" is "Who does Mats Haugen work for?" once the memory says who Ingrid's fiancé is.

The role nouns are those of relations between people (a partner, a spouse, a manager). The hop
is taken only when the rest of the question asks about something else: "Who is Ingrid's
fiancé?" is the role's own read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hybrid.question_people import QUESTION_STOPWORDS

ROLE_RELATIONS: dict[str, str] = {
    "girlfriend": "is seeing",
    "boyfriend": "is seeing",
    "partner": "is seeing",
    "husband": "married to",
    "wife": "married to",
    "spouse": "married to",
    "fiance": "married to",
    "fiancee": "married to",
    "fiancé": "married to",
    "fiancée": "married to",
    "manager": "reports to",
    "boss": "reports to",
}
_POSSESSIVE_ROLE = re.compile(
    r"(?P<owner>\b[\w-]+)['’]s\s+(?:(?:new|current|present)\s+)?"
    rf"(?P<role>{'|'.join(sorted(ROLE_RELATIONS, key=len, reverse=True))})\b",
    re.IGNORECASE,
)
_NAME_WORD_BEFORE = re.compile(r"([A-Z][\w-]*)\s+$")


@dataclass(frozen=True)
class RoleMention:
    """ "Ingrid's fiancé": whose role (the owner's words), which relation, and where."""

    owner: str
    relation: str
    start: int
    end: int

    def replaced(self, question: str, person: str) -> str:
        """The question with the role phrase replaced by the person who holds the role."""
        return f"{question[: self.start]}{person}{question[self.end :]}"


def role_mention(question: str) -> RoleMention | None:
    """The first "<name>'s <role>" of ``question``, if any."""
    found = _POSSESSIVE_ROLE.search(question)
    if found is None:
        return None
    start = found.start()
    while (word := _NAME_WORD_BEFORE.search(question[:start])) and (
        word.group(1).casefold() not in QUESTION_STOPWORDS
    ):
        start = word.start()  # "Ingrid Solberg's fiancé": the whole name
    relation = ROLE_RELATIONS[found.group("role").casefold()]
    return RoleMention(
        question[start : found.start("owner") + len(found.group("owner"))],
        relation,
        start,
        found.end(),
    )
