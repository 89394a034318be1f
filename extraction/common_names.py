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
import threading
from collections.abc import Iterable

from graph.keys import entity_key

# Faker's provider packages and the lists of names each locale's provider may have.
_NAME_LISTS = {
    "person": (
        "first_names",
        "first_names_male",
        "first_names_female",
        "first_names_nonbinary",
        "last_names",
    ),
    "address": ("countries", "states", "cities", "city_names", "real_city_names", "towns"),
}
_lock = threading.Lock()
_names: frozenset[str] | None = None


def _listed(provider: type, attribute: str) -> Iterable[str]:
    """A provider's list (a tuple, or a dict of weights) as inherited; anything else (a
    property, a format string) is skipped."""
    for cls in provider.__mro__:
        if attribute in cls.__dict__:
            value = cls.__dict__[attribute]
            if isinstance(value, tuple | list | dict):
                return (name for name in value if isinstance(name, str))
            return ()
    return ()


def _load() -> frozenset[str]:
    found: set[str] = set()
    for package_name, attributes in _NAME_LISTS.items():
        package = importlib.import_module(f"faker.providers.{package_name}")
        for module in pkgutil.iter_modules(package.__path__):
            provider = importlib.import_module(f"{package.__name__}.{module.name}").Provider
            for attribute in attributes:
                found.update(entity_key(name) for name in _listed(provider, attribute))
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
