"""A batch of updates is a few set-based queries, and still exactly what writing its statements one
by one stored (issue 18): the same graph, each statement its own ``t``, duplicates kept at theirs,
all or nothing, no interleaving between concurrent writers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from neo4j import ManagedTransaction

from experiments.noise import unrelated_statements
from extraction.statements import IngestSettings, StatementInput
from graph.concept_merges import ConceptRow
from graph.concept_writes import ConceptsPart
from graph.concepts import get_concept
from graph.errors import ObservedOrderError
from graph.spaces import create_space, current_t, delete_space
from graph.store import GraphStore
from graph.updates import StatementRecord, get_statement, write_updates
from hybrid.ingestion import Ingestor
from hybrid.recallgraph import RecallGraph
from tests.conftest import new_space_name
from tests.integration.writes.sequential_reference import write_sequentially
from tests.integration.writes.snapshot import snapshot

STORY = [
    "Ilse Brandvold found a flat in Stavanger.",
    "She got a job at Norrsken Labs.",
    "Ilse quit Norrsken Labs in June.",
    "Brandvold moved to Molde last week.",
    "Ilse Brandvold works for Fjordline now 🚢 and she loves it.",
    "Tomas Lindqvist lives in Bergen.",
    "Tomas moved to Oslo yesterday.",
    "Tomas is seeing Ilse Brandvold.",
    "Tomas and Ilse broke up.",
    "Ilse Brandvold plans to travel to Lisbon.",
    "Ilse cancelled her Lisbon trip and plans to travel to Porto instead.",
]


def stream(count: int) -> list[StatementInput]:
    """The story among noise, observed a minute apart, with ids; two ids come again."""
    noise = unrelated_statements(count, seed=3)
    start = datetime(2024, 3, 1, 9, tzinfo=UTC)
    statements = []
    story = iter(STORY)
    for i in range(count):
        text = next(story, None) if i % 4 == 1 else None
        text = text or next(noise)
        if i % 9 == 0:
            text += " The lantern glowed 🔥 over the harbour lantern."
        observed = start + timedelta(minutes=i)
        statements.append(StatementInput(text, id=f"s{i}", observed_at=observed))
    statements.insert(7, statements[3])  # a repeat within a batch
    statements.insert(40, statements[5])  # a repeat of an earlier batch
    return statements


def batches(items: list[StatementInput], sizes: Iterator[int]) -> Iterator[list[StatementInput]]:
    start = 0
    while start < len(items):
        size = next(sizes)
        yield items[start : start + size]
        start += size


def cycle(*sizes: int) -> Iterator[int]:
    while True:
        yield from sizes


@pytest.fixture
def twin(recallgraph: RecallGraph) -> Iterator[str]:
    """A second fresh space, written the old way."""
    name = new_space_name("twin")
    create_space(recallgraph.store, name)
    yield name
    delete_space(recallgraph.store, name)


@pytest.mark.parametrize("revision", ["recent", "off"])
def test_batches_store_what_statements_one_by_one_stored(
    recallgraph: RecallGraph, space: str, twin: str, revision: str
) -> None:
    memory = recallgraph.variant(
        triple_writer="patterns",
        vectors_enabled=False,
        revision_mode=revision,
        revision_period=2,
        context_char_limit=400,
        observed_order="warn",
    )
    ingestor = memory.writer.ingestor
    expected_t = []
    got_t = []
    for batch in batches(stream(60), cycle(1, 17, 5, 30)):
        prepared = ingestor.prepare(space, batch)
        got_t += [r.t for r in ingestor.write(space, prepared)]
        expected_t += write_sequentially(memory.store, twin, prepared.updates, "warn")
    assert got_t == expected_t
    assert got_t[7] == got_t[3] and got_t[40] == got_t[5]
    new = snapshot(memory.store, space)
    old = snapshot(memory.store, twin)
    assert new["facts"], "the stream wrote facts"
    assert any(c["p"].get("revisions") for c in new["concepts"]) == (revision == "recent")
    assert any(f["p"].get("t_to") for f in new["facts"]), "facts were closed"
    assert any(e["p"].get("aliases") for e in new["entities"]), "aliases were recorded"
    assert any(s["p"].get("date_texts") for s in new["statements"]), "dates were resolved"
    for part in new:
        assert new[part] == old[part], part


def record(text: str, id: str, **fields: Any) -> StatementRecord:
    return StatementRecord(id=id, text=text, **fields)


def concepts(*rows: tuple[str, str]) -> ConceptsPart:
    return ConceptsPart(
        [ConceptRow(label, (label,), (sentence,)) for label, sentence in rows],
        [],
        revision_period=100,
        context_char_limit=100_000,
    )


def test_each_statement_gets_its_own_t_and_duplicates_keep_theirs(
    store: GraphStore, space: str
) -> None:
    first = write_updates(store, space, [(record("a lamp.", "a"), []), (record("b.", "b"), [])])
    assert [(r.t, r.duplicate) for r in first] == [(1, False), (2, False)]
    receipts = write_updates(
        store,
        space,
        [
            (record("c.", "c"), []),
            (record("a again.", "a"), []),  # stored before: keeps t=1, claims none
            (record("d.", "d"), []),
            (record("c again.", "c"), []),  # earlier in this batch: its t
            (record("e.", "e"), []),
        ],
    )
    assert [(r.t, r.duplicate) for r in receipts] == [
        (3, False),
        (1, True),
        (4, False),
        (3, True),
        (5, False),
    ]
    assert current_t(store, space) == 5, "the clock stays gapless"
    assert get_statement(store, space, "a")["text"] == "a lamp."  # type: ignore[index]


def test_a_concept_merged_twice_in_one_batch_gets_both_merges_in_order(
    store: GraphStore, space: str
) -> None:
    parts = [
        concepts(("lamp", "The lamp is new."), ("desk", "The lamp is new.")),
        concepts(("chair", "A chair.")),
        concepts(("lamp", "The lamp broke.")),
    ]
    parts[0].relations = [("desk", "lamp")]
    parts[2].relations = []
    write_updates(store, space, [(record(f"s{i}", f"s{i}"), [p]) for i, p in enumerate(parts)])
    lamp = get_concept(store, space, "lamp")
    assert lamp is not None
    assert (lamp["merges"], lamp["t"]) == (2, 3)
    assert lamp["context"] == ["The lamp is new.", "The lamp broke."]
    assert lamp["context_t"] == [1, 3]
    again = concepts(("desk", "The desk and the lamp."), ("lamp", "The desk and the lamp."))
    again.relations = [("desk", "lamp")]
    twice = concepts(("desk", "Desk, lamp."), ("lamp", "Desk, lamp."))
    twice.relations = [("desk", "lamp")]
    write_updates(store, space, [(record("x", "x"), [again]), (record("y", "y"), [twice])])
    strength = store.query(
        "MATCH (:Concept {space: $space, label: 'desk'})-[r:RELATED]->"
        "(:Concept {space: $space, label: 'lamp'}) RETURN r.strength AS s, r.t AS t, "
        "r.created_t AS created",
        space=space,
    )
    assert strength == [{"s": 3, "t": 5, "created": 1}]


def test_a_concept_due_mid_batch_is_revised_before_the_next_merge(
    store: GraphStore, space: str
) -> None:
    def keep_last(due):  # type: ignore[no-untyped-def]
        from graph.concept_merges import Revision

        return Revision(due.label, due.context[-1:], due.context_t[-1:], due.merges)

    parts = []
    for i in range(5):
        part = concepts(("lamp", f"Lamp sentence {i}."))
        part.revision_period = 2
        part.reviser = keep_last
        parts.append(part)
    receipts = write_updates(
        store, space, [(record(f"r{i}", f"r{i}"), [p]) for i, p in enumerate(parts)]
    )
    assert [r.written["concepts"]["revised"] for r in receipts] == [[], ["lamp"], [], ["lamp"], []]
    lamp = get_concept(store, space, "lamp")
    assert lamp is not None
    assert lamp["context"] == ["Lamp sentence 3.", "Lamp sentence 4."]
    assert (lamp["revisions"], lamp["revised_at"], lamp["merges"]) == (2, 4, 5)


def test_a_batch_is_all_or_nothing(store: GraphStore, space: str) -> None:
    class Failing:
        name = "failing"

        @staticmethod
        def write_batch(tx: ManagedTransaction, space: str, stamped: list) -> list:
            raise RuntimeError("a part failed")

    write_updates(store, space, [(record("before.", "before"), [concepts(("lamp", "x."))])])
    with pytest.raises(RuntimeError):
        write_updates(
            store,
            space,
            [
                (record("one.", "one"), [concepts(("lamp", "one."))]),
                (record("two.", "two"), [concepts(("desk", "two.")), Failing()]),
            ],
        )
    assert current_t(store, space) == 1
    assert get_statement(store, space, "one") is None
    assert get_concept(store, space, "desk") is None
    assert get_concept(store, space, "lamp")["merges"] == 1  # type: ignore[index]


def test_observed_times_run_forwards_within_a_batch(store: GraphStore, space: str) -> None:
    noon = datetime(2024, 5, 1, 12, tzinfo=UTC)
    with pytest.raises(ObservedOrderError, match="'late'"):
        write_updates(
            store,
            space,
            [
                (record("at noon.", "noon", observed_at=noon), []),
                (record("before noon.", "late", observed_at=noon - timedelta(hours=1)), []),
            ],
        )
    assert current_t(store, space) == 0
    receipts = write_updates(
        store,
        space,
        [
            (record("at noon.", "noon", observed_at=noon), []),
            (record("no time.", "none"), []),
            (record("before noon.", "late", observed_at=noon - timedelta(hours=1)), []),
            (record("after noon.", "later", observed_at=noon + timedelta(hours=1)), []),
        ],
        observed_order="warn",
    )
    assert [bool(r.warnings) for r in receipts] == [False, False, True, False]
    assert "2024-05-01T12:00:00Z" in receipts[2].warnings[0]
    latest = store.query("MATCH (sp:Space {name: $space}) RETURN sp.observed_at AS at", space=space)
    assert latest[0]["at"].to_native() == noon + timedelta(hours=1)


def test_statements_carry_their_pending_stores(store: GraphStore, space: str) -> None:
    write_updates(store, space, [(record("p.", "p", pending=("vectors",)), [])])
    rows = store.query(
        "MATCH (st:Statement {space: $space, id: 'p'}) RETURN st.pending AS pending", space=space
    )
    assert rows == [{"pending": ["vectors"]}]


def test_concurrent_batches_to_one_space_never_interleave(store: GraphStore, space: str) -> None:
    writers, per_writer, batch = 4, 60, 12
    ts: dict[int, list[list[int]]] = {w: [] for w in range(writers)}

    def write(worker: int) -> None:
        ingestor = Ingestor(store, IngestSettings(revision_mode="off"))
        for start in range(0, per_writer, batch):
            statements = [
                StatementInput(f"Writer {worker} says lamp {i}.", id=f"w{worker}-{i}")
                for i in range(start, start + batch)
            ]
            ts[worker].append([r.t for r in ingestor.ingest_many(space, statements)])

    threads = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    every = sorted(t for runs in ts.values() for run in runs for t in run)
    assert every == list(range(1, writers * per_writer + 1))
    for runs in ts.values():
        for run in runs:
            assert run == list(range(run[0], run[0] + batch)), "a batch's t are one block"


class CountingStore(GraphStore):
    """A store that counts the queries each write transaction runs."""

    def __init__(self, inner: GraphStore) -> None:
        super().__init__(inner.driver, inner.database)
        self.queries: list[int] = []

    def write(self, work, *args, **kwargs):  # type: ignore[no-untyped-def]
        def counted(tx: ManagedTransaction, *a, **k):  # type: ignore[no-untyped-def]
            calls = 0
            run = tx.run

            def counting_run(*q, **p):  # type: ignore[no-untyped-def]
                nonlocal calls
                calls += 1
                return run(*q, **p)

            tx.run = counting_run  # type: ignore[method-assign]
            try:
                return work(tx, *a, **k)
            finally:
                self.queries.append(calls)

        return super().write(counted, *args, **kwargs)


def test_the_queries_per_batch_do_not_grow_with_its_size(
    recallgraph: RecallGraph, space: str
) -> None:
    counting = CountingStore(recallgraph.store)
    memory = recallgraph.variant(triple_writer="patterns", vectors_enabled=False)
    ingestor = memory.writer.ingestor
    ingestor.store = counting
    texts = STORY + list(unrelated_statements(40, seed=5))
    for size in (4, 40):  # each with concepts, facts and dates
        statements = [
            StatementInput(t, id=f"{size}-{i}", observed_at=f"2024-06-0{1 + size // 40}T10:00Z")
            for i, t in enumerate(texts[:size])
        ]
        receipts = ingestor.ingest_many(space, statements)
        assert {"concepts", "facts", "dates"} <= {k for r in receipts for k in r.receipt.written}
    small, large = counting.queries
    assert large == small == 5  # the claim, concepts read and written, facts, dates
