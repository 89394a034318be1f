"""Token ids for the memory model: the chat template around a turn, the reply to decode.

Training and inference both build prompts here, so the model is trained on exactly the token
sequence it later sees, whichever engine runs it (transformers' tokenizer and llama.cpp's give
the same ids for this model). The reply ends with the model's end-of-turn token.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from extraction.llm.chat_template import prompt_ids, render_segments
from extraction.memory_model.prompts import Turn

END_OF_TURN = "<|im_end|>"
CLOSING = ("})", " })")


@dataclass(frozen=True)
class _Message:
    role: str
    content: str


class TurnTokenizer:
    """The chat template and the tokenizer of one engine."""

    def __init__(
        self,
        template: str,
        tokenize: Callable[[str, bool], list[int]],
        decode: Callable[[Sequence[int]], str],
        *,
        bos_token: str = "",
        eos_token: str = "",
    ) -> None:
        self.template = template
        self.tokenize = tokenize
        self._decode = decode
        self.bos_token = bos_token
        self.eos_token = eos_token
        self.end_id = self._single(END_OF_TURN, special=True)
        self.closing_ids = frozenset(self._single(c, special=False) for c in CLOSING)

    @classmethod
    def from_transformers(cls, tokenizer: Any) -> TurnTokenizer:
        def tokenize(text: str, special: bool) -> list[int]:
            return list(
                tokenizer.encode(text, add_special_tokens=False, split_special_tokens=not special)
            )

        def decode(ids: Sequence[int]) -> str:
            return str(tokenizer.decode(list(ids), skip_special_tokens=False))

        return cls(
            tokenizer.chat_template,
            tokenize,
            decode,
            bos_token=tokenizer.bos_token or "",
            eos_token=tokenizer.eos_token or "",
        )

    def _single(self, text: str, special: bool) -> int:
        ids = self.tokenize(text, special)
        if len(ids) != 1:
            raise ValueError(f"{text!r} is not one token for this model")
        return ids[0]

    def prompt(self, turn: Turn) -> list[int]:
        segments = render_segments(
            self.template,
            [_Message("system", turn.system), _Message("user", turn.user)],
            bos_token=self.bos_token,
            eos_token=self.eos_token,
        )
        return prompt_ids(segments, self.tokenize)

    def reply(self, text: str) -> list[int]:
        return [*self.tokenize(text, False), self.end_id]

    def decode(self, ids: Sequence[int]) -> str:
        return self._decode(ids)
