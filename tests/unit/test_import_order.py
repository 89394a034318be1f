"""The dependency order of the packages, checked on every import statement (function-level too).

graph → nothing of ours; extraction → graph; hybrid → graph, extraction; experiments → graph,
extraction, hybrid; app → all of them. Only entry points (``app``) and tests import ``app``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OURS = ("app", "graph", "extraction", "hybrid", "experiments", "tests")
MAY_IMPORT = {
    "graph": {"graph"},
    "extraction": {"graph", "extraction"},
    "hybrid": {"graph", "extraction", "hybrid"},
    "experiments": {"graph", "extraction", "hybrid", "experiments"},
    "app": {"graph", "extraction", "hybrid", "experiments", "app"},
}


def imported_packages(source: Path) -> set[str]:
    """Our top-level packages that ``source`` imports, wherever the import statement stands."""
    found = set()
    for node in ast.walk(ast.parse(source.read_text(), filename=str(source))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found |= {name.split(".")[0] for name in names} & set(OURS)
    return found


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_imports_follow_the_dependency_order(package: str) -> None:
    wrong = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) - MAY_IMPORT[package])
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    wrong = {path: names for path, names in wrong.items() if names}
    assert not wrong, f"imports against the order {MAY_IMPORT[package]}: {wrong}"


def test_the_checker_sees_imports_inside_functions(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from app.config import get_settings\n    import hybrid.ask\n")
    assert imported_packages(module) == {"app", "hybrid"}
