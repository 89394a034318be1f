"""Time-ordered belief-update streams in the spirit of RecallM's temporal experiment.

A cast of fictional people whose facts change several times — trip plans, jobs, homes, meals in
sequence — told through the paper's kinds of sentences ("X cancelled the Paris trip, and is now
planning on going to Brazil instead"). Each person's initial facts (birthplace, pet, instrument)
are stated once, before everything else, and never repeated. A repetition replays every person's
update sequence, in order, interleaved with fresh unrelated statements; the questions are asked
after each repetition:

- standard set: the current truth, the previous truth, the order of events;
- long-range set: the initial facts, further back with every repetition.

Each question lists its reference answers and the outdated values an answer must not contain, so
grading needs no model: correct = contains a reference and no outdated value.

    python -m experiments.belief_data --seed 0 --repetitions 10 --noise 40
"""

from __future__ import annotations

import argparse
import json
import random
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from experiments.noise import RESERVED, unrelated_statements

DATA_FILE = Path(__file__).parent / "data" / "belief_updates.json"

PEOPLE = (
    ("Brandon", "his"),
    ("Carter", "his"),
    ("Mira", "her"),
    ("Soren", "his"),
    ("Talia", "her"),
    ("Emmett", "his"),
    ("Noor", "her"),
    ("Felix", "his"),
)
DESTINATIONS = (
    "Paris",
    "Brazil",
    "Japan",
    "Iceland",
    "Morocco",
    "Peru",
    "Norway",
    "Vietnam",
    "Greece",
    "Canada",
    "Kenya",
    "Chile",
)
EMPLOYERS = (
    "Cisco",
    "Globex",
    "Initech",
    "Umbrella",
    "Hooli",
    "Vandelay",
    "Soylent",
    "Acme",
    "Wayne Enterprises",
    "Stark Industries",
)
CITIES = (
    "Austin",
    "Denver",
    "Chicago",
    "Boston",
    "Seattle",
    "Portland",
    "Atlanta",
    "Phoenix",
    "Detroit",
    "Miami",
    "Dallas",
    "Memphis",
)
FOODS = (
    "salad",
    "banana",
    "sandwich",
    "pizza",
    "apple",
    "burrito",
    "omelette",
    "pear",
    "croissant",
    "taco",
    "mango",
    "pretzel",
)
BIRTHPLACES = ("Lisbon", "Krakow", "Nairobi", "Osaka", "Dublin", "Havana", "Cairo", "Tbilisi")
PET_NAMES = ("Rex", "Biscuit", "Luna", "Pepper", "Ziggy", "Mochi", "Gizmo", "Clover")
INSTRUMENTS = ("cello", "banjo", "flute", "saxophone", "violin", "drums", "piano", "oboe")


@dataclass(frozen=True)
class Question:
    id: str
    person: str
    kind: str  # current | previous | order | initial
    question: str
    answers: list[str]
    outdated: list[str] = field(default_factory=list)


@dataclass
class BeliefDataset:
    seed: int
    repetitions: int
    noise_per_repetition: int
    initial: list[str]
    streams: list[list[str]]  # one per repetition: updates interleaved with noise
    standard: list[Question]
    long_range: list[Question]

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> BeliefDataset:
        return cls(
            seed=data["seed"],
            repetitions=data["repetitions"],
            noise_per_repetition=data["noise_per_repetition"],
            initial=data["initial"],
            streams=data["streams"],
            standard=[Question(**q) for q in data["standard"]],
            long_range=[Question(**q) for q in data["long_range"]],
        )

    @property
    def update_count(self) -> int:
        return len(self.initial) + sum(len(s) for s in self.streams)


