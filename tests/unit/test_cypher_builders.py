"""The Cypher builders' output: parameters only (never a value in the text), every shape's query
anchored on a label and a key, and the one formatted number checked."""

from __future__ import annotations

import re

import pytest

from graph.queries.concepts import TRAVERSAL_ESSENTIAL_ONLY, traversal_query
from graph.queries.facts import EXACT_READS, FUZZY_READS, SHAPES

PARAMETER = re.compile(r"\$([a-z_]+)")


@pytest.mark.parametrize("depth", [1, 2, 5])
def test_the_traversal_bounds_its_path_by_the_depth(depth: int) -> None:
    cypher = traversal_query(depth)
    assert f"{{1,{depth}}}" in cypher.replace(" ", "")
    assert "$space" in cypher and "$window" in cypher


def test_depth_zero_is_the_essential_concepts_alone() -> None:
    assert traversal_query(0) == TRAVERSAL_ESSENTIAL_ONLY


@pytest.mark.parametrize("depth", [-1, 6, 2.0, "2", True])
def test_a_depth_that_is_not_a_small_int_never_reaches_the_text(depth: object) -> None:
    with pytest.raises(ValueError, match="traversal depth"):
        traversal_query(depth)  # type: ignore[arg-type]


def test_every_query_shape_has_an_exact_and_a_fuzzy_read() -> None:
    assert set(SHAPES) == {"s", "r", "o", "sr", "so", "ro", "sro"}
    assert set(EXACT_READS) == set(FUZZY_READS) == set(SHAPES)


@pytest.mark.parametrize("shape", ["s", "r", "o", "sr", "so", "ro", "sro"])
def test_an_exact_read_takes_the_keys_of_its_given_parts(shape: str) -> None:
    cypher = EXACT_READS[shape]
    wanted = {"space"} | {f"{part}_key" for part in shape}
    assert wanted <= set(PARAMETER.findall(cypher))
    assert not {f"{part}_key" for part in "sro" if part not in shape} & set(
        PARAMETER.findall(cypher)
    )
    assert re.search(r"\((?:s|o):Entity \{space: \$space, key: \$[so]_key\}\)", cypher) or (
        shape == "r" and "relation_key: $r_key" in cypher
    )


@pytest.mark.parametrize("shape", ["s", "r", "o", "sr", "so", "ro", "sro"])
def test_a_fuzzy_read_asks_the_vector_index_for_each_given_part(shape: str) -> None:
    cypher = FUZZY_READS[shape]
    parameters = set(PARAMETER.findall(cypher))
    assert {f"{part}_vector" for part in shape} <= parameters
    assert {"space", "candidates", "tau_r"} <= parameters
    assert ("tau_e" in parameters) == any(part in shape for part in "so")
    assert ("tau_t" in parameters) == ("r" in shape)
    assert cypher.count("db.index.vector.queryNodes") == len(shape)
    assert f"/ {len(shape)}.0 AS score" in cypher
