"""The out-of-distribution sets share nothing with any training data: no person, no value from a
value list, and no five words in a row with any string of the generators that made the memory
model's and the discriminator's training data. The held-out QA set also shares no person and no
question with the development sets the rules and the discriminator were built on (``ood_dev3``
was first run as an out-of-sample check of the rules tuned on the other two)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from experiments.eval_answers import DATA as QA_HELD_OUT
from experiments.eval_answers import load as load_qa
from experiments.eval_writes import DATA, load_streams

ROOT = Path(__file__).resolve().parents[2]
GENERATORS = (
    "extraction/memory_model/templates.py",
    "extraction/memory_model/synthetic.py",
    "extraction/memory_model/vocabulary.py",
    "extraction/memory_model/prompts.py",
    "extraction/memory_model/styles.py",
    "extraction/memory_model/temporal_questions.py",
    "experiments/belief_data.py",
    "experiments/noise.py",
)
WORD = re.compile(r"[a-z0-9']+")


def generator_strings() -> list[str]:
    """Every string literal of the generator modules (templates, value lists, names)."""
    strings = []
    for module in GENERATORS:
        tree = ast.parse((ROOT / module).read_text())
        strings += [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]
    return [s for s in strings if isinstance(s, str)]


def five_grams(text: str) -> set[tuple[str, ...]]:
    grams = set()
    for piece in re.split(r"\{[a-z_]*\}", text.lower()):  # never bridge a template's slot
        words = WORD.findall(piece)
        grams |= {tuple(words[i : i + 5]) for i in range(len(words) - 4)}
    return grams


PROPER = re.compile(r"\b[A-ZÀ-Ý][\w'-]*")


def proper_nouns() -> set[str]:
    """Every capitalised word of every generator string: names, cities, employers, pets…"""
    return {w for s in generator_strings() for w in PROPER.findall(s)}


STATEMENTS = [s for stream in load_streams(DATA).values() for s in stream]
QA_DEV = ROOT / "experiments" / "data" / "ood_dev"
QA_DEV2 = ROOT / "experiments" / "data" / "ood_dev2"
QA_DEV3 = ROOT / "experiments" / "data" / "ood_dev3"
QA_DEV4 = ROOT / "experiments" / "data" / "ood_dev4"
QA_DEV5 = ROOT / "experiments" / "data" / "ood_dev5"
QA_DEV6 = ROOT / "experiments" / "data" / "ood_dev6"
QA_DEV7 = ROOT / "experiments" / "data" / "ood_dev7"
QA_DEV8 = ROOT / "experiments" / "data" / "ood_dev8"
QA_SETS = {
    "held-out": QA_HELD_OUT,
    "dev": QA_DEV,
    "dev2": QA_DEV2,
    "dev3": QA_DEV3,
    "dev4": QA_DEV4,
    "dev5": QA_DEV5,
    "dev6": QA_DEV6,
    "dev7": QA_DEV7,
    "dev8": QA_DEV8,
}
QA_TEXTS = {
    name: [s.text for stream in load_qa(folder)[0].values() for s in stream]
    + [q.question for q in load_qa(folder)[1]]
    for name, folder in QA_SETS.items()
}


def qa_people(folder: Path) -> set[str]:
    statements, questions = load_qa(folder)
    return {p for stream in statements.values() for s in stream for p in s.subjects} | {
        q.subject for q in questions
    }


def test_the_set_covers_every_phenomenon_the_issue_names() -> None:
    tags = {t for s in STATEMENTS for t in s.tags}
    assert {"plain", "pronoun", "partial_name", "typo", "update", "retraction"} <= tags
    assert {"unseen_relation", "two_facts", "distractor", "confirmation", "junk"} <= tags
    assert len(STATEMENTS) >= 60


def test_no_statement_shares_five_words_in_a_row_with_a_generator() -> None:
    training = set().union(*(five_grams(s) for s in generator_strings()))
    shared = {s.id: sorted(five_grams(s.text) & training) for s in STATEMENTS}
    assert not {k: v for k, v in shared.items() if v}


def test_no_person_or_value_comes_from_a_training_value_list() -> None:
    known = proper_nouns()
    arguments = {name for s in STATEMENTS for t in s.gold for name in (t.subject, t.object) if name}
    reused = {name: sorted(set(PROPER.findall(name)) & known) for name in arguments}
    assert not {k: v for k, v in reused.items() if v}
    assert {"Ingrid", "Hobart", "Lisbon"} <= known  # the check sees the lists it guards


def test_the_gold_of_every_statement_is_labelled_with_its_effect() -> None:
    effects = {"new", "supersedes", "retracts", "confirms", "none"}
    assert all(s.effect in effects for s in STATEMENTS)
    assert all(bool(s.gold) == (s.effect != "none") for s in STATEMENTS)


@pytest.mark.parametrize("name", list(QA_SETS))
def test_no_qa_text_shares_five_words_in_a_row_with_a_generator(name: str) -> None:
    training = set().union(*(five_grams(s) for s in generator_strings()))
    shared = {text: sorted(five_grams(text) & training) for text in QA_TEXTS[name]}
    assert not {k: v for k, v in shared.items() if v}


@pytest.mark.parametrize("name", list(QA_SETS))
def test_no_qa_person_is_a_person_of_the_training_data(name: str) -> None:
    # Whole names: a first name shared by chance ("Mateo") is not the same person.
    strings = {s.casefold() for s in generator_strings()}
    joined = " | ".join(strings)
    reused = [p for p in qa_people(QA_SETS[name]) if p.casefold() in joined]
    assert not reused


def test_the_held_out_qa_set_is_apart_from_the_development_sets() -> None:
    held_out = qa_people(QA_HELD_OUT)
    developed_on = (
        qa_people(QA_DEV)
        | qa_people(QA_DEV2)
        | qa_people(QA_DEV3)
        | qa_people(QA_DEV4)
        | qa_people(QA_DEV5)
        | qa_people(QA_DEV6)
        | qa_people(QA_DEV7)
        | qa_people(QA_DEV8)
        | {name for s in STATEMENTS for t in s.gold for name in (t.subject, t.object) if name}
    )
    assert not held_out & developed_on
    # Each was written by its own author, who never saw the other; common English ("at the end
    # of the month") may recur, a question or a statement may not.
    for dev in ("dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8"):
        assert not set(QA_TEXTS["held-out"]) & set(QA_TEXTS[dev])
