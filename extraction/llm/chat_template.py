"""The model's own chat template, rendered so message text can never become a control token.

The template (Jinja, from the GGUF file) is rendered with a placeholder in place of each message's
content; the result is cut at the placeholders into template text, which is tokenised with special
tokens recognised, and message text, which is tokenised as plain text. A message that contains
``<|im_end|>`` therefore cannot end its turn early or forge another role's turn (prompt injection
through stored statements), and both local engines see the very same token ids.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from jinja2 import Template, TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from graph.errors import ModelError


class Message(Protocol):
    """A chat message: what every caller's message type offers."""

    @property
    def role(self) -> str: ...

    @property
    def content(self) -> str: ...


Tokenize = Callable[[str, bool], list[int]]
"""(text, special) → token ids; ``special`` says whether control-token strings are recognised."""


@dataclass(frozen=True)
class Segment:
    text: str
    is_content: bool


@lru_cache(maxsize=8)
def _compile(template: str) -> Template:
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
    return env.from_string(template)


def render_segments(
    template: str,
    messages: Sequence[Message],
    *,
    bos_token: str = "",
    eos_token: str = "",
) -> list[Segment]:
    """The prompt for ``messages`` (with the assistant's turn opened) as template/content pieces."""
    nonce = secrets.token_hex(8)
    marks = [f"[[rg-{nonce}-{i}]]" for i in range(len(messages))]
    try:
        rendered = _compile(template).render(
            messages=[
                {"role": m.role, "content": mark} for m, mark in zip(messages, marks, strict=True)
            ],
            add_generation_prompt=True,
            bos_token=bos_token,
            eos_token=eos_token,
        )
    except TemplateError as e:
        raise ModelError(f"the model's chat template failed to render: {e}") from e
    segments: list[Segment] = []
    rest = rendered
    for message, mark in zip(messages, marks, strict=True):
        before, found, rest = rest.partition(mark)
        if not found:
            raise ModelError("the model's chat template alters message text; cannot render safely")
        if before:
            segments.append(Segment(before, is_content=False))
        if message.content:
            segments.append(Segment(message.content, is_content=True))
    if rest:
        segments.append(Segment(rest, is_content=False))
    return segments


def prompt_ids(segments: Sequence[Segment], tokenize: Tokenize) -> list[int]:
    """Token ids of the rendered prompt: control tokens only where the template put them."""
    ids: list[int] = []
    for segment in segments:
        ids.extend(tokenize(segment.text, not segment.is_content))
    return ids
