"""A fifth game from outside ``bot/``: High card, the worked example of
docs/architecture.md ("Adding a fifth game"). ``engine`` holds the rules, ``players`` the
computer players, ``look`` the presentation; :func:`register` adds it to the registry and
:func:`unregister` takes it out again."""

from __future__ import annotations

from bot.games import registry
from tests.fifth_game import players
from tests.fifth_game.engine import HighCardEngine
from tests.fifth_game.look import LOOK

ENGINE = HighCardEngine()
GAME = registry.Game(ENGINE, players, LOOK, levels=("easy", "normal", "hard"))


def register() -> registry.Game:
    """Offer High card at ``/play`` (call before the bot loads its cogs)."""
    return registry.register(GAME)


def unregister() -> None:
    """Take High card out of the registry."""
    registry.unregister(ENGINE.name)
