"""Moves in plain words, from the acting seat's information (hints and reviews).

Each game's computer players module says its own moves in words: an optional
``explain(info, action) -> str`` (see :class:`~bot.games.registry.ComputerPlayers`); a game
without one shows a move's notation. This module holds what they share: cards and seats
in words.

Seats are the ``{p<seat>}`` placeholders of event texts: the presentation fills in names
(:func:`bot.render.seat_words.with_names`). Every phrase is one translatable text
(``bot.i18n``), cards named in words and placed in
the sentence by the translation."""

from __future__ import annotations

from bot.games.ai.view import Info
from bot.games.protocol import Action, seat_ref
from bot.games.registry import players
from bot.i18n import N_, _

_RANKS = {"A": N_("ace"), "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King")}
_SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def card_words(text: str) -> str:
    """``"10H"`` -> ``"the red 10 (hearts)"``; ``"QS"`` -> ``"the Queen of spades"``."""
    rank, suit = text[:-1], text[-1]
    name = _(_RANKS[rank]) if rank in _RANKS else rank
    suit_name = _(_SUITS[suit]) if suit in _SUITS else suit
    if rank in ("10", "2") and suit in _SUITS:
        if suit in "HD":
            return _("the red {rank} ({suit})", rank=name, suit=suit_name)
        return _("the black {rank} ({suit})", rank=name, suit=suit_name)
    return _("the {rank} of {suit}", rank=name, suit=suit_name)


def seat_words(arg: object) -> str:
    """A seat argument as its name's placeholder."""
    return seat_ref(arg) if isinstance(arg, int) else str(arg)


def describe(info: Info, action: Action) -> str:
    """One short phrase for ``action`` as the acting seat sees it (``keeps the red 10
    (hearts) on coop 2``): the game's ``explain``, else the move's notation."""
    module = players(info.game)
    if hasattr(module, "explain"):
        return str(module.explain(info, action))
    return str(action)  # i18n: not for people (a move without words keeps its notation)
