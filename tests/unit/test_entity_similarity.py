"""The entity-pair set and the arithmetic of the threshold experiment; the names' rarity rule."""

from __future__ import annotations

from experiments.entity_similarity import Pair, cascade, choose_threshold, grade, load_pairs
from extraction.common_names import is_common_name
from extraction.name_matching import Reason, Resolution


def test_the_pair_set_is_labelled_and_holds_the_hard_negatives() -> None:
    rows = load_pairs()
    assert all(set(r) == {"mention", "known", "same", "kind"} for r in rows)
    assert all(isinstance(r["same"], bool) and r["mention"] != r["known"] for r in rows)
    pairs = {(r["mention"], r["known"]): r["same"] for r in rows}
    assert pairs[("Mario Lopez", "Maria Lopez")] is False
    assert pairs[("Sigrun Berg", "Sigrun Solheim")] is False
    assert len(pairs) == len(rows)  # no pair twice
    assert sum(r["same"] for r in rows) > 50 and sum(not r["same"] for r in rows) > 50


def _pair(same: bool, cosine: float, tiers: Resolution | None = None) -> Pair:
    return Pair("a", "b", same, "kind", cosine, tiers)


def test_precision_recall_and_the_strict_threshold() -> None:
    assert grade([(True, True), (True, False), (False, True), (False, False)]) == {
        "tp": 1,
        "fp": 1,
        "fn": 1,
        "precision": 0.5,
        "recall": 0.5,
        "f1": 0.5,
    }
    pairs = [_pair(True, 0.97), _pair(True, 0.8), _pair(False, 0.912), _pair(False, 0.5)]
    assert choose_threshold(pairs) == 0.92
    merged = Resolution("a", "b", Reason.FIRST_NAME)
    apart = Resolution("a", "a", Reason.AMBIGUOUS, ("b",))
    graded = cascade([_pair(True, 0.1, merged), _pair(True, 0.99, apart), _pair(False, 0.95)], 0.9)
    assert (graded["tp"], graded["fn"], graded["fp"]) == (1, 1, 1)


def test_common_names_are_given_names_surnames_and_places() -> None:
    assert is_common_name("Maria") and is_common_name("mario") and is_common_name("López")
    assert is_common_name("Iceland") and is_common_name("Ireland")
    assert not is_common_name("Solhiem") and not is_common_name("Quirogga")
