"""The belief-update stream generator and its grader."""

from experiments.belief_analysis import wrong_answer_cause
from experiments.belief_data import DATA_FILE, Question, generate, grade, load


def test_same_seed_same_dataset_and_committed_file_matches() -> None:
    assert generate(seed=3).to_json() == generate(seed=3).to_json()
    assert generate(seed=3).to_json() != generate(seed=4).to_json()
    assert load(DATA_FILE).to_json() == generate(seed=0).to_json()


def test_each_repetition_replays_every_update_in_order_with_fresh_noise() -> None:
    data = generate(seed=0, repetitions=3, noise_per_repetition=10, people=2)
    brandon = [[s for s in stream if s.startswith("Brandon")] for stream in data.streams]
    assert brandon[0] == brandon[1] == brandon[2]
    trip = [s for s in brandon[0] if "vacation" in s or "trip" in s]
    assert "wants to go" in trip[0] and "instead" in trip[-1]
    noise = [
        [s for s in stream if not s.startswith(("Brandon", "Carter"))] for stream in data.streams
    ]
    assert all(len(n) == 10 for n in noise) and noise[0] != noise[1]


def test_initial_facts_are_never_repeated() -> None:
    data = generate(seed=0, repetitions=4)
    later = {s for stream in data.streams for s in stream}
    assert not later.intersection(data.initial)
    assert all(q.kind == "initial" for q in data.long_range)


def test_grading_needs_a_reference_and_no_outdated_value() -> None:
    q = Question("q", "Brandon", "current", "Where?", ["Brazil"], ["Paris"])
    assert grade("Brandon plans to travel to Brazil.", q)
    assert not grade("Brandon plans to travel to Paris.", q)
    assert not grade("Brazil, not Paris.", q), "naming the outdated value fails"
    assert not grade("Brazilian food", q), "whole words only"
    assert not grade("I do not know.", q)


def test_wrong_answers_are_put_down_to_a_cause() -> None:
    question = {"person": "Mira", "outdated": ["Chile"], "answers": ["Brazil"]}
    assert wrong_answer_cause("I don't know.", False, question) == "says it does not know"
    assert wrong_answer_cause("Mira goes to Chile.", False, question) == "names an outdated value"
    assert wrong_answer_cause("Carter goes to Kenya.", False, question) == (
        "answers about someone else"
    )
    assert wrong_answer_cause("Mira goes to Kenya.", False, question) == "other"
    assert wrong_answer_cause("Kenya.", True, question) == "says it does not know"
