"""Dates in a statement's text ("yesterday", "last Saturday", "two weeks ago", "next month",
"in 2019") found and resolved against the moment the statement was made.

Finding is a fixed grammar of English date phrases (a known kind per phrase, so a modal "may" or a
verb "march" is never a month). Resolving is ``dateparser``'s (``RELATIVE_BASE`` = the statement's
local wall time, past or future by the sentence's tense), and its answer's period becomes an
interval: a day, a Monday-to-Sunday week, a calendar month or year. A few phrases dateparser
leaves unresolved or gets wrong (weekends, seasons, "last March", "a couple of days ago", "the
week before last", "earlier this month", "the 3rd") have small rules of their own; the labelled
set in ``experiments/data/time_expressions/`` measures both.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Literal

import regex as re  # variable-width look-behind ("in", "since", "back in" before a year)
from dateparser.date import DateDataParser

from extraction.text import SPEAKER_LABEL, tag_words, tokenize

Kind = Literal[
    "relative_day", "weekday", "offset", "relative_unit", "date", "month", "year", "season"
]
Grain = Literal["day", "week", "weekend", "month", "season", "year", "span"]
Tense = Literal["past", "future"]

_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_SHORT_WEEKDAYS = {
    "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday",
    "weds": "wednesday", "thu": "thursday", "thur": "thursday", "thurs": "thursday",
    "fri": "friday", "sat": "saturday", "sun": "sunday",
}  # fmt: skip
_SHORT = "thurs|thur|thu|tues|tue|weds|wed|fri|sat|sun|mon"
_SHORT_ALONE = "thurs|thur|tues|fri"  # no English word: "passed it thurs"
_SHORT_ENDS = r"(?=\s*(?:[.,!?;:)]|$|\d|at\b|and\b|or\b|morning|night|afternoon|evening))"
MONTH_NAMES = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec"
)
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2,
    "couple of": 2, "a fortnight": 2,
}  # fmt: skip
_NUM = r"(?:\d{1,3}|a\s+couple\s+of|couple\s+of|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"  # noqa: E501
_UNIT = r"(?:day|week|month|year)s?"
_ORD = r"(?:\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:1[89]\d{2}|20\d{2}|21\d{2})"
_SEASON = r"(?:spring|summer|autumn|fall|winter)"
_LEAD = r"(?:in|on|since|until|till|by|from|to|before|after|during|of|back\s+in|around|through)"

# "on the 3rd" is a day, "on the 3rd floor", "for the 2nd time" are not: a bare ordinal is a date
# only where no noun follows it (the end, punctuation, "of", or a word that starts a clause).
_NOT_A_NOUN = (
    r"(?=\s*(?:$|[,.;:!?)\-–—]|(?:and|at|in|so|but|or|then|when|too|as|with|after|before|"
    r"because|if|though|till|until|to|of|this|next|from|we|i|he|she|they|it|is|was|lol|haha)\b))"
)

# "My first holiday in two years", "haven't seen him in ages … in three weeks": a span, not
# a day to come.
_DURATION_BEFORE = r"(?:\b(?:first|only|best|worst|longest|not|never|no)\b|n't\b)"

# Longest and most specific first: the first alternative that matches at a position wins.
_PATTERNS: tuple[tuple[Kind, str], ...] = (
    ("relative_day", r"(?:the\s+)?day\s+(?:before\s+yesterday|after\s+tomorrow)"),
    (
        "relative_day",
        r"yesterday|today|tonight|tomorrow|last\s+night|this\s+(?:morning|afternoon|evening)",
    ),
    ("offset", rf"(?:a\s+fortnight|{_NUM}\s+{_UNIT})\s+ago"),
    (
        "offset",
        rf"(?<!{_DURATION_BEFORE}[^.!?]{{0,60}})(?<=\bin\s)(?:a\s+fortnight|{_NUM}\s+{_UNIT})"
        rf"|{_NUM}\s+{_UNIT}\s+from\s+now",
    ),
    ("relative_unit", r"the\s+week\s+before\s+last|(?:earlier|later)\s+this\s+(?:week|month|year)"),
    ("relative_unit", r"(?:last|next|this|past|coming|the)\s+weekend|(?<=\bover\s)the\s+weekend"),
    ("relative_unit", r"(?:last|next|this|past|coming)\s+(?:week|month|year)"),
    ("date", r"\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{4}"),
    ("date", rf"(?:{MONTH_NAMES})\.?\s+{_ORD}(?:,?\s+{_YEAR})?(?![\d:])"),
    ("date", rf"(?:the\s+)?{_ORD}\s+(?:of\s+)?(?:{MONTH_NAMES})\b(?:,?\s+{_YEAR})?"),
    (
        "date",
        rf"(?<=\b(?:on|for|by|until|till|since)\s)the\s+\d{{1,2}}(?:st|nd|rd|th){_NOT_A_NOUN}",
    ),
    ("season", rf"(?:(?:last|next|this)\s+{_SEASON}|{_SEASON}\s+(?:of\s+)?{_YEAR})"),
    ("season", rf"(?<=\b(?:in|during)\s)the\s+{_SEASON}(?:\s+of\s+{_YEAR})?"),
    ("month", rf"(?:last|next|this)\s+(?:{MONTH_NAMES})\b|(?:{MONTH_NAMES})\.?\s+{_YEAR}"),
    ("month", rf"(?<=\b(?:in|by|of)\s)(?:early\s+|late\s+|mid-?)?(?:{MONTH_NAMES})\b"),
    ("month", rf"(?<=\bfor\s)(?:{MONTH_NAMES})\b(?!\s+(?-i:[A-Z]))"),  # not "for May Chen"
    ("month", rf"(?<=\b(?:since|until|after|before|during)\s)(?:{MONTH_NAMES})\b"),
    (
        "weekday",
        rf"(?:last|next|this|coming|past)\s+(?:{_WEEKDAYS}|{_SHORT_ALONE}|thu|tue)\b"
        rf"|(?:{_WEEKDAYS})(?!s\b)\b|(?:{_SHORT_ALONE})\b(?!')"
        rf"|(?<=\b(?:on|since|by|until|till|til)\s)(?:{_SHORT})\b(?!'){_SHORT_ENDS}",
    ),
    ("year", rf"(?<=\b{_LEAD}\s){_YEAR}\b|(?<=\bthe\s)year\s+{_YEAR}\b"),
)
_FINDER = re.compile(
    "|".join(f"(?P<k{i}>\\b(?:{pattern}))" for i, (_, pattern) in enumerate(_PATTERNS)),
    re.IGNORECASE,
)
_CUE = re.compile(rf"\b({_LEAD}|between|and|as\s+of)\s+$", re.IGNORECASE)
_FUTURE = re.compile(
    r"\b(?:will|shall|won't|going\s+to|gonna|plan(?:s|ning|ned)?\s+to|about\s+to|intends?\s+to|"
    r"hope\s+to|want\s+to|can't\s+wait|looking\s+forward|upcoming|coming\s+up|next)\b|'ll\b|"
    r"\b(?:booked|scheduled|set|planned|pencilled|penciled|due)\s+(?:in\s+)?for\b|"
    r"\b(?:am|is|are)\s+\w+ing\b|'(?:m|re|s)\s+\w+ing\b|"
    r"\b(?:i|we|you|they)\s+(?:start|begin|leave|fly|move|arrive|return|travel)\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?]\s+")
_CLAUSE_BREAK = re.compile(  # ", and now", "; ", " – ", "and I'm …" (a new subject)
    r",\s+(?:and|but|so|while|whereas)\b|;|\s[-–—]\s|"
    r"\s(?:and|but|so)\s+(?=(?:i|we|he|she|they|you)\b)",
    re.IGNORECASE,
)
_WORDS = re.compile(r"[^\W\d_]{3,}")
_FRAGMENT_WORDS = 3  # words besides its date phrase below which a sentence is a fragment
_BARE_ORDINAL = re.compile(r"the\s+\d{1,2}(?:st|nd|rd|th)", re.IGNORECASE)
# Right before the phrase, a start or a scheduled event yet to come ("the movers come on the 2nd",
# "the test is on the 14th", "booked Palermo for May";
# not "Starting in January I cut out …", told after: that says a past month only when the verb
# that follows is past, which is rarer).
_STARTING_THEN = re.compile(
    r"(?:\b(?:starts|starting|begins|beginning|comes?|arrives?|leaves|ends|finishes|opens|lands|"
    r"flies|happens|is|are)\s+(?:in|on|from)|\bfor)\s+$",
    re.IGNORECASE,
)
_TENSE_WINDOW = 300  # characters of the sentence around a phrase that decide its tense


@dataclass(frozen=True)
class TimeExpression:
    """A date phrase of a statement and the days it denotes, ``first``..``last`` inclusive."""

    text: str
    start: int  # character offsets in the statement
    end: int
    kind: Kind
    first: date
    last: date
    grain: Grain
    cue: str | None = None  # the word before it: since, until, from, to, in, on…

    def describe(self) -> str:
        """The interval as an answer says it: a day, a month, a year, or first–last."""
        return describe_interval(self.first, self.last, self.grain)


def describe_interval(first: date, last: date, grain: str) -> str:
    if first == last:
        return first.isoformat()
    if grain == "month" or (first.day == 1 and last == _month_end(first)):
        return first.strftime("%Y-%m")
    if grain == "year" or (first == date(first.year, 1, 1) and last == date(first.year, 12, 31)):
        return str(first.year)
    return f"{first.isoformat()}/{last.isoformat()}"


def _month_end(day: date) -> date:
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def period_interval(day: date, period: str) -> tuple[date, date, Grain]:
    """The calendar unit of ``period`` (dateparser's) that contains ``day``."""
    if period == "week":
        monday = day - timedelta(days=day.weekday())
        return monday, monday + timedelta(days=6), "week"
    if period == "month":
        return day.replace(day=1), _month_end(day), "month"
    if period == "year":
        return date(day.year, 1, 1), date(day.year, 12, 31), "year"
    return day, day, "day"


def resolve_with_dateparser(
    phrase: str, base: datetime, tense: Tense | None = "past"
) -> tuple[date, date, Grain] | None:
    """dateparser alone: ``phrase`` against ``base`` (local wall time), as an interval; with
    ``tense`` None, dateparser's own preferences (the baseline the labelled set measures)."""
    settings: dict[str, object] = {
        "RELATIVE_BASE": base.replace(tzinfo=None),
        "RETURN_TIME_AS_PERIOD": True,
    }
    if tense is not None:
        settings |= {"PREFER_DATES_FROM": tense, "PREFER_DAY_OF_MONTH": "first"}
    parser = DateDataParser(languages=["en"], settings=settings)
    data = parser.get_date_data(phrase)
    if data.date_obj is None:
        return None
    return period_interval(data.date_obj.date(), data.period or "day")


def _season(name: str, year: int) -> tuple[date, date]:
    """Meteorological seasons of the northern hemisphere; winter runs into the next year."""
    start_month = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}[name]
    first = date(year, start_month, 1)
    last_month = date(year + (start_month == 12), (start_month + 1) % 12 + 1, 1)
    return first, _month_end(last_month)


