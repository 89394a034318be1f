"""Settings: documented in the README, space names validated."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.errors import InvalidInputError
from graph.spaces import validate_space_name
from hybrid.settings import Settings, settings_table

README = Path(__file__).resolve().parents[2] / "README.md"


def _env_names() -> list[str]:
    names = []
    for field in Settings.model_fields.values():
        alias = field.validation_alias
        names.append(alias.choices[0] if alias is not None else "")  # type: ignore[union-attr]
    return names


def test_every_setting_is_in_the_readme_table() -> None:
    readme = README.read_text()
    missing = [name for name in _env_names() if f"`{name}`" not in readme]
    assert not missing, f"README's configuration table lacks {missing}"


def test_the_readme_table_is_the_one_the_settings_make() -> None:
    assert settings_table() in README.read_text(), (
        "README's configuration table differs from `recallgraph settings --markdown`"
    )


def test_the_table_shows_defaults_from_home_and_the_checkout() -> None:
    table = settings_table()
    assert "| `RECALLGRAPH_CACHE_DIR` | `~/.cache/recallgraph` |" in table
    assert "| `RECALLGRAPH_MEMORY_ADAPTER` | `extraction/adapters/memory-lora` |" in table
    assert "| `NEO4J_PASSWORD` | unset |" in table


def test_secrets_never_print() -> None:
    settings = Settings(NEO4J_PASSWORD="hunter2-secret", RECALLGRAPH_API_TOKEN="tok-secret")
    assert "hunter2" not in repr(settings) and "tok-secret" not in str(settings)


def test_every_setting_has_a_description() -> None:
    assert all(field.description for field in Settings.model_fields.values())


def test_defaults_follow_the_papers() -> None:
    s = Settings()
    assert (s.max_concepts, s.traversal_depth, s.ranking_alpha, s.revision_period) == (10, 2, 3, 3)


@pytest.mark.parametrize("name", ["default", "a", "team-1_x", "A" * 64])
def test_valid_space_names(name: str) -> None:
    assert validate_space_name(name) == name


@pytest.mark.parametrize("name", ["", "-x", "_x", "a b", "a/b", "x'})", "é", "A" * 65])
def test_invalid_space_names_are_named_in_the_error(name: str) -> None:
    with pytest.raises(InvalidInputError, match="space name"):
        validate_space_name(name)
