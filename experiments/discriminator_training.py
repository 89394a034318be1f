"""Fitting the trained discriminator from recorded belief-update runs, and its card."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from experiments.belief_run import HYBRID_READERS, read_records
from experiments.eval_answers import DATA as QA_DATA
from experiments.eval_answers import load as load_qa
from hybrid.candidate import Candidate
from hybrid.discriminators.features import FEATURES, candidate_features
from hybrid.discriminators.trained import LinearModel, TrainedDiscriminator, fit


def held_out_records(files: Sequence[Path]) -> int:
    """How many records of ``files`` are questions of the held-out evaluation set."""
    _, held_out = load_qa(QA_DATA)
    ids = {(q.stream, q.id, q.question) for q in held_out}
    return sum(
        1
        for path in files
        for record in read_records(path)
        if (record.get("stream"), record.get("id"), record.get("question")) in ids
    )


def labelled_question(record: dict[str, Any]) -> tuple[str, dict[str, bool]]:
    """(question, each reader's verdict) of a recorded belief-update run's or an
    ``eval-answers`` run's record."""
    if "readers" in record:  # eval-answers: the person-checking grader's verdicts
        return record["question"], {r: bool(g["right"]) for r, g in record["readers"].items()}
    return record["question"]["question"], dict(record["correct"])


REPO = Path(__file__).resolve().parents[1]


def repo_path(path: Path) -> str:
    """``path`` from the repository's root (as the weights name their records), else as is."""
    resolved = path.resolve()
    return str(resolved.relative_to(REPO)) if resolved.is_relative_to(REPO) else str(path)


def fit_from_records(files: Sequence[Path]) -> tuple[LinearModel, dict[str, Any]]:
    """One training row per hybrid candidate (label: the grader's verdict)."""
    rows: list[list[float]] = []
    labels: list[int] = []
    questions = []
    for path in files:
        for record in read_records(path):
            question, correct = labelled_question(record)
            candidates = [
                Candidate.from_dict(c)
                for c in record["candidates"]
                if c["reader"] in HYBRID_READERS
            ]
            if not candidates:
                continue  # answered from calendar time: no reader to choose between
            rows += candidate_features(question, candidates)
            labels += [int(correct.get(c.reader, False)) for c in candidates]
            questions.append((question, correct, candidates))
    model = fit(rows, labels, trained_on=[repo_path(p) for p in files])
    discriminator = TrainedDiscriminator(model)
    picked = [
        correct.get(discriminator.choose(question, cands).reader, False)
        for question, correct, cands in questions
    ]
    best_single = max(
        sum(correct.get(r, False) for _, correct, _ in questions) / len(questions)
        for r in HYBRID_READERS
    )
    report = {
        "files": [repo_path(p) for p in files],
        "questions": len(questions),
        "candidates": len(rows),
        "positive": sum(labels),
        "training choice accuracy": round(sum(picked) / len(picked), 3),
        "best single reader on the same questions": round(best_single, 3),
    }
    return model, report


def write_card(folder: Path, report: dict[str, Any], command: str) -> None:
    model = LinearModel.load(folder / "discriminator.json")
    weights = "\n".join(
        f"| {name} | {coef:+.3f} |" for name, coef in zip(FEATURES, model.coef, strict=True)
    )
    (folder / "README.md").write_text(
        "# Trained discriminator (Hybrid-RecallM)\n\n"
        "Logistic regression that estimates, for each reader's candidate (graph, triples, "
        "vector), the chance that it is correct, from the reader's signals and features of the "
        "answer (`hybrid/discriminators/features.py`); the hybrid answers with the best one.\n\n"
        f"Fitted by `{command}` on the recorded runs listed under *files* (in "
        "`experiments/data/discriminator/`): `eval-answers` runs of the hand-written "
        "development QA set (`experiments/data/ood_dev`; the held-out set is refused), labelled "
        "by its grader (the right value for the asked person and no outdated value), or "
        "belief-update runs over generated data sets (`seed-*.jsonl`, seeds other than the "
        "evaluation set's seed 0), labelled by the belief grader. Evaluation: `recallgraph "
        "eval-answers` (held out) and `experiments/results/belief_updates/`.\n\n"
        + "".join(f"- {k}: {v}\n" for k, v in report.items())
        + "\n| feature (standardised) | weight |\n|---|---|\n"
        + weights
        + f"\n| intercept | {model.intercept:+.3f} |\n"
    )
