"""Turup's registration (its look named, imported when the presentation first reads it)."""

from __future__ import annotations

from bot.games.registry import Game, look_in
from bot.games.turup import ENGINE, ai, lessons

GAMES = (Game(ENGINE, ai, look_in("bot.games.turup.look.text", "TURUP"), lessons.LESSONS),)
