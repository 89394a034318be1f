"""The triples reader (RET-LLM / MEMLLM), answering from the facts' structure.

A question becomes a memory read with a temporal operator: first by the question's structure
(``hybrid.question_plan``: the person among the names the space knows, the relation by the
question's words, the operator by its temporal words), else by the memory model's own
``MEM_READ`` (which may carry the operator, ``s>>r>>@previous``). The memory selects the versions
the operator asks for (``TripleMemory.read_when``), and the answer is composed from them
(``hybrid.composed_answers``): the value itself, with the facts and their intervals as evidence.
A question that names a value and asks who holds it is read by object (``hybrid.holders``).
The model's free text never decides an answer the memory holds.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace

from extraction.common_names import given_name_gender
from extraction.gazetteer import is_job_title, is_organisation_name, is_place
from extraction.memory_api import Query
from extraction.memory_model.model import MemoryModel
from extraction.name_resolution import speaker
from extraction.supersession import SYMMETRIC
from extraction.temporal_ops import TemporalOp
from graph.entities import known_aliases
from graph.facts_read import FactRecord, stream_names
from graph.keys import entity_key, relation_key
from hybrid.candidate import Candidate, Evidence
from hybrid.composed_answers import compose
from hybrid.holders import read_holders
from hybrid.question_people import find_subject, people_mentioned
from hybrid.question_plan import AnswerKind, QuestionPlan, plan_question, unnamed_nouns
from hybrid.question_relation import names_value
from hybrid.role_hops import role_mention
from hybrid.temporal_reads import TemporalAnswer, believed_at
from hybrid.triple_memory import TripleMemory

READER = "triples"
MAX_FACTS = 30  # MEMLLM's Q_thr: more than this is no answer
KNOWN_PEOPLE = 2000  # the most recent fact subjects a question may name
MAX_PEOPLE = 3  # the people of a question whose histories are read (subject, events, values)
HOLDER_FACTS = 500  # versions of the facts about one value read for "who holds it?"
_KIND_OF: dict[TemporalOp, AnswerKind] = {
    TemporalOp.ALL: "list",
    TemporalOp.COUNT: "count",
    TemporalOp.STILL: "yesno",
}


@dataclass(frozen=True)
class ReadOutcome:
    plan: QuestionPlan
    answer: TemporalAnswer
    history: list[FactRecord]
    text: str | None
    source: str  # "structure" or "model"


def fact_evidence(facts: list[FactRecord], as_of: int | None) -> list[Evidence]:
    """Facts as evidence, newest first, each with its interval as seen at ``as_of``."""
    seen = [f for f in facts if as_of is None or f.t_from <= as_of]
    return [
        Evidence(
            "fact",
            f"{f.subject}>>{f.relation}>>{f.object}",
            f.t_from,
            ref=f.id,
            t_to=None if believed_at(f, as_of) else f.t_to,
        )
        for f in sorted(seen, key=lambda f: (f.t_from, f.id), reverse=True)
    ]


_NOT_JOBS = frozenset("office department team hospital school university college company".split())
_CONFIRMING = re.compile(r",|\bor\b|\bstill\b", re.IGNORECASE)


def plausible_value(fact: FactRecord, people: Collection[str] = ()) -> bool:
    """Whether a fact's value can be of its relation's kind: a job title is no employer or
    home, a known person no home town, an office no job, a city no partner (a writer's slip is
    not read back as the answer). Only clear contradictions count: employers named after
    people ("John Lewis"), neighbourhoods named like clubs ("Temple Bar"), partners named like
    jobs ("Dean") and bosses by title ("the CTO") all stand. Laxer than the writer's own check
    (``extraction.typed_objects.well_typed``, which decides what is written): this one guards
    facts already stored, by any writer, and must not hide a right one. ``people``: the space's
    people's keys."""
    value, relation = fact.object, fact.relation
    job = is_job_title(value, listed=True)
    if relation in ("works for", "studies at"):
        return not job
    if relation == "works as":
        last = entity_key(value).split()[-1:]
        return not (last and last[0] in _NOT_JOBS) or is_job_title(value)
    if relation in ("lives in", "plans to move to"):
        return not (job or entity_key(value) in people)
    if relation in SYMMETRIC:
        first = value.split()[:1]
        if first and given_name_gender(first[0]) is not None:
            return True
        return not (job or is_place(value) or is_organisation_name(value))
    return True


