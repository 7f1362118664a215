"""Turup's registration."""

from __future__ import annotations

from bot.games.registry import Game
from bot.games.turup import ENGINE, ai, lessons
from bot.games.turup.look.text import TURUP

GAMES = (Game(ENGINE, ai, TURUP, lessons.LESSONS),)
