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
    return (
        re.search(
            r"\b(?:works?|working|worked|job|employed|hired)\s+as\s+(?:an?\s+|the\s+)?"
            + re.escape(office),
            text,
            re.IGNORECASE,
        )
        is not None
    )


def as_offices(triples: list[Triple], text: str) -> list[Triple]:
    """``triples`` with every office held by "works as" held by "serves as" instead."""
    return [
        t.model_copy(update={"relation": OFFICE_RELATION})
        if t.relation == "works as"
        and t.object is not None
        and is_office(t.object)
        and not _said_as_work(text, t.object)
        else t
        for t in triples
    ]
