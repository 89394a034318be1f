"""Questions about calendar time, answered from the dates statements carry.

- "When did Ana start her new job?": the statements that mention the question's concepts and carry
  a date (a resolved phrase, or only the moment they were said) are ranked by how close their
  sentence is to the question (MiniLM cosine, plus the share of the question's word stems they
  hold); the best one's date phrase is the answer, with the statement as evidence. Where the best
  statement has no phrase, a fact of the event whose statement dated it answers; else the day the
  statement was said ("on or before").
- "How long after A did B?": A and B are dated the same way; the answer is the difference.
- "Did A happen before or after B?", "Which first, A or B?": the statements that say A and B,
  in the order they were said (``hybrid.statement_order``; a question that names a date is
  not one of these: it is read as a question at that date, below).
- "What was true on 1 March 2024?": the facts believed at the last ``t`` observed by then; a
  question that names more ("Where did Ana live on 1 March 2024?") is handed back to the readers
  without its date, ``as_of`` that ``t``.

``TimeAnswers.plan`` returns None for a question that is not about calendar time, so the usual
readers answer it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import Any

from extraction.concepts import essential_labels
from extraction.embeddings import Embedder
from extraction.text import split_sentences
from extraction.time_expressions import TimeExpression, find_time_expressions, is_fragment
from graph.dates import (
    human_date,
    latest_observed,
    observed_moment,
    statements_for_concepts,
    t_observed_by,
)
from graph.facts_read import FactQuery, exact_facts, list_facts
from graph.store import GraphStore
from graph.updates import get_statement, latest_statements
from hybrid.candidate import Candidate, Evidence
from hybrid.event_match import event_scores
from hybrid.event_order import find_event, is_order_question
from hybrid.question_people import names_capitalised, question_labels
from hybrid.said_about import (
    People,
    asked_person,
    asked_words,
    given_name_in,
    whose,
)
from hybrid.statement_order import StatementOrder

READER = "time"
MIN_SCORE = 0.45  # below it no statement is about the question's event: the readers answer
REFINE_SCORE = 0.4  # a date inside the best one's needs less: the dates agree
WHEN = re.compile(
    r"^\s*(?:when|since when|on what (?:date|day)|what (?:date|day|year|month)|"
    r"what(?:'s|’s| was| is| were) the (?:date|day|year|month) (?:of|when|that)|"
    r"in what (?:year|month)|(?:on )?which (?:date|day|year|month)|"
    r"what(?:'s|’s| was| is| were) (?:[\w-]+(?:'s|’s) )+(?:last|first) (?:day|shift|date))\b",
    re.IGNORECASE,
)
HOW_LONG = re.compile(
    r"^\s*how (?:long|many (?:days|weeks|months|years)) (?P<order>after|before) (?P<a>.+?) "
    r"(?:did|was|were|do|does) (?P<b>.+?)\??\s*$",
    re.IGNORECASE,
)
HOW_LONG_BETWEEN = re.compile(
    r"^\s*how (?:long|many (?:days|weeks|months|years)) (?:was it |passed )?between (?P<a>.+?) "
    r"and (?P<b>.+?)\??\s*$",
    re.IGNORECASE,
)
WHAT_WAS_TRUE = re.compile(
    r"^\s*what (?:was|were|is) (?:true|known|believed|the case)|"
    r"^\s*what did (?:we|you|i|the memory) know",
    re.IGNORECASE,
)
FACTS_SHOWN = 20
YEAR = re.compile(r"\b\d{4}\b")
_PLAN_COST = 0.05  # "will take the team for Saturday's game" answers "when did he…?" less surely
_ASKED_DONE = re.compile(  # "When did …?", "What date was …?": something that has happened
    r"^\s*(?:\w+\s+){0,3}?(?:did|was|were|had)\b", re.IGNORECASE
)
_CONTEXT_COST = 0.05  # a sentence matched with the one before it says the event less surely
AT_CUES = frozenset({"on", "in", "back in", "as of", "by", "during"})


@dataclass(frozen=True)
class DatedEvent:
    """A statement's answer to "when": the days it names (or the day it was said)."""

    first: date
    last: date
    grain: str
    basis: str  # "stated": a date phrase of the statement; "observed": only when it was said
    phrase: str | None
    statement_id: str
    statement: str
    t: int
    observed_at: str | None
    score: float


