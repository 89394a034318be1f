"""LLM context revision never stores a summary over an update that merged into the concept while
the summary was being written: the row lock is taken before the merge count is checked."""

from __future__ import annotations

import threading
import time

from extraction.statements import IngestSettings, StatementInput
from graph.concept_merges import Revision
from graph.concept_writes import write_revisions
from graph.concepts import get_concept
from graph.store import GraphStore
from hybrid.ingestion import Ingestor

MERGE = """
MATCH (c:Concept {space: $space, label: 'brandon'})
SET c.merges = c.merges + 1, c.context = c.context + ['Brandon now lives in Lima.'],
    c.context_t = c.context_t + [2]
"""


def test_a_revision_waits_for_a_running_merge_and_then_yields_to_it(
    store: GraphStore, space: str
) -> None:
    Ingestor(store, IngestSettings(revision_mode="off")).ingest(
        space, StatementInput("Brandon lives in Paris.", "s1")
    )
    before = get_concept(store, space, "brandon")
    assert before is not None
    summary = Revision("brandon", ("Brandon lives in Paris.",), (1,), before["merges"])
    stored: list[list[str]] = []
    with store.driver.session(database=store.database) as session:
        merging = session.begin_transaction()
        merging.run(MERGE, space=space).consume()
        reviser = threading.Thread(
            target=lambda: stored.append(write_revisions(store, space, 2, [summary]))
        )
        reviser.start()
        time.sleep(1.0)  # the revision now waits for the merge's lock
        merging.commit()
    reviser.join(60)
    assert stored == [[]], "the revision was computed before the merge: it must not be stored"
    after = get_concept(store, space, "brandon")
    assert after is not None and "Brandon now lives in Lima." in after["context"]
