"""The driver's lifecycle and the one gate every query passes through.

``open_driver`` is called once per process by the application; library code receives a
``GraphStore`` and never builds a driver. Every Neo4j failure leaves this module as a
``RecallGraphError`` subclass with a message that says what to do.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, LiteralString, TypeVar, cast

import neo4j
from neo4j import Driver, GraphDatabase, ManagedTransaction, Query
from neo4j import exceptions as neo4j_errors

from graph.errors import ConflictError, GraphUnavailableError, RecallGraphError

T = TypeVar("T")
AUTOCOMMIT_ATTEMPTS = 5


@contextmanager
def translated_errors(uri: str, user: str) -> Iterator[None]:
    """Turn driver exceptions into the project's, naming the server and the likely fix."""
    try:
        yield
    except RecallGraphError:
        raise
    except neo4j_errors.AuthError as e:
        raise GraphUnavailableError(
            f"Neo4j at {uri} refused the login for user {user!r}: wrong password? "
            "(set NEO4J_PASSWORD, or unset it to use the managed server's generated one)"
        ) from e
    except (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired, OSError) as e:
        raise GraphUnavailableError(
            f"cannot reach Neo4j at {uri}: {e}. Start the managed server with "
            "`recallgraph neo4j start`, or point NEO4J_URI at a running one."
        ) from e
    except neo4j_errors.ConstraintError as e:
        raise ConflictError(f"Neo4j refused a write that breaks a constraint: {e.message}") from e
    except neo4j_errors.ConfigurationError as e:
        raise GraphUnavailableError(f"Neo4j driver configuration for {uri} is invalid: {e}") from e
    except neo4j_errors.Neo4jError as e:
        raise GraphUnavailableError(f"Neo4j query failed ({e.code}): {e.message}") from e
    except neo4j_errors.DriverError as e:
        raise GraphUnavailableError(f"Neo4j driver error talking to {uri}: {e}") from e


def open_driver(uri: str, user: str, password: str, *, verify: bool = True) -> Driver:
    """Build the process's driver; with ``verify`` fail now, clearly, if the server is unusable."""
    with translated_errors(uri, user):
        driver = GraphDatabase.driver(
            uri,
            auth=(user, password),
            connection_acquisition_timeout=30.0,
            max_connection_pool_size=50,
            connection_timeout=10.0,
            notifications_min_severity=neo4j.NotificationMinimumSeverity.OFF,
            warn_notification_severity=neo4j.NotificationMinimumSeverity.OFF,
        )
        if verify:
            try:
                driver.verify_connectivity()
            except BaseException:
                driver.close()
                raise
        return driver


class GraphStore:
    """A driver plus the database to use: short sessions per unit of work, retries on transients."""

    def __init__(self, driver: Driver, database: str = "neo4j", *, uri: str = "", user: str = ""):
        self.driver = driver
        self.database = database
        self._uri = uri or "the configured Neo4j"
        self._user = user or "neo4j"

    def write(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run ``work(tx, ...)`` in one write transaction, retried on transient errors."""
        with (
            translated_errors(self._uri, self._user),
            self.driver.session(database=self.database) as session,
        ):
            return session.execute_write(work, *args, **kwargs)

    def read(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run ``work(tx, ...)`` in one read transaction (read routing on a cluster)."""
        with (
            translated_errors(self._uri, self._user),
            self.driver.session(
                database=self.database, default_access_mode=neo4j.READ_ACCESS
            ) as session,
        ):
            return session.execute_read(work, *args, **kwargs)

    def query(self, cypher: str, **params: Any) -> list[dict[str, Any]]:
        """One read query, its records as dicts."""

        def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
            return tx.run(cast(LiteralString, cypher), params).data()

        return self.read(work)

    def run_autocommit(self, cypher: str, **params: Any) -> None:
        """An auto-commit query, for ``CALL {…} IN TRANSACTIONS`` and schema statements.

        The driver retries managed transactions only; these are retried here on a transient
        error (two workers creating the schema at once deadlock on its locks), which is safe
        because every such query of the project is idempotent."""
        for attempt in range(AUTOCOMMIT_ATTEMPTS):
            try:
                with (
                    translated_errors(self._uri, self._user),
                    self.driver.session(database=self.database) as session,
                ):
                    session.run(Query(cast(LiteralString, cypher)), params).consume()
                return
            except GraphUnavailableError as e:
                transient = isinstance(e.__cause__, neo4j_errors.TransientError)
                if not transient or attempt == AUTOCOMMIT_ATTEMPTS - 1:
                    raise
                time.sleep(0.2 * 2**attempt)

    def close(self) -> None:
        self.driver.close()


def single_value(tx: ManagedTransaction, cypher: str, **params: Any) -> Any:
    """The first column of the first record, or None."""
    record = tx.run(cast(LiteralString, cypher), params).single()
    return None if record is None else record[0]
