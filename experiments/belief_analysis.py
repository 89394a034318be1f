"""Accuracies of every system from a recorded belief-update run, per repetition, and the plots.

Systems: each reader alone (graph, triples, vector, and the raw LLM ``recent``); Hybrid-RecallM
with the LLM discriminator (its pick was recorded during the run), the trained discriminator and
the oracle (both applied here to the recorded candidates).

Two graders, both reported: ``value`` (the run's own: a right value and no outdated one) and
``person`` (the same, and the answer is about the asked person: it does not name another person
of the stream without naming the asked one, as "Carter is planning on going to Chile" does for a
question about Brandon).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from experiments.belief_data import PEOPLE, mentions
from experiments.belief_run import HYBRID_READERS
from hybrid.candidate import Candidate
from hybrid.discriminators.features import hedges
from hybrid.discriminators.trained import TrainedDiscriminator

READERS = ("graph", "triples", "vector", "recent")
SYSTEMS = (*READERS, "hybrid-llm", "hybrid-trained", "hybrid-oracle")


def about_person(answer: str, person: str) -> bool:
    """The answer names the asked person, or no other person of the stream."""
    if mentions(answer, person):
        return True
    return not any(mentions(answer, other) for other, _ in PEOPLE if other != person)


def outcomes(
    record: dict[str, Any], trained: TrainedDiscriminator | None, *, person: bool = False
) -> dict[str, bool]:
    """Whether each system answered this question correctly (``person``: and about the asked
    person)."""
    correct: dict[str, bool] = dict(record["correct"])
    if person:
        asked = record["question"]["person"]
        answers = {c["reader"]: c["answer"] for c in record["candidates"]}
        correct = {r: ok and about_person(answers.get(r, ""), asked) for r, ok in correct.items()}
    hybrid = [c for c in record["candidates"] if c["reader"] in HYBRID_READERS]
    if record.get("llm_choice"):
        correct["hybrid-llm"] = correct[record["llm_choice"]]
    if trained is not None and hybrid:
        candidates = [Candidate.from_dict(c) for c in hybrid]
        choice = trained.choose(record["question"]["question"], candidates)
        correct["hybrid-trained"] = correct[choice.reader]
    if hybrid:
        correct["hybrid-oracle"] = any(correct[c["reader"]] for c in hybrid)
    return correct


def accuracy_rows(
    records: Iterable[dict[str, Any]], trained: TrainedDiscriminator | None
) -> list[dict[str, Any]]:
    """One row per (question set, repetition, grader): each system's accuracy and the count."""
    tallies: dict[tuple[str, int, str], dict[str, list[bool]]] = defaultdict(
        lambda: defaultdict(list)
    )
    clock: dict[tuple[str, int], int] = {}
    for record in records:
        clock[(record["set"], record["repetition"])] = record["t"]
        for grader in ("value", "person"):
            key = (record["set"], record["repetition"], grader)
            for system, ok in outcomes(record, trained, person=grader == "person").items():
                tallies[key][system].append(ok)
    rows = []
    for (set_name, repetition, grader), by_system in sorted(tallies.items()):
        row: dict[str, Any] = {
            "set": set_name,
            "repetition": repetition,
            "grader": grader,
            "t": clock[(set_name, repetition)],
        }
        row["questions"] = max(len(v) for v in by_system.values())
        for system in SYSTEMS:
            if system in by_system:
                values = by_system[system]
                row[system] = round(sum(values) / len(values), 3)
        rows.append(row)
    return rows


def wrong_answer_cause(answer: str, no_information: bool, question: dict[str, Any]) -> str:
    """Why a wrong answer is wrong, checked in this order."""
    if no_information or hedges(answer):
        return "says it does not know"
    if any(mentions(answer, old) for old in question["outdated"]):
        return "names an outdated value"
    others = [name for name, _ in PEOPLE if name != question["person"]]
    if any(mentions(answer, name) for name in others):
        return "answers about someone else"
    return "other"


def error_rows(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per reader: how many answers were wrong, why, and how much evidence it read."""
    causes: dict[str, Counter[str]] = {r: Counter() for r in READERS}
    evidence: dict[str, list[int]] = {r: [] for r in READERS}
    for record in records:
        for candidate in record["candidates"]:
            reader = candidate["reader"]
            if reader not in causes:
                continue
            evidence[reader].append(len(candidate["evidence"]))
            if not record["correct"][reader]:
                cause = wrong_answer_cause(
                    candidate["answer"], candidate["no_information"], record["question"]
                )
                causes[reader][cause] += 1
    kinds = ("says it does not know", "names an outdated value", "answers about someone else")
    return [
        {
            "reader": reader,
            "answers": len(evidence[reader]),
            "wrong": sum(causes[reader].values()),
            **{kind: causes[reader][kind] for kind in (*kinds, "other")},
            "evidence items (mean)": round(sum(evidence[reader]) / len(evidence[reader]), 1),
        }
        for reader in READERS
        if evidence[reader]
    ]


def plot(rows: list[dict[str, Any]], set_name: str, path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    chosen = [r for r in rows if r["set"] == set_name and r["grader"] == "person"]
    figure, axis = plt.subplots(figsize=(8, 4))
    markers = "osD^vPX"
    for index, system in enumerate(SYSTEMS):
        points = [(r["repetition"], r[system]) for r in chosen if system in r]
        if points:
            axis.plot(
                *zip(*points, strict=True),
                marker=markers[index % len(markers)],
                markersize=9 - index,
                linestyle="--" if system.startswith("hybrid") else "-",
                label=system,
            )
    axis.set_xticks(sorted({r["repetition"] for r in chosen}))
    axis.set_xlabel("repetition")
    axis.set_ylabel("accuracy")
    axis.set_ylim(-0.02, 1.02)
    axis.set_title(title)
    axis.grid(alpha=0.3)
    axis.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.01, 0.5))
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
