"""Whether a word is a name in common use: what makes a near-miss spelling a person or place of
its own ("Mario" beside "Maria", "Iceland" beside "Ireland") rather than a typo ("Solhiem" beside
"Solheim").

The lists are Faker's given names, surnames, countries, states and cities for every locale it
ships (about 90,000 names, MIT-licensed, read from the installed package: no download), folded to
the triple memory's keys. They are loaded once, on first use (about a second).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import threading
from collections.abc import Callable, Iterable

from graph.keys import entity_key

# Which of Faker's provider lists hold names: every person list of given, middle or family
# names (per gender, romanised, common…), and the address lists of places.
_PERSON_LIST = re.compile(r"(first|middle|last)_.*names|names_|_last_names")
_PLACE_LISTS = ("countries", "states", "cities", "city_names", "real_city_names", "towns")
_lock = threading.Lock()
_names: frozenset[str] | None = None


def _names_in(value: object) -> Iterable[str]:
    """The names in a provider's list (a tuple, or a dict of weights); nothing for anything
    else (a property, a format string, a list of pairs)."""
    if isinstance(value, tuple | list | dict):
        return (name for name in value if isinstance(name, str))
    return ()


def _lists(provider: type, wanted: Callable[[str], bool]) -> Iterable[object]:
    """The provider's attributes (inherited ones too) whose names ``wanted`` accepts."""
    seen: set[str] = set()
    for cls in provider.__mro__:
        for attribute, value in cls.__dict__.items():
            if attribute not in seen and wanted(attribute):
                seen.add(attribute)
                yield value


def _load() -> frozenset[str]:
    found: set[str] = set()
    for package_name, wanted in (
        ("person", lambda a: bool(_PERSON_LIST.search(a))),
        ("address", lambda a: a in _PLACE_LISTS),
    ):
        package = importlib.import_module(f"faker.providers.{package_name}")
        for module in pkgutil.iter_modules(package.__path__):
            provider = importlib.import_module(f"{package.__name__}.{module.name}").Provider
            for value in _lists(provider, wanted):
                found.update(entity_key(name) for name in _names_in(value))
    found.discard("")
    return frozenset(found)


def common_names() -> frozenset[str]:
    """Every listed given name, surname and place name, as keys."""
    global _names
    with _lock:
        if _names is None:
            _names = _load()
        return _names


def is_common_name(word: str) -> bool:
    """Whether ``word`` (any case, accents or not) is a listed person's or place's name."""
    return entity_key(word) in common_names()


_given: dict[str, str] | None = None


def _load_given() -> dict[str, str]:
    """Given names → "f", "m" or "" (both, or not said), from Faker's person lists."""
    genders: dict[str, set[str]] = {}
    package = importlib.import_module("faker.providers.person")
    for module in pkgutil.iter_modules(package.__path__):
        provider = importlib.import_module(f"{package.__name__}.{module.name}").Provider
        for attribute, value in (
            (a, v) for cls in provider.__mro__ for a, v in cls.__dict__.items()
        ):
            if not attribute.startswith("first_name"):
                continue
            gender = "f" if "female" in attribute else "m" if "male" in attribute else ""
            for name in _names_in(value):
                genders.setdefault(entity_key(name), set()).add(gender)
    return {
        key: (next(iter(found - {""})) if len(found - {""}) == 1 else "")
        for key, found in genders.items()
        if key
    }


def given_name_gender(word: str) -> str | None:
    """ "f" or "m" for a given name only one gender bears in Faker's lists, "" for a given name
    both (or either) bear, None for a word that is no given name."""
    global _given
    with _lock:
        if _given is None:
            _given = _load_given()
        return _given.get(entity_key(word))
