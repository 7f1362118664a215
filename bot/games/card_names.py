"""Cards named in words, in the reader's language: ``the Queen of spades``, and where the
colour matters ``the red 7 (hearts)``. Shared by the computer players' explanations (hints,
reviews) and the pictures' alt text and text mode (``bot.render.alt.words``)."""

from __future__ import annotations

from bot.i18n import N_, _

RANKS = {"A": N_("ace"), "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King")}
SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RED_SUITS = frozenset("HD")


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
