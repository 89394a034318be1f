"""The cues of the relation frames (``extraction.relation_frames``): for each relation people's
lives change in, the phrases that say it holds or ends, and the reader of the kind of value it
takes. Data, kept apart from the reading so that a cue is added in one place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from extraction.gazetteer import PLAYING_POSITIONS, is_place
from extraction.typed_objects import (
    read_club,
    read_group,
    read_job,
    read_name,
    read_org,
    read_person,
    read_place,
    read_skill,
    read_subject_of_study,
    read_topic,
    read_vehicle,
)

Reader = Callable[[Sequence[str]], str | None]
ListReader = Callable[[Sequence[str]], list[str]]


@dataclass(frozen=True)
class Frame:
    relation: str
    cue: re.Pattern[str]
    read: Reader | ListReader
    ends: bool = False
    passive: bool = False  # the person after the cue is the subject; the value comes first
    plan: str | None = None  # the relation when a future time follows ("moving to X next month")
    home: bool = False  # a new home ("signed the lease"): the statement's one city, if no place
    speakers: bool = False  # "it's freezing here in Seaham": with no one named, the speaker's


def cue(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_CAR_GONE = cue(r"\b(?:written\s+off|write-?off|died|stolen|sold|scrapped|crashed|totall?ed)\b")


TENURE = (  # how long someone has been in a post: "first week", "3 years", "week one"
    r"(?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:months?|years?)"
    r"|first\s+(?:days?|weeks?|months?|shifts?)|(?:day|week)\s+(?:one|1))"
)
_STUDY_PLACE = (  # "a place at Wendouree College", "a place on the course": no home
    r"(?!\s+(?:at|on)\s+(?:\S+\s+){0,3}?(?:college|university|uni|school|academy|course"
    r"|programme|program|scheme|team|squad)\b)"
)
_YEAR_OF_STUDY = (
    r"\b(?:first|second|third|fourth|final|1st|2nd|3rd|4th)[\s-]+year\s+(?:of\s+)?"
    r"(?:(?:her|his|my|their|an?)\s+)?(?!(?:as|at|in|on|with|for|of|and)\b)"
)
_STUDENT_AT = r"(?:\s+students?)?\s+(?:at|@)\b"
PROPER_NAME = r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?"  # one or two capitalised words
HOME = rf"(?:flat|apartment|place{_STUDY_PLACE}|house|room|studio|home|cottage|lease|flatshare)"
# Playing positions that tell of a player, lower-case or as a title before a name ("Adyar
# Strikers" is a team). "forward", "winger" and "defender" are everyday words too ("moving
# forward", "a right-winger", "a public defender"): only their titles before a name count.
_TOLD_POSITIONS = sorted(PLAYING_POSITIONS - {"forward", "winger", "defender"})
_POSITIONS = (
    r"(?-i:(?:"
    + "|".join(_TOLD_POSITIONS)
    + r")s?\b|(?:"
    + "|".join(sorted(p.capitalize() for p in PLAYING_POSITIONS))
    + r")(?=\s+[A-Z]))"
)
# A clause about a player: the club joined, left or rejoined is the one played for, not an
# employer ("Harbury midfielder Sonny Tarrant has joined Dunmere Athletic on loan").
PLAYER = cue(
    r"\bon\s+loan\b|\bloan(?:ee|\s+move|\s+spell)\b|\bfree\s+agent\b"
    r"|\bdebut\b(?!\s+(?:album|single|novel|book|record|film|ep|show|collection))|\b" + _POSITIONS
)
# A name before a post is its club or town, not a person: "Harbury midfielder Tarrant".
CLUB_BEFORE_POST = re.compile(
    r"\s+(?:" + "|".join(sorted(PLAYING_POSITIONS)) + r"|captain|boss|manager|coach|chairman)\b"
)
FRAMES: tuple[Frame, ...] = (
    Frame("", cue(r"\bmoved\s+to\b"), read_org),
    Frame("is learning", cue(r"\bteach(?:ing|es)?\b"), read_skill, passive=True),
    Frame(
        "lives in",
        cue(
            r"\b(?:lives?|living|resides?|residing|based|staying(?!\s+(?:at|on|with)\b)|settled)\b"
            r"(?:\s+just)?"
        ),  # not "is staying at Cardamom" (a job kept), "staying on", "staying with"
        read_place,
    ),
    Frame(
        "lives in",
        cue(
            r"\b(?:moved|moves|relocated|emigrated)(?:\s+(?:back|home|down|up|over))?\b"
            r"(?!\s+(?:from|out|in\s+together)\b)"
        ),
        read_place,
        home=True,
    ),
    Frame(  # "still raining here in Bergen" (not "was here in Paris for a week")
        "lives in",
        cue(
            r"(?<!was\s)(?<!were\s)\b(?:here|back\s+home)\s+in\b(?![^.;!]*\bfor\s+(?:a|\d|two|three)\b)"
        ),
        read_place,
        speakers=True,
    ),
    Frame(
        "lives in",
        cue(
            r"\bmoving\s+(?:(?:back|up|down|over|out|home)\s+)?"
            r"(?:(?:north|south|east|west|abroad)\s+)?(?:to|into)\b"
        ),
        read_place,
        plan="plans to move to",
    ),
    Frame(
        "lives in",
        cue(
            r"\b(?:found|got|rented|renting|rents|bought|signed|moved\s+into)\s+(?:\S+\s+){0,4}?"
            + HOME
            + r"\b"
        ),
        read_place,
        home=True,
    ),
    Frame(
        "lives in",
        cue(r"\b(?:is|'s|am|are)\s+(?:still\s+|now\s+|already\s+|back\s+)*in\b"),
        read_place,
    ),
    Frame("lives in", cue(r"\b(?:back|still)\s+in\b"), read_place),
    Frame("lives in", cue(r"\baddress\s+in\b"), read_place),
    Frame(  # "officially a Birkenhead girl", "Bulvė and I become Kaunas people"
        "lives in",
        cue(
            r"\b(?:an?|become|becoming|became)\s+(?P<obj>[A-Z][\w'’-]+)\s+"
            r"(?:girl|boy|lad|lass|local|resident|person|people|native|household)s?\b"
        ),
        lambda words: town if (town := read_place(words)) and is_place(town) else None,
        speakers=True,
    ),
    Frame(  # "… and Ipswich has been home ever since", "Leeds is home now"
        "lives in",
        cue(
            rf"\b(?P<obj>{PROPER_NAME})\s+(?:has\s+been|is|'s)\s+"
            r"(?:now\s+|finally\s+)?(?:my\s+|our\s+)?home\b(?!\s+(?:to|of|for)\b)"
        ),
        read_place,
        speakers=True,
    ),
    Frame(  # "his flat in Birkenhead", "Teo Lindgren's new house in Bolton": the owner's home
        "lives in",
        cue(
            r"(?:\b(?:his|her|their)|['’]s)\s+(?:new\s+|own\s+|little\s+)?"
            r"(?:flat|apartment|house|home|cottage|bungalow)\s+in\s+"
            rf"(?P<obj>{PROPER_NAME})"
        ),
        read_place,
    ),
    Frame(  # "does sound design at Pyynikki", "doing sound for the Aurajoki Theatre"
        "works for",
        cue(
            r"\b(?:does|doing)\s+(?:the\s+)?(?:sound|design|marketing|accounts|books|bookkeeping|"
            r"admin|it|research|pr|hr|payroll|ux|ui|engineering|security|sales|support|finance|"
            r"cleaning|catering|photography|consulting|freelance|contract|legal|data|analytics|"
            r"coding|development|logistics|recruitment|comms|graphics|shifts?|nights?)"
            r"(?:\s+(?:design|work|stuff))?\s+(?:at|for)\b"
        ),
        lambda words: org if (org := read_org(words)) and org[:1].isupper() else None,
    ),  # a named employer only: not "does yoga at the gym"
    Frame(  # "my old Subaru Outback", "the wipers on my little Maruti Swift": one's own car
        "drives",
        cue(
            r"(?:\bmy|['’]s)\s+(?:(?:old|little|trusty|beloved|battered|ancient|faithful|dear|"
            r"red|blue|black|white|silver|grey|gray|green)\s+)*"
            r"(?P<obj>[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2}[^.;!?]*)"  # the car, and what it did
        ),
        lambda words: (
            car
            if (car := read_vehicle(words))
            and car[:1].isupper()
            and len(car.split()) >= 2  # a make and its model: not "my RAM", "my Jaguar tattoo"
            and not _CAR_GONE.search(" ".join(words))
            else None
        ),
    ),  # not "Siobhan's Fiat was written off": the frames for endings read that
    Frame(  # "Immy rang from Christchurch", "flying in from Vancouver": where they live
        "lives in",
        cue(
            r"\b(?:rang|phoned|(?:is\s+|was\s+)?(?:flying|flew|driving|drove)\s+(?:in|over|down|up))"
            r"\s+"
            r"(?:me\s+|us\s+|him\s+|her\s+)?from\b"
        ),
        read_place,
    ),
    Frame("lives in", cue(r"\bmoved\s+out\s+of\b"), read_place, ends=True),
    Frame(
        "plans to move to",
        cue(r"\b(?:plan(?:s|ning)?|going|want(?:s|ing)?)\s+to\s+move(?:\s+back)?\s+to\b"),
        read_place,
    ),
    Frame("works for", cue(r"\b(?:works?|working|worked)\s+(?:at|for|in)\b"), read_org),
    Frame(
        "works for",
        cue(r"\b(?:job|position|role|shift|post|internship)\s+(?:at|with|for)\b"),
        read_org,
    ),
    Frame(
        "works for", cue(r"\b(?:joined|rejoined|joins|joining)\b"), read_org, plan="will start at"
    ),
    Frame(  # "3 years at St. Brigid's today", "week one in the NICU at Lakeview Children's"
        "works for",
        cue(r"\b" + TENURE + r"\s+(?:(?:in|behind|on)\s+(?:the\s+)?\S+\s+)?at\b"),
        read_org,
    ),
    Frame("is member of", cue(r"\b(?:joined|joins|joining)\b"), read_club),
    Frame(  # "waiting tables at Kumo", "serving coffee at Lumen": a named employer
        "works for",
        re.compile(r"\b\w+ing\s+\w+\s+at\s+(?=the\s+[A-Z]|[A-Z])"),
        read_org,
    ),
    Frame("works for", cue(r"\b(?:hired|employed|recruited)\s+(?:by|at)\b"), read_org),
    Frame(
        "works for",
        cue(r"\b(?:started|starts|starting|start)\s+(?:work\s+)?at\b"),
        read_org,
        plan="will start at",
    ),
    Frame("works for", cue(r"\bsigned\s+(?:on\s+)?with\b"), read_org),
    Frame(  # a player's club: "signed for Dunmere", "a season-long loan from X to Y"
        "plays for",
        cue(
            r"\b(?:(?:re-?)?signed\s+(?:permanently\s+|again\s+)?for|plays\s+for|playing\s+for"
            r"|turns?\s+out\s+for|on\s+loan\s+(?:at|to|with)"
            r"|loan\s+(?:move\s+)?(?:from\s+[^,;.]{1,60}?\s+)?to)\b"
        ),
        read_org,
    ),
    Frame(  # a club signs a player: "Pellbridge Borough have signed striker Reece Abara"
        "plays for",
        cue(
            r"\b(?:(?:re-?)?signed|taken|brought\s+in|snapped\s+up)\b(?=\s+(?:\S+\s+)?"
            + _POSITIONS
            + r"|[^.;]*\bon\s+loan\b)"
        ),
        read_org,
        passive=True,
    ),
    Frame("works for", cue(r"\b(?:gone|went|going)\s+back\s+to\b"), read_org),
    Frame(
        "works for",
        cue(
            r"\b(?:is|'s|am|are|was|still|back|now)(?:n't|\s+not)?\s+(?:still\s+|now\s+|back\s+)*"
            r"(?:at|with|w/|@)(?=\s)"
        ),
        read_org,
    ),
    Frame(
        "works for",
        cue(r"\b(?:keeping|keeps|kept)\s+(?:the\s+)?(?=\S+(?:\s+\S+)?\s+job\b)"),
        read_org,
    ),
    Frame("works for", cue(r"\b(?:hired|poached|recruited|headhunted)\b"), read_org, passive=True),
    Frame(  # "still at Lakeview", "is also at Brightwave Analytics now"
        "works for",
        cue(r"\b(?:is|'s|am|are)\s+(?:now\s+|also\s+|still\s+)+at\b"),
        read_org,
    ),
    Frame(  # "doing ICU nights at St. Columba Hospital", "Saturday shifts at the Cosy Cup"
        "works for",
        cue(r"\b(?:shifts?|nights|night\s+shifts?|lates|earlies)\s+(?:at|for)\b"),
        read_org,
    ),
    Frame(  # "I got the Lumen & Pike job"
        "works for",
        cue(
            r"\b(?:got|landed|took|accepted)\s+the\s+(?P<obj>\S+(?:\s+\S+){0,3}?)\s+(?:job|role)\b"
        ),
        read_org,
    ),
    Frame(
        "works for",
        cue(r"\b(?:quit|left|leaving|resigned\s+from|fired\s+from|laid\s+off\s+from)\b"),
        read_org,
        ends=True,
    ),
    Frame(  # "Last day at Taieri Valley." (not "my last day at X is the 25th")
        "works for",
        cue(r"\blast\s+(?:day|shift)\s+(?:at|with)\b(?![^.;!]*\b(?:is|will|on|next)\b)"),
        read_org,
        ends=True,
    ),
    Frame(
        "works for",
        cue(r"\bhanded\s+(?:in|back)\s+(?:\S+\s+){1,3}?(?:apron|badge|keys)\s+(?:at|to)\b"),
        read_org,
        ends=True,
    ),
    Frame(  # notice given: the job holds until the last day ("last day is October 18")
        "handed in notice at",
        cue(
            r"(?<!was\s)(?<!got\s)\b(?:handed|gave)\s+(?:in\s+)?(?:\S+\s+){0,3}?notice\s+"
            r"(?:in\s+)?(?:at|to)\b"
        ),
        read_org,
    ),
    Frame(
        "works as",
        cue(r"\b(?:works?|working|job|employed|hired|started|starts|signed\s+on)\s+as\b"),
        read_job,
    ),
    Frame(
        "works as",
        cue(
            r"(?<!down\s)(?<!resigned\s)(?<!retired\s)"  # "stood down as treasurer" ends it
            r"\b(?:as|became|become|becomes|promoted\s+to|made|named|appointed|(?:re-?)?elected)\b"
        ),
        read_job,
    ),
    Frame(
        "works as",
        cue(r"\b(?:(?:stood|stepped|steps|stepping|standing)\s+down|resigned|retired)\s+as\b"),
        read_job,
        ends=True,
    ),
    Frame(
        "works as",
        cue(
            r"\b(?:is|am|are|'s(?=\s+(?:now|still|also|an?|the|new)\b))\s+"
            r"(?:now\s+|still\s+|also\s+)*(?:an?\s+|the\s+)?(?:new\s+)?(?=\S)"
            r"(?!(?:(?:my|his|her|their|our|your)|(?:[A-Z][\w-]+\s+){0,2}[A-Z][\w-]+['’]s)\s+"
            r"(?:new\s+|line\s+)?(?:manager|boss|supervisor|mentor|landlord|landlady)\b)"
        ),  # not "Anahera is my manager", "… is Rosalind's boss": whose, not a post
        read_job,
    ),
    Frame("works as", cue(r"\b(?:made|promoted|named|appointed)\b"), read_job, passive=True),
    Frame("is seeing", cue(r"\b(?:seeing|dating|going\s+out\s+with)\b"), read_name),
    Frame(
        "lives with",
        cue(  # "moved in with Matej", "moved into Matej's (place)"
            r"\b(?:moved|moves|moving)\s+in\s+with\b"
            r"|\b(?:moved|moves|moving)\s+in(?:to)?\s+(?=[A-Z][\w-]*(?:\s[A-Z][\w-]*)?['’]s\b"
            r"(?!\s+(?:old|former|previous|job|role|position|post|seat|office|desk|team)\b))"
        ),
        read_person,
        plan="plans to move in with",
    ),
    Frame("is seeing", cue(r"\b(?:is|'s|am|are)?\s*still\s+with\b"), read_name),  # a person
    Frame(  # "I'm not with Sam anymore", "no longer with Sam": the couple is over
        "is seeing",
        cue(r"(?:\b(?:is|'s|am|are)\s+not|n't|\bno\s+longer)\s+with\b"),
        read_name,
    ),
    Frame(
        "reports to",
        cue(r"\b(?:reports?|reporting)\s+(?:directly\s+)?to\b"),
        read_name,
    ),
    Frame("married to", cue(r"\b(?:engaged\s+to|married(?:\s+to)?)\b"), read_name),
    Frame(  # "I asked Saana to marry me and she said yes"
        "married to",
        cue(r"\basked\s+(?=[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}\s+to\s+marry\b)"),
        read_name,
    ),
    Frame(
        "plans to travel to",
        cue(r"\b(?:trip|holiday|fortnight|week|weekend|visit|flights?)\s+(?:to|in)\b"),
        read_place,
    ),
    Frame(
        "plans to travel to",
        cue(
            r"\b(?:heading|going|flying|travelling|traveling|come|coming)\s+(?:out\s+)?to\b"
            r"(?!\s+(?:be(?!\s+(?:in|at|back)\b)|become|get|have|do|make|start|work|take|try|"
            r"need|see|keep|look|give|buy|sell|leave|quit|miss|join|tell|ask|run|live|study|"
            r"teach|learn)\b)"
        ),  # "going to Lisbon", not "going to be an instructor at Alpenglow"
        read_place,
    ),
    Frame("plans to travel to", cue(r"\bplanning\s+(?=[A-Z])"), read_place),
    Frame("plans to travel to", cue(r"\bback\s+from\b"), read_place, ends=True),
    Frame(
        "plans to travel to",
        cue(
            r"\b(?P<obj>[A-Z][\w-]+)\s+(?:trip|idea|plan)\b"
            r"(?=.*\b(?:off|ice|hold|cancell?ed|dropped|scrapped)\b)"
        ),
        read_place,
        ends=True,
    ),
    Frame(
        "plans to travel to",
        cue(
            r"\b(?:dropped|cancell?ed|scrapped|shelved)\s+the\s+(?P<obj>[A-Z][\w-]+)\s+"
            r"(?:trip|idea|plan)"
        ),
        read_place,
        ends=True,
    ),
    Frame("studies at", cue(r"\b(?:studies|studying|student|enrolled)\s+(?:at|in)\b"), read_org),
    Frame("", cue(r"\btransferred\s+to\b"), read_org),
    Frame(
        "studies at",
        cue(
            r"\b(?:degree|phd|msc|masters|master's|bsc|ba|ma|course|doctorate|yr\s+\d+|"
            r"year\s+\d+)\s+(?:\S+\s+){0,4}?(?:at|@)\b"
        ),
        read_org,
    ),
    Frame("studies at", cue(r"\bdoing\s+an?\s+(?P<obj>[A-Z][\w ]+?)\s+course\b"), read_org),
    Frame(
        "studies at",
        cue(
            r"\b(?:finished|completed|graduated\s+from|dropped\s+out\s+of)\s+(?:\S+\s+)?"
            r"(?P<obj>[A-Z][\w ]+?)\s+(?:course|degree)\b"
        ),
        read_org,
        ends=True,
    ),
    Frame(
        "studies", cue(r"\b(?:degree|phd|msc|masters|course|studies|ba|bsc)\s+in\s+"), read_topic
    ),
    Frame(  # "2nd year Law at Minster", "second year of architecture at …", "a final-year …"
        "studies",
        cue(_YEAR_OF_STUDY + r"(?P<obj>[A-Za-z]+(?:\s+[a-z]+)??)" + _STUDENT_AT),
        read_subject_of_study,
    ),
    Frame(  # the school of those: a subject must come between ("first year at X" may be a job)
        "studies at",
        cue(_YEAR_OF_STUDY + r"(?![a-z]+ing\b)(?:[A-Za-z]+(?:\s+[a-z]+)??)" + _STUDENT_AT),
        read_org,
    ),
    Frame(
        "studies",
        cue(r"\b(?P<obj>[a-z]+(?:\s+[a-z]+)?)\s+(?:degree|masters|msc|phd|bsc)\b"),
        read_topic,
    ),
    Frame(
        "drives",
        cue(r"\b(?:drives|driving|drove|bought|buying|buys|picked\s+up|got|has|have)\b"),
        read_vehicle,
    ),
    Frame("drives", cue(r"\b(?:sold|selling|sells|scrapped|crashed)\b"), read_name, ends=True),
    Frame(
        "drives",
        cue(
            r"\b(?P<obj>[A-Z][\w-]+(?:\s+[A-Z0-9][\w-]*)?)\s+"
            r"(?:was\s+written\s+off|(?:finally\s+)?died|was\s+stolen)"
        ),
        read_name,
        ends=True,
    ),
    Frame(
        "is learning",
        cue(
            r"\b(?:learn(?:ing|s|t|ed)?|taking|took|taken|take|signed\s+up\s+for|started|starting|"
            r"restarting|restarted|added|picking\s+up|picked\s+up|practi[sc]ing|lessons?\s+in)\b"
        ),
        read_skill,
    ),
    Frame(
        "is learning",
        cue(
            r"\b(?:stopped|stopping|quit|quitting|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?|"
            r"dropped|dropping)\b"
        ),
        read_skill,
        ends=True,
    ),
    Frame(
        "is learning",
        cue(  # "ballet's done", "my volleyball career is officially over"
            r"\b(?P<obj>\w+)(?:\s+(?:career|days))?(?:'s|\s+is|\s+are)\s+"
            r"(?:(?:officially|now|definitely|so)\s+)?(?:done|over)\b"
        ),
        read_skill,
        ends=True,
    ),
    Frame("plays", cue(r"\b(?:plays|playing|play)\b(?!\s+(?:for|in|with)\b)"), read_skill),
    Frame(
        "plays for",
        cue(
            r"\b(?:plays|playing|skating|skates|signed\s+(?:\S+\s+){0,3}?contract)\s+(?:for|with)\b"
        ),
        read_name,
    ),
    Frame("plays in", cue(r"\b(?:plays|playing)\s+in\b|\bin\s+a\s+band\s*\("), read_group),
    Frame("captains", cue(r"\bcaptain\s+of\b"), read_name),
    Frame("coaches", cue(r"\b(?:coaches|coaching|head\s+coach\s+of|coach\s+of)\b"), read_name),
    Frame("owns", cue(r"\b(?:opened|founded|runs|set\s+up)\s+(?:\S+\s+){0,3}?"), read_org),
    Frame("passed", cue(r"\bpassed\b"), read_name),
)
PET_CUE = cue(r"\b(?:adopted|got|has|have|bought|rescued|is|'s)\b")
NAME_IS = cue(  # "his name is Tui", "adopted a cat and named him Simit"
    r"\b(?:(?:his|her|its)\s+name\s+is|(?:named|called)\s+(?:him|her|it))\s+(?P<obj>\S+)"
)
MEET = re.compile(r"\b[Mm]eet\s+(?P<obj>[A-Z][\w'-]+)(?=\s*(?:[!.,]|$))")  # "Meet Kluska!!"
SWITCH = cue(
    r"\b(?:switched|switching|swapped|swapping|traded|trading|changed|moved)\s+(?:in\s+)?"
    r"(?:from\s+)?(?P<a>[^,;.]+?)\s+(?:for|to|->|→|=>)\s+(?P<b>[^,;.]+)"
)
ARROW = re.compile(r"(?P<a>[\w-]+)\s*(?:->|→|=>)\s*(?P<b>[^,;.()]+)")
SWITCH_TO = cue(r"\bswitched\s+to\s+(?P<b>[^,;.()]+)")
NEGATION = cue(r"\b(?:not|never|no\s+longer)\b|n't\b")
STOPPED = cue(r"\b(?:stopped|stopping|quit|quitting|gave\s+up)\s+$")  # "stopped coaching …"
ANYMORE = cue(r"\b(?:any\s?more|no\s+longer)\b")
FUTURE = cue(
    r"\b(?:next|soon|tomorrow|end\s+of|in\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*"
    r"|in\s+the\s+new\s+year|on\s+(?:mon|tue|wed|thu|fri|sat|sun)\w*|this\s+(?:weekend|week|month)"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day|after\s+this\s+\w+)\b"
)
SEASON_AHEAD = cue(r"\bin\s+the\s+(?:spring|summer|autumn|fall|winter)\b")
"""A season as a plan's time ("moving to Austin in the spring"); an ending or a past verb
beside it may be past ("left in the summer"), so it only makes a move a plan."""
_MONTH = (
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|(?-i:May))\b"
)
# A day named ahead of a plan's cue: "start at Tsurugi on the 2nd of October", "from 1 July",
# "January 13", "in three weeks".
DAY_AHEAD = cue(
    r"\b(?:on|from)\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b"
    r"(?!\s+(?:floor|team|time|occasion|place|round|year|grade|day|row|squad|of\s+(?:the|my|his|her)))"
    rf"|\b(?:on|from)\s+\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}"
    r"|\b(?:on|from)\s+\d{1,2}/\d{1,2}\b"
    rf"|{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?!\s*(?:days?|weeks?|hours?|people|%))"
    rf"|\bfrom\s+{_MONTH}"
    r"|\bin\s+(?:a|one|two|three|four|five|six|\d+)\s+(?:days?|weeks?|months?)\b"
)
CLAUSES = re.compile(
    r"\s*((?:[;:!?]|\s-\s|,\s+(?=(?:and|but|so|though|while|which|who)\b)|"
    r"\b(?:but|so|though|because|while|whereas|although|when|if|until)\b))\s*"
)
_BOSS_NOUN = r"['’]s\s+(?:new\s+)?(?:line\s+)?(?:manager|boss|supervisor)"  # "B's manager"
MANAGER_LABEL = re.compile(  # "Line manager: X", "Dev Malhotra's manager is X": reports to X
    rf"\b(?:line\s+)?manager\s*:\s*|\s*{_BOSS_NOUN}\s+is\s+(?:now\s+)?",
    re.IGNORECASE,
)
MANAGER_BEFORE_NAME = re.compile(r"\b(?:[Mm]anager|[Mm]gr)\.?\s+(?=[A-Z])")  # "mgr Ek"
PASSING = frozenset({"while", "when", "if", "until"})  # "while she's in Reykjavik": not a home
JOB_AT = cue(  # "as a nurse at X", "is the new roaster at X", "'s head barista at X now"
    r"\b(?:as|is|'s|am)\s+(?:now\s+|also\s+|still\s+|officially\s+)*"
    r"(?:an?\s+|the\s+|their\s+)?(?:new\s+)?(?P<job>[\w-]+(?:\s+[\w-]+){0,3}?)\s+"
    r"(?P<link>at|with|for|of)\s+(?P<obj>[^,;.]+)"
)
FILLERS = frozenset(
    """also and so ok okay yep yes yeah then already finally recently update news btw lol
    plus now just still officially well anyway oh hey""".split()
)


COUPLE_CUES: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    ("married to", cue(r"^\s*(?:are|'re|have|'ve|just|now|officially|got|\s)*engaged\b"), False),
    ("married to", cue(r"^\s*(?:are|'re|have|'ve|just|got|\s)*married\b"), False),
    (
        "married to",
        cue(r"^\s*(?:have|'ve|\s)*(?:called|broken|broke)\s+off\s+(?:the|their)\s+engagement"),
        True,
    ),
    ("lives with", cue(r"^\s*(?:are|'re|have|'ve|\s)*(?:moved|moving)\s+in\s+together"), False),
    (  # "Olek and I had our one-year anniversary", "… next weekend, one year together"
        "is seeing",
        cue(  # not "have split up after three years together"
            r"^(?![^.!?]{0,60}?\b(?:split|broke|broken|separated|divorced|over|after)\b)"
            r"(?:[^.!?]{0,40}?\b(?:our|their)\s+(?:[\w-]+\s+)?anniversary\b"
            r"|[^.!?]{0,60}?\b(?:one|two|three|\d+|a)\s+(?:years?|months?)\s+together\b)"
        ),
        False,
    ),
    (
        "is seeing",
        cue(
            r"^\s*(?:have|'ve|just|finally|\s)*(?:broke|broken|split)\s+up\b|^\s*(?:are|'re)\s+over\b"
        ),
        True,
    ),
)
COPULA_LINK = cue(  # between two names: "Tavita is officially my boyfriend", "A is B's manager"
    r"^\s*(?:is|'s)\s+(?:now\s+|officially\s+|still\s+)*"
)
BOSS = cue(rf"^\s*{_BOSS_NOUN}\b")
PROPOSED = cue(r"^\s*(?:has\s+|just\s+)?proposed\b")

PARTNER_NOUNS = {
    "girlfriend": "is seeing",
    "boyfriend": "is seeing",
    "partner": "is seeing",
    "other half": "is seeing",
    "bf": "is seeing",
    "gf": "is seeing",
    "wife": "married to",
    "husband": "married to",
    "fiancé": "married to",
    "fiancée": "married to",
    "fiance": "married to",
    "fiancee": "married to",
}
PARTNER = cue(r"^\s*['’]s\s+(?:new\s+)?(?P<noun>" + "|".join(PARTNER_NOUNS) + r")\b")
EACH_OTHER = cue(r"\bwe(?:'ve|\s+have|'re|\s+are)?\s+(?:been\s+)?(?:seeing|dating)\s+each\s+other")
JOB_ENDS = cue(
    r"\b(?:quit|left|leaving|lost|quitting)\s+(?:the|my|his|her|their)\s+(?:\S+\s+)?job\b"
)
# A wish just before a cue: "she wants to live in Europe one day", "I'd love to work at Kumo",
# "wished he'd moved to Lisbon" (at most one word between, no comma: "who wanted a change,
# moved to Lisbon" did move).
WISHED = cue(
    r"\b(?:wants?|wanted|wanting|would\s+(?:like|love)|['’]d\s+(?:like|love)|hopes?|hoped|hoping"
    r"|(?:dreams?|dreamed|dreamt|dreaming)\s+of|wish(?:es|ed)?|wishing"
    r"|(?:longs?|longed|longing)(?=\s+to\b))"
    r"\s+(?:to\s+(?:be\s+)?)?(?:[^\s,;.!?]+\s+)?$"
)
# What makes an ending not yet one: "will hang up his boots", "thinking about quitting my job".
TENTATIVE = cue(
    r"\b(?:will|shall|going\s+to|gonna|thinking\s+(?:about|of)|considering|might|may|could"
    r"|wants?\s+to|plans?\s+to|planning\s+to)\b[^,;.!?]*$|['’]ll\s+[^,;.!?]*$"
)
PLAYING_ENDS = cue(  # "has hung up his boots", "retired from football": no club any more
    r"\b(?:hung|hangs|hanging|hang)\s+up\s+(?:his|her|their|my)\s+(?:boots|skates|gloves)\b"
    r"|\bretire[sd]?\s+from\s+(?:professional\s+)?(?:football|rugby|hockey|cricket|basketball)\b"
)
FRAGMENT_LINKS = frozenset({"at", "@", "w", "with", "for", "of"})
LESSONS_END = cue(
    r"\b(?:stopp(?:ed|ing)|quit(?:ting)?|gave\s+up|giving\s+up|dropp(?:ed|ing))\s+"
    r"(?:the\s+|my\s+|her\s+|his\s+|their\s+)?(?:lessons|classes)\b"
)
DEMONYM = cue(
    r"\b(?:is|are|'re|am|'m)\s+(?:now\s+|officially\s+)*(?P<people>[a-z]+(?:ers?|ians?))\b"
)
