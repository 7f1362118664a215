"""The one catalog of games: per game its engine, title, options, presentation and
computer players. Nothing outside ``bot/games`` and this module switches on a game's name.

* the **engine** is ``bot.games.ENGINES[name]`` (the pure rules);
* the **title** is the engine's ``title``;
* the **options** are the fields of the engine's ``Variant`` (``bot.options.specs``), so a
  new option is one new field and ``/play``, ``/settings`` and validation follow;
* the **presentation** is a :class:`bot.render.look.Look` from the game's presentation
  module (embed fields, round summaries, a seat's cards, the terminal board, the control
  panel's steps, and the card images' layouts, ``Look.pictures``);
* the **computer players** are ``bot.games.ai.choose`` (the table service is given it) at
  one of ``levels``, which the lobby offers.

A new game is one package under ``bot/games`` plus one entry in :data:`CATALOG` (see
docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot import options
from bot.games import ENGINES, GAME_NAMES
from bot.games.ai import LEVELS
from bot.games.coop.look import text as coop
from bot.games.protocol import Engine
from bot.games.soi.look import text as soi
from bot.games.turup.look import text as turup
from bot.options import OptionSpec
from bot.render.look import Look


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the catalog."""

    name: str
    look: Look
    default_players: int = 2  # the seats of a terminal game when none are asked for
    levels: tuple[str, ...] = LEVELS
    """The computer players' levels the lobby offers (``bot.games.ai.choose`` plays them)."""

    @property
    def engine(self) -> Engine[Any]:
        """The game's engine (imported on first use)."""
        return ENGINES[self.name]

    @property
    def title(self) -> str:
        """The game's display name, e.g. ``"Soureh"``."""
        return self.engine.title

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        """The game's table options: its ``Variant``'s fields."""
        return options.specs(self.name)

    @property
    def seats(self) -> str:
        """The seats a table takes, in words: ``"2–4"`` or ``"2"``."""
        low, high = self.engine.min_players, self.engine.max_players
        return str(low) if low == high else f"{low}–{high}"

    @property
    def colour(self) -> int:
        """The game's embed colour."""
        return self.look.colour


CATALOG: Mapping[str, Game] = {
    game.name: game
    for game in (
        Game("soureh", coop.SOUREH),
        Game("pariah", coop.PARIAH),
        Game("turup", turup.TURUP),
        Game("soi", soi.SOI, default_players=4),
    )
}
assert tuple(CATALOG) == GAME_NAMES, "every engine needs one catalog entry"  # i18n: not for people


def game(name: str) -> Game:
    """The catalog entry of ``name`` (``KeyError`` for an unknown game)."""
    return CATALOG[name]
