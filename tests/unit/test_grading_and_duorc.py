"""Graders and the DuoRC reader."""

from pathlib import Path

import pytest

from experiments.duorc import load_plots, parse_plot
from experiments.eval_writes import copied_faithfully
from experiments.grading import contains, rubric, token_f1


def test_token_f1_and_containment() -> None:
    assert token_f1("Kevin Howarth", ["Kevin Howarth"]) == 1.0
    assert token_f1("Howarth", ["Kevin Howarth"]) == pytest.approx(2 / 3)
    assert contains("It is played by Kevin Howarth.", ["kevin howarth"])
    assert not contains("Kevin Howarthson", ["Kevin Howarth"])


def test_a_name_is_copied_faithfully_only_as_whole_words_of_the_text() -> None:
    assert copied_faithfully("Reef Dad Oz", "reef_dad_oz: moved to Hobart", [])  # the handle
    assert copied_faithfully("Zoë Hart", "ZOE HART moved", [])
    assert copied_faithfully("Dad", "Training tues, Dad's on lifts", [])  # a possessive
    assert copied_faithfully("St Mary's", "the head job at St Mary's primary", [])
    assert not copied_faithfully("Petra Vos", "Petra Voss works for Globex", [])  # misspelt
    assert not copied_faithfully("Bu Aires", "she moved to Buenos Aires", [])
    assert copied_faithfully("Petra Voss", "she works for Globex", ["petra voss"])  # known


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


def test_plots_load_in_file_number_order(tmp_path: Path) -> None:
    for n in (10, 2, 1):
        (tmp_path / f"test-{n}.txt").write_text(
            f"PARAGRAPH\nPlot {n}.\nQUESTIONS\nq: Which?\na: ['{n}']\n"
        )
    (tmp_path / "notes.md").write_text("not a plot")
    plots = load_plots(tmp_path)
    assert [p.id for p in plots] == ["test-1", "test-2", "test-10"]
    assert [p.id for p in load_plots(tmp_path, limit=2)] == ["test-1", "test-2"]
    assert plots[2].questions[0].answers == ("10",)


def test_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="DuoRC folder not found"):
        load_plots(tmp_path / "nope")
