"""Evaluating the memory model (``recallgraph eval-memory-model``).

- **Writes**: precision, recall and F1 of the triples written, micro-averaged over examples;
  *exact* after normalisation (``graph.keys``: case, accents, punctuation, articles, a leading
  "to be"; a retraction only matches a retraction), and MEMLLM's *embedding* matching (a
  predicted triple matches an unmatched gold triple when subject and object reach τ_e and the
  relation τ_t in cosine, with the same MiniLM vectors the fuzzy reads use); greedy and late
  stopping; statements per second of the write path.
- **Reads**: a question's MEM_READ queries equal the reference queries (as sets of normalised
  keys).
- **Answers**: correct when the answer mentions a reference and no outdated value (the
  belief-update grader); "I don't know" is the reference when the evidence does not answer.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import get_args

import numpy as np

from extraction.memory_api import Query, Triple
from extraction.memory_model import redocred, synthetic, temporal_questions
from extraction.memory_model.decoding import Decoding
from extraction.memory_model.model import MemoryModel
from extraction.memory_model.synthetic import Example
from extraction.triple_embeddings import NameEmbedder
from graph.facts_read import FuzzyParams
from graph.keys import entity_key, relation_key

TripleKey = tuple[str, str, bool, str]


def triple_key(t: Triple) -> TripleKey:
    return (entity_key(t.subject), relation_key(t.relation), t.retract, entity_key(t.object or ""))


def query_key(q: Query) -> tuple[str, str, str, str, str]:
    """What a read asks for, the temporal operator included (``@previous`` is not ``now``)."""
    return (
        entity_key(q.subject or ""),
        relation_key(q.relation) if q.relation else "",
        entity_key(q.object or ""),
        str(q.when.op),
        entity_key(q.when.argument or ""),
    )


@dataclass
class Counts:
    true_positive: int = 0
    predicted: int = 0
    gold: int = 0

    def add(self, matched: int, predicted: int, gold: int) -> None:
        self.true_positive += matched
        self.predicted += predicted
        self.gold += gold

    def scores(self) -> dict[str, float]:
        p = self.true_positive / self.predicted if self.predicted else 1.0
        r = self.true_positive / self.gold if self.gold else 1.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        return {"precision": round(p, 3), "recall": round(r, 3), "f1": round(f1, 3)}


def exact_matches(predicted: Sequence[Triple], gold: Sequence[Triple]) -> int:
    return len({triple_key(t) for t in predicted} & {triple_key(t) for t in gold})


class EmbeddingMatcher:
    """MEMLLM's embedding-based matching, greedy one-to-one."""

    def __init__(
        self,
        names: NameEmbedder,
        tau_e: float = FuzzyParams.tau_e,
        tau_t: float = FuzzyParams.tau_t,
    ) -> None:
        self.names = names
        self.tau_e = tau_e
        self.tau_t = tau_t

    def matches(self, predicted: Sequence[Triple], gold: Sequence[Triple]) -> int:
        if not predicted or not gold:
            return 0
        entities = self.names.entities(
            [entity_key(x) for t in [*predicted, *gold] for x in (t.subject, t.object or "")]
        )
        relations = self.names.relations([relation_key(t.relation) for t in [*predicted, *gold]])

        def cos(a: list[float], b: list[float]) -> float:
            return float(np.dot(a, b))

        used: set[int] = set()
        count = 0
        for p in predicted:
            for i, g in enumerate(gold):
                if i in used or p.retract != g.retract:
                    continue
                ok = (
                    cos(entities[entity_key(p.subject)], entities[entity_key(g.subject)])
                    >= self.tau_e
                    and cos(
                        entities[entity_key(p.object or "")], entities[entity_key(g.object or "")]
                    )
                    >= self.tau_e
                    and cos(
                        relations[relation_key(p.relation)], relations[relation_key(g.relation)]
                    )
                    >= self.tau_t
                )
                if ok:
                    used.add(i)
                    count += 1
                    break
        return count


