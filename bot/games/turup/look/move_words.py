"""Turup's move words for ``/move``; each comment below reaches the translators with its
word."""

from __future__ import annotations

from bot.i18n import N_
from bot.notation.move_words import MoveWord, MoveWords

MOVE_WORDS = MoveWords((
    # Translators: /move word: capture pile cards (Turup).
    MoveWord("capture", N_("capture")),
    # Translators: /move word: put a card on the pile without capturing (Turup).
    MoveWord("trail", N_("trail")),
))
