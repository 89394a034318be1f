"""Answers composed from the facts a temporal read returned: the value itself, not prose.

When the memory holds the answer, the answer is that value, written by rule: "Globex";
"Lisbon, then Montreal"; "3 (Spanish, Italian, Greek)"; "Yes — still in Tromsø"; "No — not
since t=212 (now: Bodø)". A small model would have to copy the right value out of a list of
versions and often copies an older one; composition cannot.
"""

from __future__ import annotations

from collections.abc import Sequence

from extraction.temporal_ops import TemporalOp
from graph.facts_read import FactRecord
from hybrid.event_order import order_answer
from hybrid.question_plan import QuestionPlan
from hybrid.temporal_reads import TemporalAnswer, same_value


def join_values(values: Sequence[str], *, ordered: bool = False) -> str:
    """ "A", "A and B", "A, B and C"; ``ordered``: "A, then B, then C"."""
    if ordered:
        return ", then ".join(values)
    if len(values) <= 2:
        return " and ".join(values)
    return f"{', '.join(values[:-1])} and {values[-1]}"


def _yes_no(plan: QuestionPlan, answer: TemporalAnswer, history: Sequence[FactRecord]) -> str:
    current = [f.object for f in history if f.t_to is None]
    if plan.when.op == TemporalOp.ALL:  # "did she ever …?"
        held = plan.value is None or any(same_value(f.object, plan.value) for f in history)
        return "Yes" if held and history else "No"
    if plan.value is not None:
        holds = any(same_value(v, plan.value) for v in current)
        if holds:
            return f"Yes — still {plan.value}."
        ended = [f.t_to for f in history if same_value(f.object, plan.value) and f.t_to]
        since = f" not since t={max(ended)}" if ended else ""
        now = f" (now: {join_values(current)})" if current else ""
        return f"No —{since or ' not that I know of'}{now}."
    if answer.holds:
        return f"Yes — {join_values(current)}."
    since = f" not since t={answer.since}" if answer.since is not None else ""
    return f"No —{since or ' not that I know of'}."


def compose(
    plan: QuestionPlan, answer: TemporalAnswer, history: Sequence[FactRecord] = ()
) -> str | None:
    """The answer to ``plan`` from ``answer`` (``history``: every version of the relation, for
    yes/no answers); None when the read found nothing to answer with."""
    if plan.kind == "order":
        return order_answer(plan.order) if plan.order is not None else None
    if plan.kind == "yesno":
        answerable = history and (plan.value is not None or not plan.unnamed)
        return _yes_no(plan, answer, history) if answerable else None
    if plan.kind == "count":
        if answer.count is None or not answer.considered:
            return None
        return f"{answer.count} ({join_values(answer.values)})" if answer.values else "0"
    values = answer.values
    if not values:
        return None
    return join_values(values, ordered=plan.kind == "list" or plan.when.op == TemporalOp.ALL)
