"""Soi's registration."""

from __future__ import annotations

from bot.games.registry import Game
from bot.games.soi import ENGINE, ai, lessons
from bot.games.soi.look.text import SOI

GAMES = (Game(ENGINE, ai, SOI, lessons.LESSONS, default_players=4),)
