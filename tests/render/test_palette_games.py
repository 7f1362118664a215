"""The shared palette is chosen from the games the bot gives at start-up (issue 44: the
presentation looks no game up): a picture encoded before they are given is refused, not
encoded with another palette."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
from bot.games import registry
from bot.render.images import palette
from bot.render.images.style import theme

try:
    palette.palette_for(theme("dark"), False)
except RuntimeError as error:
    print("refused:", "prepare(games)" in str(error))
palette.choose_from(registry.games().values())
print("built:", palette.palette_for(theme("dark"), False).mode)
"""


def test_the_palette_waits_for_the_games_it_is_chosen_from() -> None:
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stdout.split("\n")[:2] == ["refused: True", "built: P"], done.stderr
