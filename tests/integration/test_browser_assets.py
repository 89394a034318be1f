"""What the Neo4j Browser shows, against a real Neo4j: the captions the write path keeps (words,
intervals, names), the migration that fills them for older data, every guide query with the
parameters the guide sets, and the examples `recallgraph browse` picks."""

from __future__ import annotations

import io
from datetime import UTC, date, datetime, timedelta
from typing import Any

import neo4j

from app.browser import browser_queries
from app.browser.guide import GuideExamples, TraversalShape, browser_parameters
from extraction.memory_api import Triple
from extraction.statements import StatementInput
from graph.browser_examples import example_concept, example_moment, example_subject
from graph.neo4j_server.browser_style import STYLE
from graph.queries.captions import (
    BACKFILL_CONCEPT_CAPTIONS,
    BACKFILL_ENTITY_CAPTIONS,
    BACKFILL_FACT_CAPTIONS,
)
from graph.queries.chains import BACKFILL_CHAINS
from graph.store import GraphStore
from graph.updates import StatementRecord
from hybrid.recallgraph import RecallGraph
from tests.conftest import new_space_name

STREAM = (
    "Brandon wants to go to Paris for his next vacation.",
    "Vacation days are rare, so Brandon saves them.",
    "Brandon just ate a salad.",
    "The vacation in Paris was booked.",
    "Brandon cancelled his Paris trip and plans a vacation in Brazil instead.",
)
FIRST_DAY = date(2025, 3, 1)


def concept_captions(store: GraphStore, space: str) -> dict[str, tuple[str, list[str], list[int]]]:
    rows = store.query(
        "MATCH (c:Concept {space: $space}) "
        "RETURN c.label AS label, c.caption AS caption, c.names AS names, "
        "c.name_counts AS counts",
        space=space,
    )
    return {r["label"]: (r["caption"], r["names"], r["counts"]) for r in rows}


def fact_captions(store: GraphStore, space: str) -> dict[str, str]:
    rows = store.query(
        "MATCH (s:Entity {space: $space})-[f:FACT]->(o:Entity) "
        "RETURN o.name AS object, f.caption AS caption",
        space=space,
    )
    return {r["object"]: r["caption"] for r in rows}


def styled(node: Any) -> str:
    """A node's caption as the style draws it: its label's template filled with its properties
    (the Browser prints ``{t}: {text}`` from the properties a Statement holds)."""
    (label,) = node.labels
    return str(STYLE[f"node.{label}"]["caption"].format(**dict(node)))


def chain_steps(store: GraphStore, space: str) -> set[tuple[str, str, str]]:
    """Each SUPERSEDED_BY step: the statement that said a version, its caption, the closer."""
    rows = store.query(
        "MATCH (a:Statement {space: $space})-[r:SUPERSEDED_BY]->(b:Statement) "
        "RETURN a.id AS said, r.caption AS caption, b.id AS closer",
        space=space,
    )
    return {(r["said"], r["caption"], r["closer"]) for r in rows}


STEPS = {
    ("fact-6", "[6, 7) plans to travel to", "fact-7"),
    ("fact-9", "[9, 10) lives in", "fact-10"),
}


def records(store: GraphStore, cypher: str, params: dict[str, Any]) -> list[neo4j.Record]:
    """The rows as the Browser gets them: nodes, relationships and paths, not plain dicts."""
    return store.read(lambda tx: list(tx.run(cypher, params)))


def day(i: int) -> str:
    return (FIRST_DAY + timedelta(days=i - 1)).isoformat()


