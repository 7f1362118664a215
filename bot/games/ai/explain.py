"""Moves in plain words, from the acting seat's information (hints and reviews).

Each game's computer players module says its own moves in words: its
``explain(info, action) -> str`` (see :class:`~bot.games.registry.ComputerPlayers`); a game
whose ``explain`` is ``None`` shows a move's notation. This module holds what they share:
cards and seats in words.

Seats are the ``{p<seat>}`` placeholders of event texts: the presentation fills in names
(:func:`bot.notation.seat_words.with_names`). Every phrase is one translatable text
(``bot.i18n``), cards named in words and placed in
the sentence by the translation."""

from __future__ import annotations

from bot.games.ai.view import Info
from bot.games.card_names import card_words as named
from bot.games.protocol import Action, seat_ref
from bot.games.registry import players


def card_words(text: str) -> str:
    """``"10H"`` -> ``"the red 10 (hearts)"``; ``"QS"`` -> ``"the Queen of spades"``: the
    colour is said of the 10s and 2s, whose colour the coop rules turn on."""
    return named(text, colour=text[:-1] in ("10", "2"))


def seat_words(arg: object) -> str:
    """A seat argument as its name's placeholder."""
    return seat_ref(arg) if isinstance(arg, int) else str(arg)


def describe(info: Info, action: Action) -> str:
    """One short phrase for ``action`` as the acting seat sees it (``keeps the red 10
    (hearts) on coop 2``): the game's ``explain``, else the move's notation."""
    explain = players(info.game).explain
    if explain is not None:
        return explain(info, action)
    return str(action)  # i18n: not for people (a move without words keeps its notation)