@dataclass(frozen=True)
class TimePlan:
    """A time question's plan: a finished ``candidate``, or the ``question`` to hand to the
    readers ``as_of`` a ``t`` (its date removed)."""

    candidate: Candidate | None = None
    question: str | None = None
    as_of: int | None = None


def _most_precise(best: DatedEvent, events: list[DatedEvent]) -> DatedEvent:
    """ "Moving to Kaunas in March" and, later, "the movers come on the 2nd": a stated date
    inside the best one's interval, from a statement that also matches the event, is the same
    event said more exactly."""
    inside = [
        e
        for e in events
        if e.basis == "stated"
        and e.score >= REFINE_SCORE
        and best.first <= e.first
        and e.last <= best.last
        and (e.last - e.first) < (best.last - best.first)
    ]
    return min(inside, key=lambda e: (e.last - e.first, -e.score)) if inside else best


def _phrase_sentence(sentences: list[str], phrase: str, phrases: list[str]) -> str | None:
    """The sentence that holds ``phrase``, with the sentence before it (else after it) when
    the phrase is nearly all it says: "Mantas and I broke up. two weeks ago." dates the
    break-up, and "14th of December, in Thrissur." is the wedding of the sentence after. A
    neighbour with a date phrase of its own (one of the statement's ``phrases``) tells its own
    event."""
    at = next((i for i, s in enumerate(sentences) if phrase in s), None)
    if at is None:
        return None
    sentence = sentences[at]
    if not is_fragment(sentence, phrase):
        return sentence
    before = _undated(sentences, at - 1, phrases)
    if before is not None:
        return f"{before} {sentence}"
    after = _undated(sentences, at + 1, phrases)
    return f"{sentence} {after}" if after is not None else sentence


def _undated(sentences: list[str], at: int, phrases: list[str]) -> str | None:
    """Sentence ``at`` when it exists and holds none of the date ``phrases``."""
    if not 0 <= at < len(sentences) or any(p in sentences[at] for p in phrases):
        return None
    return sentences[at]


def _planned(option: dict[str, Any]) -> bool:
    """Whether the option's date was still to come when its statement was said."""
    said = option["observed_at"]
    return bool(said) and option["first"] > observed_moment(said).date()


def _sentence_before(sentences: list[str], sentence: str, phrases: list[str]) -> str | None:
    """The statement's undated sentence before ``sentence`` (None for its first, or a sentence
    already read with its neighbour)."""
    at = next((i for i, s in enumerate(sentences) if s == sentence), None)
    return _undated(sentences, at - 1, phrases) if at else None


def describe(first: date, last: date, grain: str) -> str:
    """An interval as an answer says it: "on 7 May 2024", "in June 2024", "in 2019"…"""
    if first == last:
        return f"on {human_date(first)}"
    if grain == "month":
        return f"in {first.strftime('%B %Y')}"
    if grain == "year":
        return f"in {first.year}"
    if grain == "week":  # both ends: a week can straddle two months
        start = human_date(first)
        if first.year == last.year:
            start = str(first.day) if first.month == last.month else start[:-5]
        return f"in the week of {start}–{human_date(last)}"
    if grain == "weekend":
        return f"on the weekend of {human_date(first)}"
    if grain == "season":
        return f"between {human_date(first)} and {human_date(last)}"
    return f"between {human_date(first)} and {human_date(last)}"


def describe_duration(days: int) -> str:
    """A span of days as people say it, with the exact count."""
    if days % 7 == 0 and 7 <= days < 70:
        weeks = days // 7
        return f"{weeks} week{'s' * (weeks != 1)} ({days} days)"
    if days >= 60:
        months = round(days / 30.44)
        return f"about {months} month{'s' * (months != 1)} ({days} days)"
    return f"{days} day{'s' * (days != 1)}"


