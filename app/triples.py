"""Wiring from Settings to the triple memory: thresholds, cardinality lists, the store."""

from __future__ import annotations

from app.config import Settings
from app.runtime import open_store
from extraction.cardinality import CardinalityRules, split_names
from extraction.triple_memory import TripleMemory, TripleMemoryConfig
from graph.facts_read import FuzzyParams


def triple_memory_config(settings: Settings) -> TripleMemoryConfig:
    return TripleMemoryConfig(
        fuzzy=FuzzyParams(
            tau_e=settings.tau_e,
            tau_t=settings.tau_t,
            tau_r=settings.tau_r,
            candidates=settings.vector_candidates,
        ),
        q_thr=settings.q_thr,
        cardinality=CardinalityRules.build(
            single_valued=split_names(settings.single_valued_relations),
            multi_valued=split_names(settings.multi_valued_relations),
            tau=settings.cardinality_tau,
        ),
    )


def open_triple_memory(settings: Settings) -> TripleMemory:
    """The triple memory on the process's store (the embedding model loads on first use)."""
    return TripleMemory(open_store(settings), triple_memory_config(settings))