def _seasons_around(name: str, today: date) -> list[tuple[date, date]]:
    return [_season(name, year) for year in range(today.year - 2, today.year + 2)]


def _rule(phrase: str, today: date, tense: Tense) -> tuple[date, date, Grain] | None:
    """The phrases dateparser leaves unresolved or gets wrong; None for every other phrase."""
    words = phrase.lower().split()
    last_word = words[-1]
    if last_word == "weekend":
        saturday = today + timedelta(days=(5 - today.weekday()) % 7)  # this week's (or today)
        if words[0] in ("last", "past") or (words[0] in ("the", "over") and tense == "past"):
            saturday -= timedelta(days=7)
        elif words[0] == "next":
            saturday += timedelta(days=7)
        return saturday, saturday + timedelta(days=1), "weekend"
    season = next((w for w in words if w in ("spring", "summer", "autumn", "fall", "winter")), None)
    if season is not None:
        year = re.search(_YEAR, phrase)
        if year:
            return (*_season(season, int(year.group())), "season")
        spans = _seasons_around(season, today)
        if words[0] == "this":
            containing = [s for s in spans if s[0] <= today <= s[1]]
            this_year = [s for s in spans if s[0].year == today.year]
            return (*(containing or this_year)[0], "season")
        if words[0] == "last" or (words[0] != "next" and tense == "past"):
            return (*[s for s in spans if s[1] < today][-1], "season")
        return (*next(s for s in spans if s[0] > today), "season")
    month = _month_number(last_word)
    if month is not None and words[0] in ("last", "next", "this"):
        candidates = [date(today.year + k, month, 1) for k in (-1, 0, 1)]
        this_month = today.replace(day=1)
        if words[0] == "last":
            first = [c for c in candidates if c < this_month][-1]
        elif words[0] == "next":
            first = next(c for c in candidates if c > this_month)
        else:
            first = candidates[1]
        return first, _month_end(first), "month"
    if phrase.lower().startswith("the week before last"):
        return period_interval(today - timedelta(days=14), "week")
    if words[0] in ("earlier", "later") and len(words) == 3:
        first, last, _ = period_interval(today, words[2])
        if words[0] == "earlier":
            return first, max(first, today - timedelta(days=1)), "span"
        return min(last, today + timedelta(days=1)), last, "span"
    nth = re.fullmatch(r"the\s+(\d{1,2})(?:st|nd|rd|th)", phrase.lower())
    if nth:
        return _day_of_month(int(nth.group(1)), today, tense)
    return None


