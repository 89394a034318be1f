"""Graders and the DuoRC reader."""

from pathlib import Path

import pytest

from experiments.duorc import load_plots, parse_plot
from experiments.grading import contains, rubric, token_f1
from hybrid.settings import Settings


def test_token_f1_and_containment() -> None:
    assert token_f1("Kevin Howarth", ["Kevin Howarth"]) == 1.0
    assert token_f1("Howarth", ["Kevin Howarth"]) == pytest.approx(2 / 3)
    assert contains("It is played by Kevin Howarth.", ["kevin howarth"])
    assert not contains("Kevin Howarthson", ["Kevin Howarth"])


def test_rubric_scores_0_1_2() -> None:
    refs = ["wedding video cameraman"]
    assert rubric("He is a wedding video cameraman.", refs) == 2
    long = "He is a wedding video cameraman " + "who also does many other things " * 5
    assert rubric(long, refs) == 1
    assert rubric("a cameraman at weddings", refs) == 1  # partial overlap
    assert rubric("I do not know.", refs) == 0


def test_parse_a_plot() -> None:
    text = (
        "PARAGRAPH\nA plot.\n\n\nQUESTIONS\nq: Who?\na: ['Max', 'Max Parry']\n\nq: Why?\na: ['x']\n"
    )
    plot = parse_plot("test-9", text)
    assert plot.paragraph == "A plot."
    assert [(q.question, q.answers) for q in plot.questions] == [
        ("Who?", ("Max", "Max Parry")),
        ("Why?", ("x",)),
    ]


def test_the_shared_subset_has_571_plots_and_6740_questions() -> None:
    folder = Settings().shared_data_dir / "duorc"
    if not folder.is_dir():
        pytest.fail(f"the shared data folder is missing: {folder}")
    plots = load_plots(folder)
    assert len(plots) == 571
    assert sum(len(p.questions) for p in plots) == 6740
    assert [p.id for p in load_plots(folder, limit=3)] == ["test-0", "test-1", "test-2"]


def test_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="DuoRC folder not found"):
        load_plots(tmp_path / "nope")
