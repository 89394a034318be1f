"""Request bodies, validated with pydantic: a bad field is a 400 that names it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from hybrid.ask import DEFAULT_MODE, QUESTION_MAX_CHARS

Mode = Literal["graph", "triples", "vector", "hybrid", "all"]


class QuestionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1, max_length=QUESTION_MAX_CHARS)
    mode: Mode = DEFAULT_MODE
    as_of: int | None = Field(default=None, ge=0)
    stream: bool = False


class FactIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    subject: str = Field(min_length=1, max_length=200)
    relation: str = Field(min_length=1, max_length=200)
    object: str = Field(min_length=1, max_length=200)
    source: str = Field(default="api", max_length=500)


class SpaceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
