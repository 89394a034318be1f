"""An email or an exported chat message read as a chat turn: who wrote it, and what it says
itself.

A mailbox streams emails: "From: Harriet Okafor <harriet@…>", "To:", "Subject: RE: …", a body, a
signature, and often the earlier messages quoted below it ("> Bao Tran is our treasurer") or
forwarded ("---------- Forwarded message ----------"). What the email says is its own body, said
by its sender: quoted and forwarded text was said before, by someone else, and restating it is
no new fact. So an email becomes the turn "Harriet Okafor: <body>", the form the writer and the
concept extractor already read ("I" is the sender).

A recorder's transcript puts it after the speaker ("Réka Halmi 00:02:04 hi everyone"): the turn
is "Réka Halmi: hi everyone". A chat app's export puts the time before the speaker ("[02/01/2025,
09:31] Dad: …", "02/01/2025, 09:31 - Dad: …") and a reply may quote the message it answers
('↪ Kev: "the fiesta's a write off" — KEVIN'): the turn is "Dad: …", without the time and the
quoted message. Other text is returned as it is.
"""

from __future__ import annotations

import re

from extraction.gazetteer import is_title_word

_HEADER = re.compile(r"^(?:from|to|cc|bcc|subject|date|sent|reply-to)\s*:", re.IGNORECASE)
_SENDER = re.compile(r"^from\s*:\s*(?P<name>[^<\n@]*?)\s*(?:<[^>\n]*>)?\s*$", re.IGNORECASE)
_QUOTED_FROM_HERE = re.compile(
    r"^(?:-{2,}\s*(?:forwarded|original)\s+message\s*-{2,}|on\s.{4,120}\swrote:\s*$"
    r"|begin forwarded message:)",
    re.IGNORECASE,
)
_ENDS_SENTENCE = ".!?,:;"
_NOT_A_SPEAKER = (
    "At|On|In|By|From|Until|Till|Around|About|Before|After|Since|Today|Tonight|Tomorrow|"
    "Yesterday|Mon|Tue|Wed|Thu|Fri|Sat|Sun|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|"
    "Sunday|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|"
    "June|July|August|September|October|November|December|The|A|An|Meeting|Call|Standup"
)
_CLOCK = r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?"
_EPISODE = r"(?:(?:EP|Ep|ep|Episode|episode)\.?\s*\d{1,4}\s+)?"  # a podcast's "EP 3 [00:03:12]"
_STAMP = (  # "[02/01/2025, 09:31] ", "02/01/2025, 09:31 - ", "[9:31 PM] "
    rf"(?:\[(?:\d{{1,4}}[/.-]\d{{1,2}}[/.-]\d{{1,4}},?\s+)?{_CLOCK}\]"
    rf"|\d{{1,4}}[/.-]\d{{1,2}}[/.-]\d{{1,4}},?\s+{_CLOCK}\s*-)\s*"
)
_EXPORT_TIME = re.compile(rf"^\s*{_EPISODE}{_STAMP}(?=[^:\n]{{1,40}}:\s)")  # not "9:30 standup:"
_APP_STAMP = re.compile(rf"^\s*{_STAMP}")  # before an app's own line, which has no speaker
_APP_EVENT = re.compile(  # "Ottilie Varga added Bilal Demirel and Ngozi Adjei", "Mal left"
    r"^(?P<actor>[^:\n]{1,60}?)\s+(?:(?:added|removed)\s+(?P<members>[^:\n]{1,400})"
    r"|created\s+group\b.*|left|joined\s+using\s+this\s+group's\s+invite\s+link"
    r"|changed\s+(?:the\s+subject|the\s+group\s+name|this\s+group's\s+icon"
    r"|the\s+group\s+description|their\s+phone\s+number)\b.*)\s*$"
)
_APP_NOTICE = re.compile(
    r"^(?:messages\s+and\s+calls\s+are\s+end-to-end\s+encrypted|<media\s+omitted>"
    r"|this\s+message\s+was\s+deleted)",
    re.IGNORECASE,
)
# A recorder's transcript: "Réka Halmi 00:02:04 hi everyone…", "Speaker 2 (3:15) so…"; not "At
# 09:30 we met", "Tuesday 10:30 standup".
_FILLER = re.compile(r"\b(?:[Uu]m+|[Uu]h+m*|[Ee]rm+)\b,?\s*(?=\S)")  # "uh director"; not "ER nurse"
_NAME_WORD = r"[A-ZÀ-Ý](?:[a-zà-ÿ]|['’][A-ZÀ-Ý])[\w'’.-]*"  # "Réka", "O'Neil"; not "BA"
_TRANSCRIPT_LABEL = re.compile(
    rf"^\s*(?P<name>(?:Speaker|Participant|Guest)\s+\d{{1,2}}"
    rf"|(?!(?:{_NOT_A_SPEAKER})\b){_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}})"
    rf"\s+[\[(]?{_CLOCK}[\])]?\s*[-–—:]?\s+(?=\S)"
)
_NOT_A_LABEL = re.compile(r"[^\w\s.'’()@-]+")  # "Teo 🌸": the emoji a label carries
_QUOTED_REPLY = re.compile(r"^\s*↪\s*[^:\n]{1,40}:\s*(?:\"[^\"]*\"|“[^”]*”)\s*[—–-]*\s*")


