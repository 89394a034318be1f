"""Posting statements to a running RecallGraph server (``recallgraph ingest --server URL``).

Statement ids travel with every statement (from the input, or derived from its content), so an
interrupted run is resumed by running it again: the server stores what it had not seen and answers
the rest as duplicates.
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

    def post(self, batch: Sequence[StatementInput]) -> list[dict[str, Any]]:
        body = [{k: v for k, v in asdict(s).items() if v is not None} for s in batch]
        try:
            response = self.session.post(self.url, json=body, timeout=TIMEOUT_S)
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
