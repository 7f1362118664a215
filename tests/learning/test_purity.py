"""The lessons' data, their walk on the engine and the puzzle search import no Discord and
no storage (only ``cogs.lessons.screens`` and the cogs speak Discord)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_lessons_and_puzzles_are_pure() -> None:
    """Importing them in a fresh interpreter loads neither discord nor storage."""
    code = ("import sys, bot.learning, bot.learning.walk, bot.learning.puzzles;"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('discord', 'storage',"
            " 'aiosqlite', 'asyncpg')]; print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