def sender(text: str) -> str | None:
    """The name an email's "From:" line gives, or None (no header, or an address alone)."""
    for line in text.splitlines()[:6]:
        found = _SENDER.match(line.strip())
        if found:
            name = " ".join(found["name"].strip(" \"'").split())
            return name or None
    return None


def _signs(line: str, name: str | None) -> bool:
    """Whether ``line`` is the sender signing ("Dr Harriet Okafor", "Farida", "Lachlan.")."""
    if not name:
        return False
    words = [w for w in line.rstrip(".,").split() if not is_title_word(w, before_name=False)]
    signed = " ".join(words).casefold()
    return signed in (name.casefold(), name.split()[0].casefold())


def is_email(text: str) -> bool:
    return bool(text.lstrip()[:5].casefold() == "from:" and "\n" in text)


def email_as_turn(text: str) -> str:
    """An email as "Sender: its own body" (headers, quoted and forwarded text left out); any
    other text unchanged."""
    if not is_email(text):
        return text
    name = sender(text)
    lines: list[str] = []
    in_headers = True
    signed = False  # past the sender's name at the foot: the lines after it are their post
    for raw in text.splitlines():
        line = raw.strip()
        if in_headers and (_HEADER.match(line) or not line):
            continue
        in_headers = False
        if _QUOTED_FROM_HERE.match(line):
            break  # what follows was written before, by someone else
        if not line or line.startswith(">"):
            continue
        if lines and lines[-1][-1:] not in _ENDS_SENTENCE:
            lines[-1] += "," if signed else "."  # "Manase Havili, Secretary"; lines apart
        lines.append(line)
        signed = signed or _signs(line, name)
    body = " ".join(lines)
    return f"{name}: {body}" if name and body else body


def without_export_stamp(text: str) -> str:
    """An exported chat message without the time its app stamped it with; any other text
    unchanged."""
    stamped = _EXPORT_TIME.match(text)
    return text[stamped.end() :] if stamped else text


def app_line_as_names(text: str) -> str | None:
    """A chat app's own line in an export ("[02/01/2024, 21:04] Ottilie Varga added Bilal
    Demirel and Ngozi Adjei", "… Mal left") as the names it gives, which say no fact but tell
    the stream who its members are; "" for a notice that names no one; None for other text."""
    stamped = _APP_STAMP.match(text)
    if stamped is None:
        return None
    line = text[stamped.end() :].strip()
    if _APP_NOTICE.match(line):
        return ""
    event = _APP_EVENT.match(line)
    if event is None:
        return None
    members = re.split(r",\s*|\s+and\s+", event["members"] or "")
    names = [n.strip() for n in (event["actor"], *members) if n.strip()]
    return ", ".join(n for n in names if n.casefold() not in ("you", "")) + "."


def chat_export_as_turn(text: str) -> str:
    """An exported chat message as "Speaker: text" (its time, any emoji in the speaker's label
    and any quoted message left out); an app's own line as the names it gives; any other text
    unchanged."""
    turn = without_export_stamp(text)
    if turn == text:
        names = app_line_as_names(text)
        if names is not None:
            return names
        recorded = _TRANSCRIPT_LABEL.match(text)
        return f"{recorded['name']}: {text[recorded.end() :]}" if recorded else text
    speaker, colon, said = turn.partition(":")
    speaker = " ".join(_NOT_A_LABEL.sub(" ", speaker).split()) or speaker
    return f"{speaker}: {_QUOTED_REPLY.sub('', said.lstrip(), count=1)}" if colon else turn


def as_turn(text: str) -> str:
    """What a statement says itself, as a turn when someone said it: an email, an exported chat
    message, a transcript's turn (without its "um"s); other text unchanged."""
    return _FILLER.sub("", chat_export_as_turn(email_as_turn(text)))
