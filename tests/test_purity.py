"""Game engines use no global random (their imports are checked by the import-linter
contract "Engines are pure" in pyproject.toml)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "bot" / "games"
RANDOM_ALLOWED = {"Random"}


def _modules() -> list[Path]:
    return sorted(GAMES.rglob("*.py"))


def impurities(source: str, filename: str = "<source>") -> list[str]:
    """Lines that use the global ``random`` (only ``random.Random(seed)`` is allowed)."""
    tree = ast.parse(source, filename)
    found = []
    random_names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "random":
                    random_names.add(alias.asname or "random")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                if node.module == "random" and alias.name not in RANDOM_ALLOWED:
                    found.append(f"{filename}:{node.lineno}: global random.{alias.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in random_names
            and node.attr not in RANDOM_ALLOWED
        ):
            found.append(f"{filename}:{node.lineno}: global random.{node.attr}")
    return found


def test_there_are_game_modules_to_check() -> None:
    """The scan covers bot/games (the package exists and has modules)."""
    names = {path.name for path in _modules()}
    assert {"__init__.py", "cards.py", "protocol.py"} <= names


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(GAMES)))
def test_game_module_is_pure(path: Path) -> None:
    """A module under bot/games uses no global random."""
    source = path.read_text(encoding="utf-8")
    assert impurities(source, str(path.relative_to(ROOT))) == []


@pytest.mark.parametrize(
    "source",
    [
        "import random\nrandom.shuffle(deck)",
        "import random as r\nx = r.choice(deck)",
        "from random import randint",
    ],
)
def test_checker_catches_impurities(source: str) -> None:
    """The checker itself flags each kind of impurity (so the scan above can fail)."""
    assert impurities(source) != []


def test_checker_allows_seeded_random() -> None:
    """Owning a random.Random(seed) is the allowed way to be random."""
    source = "import random\nfrom random import Random\nrng: random.Random = random.Random(7)"
    assert impurities(source) == []
