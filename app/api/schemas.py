"""Request bodies, validated with pydantic: a bad field is a 400 that names it."""

from __future__ import annotations

from datetime import UTC
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from extraction.datetimes import parse_as_of
from graph.errors import InvalidInputError
from hybrid.ask import DEFAULT_MODE, QUESTION_MAX_CHARS

Mode = Literal["graph", "triples", "vector", "hybrid", "all"]


class QuestionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1, max_length=QUESTION_MAX_CHARS)
    mode: Mode = DEFAULT_MODE
    as_of: int | str | None = Field(default=None, union_mode="left_to_right")
    stream: bool = False

    @field_validator("as_of")
    @classmethod
    def _t_or_datetime(cls, value: int | str | None) -> int | str | None:
        try:
            parse_as_of(value, UTC)  # the memory reads it again in its own default zone
        except InvalidInputError as e:
            raise ValueError(str(e)) from e
        return value


class FactIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    subject: str = Field(min_length=1, max_length=200)
    relation: str = Field(min_length=1, max_length=200)
    object: str = Field(min_length=1, max_length=200)
    source: str = Field(default="api", max_length=500)


class SpaceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
