"""The console's one lookup of the games by name: ``python -m bot play`` and ``simulate``
name a game on the command line, so the console is an edge, as ``python -m bot`` and the
bot's start-up are; everything below it is handed the engine or the ``Game``.

The engines come from the registry's pure lookup (``simulate`` loads no presentation);
``game(name)`` loads the game's look too (``play`` shows the table)."""

from __future__ import annotations

from typing import Any

from bot.games.protocol import Engine
from bot.games.registry import ENGINES, Game, game_names
from bot.games.registry import game as registered


def names() -> tuple[str, ...]:
    """Every game's name, the built-in ones first (a command line's choices)."""
    return game_names()


def engine(name: str) -> Engine[Any]:
    """The engine of game ``name`` (``KeyError`` for an unknown game)."""
    return ENGINES[name]


def game(name: str) -> Game:
    """The game ``name``: engine, computer players, look (``KeyError`` if unknown)."""
    return registered(name)
