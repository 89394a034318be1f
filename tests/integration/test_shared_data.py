"""The data sets in ../shared/data are there and whole (the experiments read them in place)."""

from __future__ import annotations

import pytest

from experiments.duorc import load_plots
from extraction.memory_model import redocred
from hybrid.settings import Settings


def test_the_shared_subset_has_571_plots_and_6740_questions() -> None:
    folder = Settings().shared_data_dir / "duorc"
    if not folder.is_dir():
        pytest.fail(f"the shared data folder is missing: {folder}")
    plots = load_plots(folder)
    assert len(plots) == 571
    assert sum(len(p.questions) for p in plots) == 6740
    assert [p.id for p in load_plots(folder, limit=3)] == ["test-0", "test-1", "test-2"]


def test_the_redocred_dev_split_has_500_documents_with_focus_sentences() -> None:
    documents, names = redocred.load_split(Settings().shared_data_dir, "dev")
    assert len(documents) == 500 and len(names) == 96
    focus = list(redocred.focus_sentences(documents[0], names, pretext_sentences=2))
    assert any(f.triples for f in focus)
