"""Calendar time as callers write it: a statement's ``observed_at`` and an ``as_of`` that is either
the temporal index ``t`` or a date-time.

Accepted text is ISO 8601 (``2024-05-08``, ``2024-05-08T10:00``, ``2024-05-08T10:00:00+02:00``,
``…Z``) with an optional IANA zone in brackets (``2024-05-08T10:00[Europe/Paris]``, the form Neo4j
prints). The zone is kept: "yesterday" in a message sent at 00:30 in Tokyo is the Tokyo day before,
not the UTC one. A date-time without an offset or zone is read in the configured default zone.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from graph.errors import InvalidInputError

DATETIME_MAX_CHARS = 100
_ZONED = re.compile(r"^(?P<body>[0-9T:.,+\-Z ]+?)(?:\[(?P<zone>[A-Za-z0-9_+\-/]{1,64})\])?$")
_DIGITS = re.compile(r"^\d{1,19}$")
_DATE_ONLY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
FORMS = "ISO 8601, e.g. 2024-05-08, 2024-05-08T10:00:00+02:00 or 2024-05-08T10:00[Europe/Paris]"


def zone(name: str) -> tzinfo:
    """The IANA zone ``name`` (``UTC``, ``Europe/Paris``); a clear error for an unknown one."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as e:
        raise InvalidInputError(f"unknown time zone {name!r} (use an IANA name)") from e


def parse_datetime(text: str, default_zone: tzinfo, *, field: str = "observed_at") -> datetime:
    """``text`` as an aware date-time; a date alone is its midnight. ``field`` names the input in
    the error."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInputError(f"{field} is empty: give a date-time in {FORMS}")
    raw = text.strip()
    match = _ZONED.match(raw) if len(raw) <= DATETIME_MAX_CHARS else None
    if match is None:
        raise InvalidInputError(f"{field} {text[:60]!r} is not a date-time in {FORMS}")
    try:
        parsed = datetime.fromisoformat(match["body"].strip())
    except ValueError as e:
        raise InvalidInputError(f"{field} {text[:60]!r} is not a date-time in {FORMS}") from e
    named = zone(match["zone"]) if match["zone"] else None
    if parsed.tzinfo is None:
        return parsed.replace(tzinfo=named or default_zone)
    return parsed.astimezone(named) if named is not None else parsed


def end_of_day(day: date, in_zone: tzinfo) -> datetime:
    """The last instant of ``day`` in ``in_zone``: "as of 1 March" includes that day's news."""
    return datetime.combine(day + timedelta(days=1), time.min, tzinfo=in_zone) - timedelta(
        microseconds=1
    )


AsOf = int | datetime
T_MAX = 2**62


def parse_as_of(value: object, default_zone: tzinfo) -> AsOf | None:
    """An ``as_of`` from any door: a non-negative integer is a ``t``; a date-time is itself; a date
    (``2024-03-01``) is the end of that day."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise InvalidInputError("as_of must be a t (an integer) or a date-time, not a boolean")
    if isinstance(value, int):
        if not 0 <= value <= T_MAX:
            raise InvalidInputError(f"as_of must be a t in 0..{T_MAX}, got {value}")
        return value
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=default_zone)
    if isinstance(value, date):
        return end_of_day(value, default_zone)
    if not isinstance(value, str):
        raise InvalidInputError(f"as_of must be a t or a date-time, got {type(value).__name__}")
    text = value.strip()
    if _DIGITS.match(text):
        return parse_as_of(int(text), default_zone)
    parsed = parse_datetime(text, default_zone, field="as_of")
    if _DATE_ONLY.match(text.split("[")[0]):  # a date alone: everything observed that day counts
        return end_of_day(parsed.date(), parsed.tzinfo or default_zone)
    return parsed


def iso(moment: datetime | date | None) -> str | None:
    """The text form every door prints (the zone kept)."""
    return None if moment is None else moment.isoformat()
