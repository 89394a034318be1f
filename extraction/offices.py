"""A committee's office is held beside a job: Bao Tran is "our treasurer" while he works as a
senior accountant. Read as "works as" (one job at a time), the office would end his job and the
job the office; so an office is "serves as", a relation of its own, unless the statement says it
is their work ("works as a secretary at a law firm"). Pure functions."""

from __future__ import annotations

import re

from extraction.gazetteer import is_office
from extraction.memory_api import Triple

OFFICE_RELATION = "serves as"


def _said_as_work(text: str, office: str) -> bool:
    work = r"\b(?:works?|working|worked|job|employed|hired)\s+as\s+(?:an?\s+|the\s+)?"
    return bool(re.search(work + re.escape(office), text, re.IGNORECASE))


_SHARED_WITH_JOBS = frozenset({"secretary", "president", "governor", "patron"})
_COMMITTEE = re.compile(
    r"\b(?:committee|board|club|society|association|agm|egm|pta|union|council|trustees?|"
    r"charity|volunteers?|members|chapter|league|federation|guild|pantry|parish|residents)\b",
    re.IGNORECASE,
)


def _an_office(office: str, text: str) -> bool:
    """Whether ``office`` is a committee's here: "secretary" is also a job, so it is an office
    only where the statement speaks of a committee, a board or a club."""
    if not is_office(office) or _said_as_work(text, office):
        return False
    shared = office.casefold().split()[-1] in _SHARED_WITH_JOBS
    return not shared or _COMMITTEE.search(text) is not None


def as_offices(triples: list[Triple], text: str) -> list[Triple]:
    """``triples`` with every office held by "works as" held by "serves as" instead."""
    return [
        t.model_copy(update={"relation": OFFICE_RELATION})
        if t.relation == "works as" and t.object is not None and _an_office(t.object, text)
        else t
        for t in triples
    ]
