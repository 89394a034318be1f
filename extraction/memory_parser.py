"""Read MEM_WRITE / MEM_READ calls out of model output, in both papers' forms, never raising.

A small model's output is often almost right: a call missing its closing braces, a triple with two
parts, a name with a stray ``>``. The parser keeps every well-formed call (and every well-formed
triple of a call with some bad ones) and reports each thing it could not read as a ``ParseIssue``
with its position, so the caller can log it or show it to the model. The text forms are
described in ``extraction.memory_api``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import ValidationError

from extraction.memory_api import (
    CallForm,
    ParseIssue,
    ParseResult,
    Query,
    ReadCall,
    Triple,
    WriteCall,
)
from extraction.temporal_ops import split_operator
from graph.errors import describe_validation_error

_OPENER = re.compile(r"\(\{\s*MEM_(WRITE|READ)|\[\s*MEM_(WRITE|READ)\s*\{")
_MEMLLM_WRITE_ARROW = re.compile(r"\s*-->")
_MEMLLM_READ_PAREN = re.compile(r"\s*\(")
_MEMLLM_READ_ARROW = re.compile(r"\)\s*-->")
_MEMLLM_CLOSE = re.compile(r"\}\s*\)")
_RETLLM_CLOSE = re.compile(r"\}\s*\]")
_FRAGMENT_CHARS = 200


@dataclass
class _Scan:
    """The text being parsed and what was found so far."""

    text: str
    calls: list[WriteCall | ReadCall]
    issues: list[ParseIssue]

    def issue(self, start: int, end: int, reason: str) -> None:
        end = max(end, start)
        self.issues.append(
            ParseIssue(
                start=start, end=end, reason=reason, fragment=self.text[start:end][:_FRAGMENT_CHARS]
            )
        )

    def limit(self, start: int) -> int:
        """Where the next call opens after ``start`` (a call's body may not run past it)."""
        following = _OPENER.search(self.text, start)
        return following.start() if following else len(self.text)


def _triples(scan: _Scan, body: str, offset: int) -> list[Triple]:
    """The well-formed ``s>>r>>o`` items of a ``;``-separated body; the others become issues."""
    triples: list[Triple] = []
    position = offset
    for item in body.split(";"):
        start, position = position, position + len(item) + 1
        if not item.strip():
            continue
        parts = item.split(">>")
        if len(parts) != 3:
            scan.issue(start, start + len(item), f"a triple needs 3 '>>' parts, not {len(parts)}")
            continue
        try:
            triples.append(Triple.from_parts(*parts))
        except ValidationError as e:
            scan.issue(start, start + len(item), describe_validation_error(e, fields=False))
    return triples


def _queries(scan: _Scan, body: str, offset: int) -> list[Query]:
    queries: list[Query] = []
    position = offset
    for item in body.split(";"):
        start, position = position, position + len(item) + 1
        if not item.strip():
            continue
        parts = item.split(">>")
        if len(parts) != 3:
            scan.issue(start, start + len(item), f"a query needs 3 '>>' parts, not {len(parts)}")
            continue
        last, when, problem = split_operator(parts[2])
        if problem is not None:
            scan.issue(start, start + len(item), f"{problem} (read as a query for now)")
        try:
            queries.append(Query(subject=parts[0], relation=parts[1], object=last, when=when))
        except ValidationError as e:
            scan.issue(start, start + len(item), describe_validation_error(e, fields=False))
    return queries


def _memllm_write(scan: _Scan, start: int, after: int) -> int:
    text, limit = scan.text, scan.limit(after)
    arrow = _MEMLLM_WRITE_ARROW.match(text, after)
    if arrow is None:
        scan.issue(start, after, "MEM_WRITE must be followed by '-->'")
        return after
    close = _MEMLLM_CLOSE.search(text, arrow.end(), limit)
    if close is None:
        scan.issue(start, limit, "MEM_WRITE is not closed with '})'")
        return limit
    triples = _triples(scan, text[arrow.end() : close.start()], arrow.end())
    if triples or not text[arrow.end() : close.start()].strip():
        # An empty MEMLLM write is the model saying "nothing to store" (MEMLLM §3.3.1).
        scan.calls.append(
            WriteCall(triples=tuple(triples), form=CallForm.MEMLLM, start=start, end=close.end())
        )
    return close.end()


def _memllm_read(scan: _Scan, start: int, after: int) -> int:
    text, limit = scan.text, scan.limit(after)
    paren = _MEMLLM_READ_PAREN.match(text, after)
    if paren is None:
        scan.issue(start, after, "MEM_READ must be followed by '('")
        return after
    arrow = _MEMLLM_READ_ARROW.search(text, paren.end(), limit)
    if arrow is None:
        scan.issue(start, limit, "MEM_READ queries are not closed with ')-->'")
        return limit
    queries = _queries(scan, text[paren.end() : arrow.start()], paren.end())
    close = _MEMLLM_CLOSE.search(text, arrow.end(), limit)
    if close is None and text[arrow.end() : limit].strip():
        scan.issue(start, limit, "MEM_READ results are not closed with '})'")
        return limit
    end = close.end() if close else limit
    results = None
    if close is not None:
        results = tuple(
            r.strip() for r in text[arrow.end() : close.start()].split(",") if r.strip()
        )
    if queries:
        scan.calls.append(
            ReadCall(
                queries=tuple(queries),
                results=results,
                form=CallForm.MEMLLM,
                start=start,
                end=end if close else arrow.end(),
            )
        )
    elif not text[paren.end() : arrow.start()].strip():
        scan.issue(start, end, "MEM_READ holds no query")
    return end


def _retllm_write(scan: _Scan, start: int, after: int) -> int:
    text, limit = scan.text, scan.limit(after)
    close = _RETLLM_CLOSE.search(text, after, limit)
    if close is None:
        scan.issue(start, limit, "MEM_WRITE is not closed with '}]'")
        return limit
    triples = _triples(scan, text[after : close.start()], after)
    if triples:
        scan.calls.append(
            WriteCall(triples=tuple(triples), form=CallForm.RETLLM, start=start, end=close.end())
        )
    elif not text[after : close.start()].strip():
        scan.issue(start, close.end(), "MEM_WRITE holds no triple")
    return close.end()


def _retllm_results(body: str) -> tuple[str, ...] | None:
    """``{s>>r>>o};{…}`` as a tuple of ``s>>r>>o`` strings, or None when it is not that shape."""
    items = [item.strip() for item in body.split(";") if item.strip()]
    if not all(item.startswith("{") and item.endswith("}") for item in items):
        return None
    return tuple(item[1:-1].strip() for item in items if item[1:-1].strip())


def _skip_space(text: str, position: int, limit: int) -> int:
    while position < limit and text[position].isspace():
        position += 1
    return position


def _retllm_read(scan: _Scan, start: int, after: int) -> int:
    text, limit = scan.text, scan.limit(after)
    close = text.find("}", after, limit)
    if close < 0:
        scan.issue(start, limit, "MEM_READ query is not closed with '}'")
        return limit
    queries = _queries(scan, text[after:close], after)
    results: tuple[str, ...] | None = None
    position = _skip_space(text, close + 1, limit)
    if position == limit:
        end = close + 1
    elif text[position] == "]":
        end = position + 1
    elif text[position] == ":":
        body_start = _skip_space(text, position + 1, limit)
        if body_start == limit:
            end = position + 1
        elif text[body_start] == "]":
            results, end = (), body_start + 1
        else:
            bracket = _RETLLM_CLOSE.search(text, body_start, limit)
            results = (
                None if bracket is None else _retllm_results(text[body_start : bracket.start() + 1])
            )
            if bracket is None or results is None:
                scan.issue(
                    start,
                    limit,
                    "MEM_READ results must be '{s>>r>>o}' items, ';'-separated, then ']'",
                )
                return limit
            end = bracket.end()
    else:
        scan.issue(start, limit, "MEM_READ is not closed with ']'")
        return limit
    if queries:
        scan.calls.append(
            ReadCall(
                queries=tuple(queries), results=results, form=CallForm.RETLLM, start=start, end=end
            )
        )
    elif not text[after:close].strip():
        scan.issue(start, end, "MEM_READ holds no query")
    return end


_HANDLERS: dict[tuple[str, str], Callable[[_Scan, int, int], int]] = {
    ("memllm", "WRITE"): _memllm_write,
    ("memllm", "READ"): _memllm_read,
    ("retllm", "WRITE"): _retllm_write,
    ("retllm", "READ"): _retllm_read,
}


def parse(text: str) -> ParseResult:
    """Every memory call in ``text`` in order, and an issue for each part that is malformed."""
    scan = _Scan(text=text, calls=[], issues=[])
    position = 0
    while (opener := _OPENER.search(text, position)) is not None:
        form = "memllm" if opener.group(1) else "retllm"
        verb = opener.group(1) or opener.group(2)
        end = _HANDLERS[(form, verb)](scan, opener.start(), opener.end())
        position = max(end, opener.end())
    return ParseResult(calls=scan.calls, issues=scan.issues)
