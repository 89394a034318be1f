"""Triple-memory benchmark: batch writes of 1,000 facts and read latency over 10,000 facts.

A synthetic world (people, organisations, cities, things; single- and multi-valued relations) is
written as ``--facts / --batch`` knowledge updates of ``--batch`` facts each — one
``TripleMemory.prepare`` (existence check + embeddings of new names) and one ``write_update``
transaction per batch — so later batches move people (belief updates) as well as add facts. Then
reads of each kind are timed end to end through ``TripleMemory.read`` after a warm-up (Cypher plan
cache, embedding model loaded). Fuzzy reads whose subject is not an exact key embed the query
term each time; their Neo4j-only time is reported beside.

    python -m experiments.bench_triples      # writes experiments/results/bench_triples/
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from extraction.memory_api import Query, Triple
from graph.facts_read import FactQuery, fuzzy_facts
from graph.spaces import create_space, delete_space, describe_space
from graph.updates import StatementRecord, write_update
from hybrid.recallgraph import RecallGraph
from hybrid.triple_memory import TripleMemory

RESULTS = Path(__file__).resolve().parent / "results" / "bench_triples"

FIRST = [
    "Ada",
    "Alan",
    "Alice",
    "Amir",
    "Anna",
    "Ben",
    "Bruno",
    "Carla",
    "Chen",
    "Chloe",
    "Dana",
    "David",
    "Elena",
    "Emil",
    "Erin",
    "Farah",
    "Felix",
    "Grace",
    "Hana",
    "Hugo",
    "Ines",
    "Ivan",
    "Jade",
    "Jonas",
    "Kai",
    "Kenji",
    "Lara",
    "Leo",
    "Lina",
    "Luca",
    "Maya",
    "Mei",
    "Mila",
    "Nadia",
    "Nico",
    "Noah",
    "Olga",
    "Omar",
    "Pablo",
    "Priya",
    "Quinn",
    "Rosa",
    "Ravi",
    "Sara",
    "Sofia",
    "Tariq",
    "Theo",
    "Uma",
    "Vera",
    "Wen",
    "Xavi",
    "Yara",
    "Yusuf",
    "Zoe",
    "Brandon",
    "Carter",
    "Ezra",
    "Ingrid",
    "Malik",
    "Nora",
    "Otto",
]
LAST = [
    "Smith",
    "Garcia",
    "Chen",
    "Muller",
    "Rossi",
    "Novak",
    "Silva",
    "Kim",
    "Haddad",
    "Okafor",
    "Larsen",
    "Dubois",
    "Kowalski",
    "Tanaka",
    "Ivanova",
    "Patel",
    "Jensen",
    "Moreau",
    "Costa",
    "Weber",
    "Sato",
    "Nguyen",
    "Fischer",
    "Romano",
    "Svensson",
    "Horvat",
    "Ahmed",
    "Yilmaz",
    "Petrov",
    "Lopez",
    "Martin",
    "Becker",
    "Ferrari",
    "Nielsen",
    "Park",
    "Andersen",
    "Keller",
    "Rivera",
    "Schmidt",
    "Bauer",
    "Laurent",
    "Vogel",
    "Marino",
    "Berg",
    "Olsen",
    "Kaya",
    "Reyes",
    "Wolf",
    "Hansen",
    "Conti",
    "Meyer",
    "Sousa",
    "Brandt",
    "Lindqvist",
    "Ortiz",
    "Vargas",
    "Mendes",
    "Fuchs",
    "Dahl",
]
SYLLABLES = [
    "vel",
    "ora",
    "tix",
    "nov",
    "ari",
    "lum",
    "pex",
    "qua",
    "dor",
    "sen",
    "mal",
    "kir",
    "bro",
    "zen",
    "tal",
    "fy",
    "ron",
    "esk",
    "ul",
    "ia",
]
THINGS = [
    "tea",
    "coffee",
    "jazz",
    "chess",
    "tennis",
    "sushi",
    "hiking",
    "opera",
    "poetry",
    "cycling",
    "painting",
    "football",
    "rugby",
    "sailing",
    "baking",
    "knitting",
    "astronomy",
    "photography",
    "gardening",
    "skiing",
    "yoga",
    "karate",
    "pottery",
    "cinema",
]

SINGLE = ("lives in", "works for", "plans to travel to", "is married to")
MULTI = ("likes", "visited", "knows", "member of", "has child", "speaks")
LANGUAGES = [
    "English",
    "French",
    "Spanish",
    "German",
    "Mandarin",
    "Hindi",
    "Arabic",
    "Portuguese",
    "Japanese",
]
PARAPHRASES = {"works for": "employed by", "lives in": "resides in", "is married to": "spouse of"}


@dataclass(frozen=True)
class World:
    people: list[str]
    orgs: list[str]
    cities: list[str]
    clubs: list[str]


def _coined(rng: random.Random, n: int, suffix: str) -> list[str]:
    names: set[str] = set()
    while len(names) < n:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
        names.add(f"{word}{suffix}")
    return sorted(names)


def make_world(rng: random.Random, people: int) -> World:
    everyone = [f"{f} {last}" for f in FIRST for last in LAST]
    rng.shuffle(everyone)
    return World(
        people=sorted(everyone[:people]),
        orgs=_coined(rng, 300, " Corp"),
        cities=_coined(rng, 150, "ville"),
        clubs=_coined(rng, 60, " Club"),
    )


def random_fact(rng: random.Random, world: World) -> Triple:
    person = rng.choice(world.people)
    relation = rng.choice(SINGLE + MULTI)
    objects: dict[str, Callable[[], str]] = {
        "lives in": lambda: rng.choice(world.cities),
        "plans to travel to": lambda: rng.choice(world.cities),
        "visited": lambda: rng.choice(world.cities),
        "works for": lambda: rng.choice(world.orgs),
        "is married to": lambda: rng.choice(world.people),
        "knows": lambda: rng.choice(world.people),
        "has child": lambda: rng.choice(world.people),
        "likes": lambda: rng.choice(THINGS),
        "member of": lambda: rng.choice(world.clubs),
        "speaks": lambda: rng.choice(LANGUAGES),
    }
    return Triple(subject=person, relation=relation, object=objects[relation]())


def make_batch(rng: random.Random, world: World, size: int) -> list[Triple]:
    """``size`` distinct facts, at most one value per (person, single-valued relation)."""
    seen: set[tuple[str, str, str | None]] = set()
    single: set[tuple[str, str]] = set()
    batch: list[Triple] = []
    while len(batch) < size:
        t = random_fact(rng, world)
        key = (t.subject, t.relation, t.object)
        if key in seen or (t.relation in SINGLE and (t.subject, t.relation) in single):
            continue
        seen.add(key)
        if t.relation in SINGLE:
            single.add((t.subject, t.relation))
        batch.append(t)
    return batch


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _stats(ms: list[float]) -> dict[str, float]:
    a = np.array(ms)
    return {
        "n": len(ms),
        "p50_ms": round(float(np.percentile(a, 50)), 2),
        "p95_ms": round(float(np.percentile(a, 95)), 2),
        "p99_ms": round(float(np.percentile(a, 99)), 2),
        "max_ms": round(float(a.max()), 2),
    }


def load(memory: TripleMemory, space: str, batches: list[list[Triple]]) -> list[dict]:
    rows = []
    for i, batch in enumerate(batches):
        start = time.perf_counter()
        prepared = memory.prepare(space, batch, writer="bench", source="bench")
        prepared_at = time.perf_counter()
        statement = StatementRecord(
            id=str(uuid.uuid4()), text=f"benchmark batch {i}", source="bench"
        )
        receipt = write_update(memory.store, space, statement, [prepared.part])
        done = time.perf_counter()
        facts = receipt.written["facts"]
        rows.append(
            {
                "batch": i + 1,
                "facts": len(batch),
                "new_entities": sum(e.embedding is not None for e in prepared.part.entities),
                "added": len(facts["added"]),
                "confirmed": len(facts["confirmed"]),
                "superseded": len(facts["superseded"]),
                "prepare_s": round(prepared_at - start, 3),
                "neo4j_s": round(done - prepared_at, 3),
                "total_s": round(done - start, 3),
            }
        )
        print(rows[-1], flush=True)
    return rows


def read_kinds(rng: random.Random, world: World, max_t: int) -> dict[str, Callable[[], dict]]:
    """Each kind draws the arguments of one random ``TripleMemory.read``."""
    person = lambda: rng.choice(world.people)  # noqa: E731
    return {
        "exact <s,r> now": lambda: {"query": Query(subject=person(), relation=rng.choice(SINGLE))},
        "exact <s> now": lambda: {"query": Query(subject=person())},
        "exact <s,r> as_of": lambda: {
            "query": Query(subject=person(), relation=rng.choice(SINGLE)),
            "as_of": rng.randint(1, max_t),
        },
        "exact <r,o> now": lambda: {
            "query": Query(relation="works for", object=rng.choice(world.orgs))
        },
        "exact <s> history": lambda: {"query": Query(subject=person()), "history": True},
        "fuzzy <s, paraphrased r>": lambda: {
            "query": Query(subject=person(), relation=PARAPHRASES[rng.choice(list(PARAPHRASES))])
        },
        "fuzzy <variant s, r>": lambda: {
            "query": Query(subject=f"Dr. {person()}", relation=rng.choice(SINGLE + MULTI))
        },
    }


def time_reads(memory: TripleMemory, space: str, kinds: dict, n: int, warmup: int) -> dict:
    out: dict[str, dict] = {}
    for name, draw in kinds.items():
        for _ in range(warmup):
            memory.read(space, **draw())
        ms, found, ambiguous, exact = [], 0, 0, 0
        for _ in range(n):
            args = draw()
            start = time.perf_counter()
            result = memory.read(space, **args)
            ms.append((time.perf_counter() - start) * 1000)
            found += bool(result.facts)
            ambiguous += result.ambiguous
            exact += result.exact
        out[name] = {
            **_stats(ms),
            "answered": found,
            "ambiguous": ambiguous,
            "exact": exact,
        }
        print(name, out[name], flush=True)
    return out


def time_fuzzy_parts(
    memory: TripleMemory, space: str, world: World, n: int, rng: random.Random
) -> dict[str, dict]:
    """The two halves of a fuzzy read with an unknown subject: the query embedding, the Cypher."""
    embed_ms, db_ms = [], []
    for i in range(n + 10):
        query = FactQuery(subject=f"Dr. {rng.choice(world.people)}", relation=rng.choice(SINGLE))
        start = time.perf_counter()
        vectors = memory.query_vectors(query)  # the subject is never a known key here
        embedded = time.perf_counter()
        fuzzy_facts(
            memory.store, space, query, vectors, memory.config.fuzzy, limit=memory.config.q_thr
        )
        done = time.perf_counter()
        if i >= 10:
            embed_ms.append((embedded - start) * 1000)
            db_ms.append((done - embedded) * 1000)
    return {"query embedding only": _stats(embed_ms), "Neo4j only": _stats(db_ms)}


def _markdown(results: dict) -> str:
    lines = [
        "# Triple-memory benchmark",
        "",
        f"{results['facts_stored']} fact versions ({results['current_facts']} current), "
        f"{results['entities']} entities, written as {len(results['writes'])} updates of "
        f"{results['config']['batch']} facts. Machine: {results['machine']['cpus']} CPUs, "
        f"{results['machine']['note']} torch threads for MiniLM: "
        f"{results['machine']['torch_threads']}.",
        "",
        "## Batch writes (one knowledge update, one transaction each)",
        "",
        "| batch | new entities | added | confirmed | superseded | prepare s | Neo4j s | total s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for w in results["writes"]:
        lines.append(
            f"| {w['batch']} | {w['new_entities']} | {w['added']} | {w['confirmed']} | "
            f"{w['superseded']} | {w['prepare_s']} | {w['neo4j_s']} | {w['total_s']} |"
        )
    lines += [
        "",
        "`prepare` = existence check + MiniLM embeddings of new names + cardinality; "
        "`Neo4j` = the update's write transaction.",
        "",
        f"## Reads over {results['facts_stored']} facts (end to end, through `TripleMemory.read`)",
        "",
        "| kind | n | p50 ms | p95 ms | p99 ms | max ms | answered | ambiguous (>Q_thr) | exact |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, r in results["reads"].items():
        lines.append(
            f"| {name} | {r['n']} | {r['p50_ms']} | {r['p95_ms']} | {r['p99_ms']} | {r['max_ms']} "
            f"| {r['answered']} | {r['ambiguous']} | {r['exact']} |"
        )
    for part, r in results["fuzzy_parts"].items():
        lines.append(
            f"| fuzzy <variant s, r>, {part} | {r['n']} | {r['p50_ms']} | {r['p95_ms']} | "
            f"{r['p99_ms']} | {r['max_ms']} | | | |"
        )
    lines += [
        "",
        "Load averages (1, 5, 15 min) when each phase began: "
        + "; ".join(f"{k}: {v}" for k, v in results["machine"]["load_average"].items())
        + ".",
        "",
        f"Slowest kind's p95: {results['worst_kind_p95_ms']} ms.",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=1_000)
    parser.add_argument("--people", type=int, default=2_000)
    parser.add_argument("--reads", type=int, default=200, help="Timed reads per kind.")
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--note", default="", help="A line about the machine's load.")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--keep", action="store_true", help="Keep the benchmark space.")
    parser.add_argument(
        "--torch-threads",
        type=int,
        default=0,
        help="torch.set_num_threads for MiniLM (0: torch's default); results get a suffix.",
    )
    args = parser.parse_args()
    if args.torch_threads:
        import torch

        torch.set_num_threads(args.torch_threads)

    rng = random.Random(args.seed)
    world = make_world(rng, args.people)
    batches = [make_batch(rng, world, args.batch) for _ in range(args.facts // args.batch)]
    recallgraph = RecallGraph.from_settings()
    memory = recallgraph.triples
    memory.names.entities(["warm up"])
    space = f"bench-triples-{uuid.uuid4().hex[:8]}"
    create_space(memory.store, space)
    load_average = {"writes": _load()}
    try:
        writes = load(memory, space, batches)
        summary = describe_space(memory.store, space)
        kinds = read_kinds(rng, world, summary.t)
        load_average["reads"] = _load()
        reads = time_reads(memory, space, kinds, args.reads, args.warmup)
        fuzzy_parts = time_fuzzy_parts(memory, space, world, args.reads, rng)
        load_average["end"] = _load()
    finally:
        if not args.keep:
            delete_space(memory.store, space)
        recallgraph.close()
    worst_p95 = max(r["p95_ms"] for r in reads.values())
    results = {
        "config": vars(args) | {"out": str(args.out)},
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_average": load_average,
            "torch_threads": args.torch_threads or "default",
            "note": args.note or "see the load averages below.",
        },
        "facts_stored": summary.facts,
        "current_facts": summary.current_facts,
        "entities": summary.entities,
        "writes": writes,
        "reads": reads,
        "fuzzy_parts": fuzzy_parts,
        "worst_kind_p95_ms": worst_p95,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    suffix = f"-torch-threads-{args.torch_threads}" if args.torch_threads else ""
    (args.out / f"results{suffix}.json").write_text(json.dumps(results, indent=2) + "\n")
    (args.out / f"README{suffix}.md").write_text(_markdown(results))
    print(_markdown(results))


if __name__ == "__main__":
    main()
