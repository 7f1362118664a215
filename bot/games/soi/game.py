"""Soi's registration (its look named, imported when the presentation first reads it)."""

from __future__ import annotations

from bot.games.registry import Game, look_in
from bot.games.soi import ENGINE, ai, lessons

GAMES = (Game(ENGINE, ai, look_in("bot.games.soi.look.text", "SOI"), lessons.LESSONS,
              default_players=4),)
