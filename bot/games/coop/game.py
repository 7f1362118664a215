"""The Soureh family's registration: Soureh and Pariah, one record each."""

from __future__ import annotations

from bot.games.coop import pariah, soureh
from bot.games.coop.ai import player
from bot.games.coop.lessons import pariah as pariah_lessons
from bot.games.coop.lessons import soureh as soureh_lessons
from bot.games.coop.look.text import PARIAH, SOUREH
from bot.games.registry import Game

GAMES = (
    Game(soureh.ENGINE, player, SOUREH, soureh_lessons.LESSONS),
    Game(pariah.ENGINE, player, PARIAH, pariah_lessons.LESSONS),
)