def evaluate_writes(
    model: MemoryModel, examples: Sequence[Example], how: Decoding, matcher: EmbeddingMatcher
) -> dict[str, float]:
    exact, fuzzy = Counts(), Counts()
    started = time.perf_counter()
    for example in examples:
        pretext = example.meta["pretext"]
        predicted, _, _ = model.write_sentence(
            example.meta["sentence"], [pretext] if pretext else [], how
        )
        gold = list(example.triples)
        exact.add(exact_matches(predicted, gold), len(predicted), len(gold))
        fuzzy.add(matcher.matches(predicted, gold), len(predicted), len(gold))
    elapsed = time.perf_counter() - started
    row: dict[str, float] = {f"exact_{k}": v for k, v in exact.scores().items()}
    row |= {f"embedding_{k}": v for k, v in fuzzy.scores().items()}
    row["sentences_per_second"] = round(len(examples) / elapsed, 2) if elapsed else 0.0
    return row


def evaluate_reads(model: MemoryModel, examples: Sequence[Example]) -> dict[str, float]:
    correct = 0
    for example in examples:
        plan = model.read(example.meta["question"])
        correct += {query_key(q) for q in plan.queries} == {query_key(q) for q in example.queries}
    return {"accuracy": round(correct / len(examples), 3) if examples else 0.0}


def mentions(text: str, value: str) -> bool:
    return re.search(rf"\b{re.escape(value.lower())}\b", text.lower()) is not None


def evaluate_answers(model: MemoryModel, examples: Sequence[Example]) -> dict[str, float]:
    correct = 0
    for example in examples:
        answer = model.answer(example.meta["question"], example.meta["evidence"])
        correct += any(mentions(answer, a) for a in example.answers) and not any(
            mentions(answer, o) for o in example.outdated
        )
    return {"accuracy": round(correct / len(examples), 3) if examples else 0.0}


TEMPORAL_SEED_OFFSET = 100  # training draws its temporal questions from seed + 1
TEMPORAL_DATA = "temporal questions (training templates, names from another seed)"


@dataclass(frozen=True)
class EvalSizes:
    synthetic_writes: int = 200
    redocred_writes: int = 60
    reads: int = 100
    answers: int = 100


def run_evaluation(
    model: MemoryModel,
    matcher: EmbeddingMatcher,
    sizes: EvalSizes,
    *,
    data_dir: Path,
    seed: int,
    progress: Callable[[str], None] = lambda _: None,
) -> list[dict[str, object]]:
    """Every table row: writes (both data sets, both decodings), reads, answers."""
    held_out = synthetic.build(
        seed, sizes.synthetic_writes, sizes.reads, sizes.answers, held_out=True
    )
    writes = [e for e in held_out if e.task == "write"]
    sets = {"held-out synthetic": writes}
    if sizes.redocred_writes:
        sets["Re-DocRED test"] = redocred.build(
            data_dir, "test", sizes.redocred_writes, seed, training=False
        )
    rows: list[dict[str, object]] = []
    for data, examples in sets.items():
        for how in get_args(Decoding):
            progress(f"writes: {data}, {how}")
            row: dict[str, object] = {"task": "write", "data": data, "decoding": how}
            row["n"] = len(examples)
            rows.append(row | evaluate_writes(model, examples, how, matcher))
    progress("reads")
    reads = [e for e in held_out if e.task == "read"]
    rows.append(
        {"task": "read", "data": "held-out synthetic", "decoding": "greedy", "n": len(reads)}
        | evaluate_reads(model, reads)
    )
    progress("temporal reads")
    temporal = temporal_questions.build(seed + TEMPORAL_SEED_OFFSET, sizes.reads)
    rows.append(
        {"task": "read", "data": TEMPORAL_DATA, "decoding": "greedy", "n": len(temporal)}
        | evaluate_reads(model, temporal)
    )
    progress("answers")
    answers = [e for e in held_out if e.task == "answer"]
    rows.append(
        {"task": "answer", "data": "held-out synthetic", "decoding": "greedy", "n": len(answers)}
        | evaluate_answers(model, answers)
    )
    return rows
