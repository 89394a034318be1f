"""Name pools for the synthetic memory data (RET-LLM's people × organisations, widened).

First names are split into a training half and a held-out half, so the evaluation asks about
people the model never saw. The belief-update experiment's cast and the noise cast are left out
of both halves, so experiments never test on training names.
"""

from __future__ import annotations

import random

FIRST_NAMES = """
Aaliyah Abel Ada Adrian Agnes Aidan Aiko Alba Aldo Alma Amir Anders Anika Arjun Astrid Aurora
Axel Beatriz Benedikt Bianca Bjorn Bodhi Bruno Camila Cassius Cecilia Chidi Clara Cosmo Dalia
Damian Daria Darius Delia Desmond Dina Dorian Edith Efua Elias Elif Elsa Emil Enzo Esme Ewan
Fabian Fatima Flora Florin Gemma Gianni Greta Gustav Hamid Hanna Harvey Hazel Hector Helga Hugo
Idris Ilona Imani Inez Ira Isak Ivana Jamal Jana Jasper Jonas Josefine Jude Julius Kaia Kamal
Karin Kasper Keira Kenji Kian Kofi Lara Laszlo Leif Leila Linus Liv Lorenzo Lucia Magnus Mai
Malik Marek Marta Mateo Maya Milan Milo Nadia Naomi Nico Nina Odile Olaf Olga Omar Oona Oskar
Pablo Paloma Pavel Pia Quinn Rafael Rania Ravi Rhea Rosa Rowan Ruben Sabine Samir Sana Selma
Silas Sofia Stellan Suki Sven Tamar Tariq Thea Tomas Ursula Valentin Vera Viggo Wanda Yara Yuki
Yusra Zaid Zara Zeno Zofia
""".split()
LAST_NAMES = """
Achebe Almeida Andersen Baptiste Barros Becker Bergstrom Bianchi Brandt Cardoso Castro Chen
Costa Dahl Delgado Dubois Eriksen Esposito Falk Ferreira Fischer Fontaine Garcia Gomez Haas
Hansen Hoffmann Ibrahim Ivanova Jensen Kaur Keller Kim Klein Kovac Kruger Lambert Larsen Lopez
Lund Mancini Marin Martins Meyer Mendes Moreno Muller Nakamura Nguyen Nilsson Novak Okafor
Olsen Ortiz Park Perez Pereira Quist Ramos Reyes Ricci Rossi Sato Schmidt Silva Sorensen Tanaka
Torres Vargas Vogel Wagner Weber Yamamoto Yilmaz Zhang Ziegler
""".split()
HELD_OUT_FIRST = frozenset(FIRST_NAMES[1::4])
TRAIN_FIRST = tuple(n for n in FIRST_NAMES if n not in HELD_OUT_FIRST)
EVAL_FIRST = tuple(sorted(HELD_OUT_FIRST))

