"""The games' move words live in the games (issue 44): the shared modules (people's
notation, the presentation, the Discord side, the console, the cogs) mark no game's move
word for the catalogs and test no move against one by name; they are handed the game's
words (``Look.move_words``)."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.games import registry
from bot.i18n.catalogs import KEYWORDS
from tests import fifth_game

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("bot/notation", "bot/render", "bot/discord", "bot/console", "cogs")


def game_words() -> set[str]:
    """Every word of every game's notation (the fifth game's too), and their texts."""
    looks = [registry.game(name).look for name in registry.games()] + [fifth_game.LOOK]
    return {text for look in looks for word in look.move_words
            for text in (word.word, word.msgid)}


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def named_words(source: str, words: set[str]) -> list[int]:
    """The lines of ``source`` that mark one of ``words`` for the catalogs (``N_("knock")``),
    compare a value with one (``action.word == "king"``, ``word in ("declare", …)``) or key
    a dict with one (``{"give": …}``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        texts: list[ast.expr] = []
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in KEYWORDS):
            texts = list(node.args)
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                texts += list(side.elts) if isinstance(side, ast.Tuple | ast.List | ast.Set) \
                    else [side]
        elif isinstance(node, ast.Dict):
            texts = [key for key in node.keys if key is not None]
        if any(_text(t) in words for t in texts):
            found.append(node.lineno)
    return found


def test_shared_modules_name_no_games_move_word() -> None:
    """bot/notation, bot/render, bot/discord, bot/console and cogs hold no game's move
    word: each game's look declares its own."""
    words = game_words()
    found = [f"{path.relative_to(ROOT)}:{line}"
             for folder in SHARED for path in sorted((ROOT / folder).rglob("*.py"))
             for line in named_words(path.read_text(encoding="utf-8"), words)]
    assert found == []


def test_the_scan_sees_a_move_word() -> None:
    """The scan above can fail: it sees a word marked, compared or keying a dict, and
    nothing in a mere mention (a docstring's ``keep 2 declare``, a command named ``play``)."""
    words = game_words()
    assert {"knock", "ask", "play", "capture"} <= words
    assert named_words('WORDS = {"knock": N_("knock")}\n', words) == [1, 1]
    assert named_words('if action.word == "king":\n    pass\n', words) == [1]
    assert named_words('ok = word in ("declare", "knock")\n', words) == [1]
    assert named_words('"""keep 2 declare"""\ncommand(name="play")\n', words) == []