def _day_of_month(day: int, today: date, tense: Tense) -> tuple[date, date, Grain] | None:
    """ "On the 3rd": this month's if that fits the tense, else the month before (or after)."""
    months = [today.replace(day=1) - timedelta(days=1), today, _month_end(today) + timedelta(1)]
    options = []
    for m in months:
        if day <= calendar.monthrange(m.year, m.month)[1]:
            options.append(m.replace(day=day))
    fitting = [d for d in options if (d <= today if tense == "past" else d >= today)]
    if not fitting:
        return None
    chosen = fitting[-1] if tense == "past" else fitting[0]
    return chosen, chosen, "day"


def _month_number(word: str) -> int | None:
    for number, name in enumerate(calendar.month_name):
        if number and (word == name.lower() or (len(word) >= 3 and name.lower().startswith(word))):
            return number
    return None


def _normalised(phrase: str) -> str:
    """The phrase as dateparser reads it best: number words it misses become digits."""
    text = re.sub(r"\s+", " ", phrase.strip().lower())
    text = re.sub(r"^(?:a )?couple of ", "2 ", text)
    text = re.sub(r"^(early|late|mid-?) ", "", text)
    return re.sub(  # "thurs" → "thursday": dateparser knows the whole names
        rf"\b(?:{_SHORT})\b\.?", lambda m: _SHORT_WEEKDAYS[m.group().rstrip(".")], text
    )