ORG_STEMS = """
Acorn Apex Arbor Atlas Beacon Birch Bolt Cedar Cobalt Comet Crest Delta Ember Falcon Fern Flint
Garnet Granite Harbor Helix Horizon Indigo Juniper Keystone Kinetic Lumen Maple Meridian Nimbus
Nova Oak Onyx Orbit Pioneer Prism Quartz Radiant Redwood Sable Sierra Slate Solace Summit
Tandem Terra Titan Trident Umber Vector Verdant Vertex Willow Zenith
""".split()
ORG_SUFFIXES = (
    "Labs",
    "Systems",
    "Group",
    "Foods",
    "Logistics",
    "Energy",
    "Media",
    "Robotics",
    "Bank",
    "Health",
    "Motors",
    "Software",
    "Airlines",
    "Insurance",
    "Games",
)
CITIES = """
Amsterdam Athens Auckland Austin Bangkok Barcelona Berlin Bogota Boston Brisbane Brussels
Budapest Cairo Calgary Chicago Copenhagen Dakar Delhi Denver Dubai Dublin Edinburgh Florence
Geneva Hamburg Helsinki Houston Istanbul Jakarta Kyoto Lagos Lima Lisbon London Lyon Madrid
Manila Marseille Melbourne Miami Milan Montreal Mumbai Munich Nairobi Naples Oslo Ottawa Porto
Prague Quito Riga Rome Santiago Seattle Seoul Seville Singapore Sofia Stockholm Sydney Taipei
Tokyo Toronto Valencia Vienna Warsaw Zurich
""".split()
DESTINATIONS = """
Argentina Australia Austria Brazil Canada Chile China Colombia Croatia Cuba Denmark Egypt
Estonia Ethiopia Finland France Germany Ghana Greece Iceland India Indonesia Ireland Italy
Jamaica Japan Jordan Kenya Laos Malta Mexico Mongolia Morocco Nepal Norway Panama Paris Peru
Portugal Scotland Senegal Spain Sweden Thailand Tunisia Turkey Uganda Uruguay Vietnam
""".split()
THINGS = """
jazz chess gardening hiking sushi poetry cycling photography opera tennis baking football
astronomy pottery sailing knitting skiing painting
""".split()
OBJECTS = """
bicycle piano guitar sailboat camera motorcycle tractor telescope laptop violin kayak van
drone typewriter canoe scooter
""".split()
FOODS = """
salad banana sandwich pizza apple burrito omelette pear croissant taco mango pretzel bagel
muffin peach noodle soup
""".split()
CLUBS = (
    "chess club",
    "rowing club",
    "book club",
    "hiking club",
    "jazz society",
    "photography club",
    "choir",
    "tennis club",
)
PETS = """
Rex Biscuit Luna Pepper Ziggy Mochi Gizmo Clover Nacho Pickles Waffles Bingo Olive Toffee
""".split()
INSTRUMENTS = "cello banjo flute saxophone violin drums piano oboe harp trumpet".split()
UNIVERSITY_FORMS = ("University of {city}", "{city} Institute of Technology", "{city} College")
GENERIC_SENTENCES = (
    "The weather was rainy all week.",
    "It was a quiet morning in the office.",
    "The meeting was postponed until further notice.",
    "Everyone enjoyed the concert last night.",
    "Traffic was heavy on the highway this morning.",
    "The sun finally came out in the afternoon.",
    "What a lovely day it is!",
    "The train was delayed by twenty minutes.",
    "Nobody knew what to say after the speech.",
    "The river flooded the lower fields after the storm.",
    "The library extended its opening hours on weekends.",
    "A new coffee shop opened near the station.",
    "The football team won the regional championship.",
    "Prices went up again this month.",
    "The museum opened an exhibition about ancient Egypt.",
    "It might snow tomorrow.",
    "The city council approved a new park.",
    "The concert in the park was cancelled because of the rain.",
    "Thanks for the help yesterday.",
    "The bakery on Main Street sells fresh bread every morning.",
    "Nothing much happened today.",
    "The power went out for an hour.",
    "The election results will be announced on Friday.",
    "The bridge was closed for repairs.",
    "Could you send me the report?",
    "The festival attracted thousands of visitors.",
    "The new phone model sold out in a day.",
    "The school play was a success.",
)

ONSETS = "b br c ch d dr f g gr h j k kl l m n p pr r s sh st t th tr v w z".split()
VOWELS = "a e i o u ai ea io ou y".split()
CODAS = ["", "", "n", "r", "l", "s", "th", "nd", "rk", "m", "x", "lt"]


def invented_name(rng: random.Random) -> str:
    """A pronounceable name that no list holds ("Drailo", "Kesthon"): practice at copying."""
    syllables = rng.choice((2, 2, 3))
    word = "".join(
        rng.choice(ONSETS) + rng.choice(VOWELS) + (rng.choice(CODAS) if i == syllables - 1 else "")
        for i in range(syllables)
    )
    return word.capitalize()
