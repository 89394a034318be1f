"""Memory writes graded on streams nobody trained on (``experiments/data/ood_writes``).

Each stream is fed, statement by statement, through the ingestion's triple writer into a space of
its own, exactly as ``recallgraph ingest --writer model`` would. The triples the writer stores for
each statement are graded against the statement's gold triples (after coreference), and after the
whole stream the memory's current facts are compared with the gold chains' final values.

A written triple matches a gold one when the subjects and the objects have the same key (the
memory's own name normalisation: the grader checks *who* a fact is about, not only the value),
both are assertions or both retractions (a retraction of any value matches one of a named value),
and the relations have the same key, read as the same canonical relation ("is dating" and "is
seeing"), or embed within τ_t of each other (MEMLLM's relation matching, in the memory's own
relation space).
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from extraction.memory_api import Triple
from extraction.memory_model.evaluate import Counts
from extraction.relations import read_relation
from extraction.statements import StatementInput
from extraction.triple_embeddings import NameEmbedder
from graph.keys import entity_key, fold, relation_key
from graph.spaces import create_space, space_exists
from hybrid.ingestion import Ingestor, MemoryWriter
from hybrid.recallgraph import RecallGraph
from hybrid.triple_writer import TripleWriter, WrittenTriples

DATA = Path(__file__).parent / "data" / "ood_writes" / "streams.jsonl"
PRONOUNS = frozenset("he she they him her them his hers their i me we us you it".split())
# Relations whose gold chains hold one value at a time (the chains ``chain integrity`` checks).
SINGLE_VALUED = frozenset({"lives in", "works for", "is seeing"})


@dataclass(frozen=True)
class GoldStatement:
    stream: str
    id: str
    text: str
    gold: tuple[Triple, ...]
    effect: str
    tags: tuple[str, ...]


def load_streams(path: Path = DATA) -> dict[str, list[GoldStatement]]:
    """The labelled streams, in file order."""
    streams: dict[str, list[GoldStatement]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        asserted = [Triple(subject=s, relation=r, object=o) for s, r, o in row["gold"]]
        retracted = [
            Triple(subject=s, relation=r, object=None if o == "*" else o, retract=True)
            for s, r, o in row.get("retract", [])
        ]
        streams[row["stream"]].append(
            GoldStatement(
                row["stream"],
                row["id"],
                row["text"],
                tuple(retracted + asserted),
                row["effect"],
                tuple(row.get("tags", ())),
            )
        )
    return dict(streams)


class RelationMatcher:
    """Same relation: the same key, or embeddings within τ_t (cached per key)."""

    def __init__(self, names: NameEmbedder, tau_t: float) -> None:
        self.names = names
        self.tau_t = tau_t

    def same(self, a: str, b: str) -> bool:
        ka, kb = relation_key(a), relation_key(b)
        if ka == kb:
            return True
        read_a, read_b = read_relation(a), read_relation(b)
        if read_a.canonical and read_b.canonical:
            return read_a.name == read_b.name  # "is dating" is "is seeing"; "works as" is not
        if read_a.canonical or read_b.canonical:  # "works for"'s meaning, not its neighbours'
            return False
        vectors = self.names.relations([ka, kb])
        return float(np.dot(vectors[ka], vectors[kb])) >= self.tau_t


def triples_match(written: Triple, gold: Triple, relations: RelationMatcher) -> bool:
    if written.retract != gold.retract or entity_key(written.subject) != entity_key(gold.subject):
        return False
    if written.object is not None and gold.object is not None:
        if entity_key(written.object) != entity_key(gold.object):
            return False
    elif not written.retract:
        return False
    return relations.same(written.relation, gold.relation)


def pair_up(
    written: Sequence[Triple], gold: Sequence[Triple], relations: RelationMatcher
) -> tuple[int, int, int]:
    """(true positives, false positives, false negatives), each gold triple matched once."""
    unmatched = list(gold)
    hits = 0
    for triple in written:
        found = next((g for g in unmatched if triples_match(triple, g, relations)), None)
        if found is not None:
            unmatched.remove(found)
            hits += 1
    return hits, len(written) - hits, len(unmatched)


_POSSESSIVE = re.compile(r"['’]s?\b")


def copied_faithfully(name: str, text: str, known: Iterable[str]) -> bool:
    """The name occurs in the statement after normalisation (as its key's words, in order: a
    handle "reef_dad_oz" read as "Reef Dad Oz") or is a name already known."""
    key = entity_key(_POSSESSIVE.sub("", name))  # "St Mary's", and "Dad's" says "Dad"
    words = fold(_POSSESSIVE.sub("", text))
    return f" {key} " in f" {words} " or entity_key(name) in {entity_key(k) for k in known}


def gold_chains(statements: Sequence[GoldStatement]) -> dict[tuple[str, str], set[str]]:
    """The final value set of every (subject, single-valued relation) the stream touches twice or
    more, replayed from the gold effects."""
    state: dict[tuple[str, str], set[str]] = defaultdict(set)
    touched: Counter[tuple[str, str]] = Counter()
    for statement in statements:
        for triple in statement.gold:
            key = (entity_key(triple.subject), relation_key(triple.relation))
            if triple.relation not in SINGLE_VALUED:
                continue
            touched[key] += 1
            if triple.retract:
                state[key] -= {entity_key(triple.object)} if triple.object else set(state[key])
            else:
                state[key] = {entity_key(str(triple.object))}
    return {key: state[key] for key, count in touched.items() if count >= 2}


@dataclass
class StreamOutcome:
    records: list[dict[str, Any]] = field(default_factory=list)
    chains: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0


class RecordingWriter(TripleWriter):
    """The ingestion's triple writer, keeping what it stores for each statement."""

    def __init__(self, memory: RecallGraph) -> None:
        settings = memory.settings
        kind = settings.triple_writer
        super().__init__(
            memory.triples,
            memory.memory_model if kind in ("hybrid", "model") else None,
            patterns=kind in ("hybrid", "patterns"),
            how=settings.write_decoding,
            context=settings.write_context,
            entity_tau=settings.entity_tau if settings.entity_tau < 1.0 else None,
        )
        self.stored: dict[str, list[Triple]] = {}

    def resolve_many(
        self, space: str, statements: Sequence[StatementInput]
    ) -> list[WrittenTriples]:
        found = super().resolve_many(space, statements)
        for statement, written in zip(statements, found, strict=True):
            self.stored[str(statement.id)] = written.triples
        return found


