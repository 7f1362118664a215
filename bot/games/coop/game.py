"""The Soureh family's registration: Soureh and Pariah, one record each (their looks named,
imported when the presentation first reads them)."""

from __future__ import annotations

from bot.games.coop import pariah, soureh
from bot.games.coop.ai import player
from bot.games.coop.lessons import pariah as pariah_lessons
from bot.games.coop.lessons import soureh as soureh_lessons
from bot.games.registry import Game, look_in

GAMES = (
    Game(soureh.ENGINE, player, look_in("bot.games.coop.look.text", "SOUREH"),
         soureh_lessons.LESSONS),
    Game(pariah.ENGINE, player, look_in("bot.games.coop.look.text", "PARIAH"),
         pariah_lessons.LESSONS),
)
