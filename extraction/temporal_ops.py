"""The temporal operator of a MEM_READ query: *which* versions of a fact a read asks for.

Facts carry the interval ``[t_from, t_to)`` in which they were believed. A read without an
operator asks what is true now; the operator asks for another slice of the same history, so that
"what was her job before Globex?" or "does he still live in Bergen?" is one memory read whose
answer the memory composes, instead of a list of versions a small model must put in order.

Text form: a suffix ``@op [argument]`` after a query's last part, in both papers' forms::

    ({MEM_READ(Ada Holm>>lives in>>@previous)-->           MEMLLM
    [MEM_READ{Ada Holm>>works for>>@before Globex}]         RET-LLM
    Ada Holm>>lives in>>Lisbon@still                        one query

=============  ==========================================================================
operator       versions asked for
=============  ==========================================================================
``now``        the current value(s) (the default, written without a suffix)
``as_of T``    the value(s) believed at ``T``: a ``t`` of the space's temporal index, or an
               ISO 8601 date or date-time (calendar time, where statements carry it)
``previous``   the value before the current one
``first``      the earliest value
``all``        every value, oldest first, each with its interval
``before X``   the value just before ``X`` (in the order the values were believed)
``after X``    the value just after ``X``
``count``      how many distinct values there have been (``count now``: how many are current)
``still``      yes/no: is the fact (or, without an object, any value) still believed
=============  ==========================================================================

A ``@`` followed by anything else is part of the name (an e-mail address stays a name). Parsing
never raises: :func:`split_operator` returns what it could not read as a message.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from graph.errors import describe_validation_error


class TemporalOp(StrEnum):
    NOW = "now"
    AS_OF = "as_of"
    PREVIOUS = "previous"
    FIRST = "first"
    ALL = "all"
    BEFORE = "before"
    AFTER = "after"
    COUNT = "count"
    STILL = "still"


NEEDS_ARGUMENT = frozenset({TemporalOp.AS_OF, TemporalOp.BEFORE, TemporalOp.AFTER})
COUNT_SCOPES = frozenset({"now"})
_SUFFIX = re.compile(
    r"@\s*(as[ _]of|now|previous|first|all|before|after|count|still)\b\s*(.*)$",
    re.IGNORECASE | re.DOTALL,
)


def parse_as_of(value: str) -> int | datetime:
    """An ``as_of`` argument: a ``t`` (a non-negative integer) or an ISO 8601 date/date-time.

    A date alone means the end of that day; a date-time without a zone is taken as UTC by the
    caller that compares it with stored times."""
    text = value.strip()
    if re.fullmatch(r"\d{1,19}", text):
        t = int(text)
        if t >= 2**63:
            raise ValueError(f"as_of t={text} is beyond the signed 64-bit range")
        return t
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            day = date.fromisoformat(text)
            return datetime(day.year, day.month, day.day, 23, 59, 59, 999999)
        return datetime.fromisoformat(text)
    except ValueError as e:
        raise ValueError(
            f"as_of must be a t (a non-negative integer) or an ISO 8601 date or date-time, "
            f"got {value!r}"
        ) from e


class When(BaseModel):
    """A query's temporal operator and its argument (``as_of``'s T, ``before``'s X)."""

    model_config = ConfigDict(frozen=True)

    op: TemporalOp = TemporalOp.NOW
    argument: str | None = None

    @field_validator("argument", mode="before")
    @classmethod
    def _stripped(cls, v: object) -> object:
        return (v.strip() or None) if isinstance(v, str) else v

    @model_validator(mode="after")
    def _argument_fits(self) -> When:
        argument = self.argument
        if self.op in NEEDS_ARGUMENT and argument is None:
            raise ValueError(f"@{self.op} needs an argument")
        if self.op == TemporalOp.AS_OF and argument is not None:
            parse_as_of(argument)
        elif self.op == TemporalOp.COUNT:
            if argument is not None and argument.casefold() not in COUNT_SCOPES:
                raise ValueError(f"@count takes nothing or 'now', got {argument!r}")
        elif self.op not in NEEDS_ARGUMENT and argument is not None:
            raise ValueError(f"@{self.op} takes no argument, got {argument!r}")
        if argument is not None and any(c in argument for c in ">;{}\n\r"):
            raise ValueError(f"the argument of @{self.op} contains a reserved character")
        return self

    @property
    def is_now(self) -> bool:
        return self.op == TemporalOp.NOW

    def suffix(self) -> str:
        """The text form: empty for ``now``, else ``@op`` and its argument."""
        if self.is_now:
            return ""
        return f"@{self.op}" + (f" {self.argument}" if self.argument else "")


NOW = When()


def parse_when(text: str) -> When:
    """An operator as a user writes it outside a query ("previous", "before Globex",
    "@count now"); a ``ValueError`` that names the problem otherwise."""
    body = text.strip().removeprefix("@").strip()
    rest, when, problem = split_operator(f"@{body}")
    if problem is not None:
        raise ValueError(problem)
    if rest.strip() or (when.is_now and body.casefold() != "now"):
        raise ValueError(
            f"unknown temporal operator {text!r}: use now, as_of T, previous, first, all, "
            "before X, after X, count [now] or still"
        )
    return when


def split_operator(text: str) -> tuple[str, When, str | None]:
    """``text`` (a query's last part) without its ``@op`` suffix, the operator, and what could
    not be read (None when all was well). A bad operator leaves ``now`` and says why."""
    found = None
    for match in _SUFFIX.finditer(text):
        found = match  # the last '@op' wins: an earlier '@' belongs to a name
    if found is None:
        return text, NOW, None
    op = TemporalOp(found.group(1).casefold().replace(" ", "_"))
    try:
        when = When(op=op, argument=found.group(2) or None)
    except ValidationError as e:
        return text[: found.start()], NOW, describe_validation_error(e, fields=False)
    return text[: found.start()], when, None