def graded(
    statement: GoldStatement, written: list[Triple], relations: RelationMatcher, known: list[str]
) -> dict[str, Any]:
    """One statement's record: its writes against its gold triples, and its copying faults
    (``known``: the names of the stream's earlier gold triples)."""
    tp, fp, fn = pair_up(written, statement.gold, relations)
    names = [n for t in written for n in (t.subject, t.object) if n is not None]
    return {
        "id": statement.id,
        "tags": list(statement.tags),
        "effect": statement.effect,
        "text": statement.text,
        "gold": [t.to_text() for t in statement.gold],
        "written": [t.to_text() for t in written],
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "pronoun_subjects": sum(entity_key(t.subject) in PRONOUNS for t in written),
        "mangled_names": [n for n in names if not copied_faithfully(n, statement.text, known)],
    }


def run_stream(
    memory: RecallGraph,
    name: str,
    statements: Sequence[GoldStatement],
    relations: RelationMatcher,
    advance: Callable[[int], None] = lambda _: None,
    batch: int = 1,
) -> StreamOutcome:
    """Feed one stream into a fresh space, as ``ingest --writer model`` does (concepts and
    triples; no vectors), ``batch`` statements per update batch (1: one at a time, as a chat
    feeds them); grade each statement's writes and the final chains."""
    space = f"eval-writes-{name}-{uuid.uuid4().hex[:8]}"  # runs at once never share a space
    if space_exists(memory.store, space):
        memory.delete_space(space)
    create_space(memory.store, space)
    recorder = RecordingWriter(memory)
    writer = MemoryWriter(
        memory.store, Ingestor(memory.store, memory.ingest_settings, [recorder]), None
    )
    outcome = StreamOutcome()
    known: list[str] = []
    started = time.perf_counter()
    try:
        for start in range(0, len(statements), batch):
            chunk = statements[start : start + batch]
            writer.ingest_many(space, [StatementInput(s.text, id=s.id, source=name) for s in chunk])
            advance(len(chunk))
            for statement in chunk:
                written = recorder.stored.get(statement.id, [])
                outcome.records.append(graded(statement, written, relations, known))
                known += [t.subject for t in statement.gold]
                known += [str(t.object) for t in statement.gold]
        outcome.seconds = time.perf_counter() - started
        current = memory.triples.list(space, limit=10_000).facts
        for (subject, relation), expected in gold_chains(statements).items():
            stored = {
                entity_key(f.object)
                for f in current
                if entity_key(f.subject) == subject and relations.same(f.relation, relation)
            }
            outcome.chains.append(
                {
                    "subject": subject,
                    "relation": relation,
                    "expected": sorted(expected),
                    "stored": sorted(stored),
                    "intact": stored == expected,
                }
            )
    finally:
        memory.delete_space(space)
    return outcome


def summarise(outcomes: dict[str, StreamOutcome]) -> dict[str, Any]:
    """Precision, recall and F1 overall, per phenomenon and per update effect (a set without
    phenomenon tags still reports its updates and retractions apart); chain integrity; copying
    faults."""
    records = [r for o in outcomes.values() for r in o.records]
    by_tag: dict[str, Counts] = defaultdict(Counts)
    statements: Counter[str] = Counter()
    for record in records:
        for tag in ("all", *record["tags"], f"effect: {record['effect']}"):
            by_tag[tag].add(record["tp"], record["tp"] + record["fp"], record["tp"] + record["fn"])
            statements[tag] += 1
    rows = [
        {"phenomenon": tag, "statements": statements[tag], "gold": c.gold, "written": c.predicted}
        | c.scores()
        for tag, c in sorted(by_tag.items(), key=lambda item: (item[0] != "all", item[0]))
    ]
    chains = [c for o in outcomes.values() for c in o.chains]
    seconds = sum(o.seconds for o in outcomes.values())
    return {
        "rows": rows,
        "chains": chains,
        "chain_integrity": round(sum(c["intact"] for c in chains) / len(chains), 3)
        if chains
        else 1.0,
        "pronoun_subjects": sum(r["pronoun_subjects"] for r in records),
        "mangled_names": sorted({n for r in records for n in r["mangled_names"]}),
        "statements_per_second": round(len(records) / seconds, 2) if seconds else 0.0,
    }


def evaluate(
    memory: RecallGraph,
    streams: dict[str, list[GoldStatement]],
    progress: Callable[[str], None] = lambda _: None,
    advance: Callable[[int], None] = lambda _: None,
    batch: int = 1,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Grade ``memory``'s model writer on ``streams`` (``advance(n)``: n more statements fed),
    ``batch`` statements per update batch."""
    relations = RelationMatcher(memory.triples.names, memory.settings.tau_t)
    outcomes = {}
    for name, statements in streams.items():
        progress(f"stream {name}: {len(statements)} statements")
        outcomes[name] = run_stream(memory, name, statements, relations, advance, batch)
    records = [r | {"stream": n} for n, o in outcomes.items() for r in o.records]
    return summarise(outcomes), records