def _tense(text: str, start: int, end: int) -> Tense:
    """Future when the phrase's sentence speaks of what is coming ("will", "going to", "'m
    flying"), or the phrase itself does ("next", "in two days"); past otherwise."""
    phrase = text[start:end].lower()
    if phrase.startswith(("next", "coming", "tomorrow", "later")) or "from now" in phrase:
        return "future"
    if _STARTING_THEN.search(text, max(0, start - 30), start):
        return "future"  # "Starting in September.", "she starts on Monday"
    if phrase.startswith(("last", "past", "earlier", "yesterday")) or phrase.endswith("ago"):
        return "past"
    window = max(0, start - _TENSE_WINDOW)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, window, start)]
    sentence_start = ends[-1] if ends else window
    following = _SENTENCE_END.search(text, end, end + _TENSE_WINDOW)
    sentence_end = following.start() if following else end + _TENSE_WINDOW
    sentence = text[sentence_start:sentence_end]
    if is_fragment(sentence, text[start:end]):  # "Anand: 14th of May, in Goa."
        sentence = text[window : end + _TENSE_WINDOW]  # the sentences around it tell
    else:
        clause = _clause(text, sentence_start, start, end, sentence_end)
        if _FUTURE.search(clause):
            return "future"
        if any(tag == "VBD" for _, tag in tag_words(tokenize(clause))):
            return "past"  # "He left SNCF on Monday …, and now he is learning beekeeping"
    return "future" if _FUTURE.search(sentence) else "past"


def is_fragment(sentence: str, phrase: str) -> bool:
    """Whether ``sentence`` says almost nothing besides its date ``phrase`` ("two weeks ago.",
    "Anand: 14th of May, in Goa."): then the sentences around it tell what it dates."""
    besides = SPEAKER_LABEL.sub("", sentence.replace(phrase, " "))
    return len(_WORDS.findall(besides)) < _FRAGMENT_WORDS


