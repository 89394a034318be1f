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


class EntityListArgs(BaseModel):
    """Query parameters of ``GET …/entities`` (unknown ones are ignored, as elsewhere)."""

    contains: str | None = Field(default=None, max_length=200)
    skip: int = Field(default=0, ge=0, le=1_000_000)
    limit: int = Field(default=100, ge=1, le=1000)


class PageArgs(BaseModel):
    skip: int = Field(default=0, ge=0, le=1_000_000)
    limit: int = Field(default=100, ge=1, le=1000)


class EntityMergeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    entity: str = Field(min_length=1, max_length=200, description="the entity merged away (A)")
    into: str = Field(min_length=1, max_length=200, description="the entity it joins (B)")
    reason: str | None = Field(default=None, max_length=500)


class EntitySplitIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    entity: str = Field(min_length=1, max_length=200, description="a name merged earlier")
