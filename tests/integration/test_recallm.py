"""RecallM on the real Neo4j: knowledge updates, revision, and temporal-window retrieval."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

import pytest

from experiments.noise import unrelated_statements
from extraction.statements import IngestSettings, StatementInput
from graph.concept_merges import ConceptRow
from graph.concept_writes import ConceptsPart
from graph.concepts import get_concept
from graph.errors import InvalidInputError, PayloadTooLargeError
from graph.spaces import current_t, describe_space
from graph.store import GraphStore
from graph.updates import StatementRecord, get_statement, write_update
from hybrid.graph_reader import GraphReader, GraphRecipe
from hybrid.ingestion import Ingestor

OFF = IngestSettings(revision_mode="off")


def feed(ingestor: Ingestor, space: str, texts: Iterable[str]) -> list[int]:
    """Each text its own update, a repeated one too (an id says "said again")."""
    return [ingestor.ingest(space, StatementInput(text, id=uuid.uuid4().hex)).t for text in texts]


def with_noise(updates: list[str], gap: int, seed: int = 7) -> list[str]:
    """The updates in order with ``gap`` unrelated statements before each."""
    noise = unrelated_statements(gap * len(updates), seed)
    stream: list[str] = []
    for update in updates:
        stream.extend(next(noise) for _ in range(gap))
        stream.append(update)
    return stream


def relation(store: GraphStore, space: str, a: str, b: str) -> dict:
    rows = store.query(
        "MATCH (:Concept {space: $space, label: $a})-[r:RELATED]-(:Concept {space: $space, "
        "label: $b}) RETURN r.strength AS strength, r.t AS t",
        space=space,
        a=a,
        b=b,
    )
    assert len(rows) == 1, rows
    return rows[0]


def test_update_merges_concepts_and_strengthens_relations(store: GraphStore, space: str) -> None:
    ingestor = Ingestor(store, OFF)
    feed(
        ingestor,
        space,
        ["Brandon bought a guitar.", "Carter sold a piano.", "Brandon tuned the guitar."],
    )
    brandon = get_concept(store, space, "brandon")
    assert brandon is not None
    assert brandon["merges"] == 2 and brandon["t"] == 3
    assert brandon["context"] == ["Brandon bought a guitar.", "Brandon tuned the guitar."]
    assert brandon["context_t"] == [1, 3]
    assert relation(store, space, "brandon", "guitar") == {"strength": 2, "t": 3}
    assert relation(store, space, "carter", "piano") == {"strength": 1, "t": 2}
    mentions = store.query(
        "MATCH (st:Statement {space: $space, t: 3})-[:MENTIONS]->(c:Concept) "
        "RETURN c.label AS label ORDER BY label",
        space=space,
    )
    assert [m["label"] for m in mentions] == ["brandon", "guitar"]


def test_update_is_one_transaction(store: GraphStore, space: str) -> None:
    class Failing:
        name = "failing"

        @staticmethod
        def write_batch(tx, space, stamped):  # type: ignore[no-untyped-def]
            raise RuntimeError("a part failed mid-update")

    concepts = ConceptsPart([ConceptRow("x1", ("x1",), ("x1 here.",))], [], 3, 2000)
    with pytest.raises(RuntimeError):
        write_update(store, space, StatementRecord("s1", "x1 here."), [concepts, Failing()])
    assert current_t(store, space) == 0
    assert get_statement(store, space, "s1") is None
    assert get_concept(store, space, "x1") is None


def test_bad_statements_are_refused_and_lose_nothing(store: GraphStore, space: str) -> None:
    ingestor = Ingestor(store, IngestSettings(max_statement_chars=1000))
    ingestor.ingest(space, StatementInput("Brandon bought a guitar."))
    with pytest.raises(InvalidInputError, match="text is empty"):
        ingestor.ingest(space, StatementInput("   \n"))
    with pytest.raises(PayloadTooLargeError, match="limit is 1000"):
        ingestor.ingest(space, StatementInput("word " * 500))
    summary = describe_space(store, space)
    assert (summary.t, summary.statements) == (1, 1)


def test_brazil_is_retrieved_after_the_paris_sentences(store: GraphStore, space: str) -> None:
    updates = [
        "Brandon wants to go to Paris for his next vacation.",
        "Brandon is still looking forward to his vacation in Paris.",
        "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead.",
    ]
    feed(Ingestor(store, IngestSettings()), space, with_noise(updates, gap=30))
    evidence = GraphReader(store, None).retrieve(
        space, "Where does Brandon plan on traveling for his next vacation?"
    )
    sentences = [text for _, text in evidence.sentences]
    assert updates[2] in sentences
    paris_only = [i for i, s in enumerate(sentences) if "Paris" in s and "Brazil" not in s]
    assert paris_only, "the earlier Paris plans are part of the evidence"
    assert max(paris_only) < sentences.index(updates[2]), "the Brazil update comes last"
    assert [t for t, _ in evidence.sentences] == sorted(t for t, _ in evidence.sentences)


def test_salad_is_retrieved_before_banana(store: GraphStore, space: str) -> None:
    updates = [
        "Brandon just ate a salad.",
        "Carter just ate some chicken.",
        "Brandon just ate a banana.",
    ]
    feed(Ingestor(store, IngestSettings()), space, with_noise(updates, gap=25))
    evidence = GraphReader(store, None).retrieve(
        space, "What was the last thing Brandon ate before the banana?"
    )
    sentences = [text for _, text in evidence.sentences]
    assert sentences.index("Brandon just ate a salad.") < sentences.index(
        "Brandon just ate a banana."
    )


def test_temporal_window_excludes_a_relation_older_than_s(store: GraphStore, space: str) -> None:
    ingestor = Ingestor(store, OFF)
    feed(ingestor, space, ["Brandon owns a kayak."])  # brandon-kayak relation at t=1
    feed(ingestor, space, [f"The kayak was painted colour {i} by Carter." for i in range(20)])
    assert relation(store, space, "brandon", "kayak")["t"] == 1
    assert get_concept(store, space, "kayak")["t"] == 21  # type: ignore[index]

    def neighbours(window: int) -> set[str]:
        reader = GraphReader(store, None, GraphRecipe(window=window, depth=1))
        return {c.label for c in reader.retrieve(space, "What does Brandon own?").concepts}

    assert "kayak" not in neighbours(window=15), "T(kayak) - s = 6 > T(relation) = 1"
    assert "kayak" in neighbours(window=25), "T(kayak) - s = -4 <= 1"


def test_unknown_concepts_give_an_explicit_no_information_answer(
    store: GraphStore, space: str
) -> None:
    feed(Ingestor(store, OFF), space, ["Brandon bought a guitar."])
    candidate = GraphReader(store, llm=None).answer(space, "Where is the lighthouse of Zorbania?")
    assert candidate.no_information
    assert "no information" in candidate.answer and candidate.evidence == []


def test_recent_revision_trims_context_and_keeps_statements(store: GraphStore, space: str) -> None:
    ingestor = Ingestor(store, IngestSettings(revision_mode="recent", revision_period=3))
    texts = [
        "Brandon wants to go to Paris for his next vacation.",
        "Brandon is still looking forward to his vacation in Paris.",
        "Brandon cancelled his Paris trip, and is now planning on going to Brazil instead.",
    ]
    feed(ingestor, space, texts)
    brandon = get_concept(store, space, "brandon")
    assert brandon is not None and brandon["revisions"] == 1 and brandon["revised_at"] == 3
    assert texts[0] not in brandon["context"]
    assert texts[2] in brandon["context"]
    assert describe_space(store, space).statements == 3
    assert (
        get_statement(
            store,
            space,
            store.query(
                "MATCH (st:Statement {space: $space, t: 1}) RETURN st.id AS id", space=space
            )[0]["id"],
        )["text"]
        == texts[0]
    )


def test_revision_off_keeps_every_sentence(store: GraphStore, space: str) -> None:
    feed(
        Ingestor(store, OFF),
        space,
        ["Brandon ran.", "Brandon swam with Carter.", "Brandon ran."] * 2,
    )
    brandon = get_concept(store, space, "brandon")
    assert brandon is not None and brandon["revisions"] == 0 and len(brandon["context"]) == 6


def test_llm_mode_reports_due_concepts_instead_of_revising_inline(
    store: GraphStore, space: str
) -> None:
    ingestor = Ingestor(store, IngestSettings(revision_mode="llm", revision_period=2))
    first = ingestor.ingest(space, StatementInput("Brandon ate a salad."))
    second = ingestor.ingest(space, StatementInput("Brandon ate a banana."))
    assert first.due_for_revision == []
    assert [d.label for d in second.due_for_revision] == ["brandon"]
    assert second.due_for_revision[0].context == ("Brandon ate a salad.", "Brandon ate a banana.")
