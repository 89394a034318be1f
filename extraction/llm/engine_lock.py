"""A local model's lock, taken with a timeout.

One model context runs one generation at a time. Without a bound, a request that finds the model
busy waits as long as the work ahead of it lasts (a stuck client's stream, an hour of writes);
with one, it gets ``ModelBusyError`` (a 503 the client may retry) after
``RECALLGRAPH_LLM_LOCK_TIMEOUT`` seconds.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from graph.errors import ModelBusyError

LOCK_TIMEOUT_S = 60.0
HANDOFF_TIMEOUT_S = 30.0
"""How long a generation waits for its reader to take the next token before it gives up and
frees the model (``RECALLGRAPH_WRITE_TIMEOUT``)."""


class EngineLock:
    def __init__(self, name: str, timeout: float = LOCK_TIMEOUT_S) -> None:
        self.name = name
        self.timeout = timeout
        self._lock = threading.Lock()

    @contextmanager
    def held(self) -> Iterator[None]:
        if not self._lock.acquire(timeout=self.timeout):
            raise ModelBusyError(
                f"the model {self.name} stayed busy with other requests for {self.timeout:g} s "
                "(RECALLGRAPH_LLM_LOCK_TIMEOUT); try again"
            )
        try:
            yield
        finally:
            self._lock.release()

    def locked(self) -> bool:
        return self._lock.locked()
