"""The memory model at work: statements → triples, questions → queries, evidence → answers.

Everything the model emits goes through the never-raising parser (``extraction.memory_parser``)
and the pydantic types of ``extraction.memory_api`` before it reaches the graph: a reply that does
not parse writes nothing and is reported, never raised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from extraction.memory_api import ParseIssue, Query, Triple
from extraction.memory_model.decoding import WRITE_DECODING, Decoding, StepModel, decode
from extraction.memory_model.prompts import answer_turn, read_turn, write_turn
from extraction.memory_model.tokens import TurnTokenizer
from extraction.memory_parser import parse
from extraction.text import common_word, split_sentences, tag_words, tokenize

PRETEXT_SENTENCES = 2
WRITE_MAX_TOKENS = 160
READ_MAX_TOKENS = 64
ANSWER_MAX_TOKENS = 48


ENTITY_TAGS = frozenset({"NNP", "NNPS", "PRP", "PRP$"})


def names_someone(sentence: str) -> bool:
    """Whether a sentence has an entity-like token: a proper noun, a personal or possessive
    pronoun, or a capitalised word the tagger does not know as a common one. A sentence with
    none ("nice.", "unreal.", "lol of course") can give no fact a subject, so the model is not
    asked to write it."""
    tagged = tag_words(tokenize(sentence))
    return any(
        tag in ENTITY_TAGS or (word[:1].isupper() and not common_word(word)) for word, tag in tagged
    )


@runtime_checkable
class BatchGreedy(Protocol):
    """An engine that decodes several prompts greedily at once (llama.cpp), each reply the one
    it would decode alone."""

    def greedy_many(
        self, prompts: Sequence[Sequence[int]], end_id: int, max_new: int
    ) -> list[list[int]]: ...


@dataclass(frozen=True)
class WriteResult:
    triples: list[Triple]
    replies: list[str]
    issues: list[ParseIssue]


@dataclass(frozen=True)
class ReadPlan:
    queries: list[Query]
    reply: str
    issues: list[ParseIssue]


class MemoryModel:
    """The finetuned SmolLM2 behind the memory API (any ``StepModel`` with its tokenizer)."""

    def __init__(self, step: StepModel, tokens: TurnTokenizer, name: str) -> None:
        self.step = step
        self.tokens = tokens
        self.name = name

    def _reply(self, prompt: list[int], max_new: int, how: Decoding) -> str:
        decoded = decode(
            self.step,
            prompt,
            end_id=self.tokens.end_id,
            closing_ids=self.tokens.closing_ids,
            max_new=max_new,
            how=how,
        )
        return self.tokens.decode(decoded.ids)

    def write_sentence(
        self, sentence: str, pretext: Sequence[str] = (), how: Decoding = WRITE_DECODING
    ) -> tuple[list[Triple], str, list[ParseIssue]]:
        """The triples of one focus sentence; the raw reply and what did not parse."""
        reply = self._replies([self._write_prompt(sentence, pretext)], how)[0]
        triples, issues = _parsed(reply)
        return triples, reply, issues

    def _write_prompt(self, sentence: str, pretext: Sequence[str]) -> list[int]:
        return self.tokens.prompt(write_turn(sentence, pretext))

    def _replies(self, prompts: list[list[int]], how: Decoding) -> list[str]:
        """The write replies to ``prompts``: several decoded together where the engine can
        (greedy on llama.cpp), else one after another. A lone prompt decodes in the engine's own
        context, the faster way for one sequence (its sums may round differently from the batch
        context's: the same F1 on the held-out streams, see the README)."""
        if how == "greedy" and len(prompts) > 1 and isinstance(self.step, BatchGreedy):
            decoded = self.step.greedy_many(prompts, self.tokens.end_id, WRITE_MAX_TOKENS)
            return [self.tokens.decode(ids) for ids in decoded]
        return [self._reply(prompt, WRITE_MAX_TOKENS, how) for prompt in prompts]

    def write(
        self, text: str, how: Decoding = WRITE_DECODING, context: Sequence[str] = ()
    ) -> WriteResult:
        """MEMLLM's sentence-by-sentence writes over one statement (``write_many`` of one)."""
        return self.write_many([text], how, [context])[0]

    def write_many(
        self,
        texts: Sequence[str],
        how: Decoding = WRITE_DECODING,
        contexts: Sequence[Sequence[str]] | None = None,
    ) -> list[WriteResult]:
        """MEMLLM's sentence-by-sentence writes over statements, each sentence with its
        pretext: the sentences before it, after its statement's context (earlier statements of
        the stream). A sentence that names no one is not given to the model (its reply is
        empty). Every sentence of every statement is decoded in one batch."""
        contexts = contexts if contexts is not None else [()] * len(texts)
        asked: list[tuple[int, int]] = []  # (statement, sentence) of each prompt
        prompts: list[list[int]] = []
        split = [split_sentences(text) or [text.strip()] for text in texts]
        for k, (sentences, context) in enumerate(zip(split, contexts, strict=True)):
            before = [s for c in context for s in split_sentences(c)]
            for i, sentence in enumerate(sentences):
                if names_someone(sentence):
                    preceding = [*before, *sentences[:i]]
                    pretext = preceding[max(0, len(preceding) - PRETEXT_SENTENCES) :]
                    asked.append((k, i))
                    prompts.append(self._write_prompt(sentence, pretext))
        replies = dict(zip(asked, self._replies(prompts, how), strict=True))
        return [
            _collected([replies.get((k, i)) for i in range(len(sentences))])
            for k, sentences in enumerate(split)
        ]

    def read(self, question: str) -> ReadPlan:
        """The MEM_READ queries the model asks for ``question``."""
        reply = self._reply(self.tokens.prompt(read_turn(question)), READ_MAX_TOKENS, "greedy")
        parsed = parse(reply)
        queries = [q for call in parsed.reads for q in call.queries]
        return ReadPlan(queries, reply, list(parsed.issues))

    def answer(self, question: str, evidence: str) -> str:
        """A short answer from the evidence (fact lines or chronological sentences)."""
        prompt = self.tokens.prompt(answer_turn(question, evidence))
        return self._reply(prompt, ANSWER_MAX_TOKENS, "greedy").strip()


def _parsed(reply: str) -> tuple[list[Triple], list[ParseIssue]]:
    parsed = parse(reply)
    return [t for call in parsed.writes for t in call.triples], list(parsed.issues)


def _collected(replies: list[str | None]) -> WriteResult:
    """One statement's result from its sentences' replies (None: the model was not asked)."""
    triples: list[Triple] = []
    issues: list[ParseIssue] = []
    for reply in replies:
        found, problems = _parsed(reply) if reply is not None else ([], [])
        triples += [t for t in found if t not in triples]
        issues += problems
    return WriteResult(triples, [r or "" for r in replies], issues)
