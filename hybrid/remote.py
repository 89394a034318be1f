"""``RecallGraph.connect(url, token=...)``: the library's verbs over a server's REST API.

The remote object has the local one's verbs and returns the same types (``IngestOutcome``,
``Answer``, ``FactMatches``, ``FactRecord``, ``SpaceSummary``), so code written against one runs
against the other. The server's errors come back as the project's own exceptions (a 404 is a
``NotFoundError``, a 409 from an out-of-order ``observed_at`` an ``ObservedOrderError``).

Retries: connection failures, 429 and 502/503/504 are retried with exponential backoff. Writes
are safe to retry because every statement has an idempotency key, its ``id``. The client sends
the ids it was given and leaves the others to the server, which derives each from the space, the
text and ``observed_at`` (``extraction.statements.content_id``, as a local ``remember`` does): the
same id on every attempt, and after a restart of the client too, so a retried batch whose first
attempt was stored (and whose answer was lost) stores nothing twice; those statements come back
as duplicates with their original ``t``. (A random id fixed by the client before the first
attempt would survive retries but not a client that crashes and sends its input again.)
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, date, datetime
from types import TracebackType
from typing import Any
from urllib.parse import quote

import requests

from extraction.datetimes import parse_datetime
from extraction.statements import StatementInput
from graph import errors
from graph.facts_read import FactMatches, FactRecord
from graph.spaces import SpaceSummary
from graph.updates import StatementRecord, UpdateReceipt
from hybrid.ask import DEFAULT_MODE, Answer, Mode
from hybrid.candidate import Candidate
from hybrid.ingestion import IngestOutcome, IngestResult

RETRY_STATUSES = frozenset({429, 502, 503, 504})
AsOf = int | str | date | datetime | None
Statements = str | StatementInput | Sequence[str | StatementInput]


def _error_class(code: str | None, status: int) -> type[errors.RecallGraphError]:
    """The project's exception the server raised (its name is the error's ``code``)."""
    named = getattr(errors, code or "", None)
    if isinstance(named, type) and issubclass(named, errors.RecallGraphError):
        return named
    by_status: dict[int, type[errors.RecallGraphError]] = {
        400: errors.InvalidInputError,
        401: errors.InvalidInputError,
        404: errors.NotFoundError,
        409: errors.ConflictError,
        413: errors.PayloadTooLargeError,
        502: errors.ModelError,
        504: errors.ModelTimeoutError,
    }
    return by_status.get(status, errors.GraphUnavailableError)


def _as_of_text(as_of: AsOf) -> str | int | None:
    if isinstance(as_of, datetime | date):
        return as_of.isoformat()
    return as_of


def _answer(data: dict[str, Any]) -> Answer:
    return Answer(
        question=data["question"],
        mode=data["mode"],
        answer=data["answer"],
        chosen=data["chosen"],
        candidates=[Candidate.from_dict(c) for c in data["candidates"]],
        reason=data.get("reason"),
        as_of=data.get("as_of"),
    )


def _inputs(statements: Statements) -> list[StatementInput]:
    """Every statement as given: one without an id gets the one the server derives from its
    space, text and ``observed_at``, the same on every attempt (and the same as a local
    ``remember`` would give it), so a retry stores nothing twice."""
    if isinstance(statements, str | StatementInput):
        statements = [statements]
    return [s if isinstance(s, StatementInput) else StatementInput(text=s) for s in statements]


def _body(statement: StatementInput) -> dict[str, Any]:
    observed = statement.observed_at
    if isinstance(observed, datetime):
        observed = observed.isoformat()
    body = {"text": statement.text, "id": statement.id, "source": statement.source}
    return body | ({"observed_at": observed} if observed is not None else {})


def _outcome(statement: StatementInput, row: dict[str, Any]) -> IngestOutcome:
    observed = statement.observed_at
    if isinstance(observed, str):
        observed = parse_datetime(observed, UTC)
    record = StatementRecord(row["id"], statement.text, statement.source, observed)
    receipt = UpdateReceipt(
        row["id"],
        row["t"],
        row["duplicate"],
        row.get("written") or {},
        tuple(row.get("warnings") or ()),
    )
    return IngestOutcome(
        IngestResult(record, receipt),
        pending=list(row.get("pending") or []),
        warnings=list(row.get("warnings") or []),
    )


class RemoteRecallGraph:
    """The library's verbs on a RecallGraph server (``recallgraph serve``), over HTTP."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        *,
        timeout: float = 300.0,
        retries: int = 3,
        backoff: float = 0.5,
        session: requests.Session | None = None,
    ) -> None:
        if not url.startswith(("http://", "https://")):
            raise errors.InvalidInputError(f"url must start with http:// or https://, got {url!r}")
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.session = session or requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    # --- lifecycle ----------------------------------------------------------------------------

    def __enter__(self) -> RemoteRecallGraph:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self.session.close()

    # --- transport ----------------------------------------------------------------------------

    def _request(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        """One call, retried on connection failures and 429/502/503/504; errors raised as the
        project's exceptions."""
        for attempt in range(self.retries + 1):
            try:
                response = self.session.request(
                    method, self.url + path, timeout=self.timeout, **kwargs
                )
            except requests.ConnectionError as e:
                if attempt == self.retries:
                    raise errors.GraphUnavailableError(
                        f"cannot reach RecallGraph at {self.url}: {e}"
                    ) from e
            else:
                if response.status_code not in RETRY_STATUSES or attempt == self.retries:
                    break
            time.sleep(self.backoff * 2**attempt)
        if response.status_code >= 400:
            try:
                detail = response.json()["error"]
            except (ValueError, KeyError, TypeError):
                detail = {"message": response.text[:500], "code": None}
            raise _error_class(detail.get("code"), response.status_code)(detail["message"])
        return response

    def _space(self, space: str) -> str:
        return "/v1/spaces/" + quote(space, safe="")

    # --- verbs --------------------------------------------------------------------------------

    def remember(self, space: str, statements: Statements) -> list[IngestOutcome]:
        """Store statements in order, each a knowledge update with its own ``t``."""
        inputs = _inputs(statements)
        response = self._request(
            "POST", self._space(space) + "/statements", json=[_body(s) for s in inputs]
        )
        rows = response.json()["statements"]
        return [_outcome(s, row) for s, row in zip(inputs, rows, strict=True)]

    def ask(
        self, space: str, question: str, *, mode: Mode = DEFAULT_MODE, as_of: AsOf = None
    ) -> Answer:
        """Answer from what the space knew at ``as_of`` (a ``t`` or a date-time; default now)."""
        body = {"question": question, "mode": mode, "as_of": _as_of_text(as_of)}
        return _answer(self._request("POST", self._space(space) + "/questions", json=body).json())

    def stream(
        self, space: str, question: str, *, mode: Mode = DEFAULT_MODE, as_of: AsOf = None
    ) -> Iterator[str | Answer]:
        """The answer's text as the server generates it (server-sent events), then the whole
        ``Answer``."""
        body = {"question": question, "mode": mode, "as_of": _as_of_text(as_of), "stream": True}
        response = self._request("POST", self._space(space) + "/questions", json=body, stream=True)
        with response:
            event = None
            for raw in response.iter_lines(decode_unicode=True):
                line = raw if isinstance(raw, str) else raw.decode("utf-8")
                if line.startswith("event: "):
                    event = line[len("event: ") :]
                elif line.startswith("data: "):
                    data = json.loads(line[len("data: ") :])
                    if event == "token":
                        yield data["text"]
                    elif event == "answer":
                        yield _answer(data)
                    elif event == "error":
                        raise _error_class(data.get("code"), 500)(data["message"])

    def facts(
        self,
        space: str,
        subject: str | None = None,
        relation: str | None = None,
        object: str | None = None,
        *,
        as_of: AsOf = None,
        history: bool = False,
        limit: int = 100,
    ) -> FactMatches:
        """Facts matching the given parts (all facts when none is given), as of ``as_of``."""
        params = {
            "subject": subject,
            "relation": relation,
            "object": object,
            "as_of": _as_of_text(as_of),
            "history": "true" if history else "false",
            "limit": limit,
        }
        data = self._request(
            "GET",
            self._space(space) + "/facts",
            params={k: v for k, v in params.items() if v is not None},
        ).json()
        facts = [FactRecord(**f) for f in data["facts"]]
        return FactMatches(facts, exact=data.get("exact", True), truncated=data["truncated"])

    def history(self, space: str, subject: str, relation: str | None = None) -> list[FactRecord]:
        """Every version of a subject's facts (optionally one relation's), oldest first."""
        params = {"subject": subject} | ({"relation": relation} if relation else {})
        data = self._request("GET", self._space(space) + "/facts/history", params=params).json()
        return [FactRecord(**f) for f in data["facts"]]

    def spaces(self) -> list[SpaceSummary]:
        """Every space with its clock and counts."""
        data = self._request("GET", "/v1/spaces").json()
        return [SpaceSummary(**row) for row in data["spaces"]]

    def delete_space(self, space: str) -> None:
        """Forget everything in ``space``, graph and vectors."""
        self._request("DELETE", self._space(space))
