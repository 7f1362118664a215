"""The games' words live in the games (issue 44): the shared modules (people's notation,
the presentation, the Discord side, the console, the cogs, the lessons' and puzzles'
machinery, the table service, the loose modules of ``bot/``) mark no game's move word or
option word for the catalogs and test no move or option against one by name; they are
handed the game's words (``Look.move_words``, ``Look.option_names``; an option's choices
and their labels are its ``Variant`` field's, in the game's package)."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.games import registry
from bot.games.variants import option_fields
from bot.i18n.catalogs import KEYWORDS
from tests import fifth_game

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("bot/notation", "bot/render", "bot/discord", "bot/console", "cogs", "bot/learning",
          "bot/tables")


def shared_modules() -> list[Path]:
    """The modules every game shares: the folders above and the loose modules of ``bot/``
    (``bot/options.py`` among them)."""
    return [*(path for folder in SHARED for path in sorted((ROOT / folder).rglob("*.py"))),
            *sorted((ROOT / "bot").glob("*.py"))]


def _games() -> list[registry.Game]:
    return [registry.game(name) for name in registry.games()] + [fifth_game.GAME]


def game_words() -> set[str]:
    """Every word of every game's notation (the fifth game's too), and their texts."""
    return {text for game in _games() for word in game.look.move_words
            for text in (word.word, word.msgid)}


def option_words() -> set[str]:
    """Every game's option names, choices and the choices' labels (the fifth game's too);
    ``on``, ``off`` and numbers are every game's."""
    return {str(text) for game in _games() for field in option_fields(game.engine.Variant)
            for text in (field.name, *field.choices, *field.labels)}


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def named_words(source: str, words: set[str], keys: bool = True) -> list[int]:
    """The lines of ``source`` that mark one of ``words`` for the catalogs (``N_("knock")``,
    ``C_("option", "threshold")``), compare a value with one (``action.word == "king"``,
    ``word in ("declare", …)``) or, with ``keys``, key a dict with one (``{"give": …}``)."""
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
        elif keys and isinstance(node, ast.Dict):
            texts = [key for key in node.keys if key is not None]
        if any(_text(t) in words for t in texts):
            found.append(node.lineno)
    return found


def test_shared_modules_name_no_games_move_word() -> None:
    """The shared modules hold no game's move word: each game's look declares its own."""
    words = game_words()
    found = [f"{path.relative_to(ROOT)}:{line}" for path in shared_modules()
             for line in named_words(path.read_text(encoding="utf-8"), words)]
    assert found == []


def test_shared_modules_name_no_games_option_word() -> None:
    """The shared modules hold no game's option name, choice or label: each game's look
    names its options, its ``Variant`` its choices. Dict keys are not counted: a view's
    ``target`` and a table's ``rounds`` are every game's keys, not options."""
    words = option_words()
    found = [f"{path.relative_to(ROOT)}:{line}" for path in shared_modules()
             for line in named_words(path.read_text(encoding="utf-8"), words, keys=False)]
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


def test_the_scan_sees_an_option_word() -> None:
    """The option scan can fail: it sees a game's option name marked (the old shared
    ``OPTION_NAMES``) or compared, and a choice compared, but not a view's key."""
    words = option_words()
    assert {"threshold", "pack", "memory", "rounds", "hidden", "somali", "final"} <= words
    old = 'NAMES = {"threshold": lambda: C_("option", "threshold")}\n'
    assert named_words(old, words, keys=False) == [1]
    assert named_words('if spec.name == "pack" or value == "reveal":\n    pass\n', words,
                       keys=False) == [1, 1]
    assert named_words('view = {"target": 100, "rounds": []}\n', words, keys=False) == []
