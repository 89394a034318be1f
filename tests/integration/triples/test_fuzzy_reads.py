"""Fuzzy reads with the real MiniLM through Neo4j's vector indexes (MEMLLM's τ_e, τ_t, τ_r)."""

from __future__ import annotations

import pytest

from extraction.memory_api import Query
from graph.queries.facts import SHAPES
from graph.spaces import delete_space
from hybrid.triple_memory import TripleMemory
from tests.integration.triples.conftest import fact, write_at

ACME = ("Brandon", "works for", "Acme Corporation")
PARIS = ("Brandon", "plans to travel to", "Paris")


@pytest.fixture
def filled(memory: TripleMemory, space: str) -> str:
    write_at(
        memory,
        space,
        1,
        fact("Carter", "lives in", "United States"),
        fact("Brandon", "works for", "Acme Corporation"),
        fact("Brandon", "plans to travel to", "Paris"),
        fact("Alice", "is married to", "Bob"),
    )
    return space


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (Query(object="USA"), ("Carter", "lives in", "United States")),
        (Query(relation="lives in", object="USA"), ("Carter", "lives in", "United States")),
        (Query(subject="Carter", object="U.S."), ("Carter", "lives in", "United States")),
    ],
)
def test_fuzzy_reads_find_paraphrases(
    memory: TripleMemory, filled: str, query: Query, expected: tuple[str, str, str]
) -> None:
    result = memory.read(filled, query)
    assert not result.exact
    assert [(f.subject, f.relation, f.object) for f in result.facts] == [expected]
    assert all(memory.config.fuzzy.tau_r <= f.score < 1.0 for f in result.facts)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (Query(subject="Brandon", relation="employed by"), ACME),
        (Query(subject="Brandon", relation="is employed by"), ACME),
        (Query(relation="employed by", object="Acme Corporation"), ACME),
        (Query(subject="Carter", relation="resides in"), ("Carter", "lives in", "United States")),
        # stored under the canonical name; "is married to" stays on the fact as its phrase
        (Query(subject="Alice", relation="spouse of"), ("Alice", "married to", "Bob")),
        (Query(subject="Brandon", relation="is planning to travel to"), PARIS),
    ],
)
def test_relation_paraphrases_are_read_as_the_canonical_relation(
    memory: TripleMemory, filled: str, query: Query, expected: tuple[str, str, str]
) -> None:
    result = memory.read(filled, query)
    assert result.exact
    assert [(f.subject, f.relation, f.object) for f in result.facts] == [expected]


@pytest.mark.parametrize(
    "query",
    [
        Query(subject="Brandon", relation="eats"),
        Query(subject="Brandon", relation="owns"),
        Query(subject="Brandon", relation="hates"),
        Query(subject="Carter", relation="works for"),
        Query(object="Tokyo"),
        Query(object="Canada"),
        Query(subject="Zebulon"),
        Query(relation="was born in"),
        Query(subject="Alice", relation="is the sister of"),
    ],
)
def test_unrelated_terms_find_nothing(memory: TripleMemory, filled: str, query: Query) -> None:
    assert memory.read(filled, query).facts == []


def test_exact_matches_come_first(memory: TripleMemory, space: str) -> None:
    write_at(
        memory,
        space,
        1,
        fact("Carter", "lives in", "United States"),
        fact("Dana", "lives in", "USA"),
    )
    result = memory.read(space, Query(object="USA"))
    assert result.exact
    assert [f.subject for f in result.facts] == ["Dana"], "the fuzzy match is not mixed in"


def test_fuzzy_reads_respect_as_of(memory: TripleMemory, space: str) -> None:
    write_at(memory, space, 1, fact("Brandon", "works for", "Acme"))
    write_at(memory, space, 2, fact("Brandon", "works for", "Globex"))
    query = Query(subject="Brandon", relation="employed by")
    assert [f.object for f in memory.read(space, query).facts] == ["Globex"]
    assert [f.object for f in memory.read(space, query, as_of=1).facts] == ["Acme"]
    assert sorted(f.object for f in memory.read(space, query, history=True).facts) == [
        "Acme",
        "Globex",
    ]


def test_other_spaces_do_not_leak_into_fuzzy_reads(memory: TripleMemory, space: str) -> None:
    other = f"{space}-other"
    try:
        memory.write(other, [fact("Carter", "lives in", "United States")], writer="test")
        write_at(memory, space, 1, fact("Dana", "likes", "tea"))
        assert memory.read(space, Query(object="USA")).facts == []
        assert memory.read(other, Query(object="USA")).facts
    finally:
        delete_space(memory.store, other)


def test_a_known_name_is_not_confused_with_a_similar_one(memory: TripleMemory, space: str) -> None:
    write_at(
        memory,
        space,
        1,
        fact("Mario Lopez", "lives in", "Oslo"),
        fact("Maria Lopez", "likes", "chess"),
    )
    # cos("maria lopez", "mario lopez") = 0.72 ≥ τ_e: MEMLLM's rule alone would answer Oslo.
    assert memory.read(space, Query(subject="Maria Lopez", relation="lives in")).facts == []
    variant = memory.read(space, Query(subject="Dr. Maria Lopez", relation="likes"))
    assert [(f.subject, f.object) for f in variant.facts] == [("Maria Lopez", "chess")]


@pytest.mark.parametrize("shape", SHAPES)
def test_every_query_shape_reads_exactly_and_fuzzily(
    memory: TripleMemory, space: str, shape: str
) -> None:
    stored = ("Acme Corporation", "is headquartered in", "United States")
    variant = ("Acme Corp", "is headquartered at", "USA")
    write_at(memory, space, 1, fact(*stored), fact("Globex", "likes", "golf"))

    def ask(names: tuple[str, str, str]) -> Query:
        parts = dict(zip("sro", names, strict=True))
        return Query(
            subject=parts["s"] if "s" in shape else None,
            relation=parts["r"] if "r" in shape else None,
            object=parts["o"] if "o" in shape else None,
        )

    exact = memory.read(space, ask(stored))
    fuzzy = memory.read(space, ask(variant), history=True)
    assert exact.exact and not fuzzy.exact
    for result in (exact, fuzzy):
        assert [(f.subject, f.relation, f.object) for f in result.facts] == [stored]


def test_a_fuzzy_read_never_answers_with_another_canonical_relation(
    memory: TripleMemory, space: str
) -> None:
    """ "works as" is near "works for" in embedding space, but a job title is no employer."""
    write_at(memory, space, 1, fact("Rufus", "works as", "test manager"))
    result = memory.read(space, Query(subject="Rufus", relation="works for"))
    assert result.facts == []
    paraphrase = memory.read(space, Query(subject="Rufus", relation="job title"))
    assert [f.object for f in paraphrase.facts] == ["test manager"]
