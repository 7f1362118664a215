"""Cards and seats in words, for alt text and the text mode (read by a screen reader).

A card is named, never drawn: ``the King of spades``; where a game's rules turn on a
card's colour (Soureh and Pariah: a coop's face-up card is red or black) the colour is said
too: ``the red 7 (hearts)``. A face-down card is a word, never a symbol.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from bot.i18n import N_, _

RANKS = {"A": N_("ace"), "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King")}
SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RED_SUITS = frozenset("HD")
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# A card as Discord text shows it: "10♦", "Q♠︎" (a variation selector may follow the suit).
_SHOWN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♠♥♦♣])[\ufe0e\ufe0f]?")
FACE_DOWN = "🂠"


def card_words(code: str | None, *, colour: bool = False) -> str:
    """``"QS"`` -> ``the Queen of spades``; with ``colour``: ``the black Queen (spades)``;
    ``None`` (a hidden card) -> ``a face-down card``."""
    if not code:
        return _("a face-down card")
    rank, suit = str(code)[:-1].upper(), str(code)[-1].upper()
    name = _(RANKS[rank]) if rank in RANKS else rank
    suit_name = _(SUITS[suit]) if suit in SUITS else suit
    if colour and suit in SUITS:
        if suit in RED_SUITS:
            return _("the red {rank} ({suit})", rank=name, suit=suit_name)
        return _("the black {rank} ({suit})", rank=name, suit=suit_name)
    return _("the {rank} of {suit}", rank=name, suit=suit_name)


def cards_words(codes: Iterable[str | None], *, colour: bool = False) -> str:
    """Cards in words, separated as the language separates a list; ``none`` for none."""
    named = [card_words(c, colour=colour) for c in codes]
    return _(", ").join(named) if named else _("none")


def name_of(names: Sequence[str], seat: int | None) -> str:
    """A seat's name as people chose it, or its number from 1 (never the engine's)."""
    if seat is None:
        return _("nobody")
    if 0 <= seat < len(names):
        return names[seat]
    return _("Seat {number}", number=seat + 1)


def plain(text: str) -> str:
    """Discord Markdown taken out (bold, code) for a text no Markdown renders."""
    return text.replace("**", "").replace("`", "")


def spoken(text: str) -> str:
    """``text`` with every card symbol said in words (``10♦`` -> ``the 10 of diamonds``,
    ``🂠`` -> ``a face-down card``), for a player who reads text (``/display text``)."""
    said = _SHOWN.sub(lambda m: card_words(m.group(1) + SYMBOLS[m.group(2)]), text)
    return said.replace(FACE_DOWN, _("a face-down card"))