class TimeAnswers:
    """Answers a space's questions about calendar time from its statements' dates."""

    def __init__(self, store: GraphStore, embedder: Embedder, default_zone: tzinfo) -> None:
        self.store = store
        self.embedder = embedder
        self.default_zone = default_zone
        self.order = StatementOrder(store, embedder)

    # --- the plan ---------------------------------------------------------------------------

    def plan(self, space: str, question: str, as_of: int | None = None) -> TimePlan | None:
        """What to do with ``question``; None when it is not about calendar time."""
        span = HOW_LONG.match(question) or HOW_LONG_BETWEEN.match(question)
        if span is not None:
            candidate = self._how_long(space, span, as_of)
            return TimePlan(candidate=candidate) if candidate is not None else None
        if WHEN.match(question):
            answer = self._when_answer(space, question, as_of)
            return TimePlan(candidate=answer) if answer is not None else None
        now = datetime.now(self.default_zone)
        if is_order_question(question) and not find_time_expressions(question, now):
            ordered = self.order.answer(space, question, as_of)
            return TimePlan(candidate=ordered) if ordered is not None else None
        return self._on_date(space, question)

    # --- "when did …?" ------------------------------------------------------------------------

    def _when_answer(self, space: str, question: str, as_of: int | None) -> Candidate | None:
        """A date a statement states for the event (its phrase) first, then the day a fact
        of it began by its statement's phrase, then the day either was said: the facts are
        as good as the writer's reading, the statements hold what was said."""
        asked = asked_person(self.store, space, question)
        subject = asked.subject
        named = subject or given_name_in(question)
        whom = asked_words(asked, named)
        topic = names_capitalised(question, asked.people, asked.aliases)
        done = _ASKED_DONE.match(question) is not None
        event = self.when(space, topic, as_of, about=whom, done=done)
        if event is not None and event.basis == "stated":
            return self._when_candidate(event)
        from_facts = self._when_from_facts(space, question, subject, as_of) if subject else None
        if from_facts is not None and from_facts.signals.get("dated") == "stated":
            return from_facts
        if event is not None:
            return self._when_candidate(event)
        return from_facts

    def when(
        self,
        space: str,
        topic: str,
        as_of: int | None = None,
        context: str = "",
        about: People | None = None,
        done: bool = True,
    ) -> DatedEvent | None:
        """The best-matching dated statement's date for ``topic`` (None below ``MIN_SCORE``);
        a topic with no concept of its own ("getting engaged") takes ``context``'s. ``about``:
        the person asked about; a statement about someone else is not theirs to date. ``done``:
        the question asks when it happened, so a date still to come when it was said (a plan)
        counts a little less than one that had come."""
        labels = question_labels(topic) or essential_labels(context)
        if not labels:
            return None
        rows = statements_for_concepts(self.store, space, labels, as_of, dated=True)
        options = [o for row in rows for o in self._options(row)]
        options = [o for o in options if not o["sentence"].rstrip().endswith("?")]  # asks
        if about is not None and about.person:
            options = [o for o in options if _theirs(o["statement"], about)]
        if not options:
            return None
        scores = self._scores(topic, options)
        events = [
            DatedEvent(
                **{k: v for k, v in option.items() if k not in ("sentence", "context")},
                score=matched
                + (0.05 if option["basis"] == "stated" else 0.0)
                - (_PLAN_COST if done and _planned(option) else 0.0),
            )
            for option, matched in zip(options, scores, strict=True)
        ]
        best = max(events, key=lambda e: (e.score, e.t))
        return _most_precise(best, events) if best.score >= MIN_SCORE else None

    def _scores(self, topic: str, options: list[dict[str, Any]]) -> list[float]:
        """How well each option says the event: its sentence alone, or (a little less) with
        the sentence before it ("Palermo was perfect. We got back last Sunday")."""
        texts = [o["sentence"] for o in options]
        contexts = [o["context"] for o in options if o["context"]]
        statements = [o["statement"] for o in options]
        scores = event_scores(
            self.embedder,
            topic,
            texts + contexts,
            statements + [o["statement"] for o in options if o["context"]],
        )
        alone, with_context = scores[: len(texts)], iter(scores[len(texts) :])
        return [
            max(score, next(with_context) - _CONTEXT_COST) if option["context"] else score
            for option, score in zip(options, alone, strict=True)
        ]

    def _options(self, row: dict[str, Any]) -> list[dict[str, Any]]:
        """Each dated sentence of a statement (its phrases), or the whole statement dated by
        the day it was said."""
        common = {
            "statement_id": row["id"],
            "statement": row["text"],
            "t": row["t"],
            "observed_at": row["observed_at"],
        }
        options = []
        texts = row["date_texts"] or []
        sentences = split_sentences(row["text"])
        for i, phrase in enumerate(texts):
            sentence = _phrase_sentence(sentences, phrase, texts) or row["text"]
            before = _sentence_before(sentences, sentence, texts)
            first, last = date.fromisoformat(row["date_first"][i]), row["date_last"][i]
            options.append(
                common
                | {
                    "sentence": sentence,
                    "context": f"{before} {sentence}" if before else None,
                    "first": first,
                    "last": date.fromisoformat(last),
                    "grain": _grain(row["date_kinds"][i], first, date.fromisoformat(last)),
                    "basis": "stated",
                    "phrase": phrase,
                }
            )
        if not options and row["observed_at"]:
            said = observed_moment(row["observed_at"]).date()
            options.append(
                common
                | {
                    "sentence": row["text"],
                    "context": None,
                    "first": said,
                    "last": said,
                    "grain": "day",
                    "basis": "observed",
                    "phrase": None,
                }
            )
        return options

    def _when_candidate(self, event: DatedEvent) -> Candidate:
        when = describe(event.first, event.last, event.grain)
        if event.basis == "observed":
            said = human_date(event.first)
            answer = f"On or before {said}, when it was said."
        else:
            answer = f"{when[0].upper()}{when[1:]} ({event.phrase!r})."  # the statement: evidence
        return Candidate(
            reader=READER,
            answer=answer,
            evidence=[Evidence("sentence", event.statement, event.t, ref=event.statement_id)],
            signals={
                "date_first": event.first.isoformat(),
                "date_last": event.last.isoformat(),
                "basis": event.basis,
                "phrase": event.phrase,
                "observed_at": event.observed_at,
                "score": round(event.score, 3),
            },
            prompt=None,
        )

    def _when_from_facts(
        self, space: str, question: str, subject: str, as_of: int | None
    ) -> Candidate | None:
        """ "When did Ana start at Daeyang?" from the fact of ``subject`` that began then: the
        day its statement gave (``valid_from``; ``valid_to`` for "quit", "sold"), else the day
        that statement was said. None when the question names no fact of theirs."""
        query = FactQuery(subject=subject)
        history = exact_facts(self.store, space, query, as_of=as_of, history=True, limit=500)
        event = find_event(WHEN.sub("", question), history.facts, subject)
        if event is None or event.fact is None:
            return None
        fact = event.fact
        stated = fact.valid_to if event.ending else fact.valid_from
        statement_id = fact.closed_by if event.ending and fact.closed_by else fact.statement_id
        said = get_statement(self.store, space, statement_id)
        observed = said["observed_at"] if said else None
        if stated is None and observed is None:
            return None
        day = date.fromisoformat(stated[:10]) if stated else observed_moment(observed or "").date()
        how = "" if stated else ", when it was said"
        text = said["text"] if said else fact.statement or ""
        answer = f"On {human_date(day)} ({day.isoformat()}){how}."
        return Candidate(
            reader=READER,
            answer=answer,
            evidence=[
                Evidence("fact", event.describe(), event.t, ref=fact.id),
                Evidence("sentence", text, event.t, ref=statement_id),
            ],
            signals={
                "date_first": day.isoformat(),
                "basis": "fact",
                "dated": "stated" if stated else "observed",
                "subject": subject,
                "fact": f"{fact.subject}>>{fact.relation}>>{fact.object}",
            },
        )

    # --- "how long after A did B?" --------------------------------------------------------------

    def _how_long(self, space: str, span: re.Match[str], as_of: int | None) -> Candidate | None:
        first = self.when(space, span["a"], as_of, context=span["b"])
        second = self.when(space, span["b"], as_of, context=span["a"])
        if first is None or second is None or first.statement_id == second.statement_id:
            return None
        days = abs((second.first - first.first).days)
        order = "after" if second.first >= first.first else "before"
        answer = (
            f"{describe_duration(days)} {order}: {span['a'].strip()} "
            f"{describe(first.first, first.last, first.grain)}, {span['b'].strip()} "
            f"{describe(second.first, second.last, second.grain)}."
        )
        return Candidate(
            reader=READER,
            answer=answer,
            evidence=[
                Evidence("sentence", e.statement, e.t, ref=e.statement_id) for e in (first, second)
            ],
            signals={"days": days, "order": order, "basis": [first.basis, second.basis]},
        )

    # --- "what was true on <date>?" -------------------------------------------------------------

    def _on_date(self, space: str, question: str) -> TimePlan | None:
        """A state question at a moment: an ISO date or a date with its year ("on 1 March
        2024", "in 2023"), a month ("back in January": the last one by now), or a day or unit
        relative to now ("yesterday", "last week"), after "on", "in", "back in", "as of", "by"
        or "during". Now is when the space's newest statement was said (a stream fed later
        than it was said keeps its own calendar), else the clock. A bare weekday names no
        moment here."""
        generic = WHAT_WAS_TRUE.match(question) is not None
        if not _moments(question, datetime.now(self.default_zone), generic):
            return None  # which phrases name a moment does not depend on now: no query
        now = latest_observed(self.store, space) or datetime.now(self.default_zone)
        phrases = _moments(question, now, generic)
        phrase = phrases[-1]
        end = datetime.combine(phrase.last, datetime.max.time(), tzinfo=self.default_zone)
        t = t_observed_by(self.store, space, end)
        if generic:
            return TimePlan(candidate=self._believed_then(space, t, phrase.last))
        before = question[: phrase.start]
        if phrase.cue:  # "Back in January, where …": the cue goes with its date
            before = re.sub(rf"\b{re.escape(phrase.cue)}\s*$", "", before, flags=re.IGNORECASE)
        rest = before + question[phrase.end :]
        rest = re.sub(r"\s+(?:on|in|as of|at|by)\s*(?=[?.!]|$)", "", rest.strip())
        rest = re.sub(r"\s+(?=[?.!,])", "", re.sub(r"^[\s,;:]+", "", rest))
        return TimePlan(question=re.sub(r"\s{2,}", " ", rest).strip(), as_of=t)

    def _believed_then(self, space: str, t: int, day: date) -> Candidate:
        facts = list_facts(self.store, space, as_of=t, limit=FACTS_SHOWN).facts
        header = f"As of {human_date(day)} (t={t})"
        if facts:
            listed = "; ".join(f"{f.subject} {f.relation} {f.object}" for f in facts)
            evidence = [
                Evidence("fact", f"{f.subject} >> {f.relation} >> {f.object}", f.t_from, f.id)
                for f in facts
            ]
            return Candidate(READER, f"{header}: {listed}.", evidence, signals={"as_of": t})
        statements = [s for s in latest_statements(self.store, space, FACTS_SHOWN) if s["t"] <= t]
        if not statements:
            return Candidate(READER, f"{header} nothing had been said yet.", [], True, {"as_of": t})
        evidence = [Evidence("sentence", s["text"], s["t"], s["id"]) for s in statements[::-1]]
        listed = " ".join(s["text"] for s in statements[::-1])
        return Candidate(READER, f"{header}: {listed}", evidence, signals={"as_of": t})


def _theirs(statement: str, about: People) -> bool:
    names_person, names_other = whose(statement, about)
    return names_person or not names_other


def _grain(kind: str, first: date, last: date) -> str:
    """The grain of a stored interval (the kind and its length say it)."""
    days = (last - first).days
    if days == 0:
        return "day"
    if days == 1 and first.weekday() == 5:
        return "weekend"
    if days == 6 and first.weekday() == 0:
        return "week"
    if first.day == 1 and days in range(27, 31) and first.month == last.month:
        return "month"
    if first == date(first.year, 1, 1) and last == date(first.year, 12, 31):
        return "year"
    return "season" if kind == "season" else "span"


def _moments(question: str, now: datetime, generic: bool) -> list[TimeExpression]:
    """The phrases of ``question`` that name a moment a state can be read at (see
    ``TimeAnswers._on_date``), their dates counted from ``now``."""
    return [
        p
        for p in find_time_expressions(question, now)
        if (p.kind in ("relative_day", "relative_unit", "month") or YEAR.search(p.text))
        and (generic or p.cue in AT_CUES)
    ]
