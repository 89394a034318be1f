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
  closed.

Other kinds (concepts, …) can be added later: an importer skips kinds it does not know and
reports how many. Import goes into an **empty** space only and reproduces every fact with its
interval, source, writer and statement; fact ids are new (they are unique database-wide and the
exported space may still exist), names are re-embedded, and the clock ends at least at the
largest ``t`` imported.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any, Literal, TextIO

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from extraction.datetimes import parse_datetime
from extraction.memory_api import Triple
from graph.errors import InvalidInputError
from graph.facts_io import export_facts, export_statements, restore_space
from graph.facts_write import Named
from graph.keys import entity_key, relation_key
from graph.spaces import current_t
from graph.store import GraphStore
from hybrid.triple_memory import TripleMemory

FORMAT = "recallgraph-memory"
VERSION = 1


class ExportedSpace(BaseModel):
    model_config = ConfigDict(extra="ignore")

    kind: Literal["space"]
    format: Literal["recallgraph-memory"]
    version: int
    name: str
    t: int = 0


class ExportedStatement(BaseModel):
    model_config = ConfigDict(extra="ignore")

    kind: Literal["statement"]
    id: str
    t: int
    text: str
    source: str | None = None
    observed_at: str | None = None
    date_texts: list[str] | None = None
    date_kinds: list[str] | None = None
    date_first: list[date] | None = None
    date_last: list[date] | None = None

    @model_validator(mode="after")
    def _readable_time(self) -> ExportedStatement:
        if self.observed_at is not None:
            parse_datetime(self.observed_at, UTC)
        lists = [self.date_texts, self.date_kinds, self.date_first, self.date_last]
        if len({len(x or []) for x in lists}) > 1:
            raise ValueError("date_texts, date_kinds, date_first and date_last differ in length")
        return self


class ExportedFact(BaseModel):
    model_config = ConfigDict(extra="ignore")

    kind: Literal["fact"]
    subject: str
    relation: str
    object: str
    t_from: int
    t_to: int | None = None
    t_confirmed: int | None = None
    confirmations: int = 1
    statement_id: str
    source: str | None = None
    writer: str = "import"
    closed_by: str | None = None
    id: str | None = None
    valid_from: date | None = None
    valid_to: date | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ExportedFact:
        Triple(subject=self.subject, relation=self.relation, object=self.object)
        if self.t_to is not None and self.t_to < self.t_from:
            raise ValueError(f"t_to {self.t_to} is before t_from {self.t_from}")
        return self


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


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=False) + "\n"


def export_space(store: GraphStore, space: str, sink: TextIO) -> ExportSummary:
    """Write the space's statements and facts to ``sink`` as JSON Lines."""
    header = {
        "kind": "space",
        "format": FORMAT,
        "version": VERSION,
        "name": space,
        "t": current_t(store, space),
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    sink.write(_line(header))
    statements = facts = 0
    for row in export_statements(store, space):
        sink.write(_line({"kind": "statement", **row}))
        statements += 1
    for row in export_facts(store, space):
        sink.write(_line({"kind": "fact", **row}))
        facts += 1
    return ExportSummary(statements=statements, facts=facts)


def _parse_lines(
    lines: Iterable[str],
) -> tuple[ExportedSpace | None, list[ExportedStatement], list[ExportedFact], Counter[str]]:
    header: ExportedSpace | None = None
    statements: list[ExportedStatement] = []
    facts: list[ExportedFact] = []
    skipped: Counter[str] = Counter()
    models: dict[str, type[BaseModel]] = {
        "space": ExportedSpace,
        "statement": ExportedStatement,
        "fact": ExportedFact,
    }
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
            kind = obj.get("kind") if isinstance(obj, dict) else None
            if kind not in models:
                skipped[str(kind)] += 1
                continue
            parsed = models[kind].model_validate(obj)
        except (json.JSONDecodeError, ValidationError) as e:
            raise InvalidInputError(f"line {number}: not a valid memory record: {e}") from e
        if isinstance(parsed, ExportedSpace):
            header = parsed
        elif isinstance(parsed, ExportedStatement):
            statements.append(parsed)
        elif isinstance(parsed, ExportedFact):
            facts.append(parsed)
    return header, statements, facts, skipped


def import_space(memory: TripleMemory, space: str, lines: Iterable[str]) -> ImportSummary:
    """Load an export into the empty ``space``; raise ``ConflictError`` if it holds anything."""
    header, statements, facts, skipped = _parse_lines(lines)
    if header is not None and header.version > VERSION:
        raise InvalidInputError(f"export format version {header.version} is newer than {VERSION}")
    statement_ids = {s.id for s in statements}
    orphans = sorted({f.statement_id for f in facts} - statement_ids)
    if orphans:
        raise InvalidInputError(
            f"{len(orphans)} fact statement ids have no statement line (e.g. {orphans[0]!r})"
        )
    entity_names: dict[str, str] = {}
    relation_names: dict[str, str] = {}
    for f in facts:
        entity_names.setdefault(entity_key(f.subject), f.subject)
        entity_names.setdefault(entity_key(f.object), f.object)
        relation_names.setdefault(relation_key(f.relation), f.relation)
    entity_vectors = memory.names.entities(list(entity_names))
    relation_vectors = memory.names.relations(list(relation_names))
    times = [header.t if header else 0, *(s.t for s in statements)]
    times += [t for f in facts for t in (f.t_from, f.t_to, f.t_confirmed) if t is not None]
    clock = max(times)
    restore_space(
        memory.store,
        space,
        statements=[s.model_dump(exclude={"kind"}) for s in statements],
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
            for f in facts
        ],
        clock=clock,
    )
    return ImportSummary(
        statements=len(statements),
        facts=len(facts),
        entities=len(entity_names),
        relations=len(relation_names),
        clock=clock,
        skipped=dict(skipped),
    )
