"""The symbolic (``recent``) context reviser."""

import pytest

from extraction.revision import revise_recent
from graph.concept_merges import DueConcept


def _due(pairs: list[tuple[int, str]], label: str = "brandon") -> DueConcept:
    return DueConcept(
        label=label,
        context=tuple(text for _, text in pairs),
        context_t=tuple(t for t, _ in pairs),
        merges=7,
    )


BRANDON = [
    (1, "Brandon wants to go to Paris for his next vacation."),
    (4, "Brandon just ate a salad."),
    (10, "Brandon is still looking forward to his vacation in Paris."),
    (16, "Brandon is unemployed."),
    (19, "Brandon just ate a banana."),
    (22, "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead."),
]


def test_newer_sentence_about_the_same_neighbour_supersedes_the_older() -> None:
    revised = revise_recent(_due(BRANDON), char_limit=10_000)
    assert BRANDON[0][1] not in revised.context  # Paris + vacation, both mentioned later
    assert BRANDON[2][1] in revised.context  # newest about "vacation"
    assert BRANDON[5][1] in revised.context  # newest about Paris, trip, Brazil


def test_facts_about_other_neighbours_survive_however_old() -> None:
    revised = revise_recent(_due(BRANDON), char_limit=10_000)
    assert "Brandon just ate a salad." in revised.context
    assert "Brandon just ate a banana." in revised.context


def test_order_and_t_are_kept_and_merge_count_is_carried() -> None:
    revised = revise_recent(_due(BRANDON), char_limit=10_000)
    assert list(revised.context_t) == sorted(revised.context_t)
    assert (
        dict(zip(revised.context, revised.context_t, strict=True))["Brandon is unemployed."] == 16
    )
    assert revised.merges == 7 and revised.label == "brandon"


def test_sentences_without_neighbours_keep_only_the_newest() -> None:
    pairs = [
        (1, "Brandon slept."),
        (2, "Brandon smiled."),
        (3, "Brandon ran."),
        (4, "Brandon sat."),
    ]
    revised = revise_recent(_due(pairs), char_limit=10_000, keep_unlinked=2)
    assert revised.context == ("Brandon ran.", "Brandon sat.")


def test_exact_repeats_keep_their_newest_copy() -> None:
    pairs = [(1, "Brandon likes tea."), (5, "Brandon likes tea.")]
    assert revise_recent(_due(pairs), char_limit=10_000).context_t == (5,)


def test_size_limit_drops_oldest_first_but_never_everything() -> None:
    pairs = [
        (i, f"Brandon visited city number {i} with friend{i} by car{i}.") for i in range(1, 30)
    ]
    revised = revise_recent(_due(pairs), char_limit=200)
    assert sum(len(s) for s in revised.context) <= 200
    assert revised.context_t[-1] == 29
    tiny = revise_recent(_due(pairs), char_limit=1)
    assert tiny.context_t == (29,)


def _reference(due: DueConcept, char_limit: int, keep_unlinked: int = 2) -> tuple:
    """The reviser as first written (a sum per trimmed sentence): the faster one must agree."""
    from extraction.revision import sentence_labels

    pairs = list(zip(due.context, due.context_t, strict=True))
    newest_copy = {text: i for i, (text, _) in enumerate(pairs)}
    newest_for_neighbour: dict[str, int] = {}
    unlinked: list[int] = []
    for i, (text, _) in enumerate(pairs):
        if newest_copy[text] != i:
            continue
        neighbours = sentence_labels(text) - {due.label}
        if not neighbours:
            unlinked.append(i)
        for label in neighbours:
            newest_for_neighbour[label] = i
    keep = set(newest_for_neighbour.values()) | set(unlinked[-keep_unlinked:])
    kept = [pairs[i] for i in sorted(keep)]
    while len(kept) > 1 and sum(len(text) for text, _ in kept) > char_limit:
        kept.pop(0)
    return tuple(t for t, _ in kept), tuple(t for _, t in kept)


def test_the_reviser_agrees_with_its_first_form_on_random_contexts() -> None:
    import random

    from experiments.noise import unrelated_statements

    rng = random.Random(5)
    sentences = [*unrelated_statements(60, seed=9), "Brandon slept.", "It rained."]
    for _ in range(200):
        context = [rng.choice(sentences) for _ in range(rng.randint(1, 30))]
        due = DueConcept(
            rng.choice(["lantern", "brandon", "harbour"]),
            tuple(context),
            tuple(range(1, len(context) + 1)),
            9,
        )
        limit = rng.choice([50, 200, 600, 10_000])
        revised = revise_recent(due, char_limit=limit)
        assert (revised.context, revised.context_t) == _reference(due, limit)


def test_a_negative_number_of_unlinked_sentences_is_refused() -> None:
    with pytest.raises(ValueError, match="keep_unlinked"):
        revise_recent(_due([(1, "Brandon waved.")]), char_limit=100, keep_unlinked=-1)
