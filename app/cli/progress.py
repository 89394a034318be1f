"""Progress of long commands: a bar on a terminal, a line every so often elsewhere.

On a terminal (stderr is a TTY) a tqdm bar shows the count, rate and time left, and what is still
pending (the vector writes behind the graph's). Piped into a log, one line every ``every`` items
and one at the end, so a log of a long import says how far it got without a line per item.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

from tqdm import tqdm

LOG_EVERY = 1000


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


class Progress:
    """``advance`` as items are done; ``pending`` sets how many are still on their way."""

    def __init__(
        self,
        what: str,
        total: int | None = None,
        *,
        unit: str = "item",
        every: int = LOG_EVERY,
        stream: TextIO | None = None,
    ) -> None:
        self.what = what
        self.total = total
        self.unit = unit
        self.every = max(1, every)
        self.stream = stream or sys.stderr
        self.done = 0
        self.waiting = 0
        self._label = "pending"
        self._logged = 0
        self._started = time.monotonic()
        terminal = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._bar = (
            tqdm(total=total, desc=what, unit=unit, file=self.stream, dynamic_ncols=True)
            if terminal
            else None
        )

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self._bar is not None:
            self._bar.update(n)
        elif self.done - self._logged >= self.every:
            self._log()

    def pending(self, n: int, label: str = "pending") -> None:
        self.waiting = n
        self._label = label
        if self._bar is not None:
            self._bar.set_postfix_str(f"{label} {n}", refresh=False)

    def note(self, message: str) -> None:
        """A message between the bar's updates (above the bar on a terminal)."""
        if self._bar is not None:
            self._bar.write(message, file=self.stream)
        else:
            print(message, file=self.stream, flush=True)

    def line(self) -> str:
        elapsed = max(time.monotonic() - self._started, 1e-9)
        rate = self.done / elapsed
        of = f"/{self.total}" if self.total else ""
        parts = [f"{self.what}: {self.done}{of} {self.unit}s", f"{rate:.0f}/s"]
        if self.total and rate > 0:
            parts.append(f"{_clock((self.total - self.done) / rate)} left")
        if self.waiting:
            parts.append(f"{self._label} {self.waiting}")
        return ", ".join(parts)

    def _log(self) -> None:
        self._logged = self.done
        print(self.line(), file=self.stream, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
        elif self.done != self._logged:
            self._log()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
