"""The Browser's ready queries run against a real space; the style covers every node label."""

from __future__ import annotations

from app.browser import browser_queries, style_grass
from extraction.statements import StatementInput
from graph.store import GraphStore
from hybrid.ingestion import Ingestor
from hybrid.recallgraph import RecallGraph


def test_every_ready_query_runs_and_finds_the_ingested_graph(
    store: GraphStore, recallgraph: RecallGraph, space: str
) -> None:
    ingestor = Ingestor(store, recallgraph.ingest_settings)
    for text in ("Brandon bought a guitar.", "Brandon sold the guitar to Carter."):
        ingestor.ingest(space, StatementInput(text))
    params = {"space": space, "label": "brandon", "window": 15, "subject": "brandon"}
    queries = {q.name: q for q in browser_queries()}
    assert set(queries) >= {
        "neighbourhood",
        "fact-history",
        "recent-updates",
        "strongest-relations",
    }
    results = {
        name: store.query(query.cypher.rstrip(";"), **params) for name, query in queries.items()
    }
    assert {row["n"]["label"] for row in results["neighbourhood"]} == {"guitar"}
    assert len(results["recent-updates"]) == 5  # 2 + 3 concepts
    strongest = results["strongest-relations"][0]
    assert (strongest["a"]["label"], strongest["b"]["label"]) == ("brandon", "guitar")
    assert all(q.description for q in queries.values())


def test_style_covers_every_label_and_shows_strength_and_t() -> None:
    grass = style_grass()
    for selector in ("node.Concept", "node.Entity", "node.Statement", "relationship.RELATED"):
        assert selector in grass
    assert 'caption: "s={strength} t={t}"' in grass
