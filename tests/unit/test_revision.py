"""The symbolic (``recent``) context reviser."""

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
