"""What a part of a knowledge update is (concepts, facts, dates, ...), as ``graph.updates``
writes it: a part kind writes a whole batch's parts at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from neo4j import ManagedTransaction

P = TypeVar("P")


@dataclass(frozen=True)
class Stamped(Generic[P]):
    """One update's part with the ``t`` and statement id its update claimed."""

    t: int
    statement_id: str
    part: P


class UpdatePart(Protocol):
    """Writes that belong to one update.

    ``write_batch`` gets a batch's parts of one kind in statement order and returns each one's
    summary (JSON-serialisable), in the same order, in a constant number of queries. It must
    leave the graph as writing them one statement after another would."""

    name: str

    @staticmethod
    def write_batch(
        tx: ManagedTransaction, space: str, stamped: Sequence[Stamped[Any]]
    ) -> list[Any]: ...
