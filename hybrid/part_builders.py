"""The part builders of an ingest batch, run over the statements they read.

A builder that reads a batch at once (``BatchPartBuilder``: the model writer, whose sentences
decode together) gets the batch's statements together; one bounded by a request's time budget gets
them in groups of ``BOUNDED_GROUP``, the budget checked before each, so a request over its time
stops within a group's work. Other builders get one statement at a time.
"""

from __future__ import annotations

from collections.abc import Sequence

from extraction.llm.llamacpp_batch import SLOTS
from extraction.statements import BatchPartBuilder, PartBuilder, StatementInput
from graph.update_parts import UpdatePart
from hybrid.write_budget import RequestBudget

BOUNDED_GROUP = SLOTS  # statements per group under a request's budget: one decoding batch


def built_parts(
    space: str,
    reads: Sequence[StatementInput | None],
    builders: Sequence[PartBuilder],
    request: RequestBudget | None = None,
) -> list[list[UpdatePart]]:
    """Each statement's extra parts, builder by builder; None in ``reads`` is a statement the
    builders do not read (over the model's budget): it gets none."""
    parts: list[list[UpdatePart]] = [[] for _ in reads]
    read = [(i, statement) for i, statement in enumerate(reads) if statement is not None]
    for build in builders:
        batch = build if isinstance(build, BatchPartBuilder) else None
        group = (BOUNDED_GROUP if request is not None else len(read)) if batch else 1
        for start in range(0, len(read), max(group, 1)):
            chunk = read[start : start + group]
            if request is not None:
                request.check_time()
            statements = [statement for _, statement in chunk]
            found = batch.many(space, statements) if batch else [build(space, statements[0])]
            for (i, _), part in zip(chunk, found, strict=True):
                if part is not None:
                    parts[i].append(part)
    return parts