def _clause(text: str, sentence_start: int, start: int, end: int, sentence_end: int) -> str:
    """The clause of the sentence that holds the phrase at ``start``..``end``: from the last
    ", and" (", but", ";", a dash) before it to the next one after it."""
    breaks_before = [m.end() for m in _CLAUSE_BREAK.finditer(text, sentence_start, start)]
    after = _CLAUSE_BREAK.search(text, end, max(end, sentence_end))
    return text[
        breaks_before[-1] if breaks_before else sentence_start : after.start()
        if after
        else sentence_end
    ]


def resolve_phrase(
    phrase: str, observed: datetime, tense: Tense = "past"
) -> tuple[date, date, Grain] | None:
    """One date phrase against the moment it was said: the rules first, else dateparser."""
    today = observed.date()
    return _rule(phrase, today, tense) or resolve_with_dateparser(
        _normalised(phrase), observed, tense
    )


def find_time_expressions(text: str, observed: datetime | None) -> list[TimeExpression]:
    """Every date phrase of ``text`` that resolves. Without ``observed`` only phrases that carry
    their own year (``3 March 2024``, ``in 2019``) resolve: the rest need a moment to count from.
    """
    found: list[TimeExpression] = []
    base = observed or datetime(2000, 1, 1)
    for match in _FINDER.finditer(text):
        group = next(name for name, value in match.groupdict().items() if value is not None)
        kind = _PATTERNS[int(group[1:])][0]
        phrase = match.group()
        if observed is None and not re.search(rf"\b{_YEAR}\b|\d{{4}}-\d{{2}}", phrase):
            continue
        cue = _CUE.search(text, max(0, match.start() - 20), match.start())
        if kind == "offset" and not phrase.lower().endswith(("ago", "now")):
            resolved = resolve_phrase(f"in {phrase}", base, "future")  # "in three days"
        else:
            resolved = resolve_phrase(phrase, base, _tense(text, match.start(), match.end()))
        if resolved is None:
            continue
        found.append(
            TimeExpression(
                text=phrase,
                start=match.start(),
                end=match.end(),
                kind=kind,
                first=resolved[0],
                last=resolved[1],
                grain=resolved[2],
                cue=" ".join(cue.group(1).lower().split()) if cue else None,
            )
        )
    return [_in_named_month(e, found, text) for e in found]


def _in_named_month(
    expression: TimeExpression, found: list[TimeExpression], text: str
) -> TimeExpression:
    """ "In August, flights booked for the 9th": a bare ordinal is a day of the month its
    sentence named before it, not of the month it was said in."""
    if expression.kind != "date" or not _BARE_ORDINAL.fullmatch(expression.text):
        return expression
    named = [
        e
        for e in found
        if e.grain == "month"
        and e.end <= expression.start
        and not _SENTENCE_END.search(text, e.end, expression.start)
    ]
    if not named:
        return expression
    month = named[-1].first
    day = int(re.sub(r"\D", "", expression.text))
    if day > calendar.monthrange(month.year, month.month)[1]:
        return expression
    on = month.replace(day=day)
    return replace(expression, first=on, last=on)


def validity(expressions: list[TimeExpression]) -> tuple[date | None, date | None]:
    """When the facts a statement states held, where it says so: ``valid_from`` is the first day
    they held, ``valid_to`` the first day they no longer did (like ``t_to``, exclusive).

    "from X to Y" / "between X and Y" give both; "since X" the start; "until X" the end; a single
    date phrase is when the stated thing began. Several unrelated phrases give nothing: which
    fact each belongs to is not known here.
    """
    if not expressions:
        return None, None
    starts = [e for e in expressions if e.cue in ("since", "from", "between")]
    closers = ("until", "till", "to", "through") + (
        ("and",) if any(e.cue == "between" for e in starts) else ()
    )
    ends = [e for e in expressions if e.cue in closers]
    if starts or ends:
        valid_from = starts[0].first if starts else None
        valid_to = ends[-1].last + timedelta(days=1) if ends else None
        return valid_from, valid_to
    if len({(e.first, e.last) for e in expressions}) == 1:
        return expressions[0].first, None
    return None, None