def _person_tracks(
    name: str, pronoun: str, rng: random.Random
) -> tuple[list[str], list[str], list[Question], list[Question]]:
    """(initial statements, ordered updates, standard questions, long-range questions)."""
    trip = rng.sample(DESTINATIONS, 2)
    jobs = rng.sample(EMPLOYERS, 2)
    homes = rng.sample(CITIES, 2)
    meals = rng.sample(FOODS, 3)
    birthplace, pet, instrument = (
        rng.choice(BIRTHPLACES),
        rng.choice(PET_NAMES),
        rng.choice(INSTRUMENTS),
    )
    initial = [
        f"{name} was born in {birthplace}.",
        f"{name} has a dog named {pet}.",
        f"{name}'s favourite instrument is the {instrument}.",
    ]
    tracks = [
        [
            f"{name} wants to go to {trip[0]} for {pronoun} next vacation.",
            f"{name} is still looking forward to {pronoun} vacation in {trip[0]}.",
            f"{name} cancelled {pronoun} {trip[0]} trip, and is now planning on going to "
            f"{trip[1]} instead.",
        ],
        [
            f"{name} works at {jobs[0]}.",
            f"{name} quit {pronoun} job at {jobs[0]} after just 2 weeks.",
            f"{name} is unemployed.",
            f"{name} found a new job at {jobs[1]} and is no longer unemployed.",
        ],
        [f"{name} lives in {homes[0]}.", f"{name} moved from {homes[0]} to {homes[1]}."],
        [f"{name} just ate a {food}." for food in meals],
    ]
    updates = _interleave_tracks(tracks, rng)
    key = name.lower()
    standard = [
        Question(
            f"{key}-trip-now",
            name,
            "current",
            f"Where does {name} plan on traveling for {pronoun} next vacation?",
            [trip[1]],
            [trip[0]],
        ),
        Question(
            f"{key}-trip-before",
            name,
            "previous",
            f"Where did {name} plan to go on vacation before changing plans?",
            [trip[0]],
        ),
        Question(
            f"{key}-job-now", name, "current", f"Where does {name} work now?", [jobs[1]], [jobs[0]]
        ),
        Question(
            f"{key}-job-before",
            name,
            "previous",
            f"Where did {name} work before {pronoun} current job?",
            [jobs[0]],
        ),
        Question(
            f"{key}-home-now",
            name,
            "current",
            f"Which city does {name} live in now?",
            [homes[1]],
            [homes[0]],
        ),
        Question(
            f"{key}-meal-order",
            name,
            "order",
            f"What was the last thing {name} ate before the {meals[2]}?",
            [meals[1]],
            [meals[0]],
        ),
    ]
    long_range = [
        Question(f"{key}-born", name, "initial", f"Where was {name} born?", [birthplace]),
        Question(f"{key}-pet", name, "initial", f"What is the name of {name}'s dog?", [pet]),
        Question(
            f"{key}-instrument",
            name,
            "initial",
            f"What is {name}'s favourite instrument?",
            [instrument],
        ),
    ]
    return initial, updates, standard, long_range


def _interleave_tracks(tracks: list[list[str]], rng: random.Random) -> list[str]:
    """Merge the tracks at random, keeping each track's own order."""
    queues = [list(track) for track in tracks]
    merged: list[str] = []
    while any(queues):
        queue = rng.choice([q for q in queues if q])
        merged.append(queue.pop(0))
    return merged


def generate(
    seed: int = 0, repetitions: int = 10, noise_per_repetition: int = 40, people: int = 6
) -> BeliefDataset:
    """A reproducible dataset: the same seed gives the same statements and questions."""
    rng = random.Random(seed)
    cast = PEOPLE[:people]
    initial: list[str] = []
    updates: list[list[str]] = []
    standard: list[Question] = []
    long_range: list[Question] = []
    for name, pronoun in cast:
        first, ordered, std, far = _person_tracks(name, pronoun, rng)
        initial += first
        updates.append(ordered)
        standard += std
        long_range += far
    noise = unrelated_statements(repetitions * noise_per_repetition, seed=seed + 1)
    streams = []
    for _ in range(repetitions):
        person_updates = iter(_interleave_tracks(updates, rng))
        total = sum(len(u) for u in updates) + noise_per_repetition
        noise_at = set(rng.sample(range(total), noise_per_repetition))
        stream = [next(noise) if i in noise_at else next(person_updates) for i in range(total)]
        streams.append(stream)
    return BeliefDataset(
        seed, repetitions, noise_per_repetition, initial, streams, standard, long_range
    )


def mentions(answer: str, value: str) -> bool:
    """Whether ``value`` appears in ``answer`` as whole words, ignoring case."""
    return re.search(rf"\b{re.escape(value.lower())}\b", answer.lower()) is not None


def grade(answer: str, question: Question) -> bool:
    """Correct = mentions a reference answer and none of the outdated values (whole words)."""
    return any(mentions(answer, a) for a in question.answers) and not any(
        mentions(answer, o) for o in question.outdated
    )


def load(path: Path = DATA_FILE) -> BeliefDataset:
    return BeliefDataset.from_json(json.loads(path.read_text()))


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the belief-update dataset.")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repetitions", type=int, default=10)
    parser.add_argument("--noise", type=int, default=40)
    parser.add_argument("--people", type=int, default=6)
    parser.add_argument("--out", type=Path, default=DATA_FILE)
    args = parser.parse_args()
    dataset = generate(args.seed, args.repetitions, args.noise, args.people)
    overlap = RESERVED.intersection(p for p, _ in PEOPLE)
    assert not overlap, f"noise cast overlaps the people under test: {overlap}"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(dataset.to_json(), indent=1) + "\n")
    print(
        f"wrote {args.out}: {dataset.update_count} statements, "
        f"{len(dataset.standard)} standard and {len(dataset.long_range)} long-range questions"
    )


if __name__ == "__main__":
    main()
