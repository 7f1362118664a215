"""Soi's move word for ``/move``: the ask, whose words (``ask bob for 3♥``, as a hint
writes it) read back too; its comment reaches the translators with the word."""

from __future__ import annotations

from bot.i18n import N_
from bot.notation.move_words import MoveWord, MoveWords

MOVE_WORDS = MoveWords((
    # Translators: /move word: ask a player for a card (Soi).
    MoveWord("ask", N_("ask"), seats=("seat", "other"), usage=N_(
        "Write an ask like this: `ask bob QH` (a player's name or seat number, then "
        "the card)."), links=frozenset({"for", "from", "to", "on"})),
))
