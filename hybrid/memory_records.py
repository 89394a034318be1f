"""The records of a memory export (JSON Lines) and everything an import checks before it writes.

An import is a door like any other: its lines come from strangers. Each line is parsed by
``extraction.json_guard`` (bounded memory, no 500 on hostile JSON) and checked field by field,
then the file as a whole: one header, first; statement ids and ``t`` unique; every ``t`` within
``[1, MAX_T]`` and at most the header's clock; every fact's statement present, at its own ``t``;
intervals that close after they open, by the statement that closed them, in ``t`` and in dates
(``valid_to`` not before ``valid_from``, a date phrase's ``date_last`` not before its
``date_first``); ``observed_at`` never running backwards as ``t`` increases (refused, or with
``observed_order="warn"`` accepted with a warning naming the line, as a write would be); a
writer of the form the project writes. A bad line is named by its number and nothing is written
(the import is one transaction after all of this passes). Cardinality (at most one current value
of a single-valued relation) needs the relation rules and is checked by ``hybrid.memory_io``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
    model_validator,
)

from extraction.datetimes import parse_datetime
from extraction.json_guard import loads
from extraction.memory_api import Triple
from extraction.statements import STATEMENT_ID_MAX, ObservedOrder
from graph.errors import InvalidInputError, describe_validation_error

FORMAT = "recallgraph-memory"
VERSION = 2
"""Version 2 ends with an ``end`` line that counts the records: a truncated file is refused.
Version 1 files (no end line) are still read."""

MAX_T = 2**62
"""The largest ``t`` a file may carry: the clock then still has 2^62 updates before Neo4j's 64-bit
integers overflow (a header at 2^63 - 1 would leave none, and every later write would fail)."""
WRITER = re.compile(r"^[a-z][a-z0-9_-]{0,31}(:[A-Za-z0-9._+-]{1,100})?$")
MAX_DATES = 1000
TIME = Field(ge=0, le=MAX_T)
STATEMENT_TIME = Field(ge=1, le=MAX_T)


class _Record(BaseModel):
    """Numbers must be JSON integers (no ``true``, no ``2.0``), texts JSON strings."""

    model_config = ConfigDict(extra="ignore")


class ExportedSpace(_Record):
    kind: Literal["space"]
    format: Literal["recallgraph-memory"]
    version: StrictInt = Field(ge=1, le=VERSION)
    name: StrictStr = Field(max_length=200)
    t: StrictInt = TIME


class ExportedStatement(_Record):
    kind: Literal["statement"]
    id: StrictStr = Field(min_length=1, max_length=STATEMENT_ID_MAX)
    t: StrictInt = STATEMENT_TIME
    text: StrictStr = Field(min_length=1)
    source: StrictStr | None = Field(default=None, max_length=500)
    observed_at: StrictStr | None = Field(default=None, max_length=100)
    date_texts: list[StrictStr] | None = Field(default=None, max_length=MAX_DATES)
    date_kinds: list[StrictStr] | None = Field(default=None, max_length=MAX_DATES)
    date_first: list[date] | None = Field(default=None, max_length=MAX_DATES)
    date_last: list[date] | None = Field(default=None, max_length=MAX_DATES)

    @field_validator("id")
    @classmethod
    def _visible_id(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("id is blank")
        return value

    @field_validator("text")
    @classmethod
    def _real_text(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("text is empty")
        if "\x00" in value:
            raise ValueError("text contains a NUL character")
        return value

    @model_validator(mode="after")
    def _readable_time(self) -> ExportedStatement:
        if self.observed_at is not None:
            parse_datetime(self.observed_at, UTC)
        lists = [self.date_texts, self.date_kinds, self.date_first, self.date_last]
        if len({len(x or []) for x in lists}) > 1:
            raise ValueError("date_texts, date_kinds, date_first and date_last differ in length")
        for i, (first, last) in enumerate(
            zip(self.date_first or [], self.date_last or [], strict=True)
        ):
            if last < first:
                phrase = (self.date_texts or [])[i] if self.date_texts else f"#{i + 1}"
                raise ValueError(
                    f"date phrase {phrase!r} ends (date_last {last}) before it begins "
                    f"(date_first {first})"
                )
        return self

    def observed(self) -> datetime | None:
        return parse_datetime(self.observed_at, UTC) if self.observed_at is not None else None


class ExportedFact(_Record):
    kind: Literal["fact"]
    subject: StrictStr
    relation: StrictStr
    object: StrictStr
    t_from: StrictInt = STATEMENT_TIME
    t_to: StrictInt | None = Field(default=None, ge=1, le=MAX_T)
    t_confirmed: StrictInt | None = Field(default=None, ge=1, le=MAX_T)
    confirmations: StrictInt = Field(default=1, ge=1, le=MAX_T)
    statement_id: StrictStr = Field(min_length=1, max_length=STATEMENT_ID_MAX)
    source: StrictStr | None = Field(default=None, max_length=500)
    writer: StrictStr = "import"
    closed_by: StrictStr | None = Field(default=None, min_length=1, max_length=STATEMENT_ID_MAX)
    id: StrictStr | None = Field(default=None, max_length=200)
    valid_from: date | None = None
    valid_to: date | None = None

    @field_validator("writer")
    @classmethod
    def _known_writer_form(cls, value: str) -> str:
        if not WRITER.match(value):
            raise ValueError(
                "writer must look like 'manual', 'api', 'import' or 'model:<adapter>' "
                f"(lower-case name, optional ':' and a name), got {value[:60]!r}"
            )
        return value

    @model_validator(mode="after")
    def _dates_in_order(self) -> ExportedFact:
        if self.valid_from and self.valid_to and self.valid_to < self.valid_from:
            raise ValueError(
                f"valid_to {self.valid_to} is before valid_from {self.valid_from}: an interval "
                "closes after it opens"
            )
        return self

    def triple(self) -> Triple:
        return Triple(subject=self.subject, relation=self.relation, object=self.object)


class ExportedEnd(_Record):
    kind: Literal["end"]
    statements: StrictInt = Field(ge=0)
    facts: StrictInt = Field(ge=0)


MODELS: dict[str, type[_Record]] = {
    "space": ExportedSpace,
    "statement": ExportedStatement,
    "fact": ExportedFact,
    "end": ExportedEnd,
}


@dataclass
class ParsedExport:
    """A whole file, checked; ``lines`` says where each statement and fact came from."""

    header: ExportedSpace | None = None
    statements: list[ExportedStatement] = field(default_factory=list)
    facts: list[ExportedFact] = field(default_factory=list)
    end: ExportedEnd | None = None
    skipped: Counter[str] = field(default_factory=Counter)
    lines: dict[int, int] = field(default_factory=dict)  # id(record) → line number
    warnings: list[str] = field(default_factory=list)

    @property
    def clock(self) -> int:
        times = [self.header.t if self.header else 0, *(s.t for s in self.statements)]
        return max(times)

    def line(self, record: BaseModel) -> int:
        return self.lines[id(record)]


def _record(number: int, raw: str) -> _Record | str:
    """The line as a record, or the name of a kind this version does not know (skipped)."""
    where = f"line {number}: "
    obj: Any = loads(raw, where=where)
    if not isinstance(obj, dict):
        raise InvalidInputError(f"{where}a memory record is a JSON object")
    kind = obj.get("kind")
    if not isinstance(kind, str) or not kind:
        raise InvalidInputError(f"{where}a memory record needs a 'kind'")
    if kind not in MODELS:
        return kind[:50]
    try:
        record = MODELS[kind].model_validate(obj)
        if isinstance(record, ExportedFact):
            record.triple()
    except ValidationError as e:
        raise InvalidInputError(f"{where}{kind}: {describe_validation_error(e)}") from e
    except ValueError as e:
        raise InvalidInputError(f"{where}{kind}: {e}") from e
    return record


def read_records(lines: Iterable[str], max_statement_chars: int) -> ParsedExport:
    """Every line parsed and checked on its own, in order."""
    parsed = ParsedExport()
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        if parsed.end is not None:
            raise InvalidInputError(f"line {number}: a record after the end line")
        record = _record(number, raw)
        if isinstance(record, str):
            parsed.skipped[record] += 1
            continue
        parsed.lines[id(record)] = number
        if isinstance(record, ExportedSpace):
            if parsed.header is not None or parsed.statements or parsed.facts:
                raise InvalidInputError(f"line {number}: the space line must come first, once")
            parsed.header = record
        elif isinstance(record, ExportedStatement):
            if len(record.text) > max_statement_chars:
                raise InvalidInputError(
                    f"line {number}: text is {len(record.text)} characters; the limit is "
                    f"{max_statement_chars} (RECALLGRAPH_MAX_STATEMENT_CHARS)"
                )
            parsed.statements.append(record)
        elif isinstance(record, ExportedFact):
            parsed.facts.append(record)
        elif isinstance(record, ExportedEnd):
            parsed.end = record
    return parsed


def check_whole(parsed: ParsedExport, observed_order: ObservedOrder = "refuse") -> None:
    """What no single line shows: truncation, duplicates, orphans, time and interval order."""
    header = parsed.header
    if header is not None and header.version >= 2:
        if parsed.end is None:
            raise InvalidInputError(
                "the file has no end line: it was cut short (a version 2 export ends with "
                '{"kind": "end", …}); nothing was imported'
            )
        counted = (parsed.end.statements, parsed.end.facts)
        if counted != (len(parsed.statements), len(parsed.facts)):
            raise InvalidInputError(
                f"line {parsed.line(parsed.end)}: the end line counts {counted[0]} statements and "
                f"{counted[1]} facts, the file holds {len(parsed.statements)} and "
                f"{len(parsed.facts)}: it is incomplete; nothing was imported"
            )
    clock = parsed.clock
    by_id: dict[str, ExportedStatement] = {}
    at_t: dict[int, ExportedStatement] = {}
    for st in parsed.statements:
        where = f"line {parsed.line(st)}: statement"
        if st.id in by_id:
            raise InvalidInputError(f"{where} id {st.id!r} appears twice")
        if st.t in at_t:
            raise InvalidInputError(f"{where} t={st.t} is also statement {at_t[st.t].id!r}'s")
        if header is not None and st.t > header.t:
            raise InvalidInputError(f"{where} t={st.t} is after the space's clock {header.t}")
        by_id[st.id] = at_t[st.t] = st
    _check_observed_order(parsed, observed_order)
    seen: set[tuple[str, str, str, int]] = set()
    for f in parsed.facts:
        _check_fact(f, f"line {parsed.line(f)}: fact", by_id, clock, seen)


def _check_observed_order(parsed: ParsedExport, order: ObservedOrder) -> None:
    """Observed times never run backwards as ``t`` increases (the rule every write keeps): a
    statement observed before an earlier-``t`` statement is refused, naming both lines, or with
    ``warn`` kept and reported (``parsed.warnings``), as ``RECALLGRAPH_OBSERVED_ORDER`` says."""
    latest: tuple[datetime, ExportedStatement] | None = None
    for st in sorted(parsed.statements, key=lambda s: s.t):
        observed = st.observed()
        if observed is None:
            continue
        if latest is not None and observed < latest[0]:
            message = (
                f"line {parsed.line(st)}: statement {st.id!r} (t={st.t}) has observed_at "
                f"{st.observed_at}, before {latest[1].observed_at} of statement "
                f"{latest[1].id!r} (t={latest[1].t}, line {parsed.line(latest[1])}); observed "
                "times never run backwards as t increases"
            )
            if order == "refuse":
                raise InvalidInputError(
                    f"{message}; nothing was imported (RECALLGRAPH_OBSERVED_ORDER=warn imports "
                    "it with a warning)"
                )
            parsed.warnings.append(f"{message} (imported: RECALLGRAPH_OBSERVED_ORDER=warn)")
            continue
        latest = (observed, st)


def _check_fact(
    f: ExportedFact,
    where: str,
    by_id: dict[str, ExportedStatement],
    clock: int,
    seen: set[tuple[str, str, str, int]],
) -> None:
    statement = by_id.get(f.statement_id)
    if statement is None:
        raise InvalidInputError(f"{where} statement {f.statement_id!r} has no statement line")
    if f.t_from != statement.t:
        raise InvalidInputError(
            f"{where} t_from={f.t_from}, but its statement {f.statement_id!r} is at t={statement.t}"
        )
    if f.t_to is not None and not f.t_from <= f.t_to <= clock:
        raise InvalidInputError(f"{where} t_to={f.t_to} is outside [t_from={f.t_from}, {clock}]")
    if f.t_confirmed is not None and not f.t_from <= f.t_confirmed <= clock:
        raise InvalidInputError(
            f"{where} t_confirmed={f.t_confirmed} is outside [t_from={f.t_from}, {clock}]"
        )
    if f.closed_by is not None:
        closer = by_id.get(f.closed_by)
        if f.t_to is None or closer is None or closer.t != f.t_to:
            raise InvalidInputError(
                f"{where} closed_by={f.closed_by!r} is not a statement at its t_to={f.t_to}"
            )
    key = (f.subject, f.relation, f.object, f.t_from)
    if key in seen:
        raise InvalidInputError(f"{where} the same fact from the same t appears twice")
    seen.add(key)


def parse_export(
    lines: Iterable[str], max_statement_chars: int, observed_order: ObservedOrder = "refuse"
) -> ParsedExport:
    """The file, every line and the whole checked; raises ``InvalidInputError`` naming the line.
    ``observed_order`` is ``RECALLGRAPH_OBSERVED_ORDER``: an ``observed_at`` that runs backwards
    is refused, or (``warn``) kept with a warning in ``parsed.warnings``."""
    parsed = read_records(lines, max_statement_chars)
    check_whole(parsed, observed_order)
    return parsed