def unechoed(question: str, outcome: ReadOutcome) -> ReadOutcome:
    """The read, without its answer when that answer is what the question itself names ("What
    was her job at Corrib Bay Hospice …?" → "Corrib Bay Hospice"): it asks for something else.
    A question that offers the value to confirm ("Where does Tom live now, still Cork?", "the
    Corolla or the Golf?") keeps it."""
    values = outcome.answer.values
    echoed = outcome.plan.kind == "value" and bool(values) and not _CONFIRMING.search(question)
    if echoed and all(names_value(question, v) == 2 for v in values):
        return replace(outcome, text=None)
    return outcome


def model_plan(question: str, query: Query) -> QuestionPlan | None:
    """A model's MEM_READ query as a plan (None without a subject and a relation); a yes/no
    read without a value carries the nouns the question names, as the structural plan does."""
    if query.subject is None or query.relation is None:
        return None
    kind = _KIND_OF.get(query.when.op, "value")
    plan = QuestionPlan(
        query.subject, query.relation, query.when, kind, query.object, "memory model"
    )
    if kind == "yesno" and query.object is None:
        mentions = people_mentioned(question, [query.subject])
        plan = replace(plan, unnamed=unnamed_nouns(question, mentions, query.relation))
    return plan


class TripleReader:
    def __init__(self, memory: TripleMemory, model: MemoryModel | None) -> None:
        self.memory = memory
        self.model = model

    def structural_plan(
        self,
        space: str,
        question: str,
        people: list[str],
        names: list[str],
        as_of: int | None = None,
    ) -> QuestionPlan | None:
        """The read the question's structure asks for, or None (no known person or relation).
        ``people``, ``names``: the space's fact subjects and names (``stream_names``). A
        person named by their role to another ("Ingrid's fiancé") is read as whoever holds
        the role (``hybrid.role_hops``), when the question asks about something else."""
        aliases = known_aliases(self.memory.store, space)
        said_by = speaker(question)
        role = role_mention(question)
        if role is not None:
            owner = find_subject(role.owner, people, said_by, names, aliases)
            holder = self._holding(space, owner, role.relation, as_of) if owner else None
            if holder is not None:
                hopped = role.replaced(question, holder)
                hop = self._plan(space, hopped, people, names, aliases, said_by)
                if hop is not None and relation_key(hop.relation) != relation_key(role.relation):
                    return replace(hop, why=f"{owner}'s {role.relation}: {holder}; {hop.why}")
        return self._plan(space, question, people, names, aliases, said_by)

    def _holding(self, space: str, owner: str, relation: str, as_of: int | None) -> str | None:
        """The one person ``owner`` holds ``relation`` with (either way round), or None."""
        mine = Query(subject=owner, relation=relation)
        holders = self.memory.read_when(space, mine, as_of=as_of, same_relation=True).values
        if relation in SYMMETRIC:
            theirs = Query(relation=relation, object=owner)
            held = self.memory.read_when(space, theirs, as_of=as_of, same_relation=True)
            holders += [f.subject for f in held.facts]
        distinct = list(dict.fromkeys(holders))
        return distinct[0] if len(distinct) == 1 else None

    def _plan(
        self,
        space: str,
        question: str,
        people: list[str],
        names: list[str],
        aliases: dict[str, list[str]],
        said_by: str | None,
    ) -> QuestionPlan | None:
        subject = find_subject(question, people, said_by, names, aliases)
        if subject is None:
            return None
        named = people_mentioned(question, people, speaker=said_by, aliases=aliases)
        involved = list(dict.fromkeys([subject, *(m.name for m in named)]))[:MAX_PEOPLE]
        histories = {name: self.memory.history(space, name) for name in involved}
        return plan_question(
            question, people, histories, subject=subject, speaker=said_by, aliases=aliases
        )

    def model_plans(self, question: str) -> list[QuestionPlan]:
        """The memory model's MEM_READ queries as plans (subject and relation given)."""
        if self.model is None:
            return []
        queries = self.model.read(question).queries
        return [plan for q in queries if (plan := model_plan(question, q)) is not None]

    def _execute(
        self,
        space: str,
        plan: QuestionPlan,
        as_of: int | None,
        source: str,
        people: Collection[str] = (),
    ) -> ReadOutcome:
        """One plan's read (``people``: the space's people's keys, whom no home can be)."""
        if plan.order is not None:
            answer = TemporalAnswer(plan.when, plan.order.facts)
            return ReadOutcome(plan, answer, [], compose(plan, answer), source)
        if plan.as_of is not None and (as_of is None or plan.as_of < as_of):
            as_of = plan.as_of  # an event bounds the read ("before he joined Saltmarsh")
        planned = source == "structure"  # the rule chose one relation: no paraphrase answers it
        answer = self.memory.read_when(space, plan.query(), as_of=as_of, same_relation=planned)
        if plan.kind == "value":
            kept = [f for f in answer.facts if plausible_value(f, people)]
            answer = replace(answer, facts=kept)
        history: list[FactRecord] = []
        if plan.kind == "yesno":
            query = Query(subject=plan.subject, relation=plan.relation)
            found = self.memory.read(space, query, history=True, same_relation=planned)
            history = [f for f in found.facts if as_of is None or f.t_from <= as_of]
        return ReadOutcome(plan, answer, history, compose(plan, answer, history), source)

    def _holders(
        self, space: str, question: str, names: list[str], as_of: int | None
    ) -> ReadOutcome | None:
        """A question about who holds a value ("how many people work at X?"), read by object."""

        def facts_about(value: str) -> list[FactRecord]:
            query = Query(object=value)
            found = self.memory.match(space, query, history=True, limit=HOLDER_FACTS)
            return [] if found.truncated else found.facts  # a partial count would be wrong

        found = read_holders(question, names, facts_about, as_of)
        if found is None:
            return None
        answer = TemporalAnswer(found.plan.when, found.facts, considered=found.facts)
        return ReadOutcome(found.plan, answer, [], found.text, "structure")

    def read(self, space: str, question: str, as_of: int | None = None) -> ReadOutcome | None:
        """The first plan whose read composes an answer: the structure's (about a person, then
        about who holds a value), then the model's."""
        people, names = stream_names(self.memory.store, space, people=KNOWN_PEOPLE)
        structural = self.structural_plan(space, question, people, names, as_of)
        known = frozenset(entity_key(p) for p in people)
        tried: list[ReadOutcome] = []
        if structural is not None:
            kin = [replace(structural, relation=r) for r in structural.alternatives]
            for plan in [structural, *kin]:
                read = self._execute(space, plan, as_of, "structure", known)
                tried.append(unechoed(question, read))
                if tried[-1].text is not None:
                    return tried[-1]
        holders = self._holders(space, question, names, as_of)
        if holders is not None:
            return holders
        for plan in self.model_plans(question):
            tried.append(unechoed(question, self._execute(space, plan, as_of, "model", known)))
            if tried[-1].text is not None:
                return tried[-1]
        return tried[0] if tried else None

    def answer(self, space: str, question: str, as_of: int | None = None) -> Candidate:
        outcome = self.read(space, question, as_of)
        signals: dict[str, object] = {"facts": 0, "current_facts": 0, "newest_t": 0}
        if outcome is None or outcome.text is None:
            asked = outcome.plan.query().to_text() if outcome else "nothing it could read"
            signals["queries"] = [asked]
            if outcome is not None:
                signals["subject"] = outcome.plan.subject
            return Candidate(
                READER,
                f"I have no facts about that (memory read: {asked}).",
                [],
                no_information=True,
                signals=signals,
            )
        facts = outcome.answer.facts or outcome.history
        considered = outcome.answer.considered or outcome.history
        evidence = fact_evidence(facts, as_of) + [
            e for e in fact_evidence(considered, as_of) if e.ref not in {f.id for f in facts}
        ]
        signals |= {
            "queries": [outcome.plan.query().to_text()],
            "plan": outcome.source,
            "subject": outcome.plan.subject,
            "relation": outcome.plan.relation,
            "operator": str(outcome.plan.when.op),
            "facts": len(considered),
            "current_facts": sum(1 for f in considered if believed_at(f, as_of)),
            "newest_t": max((f.t_from for f in considered), default=0),
            "composed": True,
        }
        return Candidate(
            READER, outcome.text, evidence[:MAX_FACTS], signals=signals, prompt="composed"
        )
