"""MEMLLM-style memory-write examples from Re-DocRED (`../shared/data/redocred/`).

For each sentence of a document (the focus sentence), the target is every annotated triple with
one argument mentioned in the focus sentence and the other mentioned in it or in an earlier
sentence (MEMLLM §3.3.1); a sentence with none gets an empty write. Relation names come from
``rel_info.json`` (P108 → "employer"). An argument is named by its mention in the focus sentence,
else by its latest earlier mention, so the name is always in the text the model sees.

Departures from MEMLLM, for a 2-core CPU: the pretext is the preceding ``pretext_sentences``
sentences (default 2), not the whole document, and argument names that do not occur in that
window fall back to their latest mention anyway (the model can still copy them only if they
are in the window: such examples are kept out of training, counted, and kept in evaluation).
The train split is not available here: ``dev`` is used for training and ``test`` for evaluation.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from extraction.llm.assets import shared_data_dir
from extraction.memory_api import Triple, emit_write
from extraction.memory_model.prompts import write_turn
from extraction.memory_model.synthetic import Example

_SPACE_BEFORE = re.compile(r" ([,.;:!?%)\]}'])")
_SPACE_AFTER = re.compile(r"([(\[{$]) ")


def detokenise(tokens: list[str]) -> str:
    """DocRED's tokens back into readable text ("Paris , France ." → "Paris, France.")."""
    text = " ".join(tokens)
    text = _SPACE_BEFORE.sub(r"\1", text)
    text = _SPACE_AFTER.sub(r"\1", text)
    return text.replace(" n't", "n't").replace(" 's", "'s")


@dataclass(frozen=True)
class FocusSentence:
    document: str
    index: int
    sentence: str
    pretext: tuple[str, ...]
    triples: tuple[Triple, ...]
    names_in_view: bool  # every argument name occurs in the pretext or focus sentence


def _mention_name(entity: list[dict[str, Any]], sent: int, sents: list[list[str]]) -> str | None:
    """The entity's mention in sentence ``sent``, else its latest mention before it."""
    in_focus = [m for m in entity if m["sent_id"] == sent]
    earlier = sorted((m for m in entity if m["sent_id"] < sent), key=lambda m: m["sent_id"])
    mention = in_focus[0] if in_focus else (earlier[-1] if earlier else None)
    if mention is None:
        return None
    start, end = mention["pos"]
    return detokenise(sents[mention["sent_id"]][start:end])


def focus_sentences(
    document: dict[str, Any], relation_names: dict[str, str], pretext_sentences: int
) -> Iterator[FocusSentence]:
    sents: list[list[str]] = document["sents"]
    vertices = document["vertexSet"]
    texts = [detokenise(s) for s in sents]
    for i, text in enumerate(texts):
        triples: list[Triple] = []
        for label in document["labels"]:
            head, tail = vertices[label["h"]], vertices[label["t"]]
            head_sents = {m["sent_id"] for m in head}
            tail_sents = {m["sent_id"] for m in tail}
            focus_has = i in head_sents or i in tail_sents
            both_seen = min(head_sents) <= i and min(tail_sents) <= i
            if not (focus_has and both_seen):
                continue
            s, o = _mention_name(head, i, sents), _mention_name(tail, i, sents)
            if not s or not o:
                continue
            try:
                triple = Triple(subject=s, relation=relation_names[label["r"]], object=o)
            except ValueError:
                continue
            if triple not in triples:
                triples.append(triple)
        pretext = tuple(texts[max(0, i - pretext_sentences) : i])
        window = " ".join((*pretext, text))
        in_view = all(t.subject in window and (t.object or "") in window for t in triples)
        yield FocusSentence(document["title"], i, text, pretext, tuple(triples), in_view)


def load_split(data_dir: Path, split: str) -> tuple[list[dict[str, Any]], dict[str, str]]:
    folder = shared_data_dir(data_dir) / "redocred"
    documents = json.loads((folder / f"{split}_revised.json").read_text())
    relation_names = json.loads((folder / "rel_info.json").read_text())
    return documents, relation_names


def build(
    data_dir: Path,
    split: str,
    limit: int,
    seed: int,
    *,
    pretext_sentences: int = 2,
    max_triples: int = 8,
    training: bool = True,
) -> list[Example]:
    """Up to ``limit`` focus-sentence write examples drawn at random (fixed seed) from ``split``.

    For training, sentences with more than ``max_triples`` triples or with argument names outside
    the visible window are skipped (too long for a CPU budget, or uncopyable); evaluation keeps
    them all.
    """
    documents, relation_names = load_split(data_dir, split)
    candidates = [
        f
        for document in documents
        for f in focus_sentences(document, relation_names, pretext_sentences)
        if not training or (f.names_in_view and len(f.triples) <= max_triples)
    ]
    random.Random(seed).shuffle(candidates)
    return [
        Example(
            "write",
            "redocred",
            write_turn(f.sentence, f.pretext),
            emit_write(list(f.triples)),
            triples=f.triples,
            meta={
                "document": f.document,
                "index": str(f.index),
                "split": split,
                "sentence": f.sentence,
                "pretext": " ".join(f.pretext),
            },
        )
        for f in candidates[:limit]
    ]
