"""Export and import of a space's memory as JSON Lines (MEMLLM §1: an interoperable memory).

One JSON object per line, each with a ``kind``:

- ``space`` (first line): ``format`` = ``"recallgraph-memory"``, ``version``, ``name``, ``t`` (the
  space's clock when exported);
- ``statement``: ``id``, ``t``, ``text``, ``source``, ``observed_at`` (ISO 8601, its zone kept),
  the resolved date phrases (``date_texts``, ``date_kinds``, ``date_first``, ``date_last``) —
  every knowledge update;
- ``fact``: ``subject``, ``relation``, ``object``, ``t_from``, ``t_to`` (null while believed),
  ``t_confirmed``, ``confirmations``, ``statement_id``, ``source``, ``writer``, ``closed_by``,
  ``id``, ``valid_from``, ``valid_to`` (dates the statement gave) — every version, current or
  closed;
- ``end`` (last line, version 2): ``statements`` and ``facts``, the counts, so a file cut short
  is refused instead of imported silently.

An export is a snapshot at its header's ``t``: it streams page by page (never the whole space in
memory), and writes that commit meanwhile are left out — statements after ``t`` are not listed,
and a fact closed after ``t`` is exported as still believed (a fact confirmed again meanwhile
keeps its newer count, its ``t_confirmed`` capped at ``t``).

Other kinds (concepts, …) can be added later: an importer skips kinds it does not know and
reports how many. Import goes into an **empty** space only, all or nothing, after every check of
``hybrid.memory_records`` (intervals in order, in ``t`` and in dates; ``observed_at`` never running
backwards as ``t`` increases, unless ``RECALLGRAPH_OBSERVED_ORDER=warn``) and the cardinality
rules (at most one believed value of a single-valued relation, no overlapping intervals); it
reproduces every fact with its interval, source, writer and statement; fact ids are new (they are
unique database-wide and the exported space may still exist), names are re-embedded, the clock
ends at least at the largest ``t`` imported, and the statements are marked for the vector store,
which takes them in the background.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import pairwise
from typing import Any, TextIO

from extraction.cardinality import Cardinality
from extraction.statements import ObservedOrder
from graph.errors import InvalidInputError
from graph.facts_io import export_facts, export_statements, restore_space
from graph.facts_write import Named
from graph.keys import entity_key, relation_key
from graph.spaces import current_t
from graph.store import GraphStore
from hybrid.memory_records import FORMAT, VERSION, ExportedFact, ParsedExport, parse_export
from hybrid.triple_memory import TripleMemory


@dataclass(frozen=True)
class ExportSummary:
    statements: int
    facts: int


@dataclass(frozen=True)
class ImportSummary:
    statements: int
    facts: int
    entities: int
    relations: int
    clock: int
    skipped: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=False) + "\n"


def export_lines(store: GraphStore, space: str) -> Iterator[str]:
    """The space as JSON Lines, one line at a time, as of its clock when the export began."""
    t = current_t(store, space)
    yield _line(
        {
            "kind": "space",
            "format": FORMAT,
            "version": VERSION,
            "name": space,
            "t": t,
            "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
    )
    statements = facts = 0
    for row in export_statements(store, space, t):
        yield _line({"kind": "statement", **row})
        statements += 1
    for row in export_facts(store, space, t):
        yield _line({"kind": "fact", **row})
        facts += 1
    yield _line({"kind": "end", "statements": statements, "facts": facts})


def export_space(store: GraphStore, space: str, sink: TextIO) -> ExportSummary:
    """Write the space's statements and facts to ``sink`` as JSON Lines."""
    end: dict[str, Any] = {}
    for line in export_lines(store, space):
        sink.write(line)
        end = json.loads(line)
    return ExportSummary(statements=end["statements"], facts=end["facts"])


def _check_cardinality(memory: TripleMemory, parsed: ParsedExport) -> None:
    """A single-valued relation holds one value at a time: its versions' intervals of one
    subject may not overlap (so at most one of them is still believed)."""
    versions: dict[tuple[str, str], list[ExportedFact]] = defaultdict(list)
    single: dict[str, bool] = {}
    for f in parsed.facts:
        r = relation_key(f.relation)
        if r not in single:
            single[r] = memory.cardinality(r) is Cardinality.SINGLE
        if single[r]:
            versions[(entity_key(f.subject), r)].append(f)
    for (_, r), facts in versions.items():
        facts.sort(key=lambda f: f.t_from)
        for before, after in pairwise(facts):
            if before.t_to is None or before.t_to > after.t_from:
                believed = "both believed" if before.t_to is None else "overlapping intervals"
                raise InvalidInputError(
                    f"line {parsed.line(after)}: fact: {after.subject!r} {r!r} is single-valued "
                    f"but has two values at t={after.t_from} ({before.object!r} from line "
                    f"{parsed.line(before)}, {after.object!r}; {believed})"
                )


def import_space(
    memory: TripleMemory,
    space: str,
    lines: Iterable[str],
    *,
    max_statement_chars: int = 200_000,
    pending: tuple[str, ...] = (),
    observed_order: ObservedOrder = "refuse",
) -> ImportSummary:
    """Load an export into the empty ``space``, all or nothing; raise ``ConflictError`` if it
    holds anything and ``InvalidInputError`` naming the first bad line. ``pending`` names the
    stores beside Neo4j (the vector store) that must still take the statements.
    ``observed_order`` (``RECALLGRAPH_OBSERVED_ORDER``): an ``observed_at`` that runs backwards
    as ``t`` increases is refused, or imported with a warning in the summary."""
    parsed = parse_export(lines, max_statement_chars, observed_order)
    _check_cardinality(memory, parsed)
    entity_names: dict[str, str] = {}
    relation_names: dict[str, str] = {}
    for f in parsed.facts:
        entity_names.setdefault(entity_key(f.subject), f.subject)
        entity_names.setdefault(entity_key(f.object), f.object)
        relation_names.setdefault(relation_key(f.relation), f.relation)
    entity_vectors = memory.names.entities(list(entity_names))
    relation_vectors = memory.names.relations(list(relation_names))
    clock = parsed.clock
    restore_space(
        memory.store,
        space,
        statements=[
            s.model_dump(exclude={"kind"}) | {"pending": list(pending)} for s in parsed.statements
        ],
        entities=[Named(n, k, entity_vectors[k]) for k, n in entity_names.items()],
        relations=[Named(n, k, relation_vectors[k]) for k, n in relation_names.items()],
        facts=[
            {
                **f.model_dump(exclude={"kind", "id", "subject", "object"}),
                "subject_key": entity_key(f.subject),
                "object_key": entity_key(f.object),
                "relation_key": relation_key(f.relation),
                "t_confirmed": f.t_confirmed if f.t_confirmed is not None else f.t_from,
            }
            for f in parsed.facts
        ],
        clock=clock,
    )
    return ImportSummary(
        statements=len(parsed.statements),
        facts=len(parsed.facts),
        entities=len(entity_names),
        relations=len(relation_names),
        clock=clock,
        skipped=dict(parsed.skipped),
        warnings=list(parsed.warnings),
    )
