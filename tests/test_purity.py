"""Game engines stay pure: no Discord, no database, no storage, no global random."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "bot" / "games"
FORBIDDEN = ("discord", "aiosqlite", "storage", "cogs", "bot.client", "bot.tables", "bot.render")
RANDOM_ALLOWED = {"Random"}


def _modules() -> list[Path]:
    return sorted(GAMES.rglob("*.py"))


def _forbidden(name: str) -> bool:
    return any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN)


def impurities(source: str, filename: str = "<source>") -> list[str]:
    """Lines that break purity: forbidden imports and uses of the global ``random``."""
    tree = ast.parse(source, filename)
    found = []
    random_names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _forbidden(alias.name):
                    found.append(f"{filename}:{node.lineno}: import {alias.name}")
                if alias.name == "random":
                    random_names.add(alias.asname or "random")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _forbidden(node.module):
                found.append(f"{filename}:{node.lineno}: from {node.module} import ...")
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if _forbidden(full):
                    found.append(f"{filename}:{node.lineno}: import {full}")
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
    """A module under bot/games imports no discord/aiosqlite/storage and no global random."""
    source = path.read_text(encoding="utf-8")
    assert impurities(source, str(path.relative_to(ROOT))) == []


@pytest.mark.parametrize(
    "source",
    [
        "import discord",
        "import discord.ui as ui",
        "from discord.ext import commands",
        "import aiosqlite",
        "from storage.database import Database",
        "from bot import client",
        "import random\nrandom.shuffle(deck)",
        "import random as r\nx = r.choice(deck)",
        "from random import randint",
        "def f():\n    import storage\n",
    ],
)
def test_checker_catches_impurities(source: str) -> None:
    """The checker itself flags each kind of impurity (so the scan above can fail)."""
    assert impurities(source) != []


def test_checker_allows_seeded_random() -> None:
    """Owning a random.Random(seed) is the allowed way to be random."""
    source = "import random\nfrom random import Random\nrng: random.Random = random.Random(7)"
    assert impurities(source) == []


def test_importing_every_game_module_leaves_discord_out() -> None:
    """Importing bot.games and all its modules in a fresh interpreter loads no forbidden one."""
    script = (
        "import importlib, json, pkgutil, sys\n"
        "import bot.games\n"
        "for m in pkgutil.walk_packages(bot.games.__path__, 'bot.games.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    loaded = json.loads(proc.stdout)
    assert [name for name in loaded if _forbidden(name)] == []
