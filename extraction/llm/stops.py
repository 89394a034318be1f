"""Stop strings, applied to text as it is produced (OpenAI semantics: the stop is not returned).

A streamed answer may end with the first characters of a stop string; those are held back until
the next piece shows whether the stop string follows, so a client never sees text that the
non-streaming answer would not contain.
"""

from __future__ import annotations

from collections.abc import Sequence


def cut_at_stop(text: str, stops: Sequence[str]) -> tuple[str, bool]:
    """``text`` up to the earliest stop string, and whether one was found."""
    cut = min((i for s in stops if s and (i := text.find(s)) >= 0), default=-1)
    return (text, False) if cut < 0 else (text[:cut], True)


def held_back(text: str, stops: Sequence[str]) -> int:
    """How many trailing characters of ``text`` could be the start of a stop string."""
    longest = 0
    for stop in stops:
        for size in range(min(len(stop) - 1, len(text)), longest, -1):
            if text.endswith(stop[:size]):
                longest = size
                break
    return longest


class StopScanner:
    """Feeds streamed pieces through; emits only text that cannot turn into a stop string."""

    def __init__(self, stops: Sequence[str]) -> None:
        self.stops = [s for s in stops if s]
        self._pending = ""
        self.stopped = False

    def feed(self, piece: str) -> str:
        """The text that is safe to emit after ``piece``; empty once a stop string was seen."""
        if self.stopped:
            return ""
        self._pending += piece
        text, found = cut_at_stop(self._pending, self.stops)
        open_at = len(self._pending) - held_back(self._pending, self.stops)
        if found and len(text) <= open_at:  # no longer stop can still begin before this one
            self.stopped = True
            self._pending = ""
            return text
        ready = self._pending[:open_at]
        self._pending = self._pending[open_at:]
        return ready

    def flush(self) -> str:
        """Whatever was held back, at the end of generation, up to a stop it holds (a shorter
        stop seen while a longer one could still have begun earlier)."""
        rest, self._pending = self._pending, ""
        return "" if self.stopped else cut_at_stop(rest, self.stops)[0]
