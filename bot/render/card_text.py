"""Cards and seats as people read them in Discord text ("10♦", a face-down card as 🂠)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from bot.games.cards import Card

FACE_DOWN = "🂠"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
LEGIBLE_SUITS = {"♥": "♥️", "♦": "♦️", "♠": "♠\ufe0e", "♣": "♣\ufe0e"}
"""Suits as Discord text shows them on dark and light themes alike: hearts and diamonds as
red emoji (variation selector 16), spades and clubs as text (selector 15) in the theme's
own text colour, so red and black never look alike and a black suit never sits dark on
the dark theme."""
_SUIT_TABLE = str.maketrans(LEGIBLE_SUITS)


def legible(text: str) -> str:
    """``text`` with every suit symbol in its legible form (see :data:`LEGIBLE_SUITS`)."""
    return text.translate(_SUIT_TABLE)


def card(code: str | None) -> str:
    """One card in display form; ``None`` (hidden) as a face-down card."""
    if not code:
        return FACE_DOWN
    return _display(str(code))


@functools.lru_cache(maxsize=256)
def _display(code: str) -> str:
    """``card`` of a code (a panel shows a dozen cards a click: each is parsed once)."""
    try:
        return legible(Card.parse(code).display)
    except ValueError:
        return code


def cards(codes: Iterable[str | None]) -> str:
    """Cards in display form, space separated; ``—`` when there are none."""
    shown = [card(c) for c in codes]
    return " ".join(shown) if shown else "—"


def sort_hand(codes: Iterable[str]) -> list[str]:
    """A hand in rank then suit order."""
    parsed = [Card.parse(c) for c in codes]
    parsed.sort(key=lambda c: (c.order, c.suit.value))
    return [str(c) for c in parsed]


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """A seat's name, or a neutral word for ``None``."""
    if seat is None:
        return "nobody"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def count(n: int, noun: str) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def truncate(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters, marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def as_int_list(value: Any) -> list[int]:
    """A list of ints from a view value (empty when absent)."""
    return [int(v) for v in value] if isinstance(value, list) else []
