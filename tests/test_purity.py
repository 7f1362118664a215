"""Game engines use no global random (their imports are checked by the import-linter
contract "Engines are pure" in pyproject.toml)."""

from __future__ import annotations

import ast
import tomllib
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


PEOPLE_KINDS = ("look", "lessons", "game")  # a game's parts that face people (not pure)


def _pure_patterns() -> list[str]:
    """The source modules of the contract "Engines and computer players are pure"."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = [c for c in config["tool"]["importlinter"]["contracts"]
                   if c["name"].startswith("Engines and computer players are pure")]
    return list(contract["source_modules"])


def _held(module: str, patterns: list[str]) -> bool:
    """Is ``module`` (or a package holding it) one of import-linter's ``patterns``
    (``*`` stands for one name)?"""
    parts = module.split(".")
    for pattern in patterns:
        wanted = pattern.split(".")
        head = parts[:len(wanted)]
        if len(head) == len(wanted) and all(
                w in ("*", p) for w, p in zip(wanted, head, strict=True)):
            return True
    return False


def test_the_purity_contract_holds_every_module_that_is_not_a_look_lessons_or_registration(
) -> None:
    """A new engine module cannot slip past the contract: every module of bot/games is
    either held pure by it or is one of a game's people-facing kinds."""
    patterns = _pure_patterns()
    loose = []
    for path in _modules():
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if path.name == "__init__.py" and len(parts) <= 4:
            continue  # bot.games and each game package's __init__ (ENGINES and PLAYERS)
        kind = parts[3] if len(parts) > 3 else ""
        if kind.removesuffix(".py") in PEOPLE_KINDS or _held(module, patterns):
            continue
        loose.append(module)
    assert loose == []


def test_the_coverage_check_can_fail() -> None:
    assert _held("bot.games.turup.engine", ["bot.games.*.engine"])
    assert not _held("bot.games.turup.newthing", ["bot.games.*.engine"])
    assert _held("bot.games.ai.hint", ["bot.games.ai"])
