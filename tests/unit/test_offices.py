"""A committee's office is held beside a job, by a relation of its own."""

from __future__ import annotations

from extraction.gazetteer import is_office
from extraction.memory_api import Triple
from extraction.offices import as_offices


def test_offices_and_jobs_that_share_their_words() -> None:
    assert is_office("Treasurer") and is_office("interim chair") and is_office("board member")
    assert not is_office("legal secretary") and not is_office("President of Sales")
    assert not is_office("senior accountant")


def test_an_office_beside_a_job_ends_neither() -> None:
    said = "Arvo Kask is our treasurer. Arvo Kask works as a senior accountant."
    found = as_offices(
        [
            Triple(subject="Arvo Kask", relation="works as", object="treasurer"),
            Triple(subject="Arvo Kask", relation="works as", object="senior accountant"),
            Triple(subject="Mirela Dobos", relation="works as", object="chair", retract=True),
        ],
        said,
    )
    assert [t.to_text() for t in found] == [
        "Arvo Kask>>serves as>>treasurer",
        "Arvo Kask>>works as>>senior accountant",
        "Mirela Dobos>>not serves as>>chair",
    ]


def test_an_office_said_to_be_someones_work_stays_a_job() -> None:
    said = "Mirela Dobos works as a secretary at a law firm."
    job = Triple(subject="Mirela Dobos", relation="works as", object="secretary")
    assert as_offices([job], said) == [job]


def test_a_word_shared_with_jobs_is_an_office_only_beside_a_committee() -> None:
    job = Triple(subject="Mirela Dobos", relation="works as", object="secretary")
    assert as_offices([job], "Mirela Dobos is a secretary at Halden & Shore.") == [job]
    elected = as_offices([job], "Mirela Dobos was elected secretary at the AGM.")
    assert [t.relation for t in elected] == ["serves as"]
