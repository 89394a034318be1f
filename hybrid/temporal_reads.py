"""A temporal read's answer, selected from a fact's versions: the memory, not the model, orders
the history ("before Globex", "first", "still?").

Pure: the caller reads every version of the matching facts (``history``) and this module picks
the ones the operator asks for (``extraction.temporal_ops``). Versions are ordered by when they
became true; consecutive versions with the same value are one value (a fact re-stated after a
retraction is not a new value).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from extraction.temporal_ops import TemporalOp, When
from graph.facts_read import FactRecord
from graph.keys import entity_key


@dataclass(frozen=True)
class TemporalAnswer:
    """What a temporal read found: the versions that answer it, oldest first, and for ``count``
    and ``still`` the number or the yes/no (``since``: the ``t`` a no-longer-held fact closed)."""

    when: When
    facts: list[FactRecord]
    count: int | None = None
    holds: bool | None = None
    since: int | None = None
    considered: list[FactRecord] = field(default_factory=list)  # every version looked at

    @property
    def values(self) -> list[str]:
        """The answer's values, each once, in order."""
        return list(dict.fromkeys(f.object for f in self.facts))

    @property
    def empty(self) -> bool:
        return not self.facts and self.count is None and self.holds is None


def believed_at(fact: FactRecord, t: int | None) -> bool:
    """Whether ``fact`` was believed at ``t`` (None: now)."""
    if t is None:
        return fact.t_to is None
    return fact.t_from <= t and (fact.t_to is None or t < fact.t_to)


def same_value(value: str, wanted: str) -> bool:
    """Whether a stored value is the one a question names: same key, or one's words begin or
    end the other's ("Globex" names "Globex Corporation")."""
    a, b = entity_key(value).split(), entity_key(wanted).split()
    if not a or not b:
        return False
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return short in (long[: len(short)], long[-len(short) :])


def value_changes(versions: Sequence[FactRecord]) -> list[FactRecord]:
    """The versions where the value changed, oldest first (a repeated value counts once in a
    row: Bergen, Bergen again, Lisbon → Bergen, Lisbon)."""
    ordered = sorted(versions, key=lambda f: (f.t_from, f.id))
    changes: list[FactRecord] = []
    for fact in ordered:
        if changes and entity_key(changes[-1].object) == entity_key(fact.object):
            continue
        changes.append(fact)
    return changes


def _known_by(versions: Sequence[FactRecord], t: int | None) -> list[FactRecord]:
    return [f for f in versions if t is None or f.t_from <= t]


def _neighbour(changes: list[FactRecord], value: str, step: int) -> list[FactRecord]:
    """The value just before (step -1) or after (+1) the first/last time ``value`` held."""
    positions = [i for i, f in enumerate(changes) if same_value(f.object, value)]
    if not positions:
        return []
    i = positions[0] + step if step < 0 else positions[-1] + step
    return [changes[i]] if 0 <= i < len(changes) else []


def select(versions: Sequence[FactRecord], when: When, as_of: int | None = None) -> TemporalAnswer:
    """The versions ``when`` asks for, as the memory stood at ``as_of`` (None: now).

    ``when``'s own ``as_of`` argument must already be a ``t`` here (dates are mapped to a ``t``
    by the caller, who knows the space's observed times)."""
    op = when.op
    if op == TemporalOp.AS_OF:
        as_of = int(when.argument or 0)
    known = _known_by(versions, as_of)
    changes = value_changes(known)
    current = [f for f in known if believed_at(f, as_of)]
    picked: list[FactRecord]
    if op in (TemporalOp.NOW, TemporalOp.AS_OF):
        picked = sorted(current, key=lambda f: (f.t_from, f.id))
    elif op == TemporalOp.PREVIOUS:
        latest = max(current, key=lambda f: (f.t_from, f.id), default=None)
        if latest is None:
            picked = changes[-1:]
        else:
            earlier = [f for f in changes if f.t_from < latest.t_from]
            earlier = [f for f in earlier if entity_key(f.object) != entity_key(latest.object)]
            picked = earlier[-1:]
    elif op == TemporalOp.FIRST:
        picked = changes[:1]
    elif op == TemporalOp.ALL:
        picked = changes
    elif op == TemporalOp.BEFORE:
        picked = _neighbour(changes, when.argument or "", -1)
    elif op == TemporalOp.AFTER:
        picked = _neighbour(changes, when.argument or "", +1)
    elif op == TemporalOp.COUNT:
        counted = current if when.argument == "now" else known
        picked = value_changes(counted)
        distinct = {entity_key(f.object) for f in counted}
        return TemporalAnswer(when, picked, count=len(distinct), considered=list(known))
    else:  # STILL
        holds = bool(current)
        closed = [f.t_to for f in known if f.t_to is not None]
        closed = [t for t in closed if as_of is None or t <= as_of]
        since = None if holds or not closed else max(closed)
        return TemporalAnswer(when, current, holds=holds, since=since, considered=list(known))
    return TemporalAnswer(when, picked, considered=list(known))
