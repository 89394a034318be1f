"""How the graph reader turns a traversal into chronological evidence."""

from graph.concepts import Traversal, TraversalConcept
from hybrid.graph_reader import choose_concepts, chronological_sentences


def concept(
    label: str, pairs: list[tuple[int, str]], score: float | None = None
) -> TraversalConcept:
    return TraversalConcept(
        label,
        max(t for t, _ in pairs),
        tuple(s for _, s in pairs),
        tuple(t for t, _ in pairs),
        score,
    )


def test_essentials_come_first_then_best_neighbours_up_to_p() -> None:
    essential = [concept("brandon", [(1, "a")]), concept("vacat", [(2, "b")])]
    neighbours = [concept(f"n{i}", [(i, f"s{i}")], score=100 - i) for i in range(20)]
    chosen = choose_concepts(Traversal(essential, neighbours), max_concepts=5)
    assert [c.label for c in chosen] == ["brandon", "vacat", "n0", "n1", "n2"]


def test_sentences_are_deduplicated_and_oldest_first() -> None:
    brandon = concept("brandon", [(1, "Paris."), (22, "Brazil instead of Paris.")])
    paris = concept("pari", [(1, "Paris."), (10, "Still Paris."), (22, "Brazil instead of Paris.")])
    assert chronological_sentences([brandon, paris], 10_000) == [
        (1, "Paris."),
        (10, "Still Paris."),
        (22, "Brazil instead of Paris."),
    ]


def test_over_budget_the_lowest_ranked_concepts_lose_sentences_first() -> None:
    essential = concept("brandon", [(5, "E" * 50)])
    weak = concept("weak", [(1, "W" * 50)], score=1.0)
    kept = chronological_sentences([essential, weak], char_budget=60)
    assert kept == [(5, "E" * 50)]