def remember_stream(recallgraph: RecallGraph, space: str) -> None:
    """The stream (t = 1..5), then Brandon's facts as the memory model would write them, one
    update each: Paris (t = 6), replaced by Brazil (7), a salad (8), Carter's city (9), retracted
    (10). Update t was observed on day t of March 2025."""
    recallgraph.remember(
        space,
        [StatementInput(text, observed_at=day(t)) for t, text in enumerate(STREAM, start=1)],
    )
    for t, (subject, relation, obj) in enumerate(
        (
            ("Brandon", "plans to travel to", "Paris"),
            ("Brandon", "plans to travel to", "Brazil"),
            ("Brandon", "ate", "salad"),
            ("Carter", "lives in", "Boston"),
            ("Carter", "not lives in", "*"),
        ),
        start=len(STREAM) + 1,
    ):
        observed = datetime.fromisoformat(day(t)).replace(tzinfo=UTC)
        said = StatementRecord(f"fact-{t}", f"{subject} {relation} {obj}.", observed_at=observed)
        triple = Triple.from_parts(subject, relation, obj)
        receipt = recallgraph.triples.write(space, [triple], writer="test", statement=said)
        assert receipt.t == t


def test_captions_are_words_intervals_and_names(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    remember_stream(recallgraph, space)
    concepts = concept_captions(store, space)
    # "vacation" three times, "Vacation" once: the word most used, the stem kept as the label.
    assert concepts["vacat"] == ("vacation", ["vacation", "Vacation"], [3, 1])
    assert concepts["pari"][0] == "Paris" and concepts["brandon"][0] == "Brandon"
    assert fact_captions(store, space) == {
        "Paris": "[6, 7) plans to travel to",
        "Brazil": "[7, now) plans to travel to",
        "salad": "[8, now) ate",
        "Boston": "[9, 10) lives in",
    }
    entities = store.query(
        "MATCH (e:Entity {space: $space}) RETURN e.name AS name, e.caption AS caption",
        space=space,
    )
    assert all(row["caption"] == row["name"] for row in entities) and len(entities) == 6
    # Statements show their t and the start of their text (the Browser cuts the rest).
    statements = records(
        store, "MATCH (st:Statement {space: $space}) RETURN st ORDER BY st.t", {"space": space}
    )
    drawn = [styled(row["st"]) for row in statements]
    assert drawn[0] == "1: Brandon wants to go to Paris for his next vacation."
    assert drawn[6] == "7: Brandon plans to travel to Brazil."
    assert len(drawn) == 10 and all(c.split(": ", 1)[0].isdigit() for c in drawn)
    # What replaced what: a step from the statement that said a version to the one that closed
    # it (a belief update, t = 7; a retraction, t = 10), with the closed version's caption.
    assert chain_steps(store, space) == STEPS


def test_an_import_restores_captions_with_the_intervals(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    remember_stream(recallgraph, space)
    exported = io.StringIO()
    recallgraph.export(space, exported)
    copy = new_space_name("import")
    try:
        recallgraph.import_(copy, exported.getvalue().splitlines())
        assert fact_captions(store, copy) == fact_captions(store, space)
        assert chain_steps(store, copy) == STEPS
        paris = recallgraph.facts(copy, "Brandon", object="Paris", history=True).facts[0]
        recallgraph.triples.delete(copy, paris.id)
        carter = ("fact-9", "[9, 10) lives in", "fact-10")
        assert chain_steps(store, copy) == {carter}, "a deleted version takes its step"
    finally:
        recallgraph.delete_space(copy)


def test_the_migration_fills_captions_of_older_data(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    remember_stream(recallgraph, space)
    written = (concept_captions(store, space), fact_captions(store, space))
    for forget in (
        "MATCH (c:Concept {space: $space}) REMOVE c.caption, c.name_counts",
        "MATCH (e:Entity {space: $space}) REMOVE e.caption",
        "MATCH (:Entity {space: $space})-[f:FACT]->() REMOVE f.caption",
        "MATCH (:Statement {space: $space})-[r:SUPERSEDED_BY]->() DELETE r",
    ):
        store.run_autocommit(forget, space=space)
    assert concept_captions(store, space)["vacat"] == (None, ["vacation", "Vacation"], None)
    assert chain_steps(store, space) == set()
    for statement in (
        BACKFILL_CONCEPT_CAPTIONS,
        BACKFILL_FACT_CAPTIONS,
        BACKFILL_ENTITY_CAPTIONS,
        BACKFILL_CHAINS,
    ):
        store.run_autocommit(statement)
    assert chain_steps(store, space) == STEPS
    # Older data has no counts: each word counts the statements that contain it ("vacation"
    # is in three, "Vacation" in one), which here is what the write path counted.
    assert (concept_captions(store, space), fact_captions(store, space)) == written
    assert (
        store.query(
            "MATCH (e:Entity {space: $space}) WHERE e.caption IS NULL RETURN e", space=space
        )
        == []
    )


def test_every_guide_query_runs_with_the_parameters_the_browser_sends(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    remember_stream(recallgraph, space)
    shape = TraversalShape(window=15, alpha=3.0, depth=2, max_concepts=10)
    examples = GuideExamples(space, "Brandon", "Brandon", 6, day(6))
    # `:params {…}` is parsed by the Browser in JavaScript: every number arrives as a float.
    params = {
        key: float(value) if isinstance(value, int) else value
        for key, value in browser_parameters(examples, shape).items()
    }
    queries = {q.name: q.cypher for q in browser_queries(shape.depth)}
    results = {name: records(store, cypher, params) for name, cypher in queries.items()}
    assert all(results.values()), [name for name, rows in results.items() if not rows]

    timeline = results["timeline-table"]
    assert [(r["object"], r["from_t"], r["until_t"]) for r in timeline] == [
        ("Paris", 6, 7),
        ("Brazil", 7, None),
        ("salad", 8, None),
    ]
    assert timeline[0]["said_by"] == "Brandon plans to travel to Paris."
    # The chain drawn: statements (captioned "t: text") linked by the step of each version.
    (chain,) = [row["p"] for row in results["fact-chain"]]
    assert [styled(n) for n in chain.nodes] == [
        "6: Brandon plans to travel to Paris.",
        "7: Brandon plans to travel to Brazil.",
    ]
    assert [(r.type, r["caption"]) for r in chain.relationships] == [
        ("SUPERSEDED_BY", "[6, 7) plans to travel to")
    ]
    chains = {(r["relation"], r["step"]): r for r in results["fact-chains"]}
    paris = chains[("plans to travel to", 1)]
    assert (paris["object"], paris["superseded_by"]) == ("Paris", "Brazil")
    assert paris["because"] == "Brandon plans to travel to Brazil."

    ranking = results["neighbourhood-ranking"]
    assert {"Paris", "vacation", "salad"} <= {r["concept"] for r in ranking}
    assert [r["score"] for r in ranking] == sorted((r["score"] for r in ranking), reverse=True)
    path_nodes = {n["caption"] for row in results["neighbourhood"] for n in row["p"].nodes}
    assert {r["concept"] for r in ranking} <= path_nodes

    # As of t = 6 Brandon plans Paris (Brazil replaces it at 7); 2025-03-07 is t = 7.
    assert {
        (r["a"]["name"], r["r"]["caption"]) for r in results["as-of-t"] if "name" in r["a"]
    } == {("Brandon", "[6, 7) plans to travel to")}
    assert {r["b"]["name"] for r in results["as-of-date"]} == {"Paris"}  # 2025-03-06
    later = records(store, queries["as-of-date"], params | {"date": day(7)})
    assert {r["b"]["name"] for r in later} == {"Brazil"}
    calendar = results["calendar"]
    assert [(r["day"], r["first_t"]) for r in calendar[:2]] == [(day(1), 1), (day(2), 2)]
    counts = results["space-counts"][0]
    assert (counts["statements"], counts["fact_versions"], counts["believed_now"]) == (10, 4, 2)


def test_browse_examples_show_history(
    recallgraph: RecallGraph, store: GraphStore, space: str
) -> None:
    remember_stream(recallgraph, space)
    assert example_subject(store, space) == "Brandon"  # the subject whose facts changed most
    assert example_concept(store, space, ["nosuch", "pari"]) == "Paris"
    assert example_concept(store, space) == "Brandon"  # merged most often
    assert example_moment(store, space) == (5, day(5))  # half the clock, and its day
    assert example_moment(store, space, 9) == (9, day(9))
