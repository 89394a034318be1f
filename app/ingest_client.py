"""Posting statements to a running RecallGraph server (``recallgraph ingest --server URL``).

Statement ids travel with every statement (from the input, or derived from its content), so an
interrupted run is resumed by running it again: the server stores what it had not seen and answers
the rest as duplicates. Several batches are in flight at once, each naming the last statement of
the one before it (``?after=``): the server extracts their concepts at the same time and stores
them in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import requests

from extraction.statements import StatementInput
from graph.errors import GraphUnavailableError, InvalidInputError, RecallGraphError

TIMEOUT_S = 600


class StatementClient:
    def __init__(self, base_url: str, space: str, token: str | None = None) -> None:
        self.url = f"{base_url.rstrip('/')}/v1/spaces/{space}/statements"
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def post(
        self, batch: Sequence[StatementInput], after: str | None = None
    ) -> list[dict[str, Any]]:
        """Store ``batch``; ``after``: the id of the statement it follows, so that batches sent
        at once are still stored in order (the server waits for it)."""
        body = [{k: v for k, v in asdict(s).items() if v is not None} for s in batch]
        params = {"after": after} if after is not None else None
        try:
            response = self.session.post(self.url, json=body, params=params, timeout=TIMEOUT_S)
        except requests.RequestException as e:
            raise GraphUnavailableError(f"cannot reach the server at {self.url}: {e}") from e
        if response.status_code >= 400:
            try:
                message = response.json()["error"]["message"]
            except (ValueError, KeyError, TypeError):
                message = response.text[:200]
            error = InvalidInputError if response.status_code < 500 else RecallGraphError
            raise error(f"the server refused the batch (HTTP {response.status_code}): {message}")
        return list(response.json()["statements"])
