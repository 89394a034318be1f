"""The batch decoder's bookkeeping: micro-batches and the shared prompt opening."""

from __future__ import annotations

from itertools import pairwise

from extraction.llm.llamacpp_batch import ROWS, common_length, micro_batches, shared_prefix


def test_micro_batches_hold_at_most_rows_and_never_one_alone() -> None:
    for count in range(2, 300):
        bounds = micro_batches(count)
        sizes = [end - start for start, end in bounds]
        assert sum(sizes) == count
        assert all(2 <= size <= ROWS for size in sizes)
        assert bounds[0][0] == 0 and all(a[1] == b[0] for a, b in pairwise(bounds))
    assert micro_batches(1) == [(0, 1)]
    assert micro_batches(0) == []


def test_the_shared_prefix_leaves_every_prompt_a_token_to_evaluate() -> None:
    assert shared_prefix([[1, 2, 3, 4], [1, 2, 3, 5], [1, 2, 9]]) == [1, 2]
    assert shared_prefix([[1, 2, 3]]) == [1, 2]
    assert shared_prefix([[1, 2], [1, 2]]) == [1]
    assert shared_prefix([]) == []


def test_common_length() -> None:
    assert common_length([1, 2, 3], [1, 2, 4, 5]) == 2
    assert common_length([], [1]) == 0
