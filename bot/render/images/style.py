"""Colours, themes and fonts for the card images.

Card ranks use DejaVu Sans Bold when the system has it, Pillow's built-in scalable font
otherwise; names and labels go through ``text.py`` (a fallback chain of fonts, any script).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageFont

from bot.games.cards import Suit
from bot.render.images import text as lines

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]

THEMES = ("dark", "light")


@dataclass(frozen=True, slots=True)
class Theme:
    """The table colours. Both themes are opaque felt, readable on Discord light and dark."""

    felt: RGB
    felt_edge: RGB
    panel: RGB
    panel_out: RGB
    panel_border: RGB
    text: RGB
    muted: RGB
    accent: RGB
    accent_text: RGB
    good: RGB
    bad: RGB


_THEMES = {
    "dark": Theme(
        felt=(24, 74, 48),
        felt_edge=(14, 48, 31),
        panel=(17, 56, 36),
        panel_out=(38, 48, 43),
        panel_border=(52, 110, 78),
        text=(245, 245, 238),
        muted=(170, 204, 184),
        accent=(255, 196, 46),
        accent_text=(30, 24, 6),
        good=(88, 214, 120),
        bad=(255, 110, 96),
    ),
    "light": Theme(
        felt=(44, 112, 74),
        felt_edge=(30, 84, 54),
        panel=(33, 92, 60),
        panel_out=(70, 82, 76),
        panel_border=(96, 160, 122),
        text=(255, 255, 250),
        muted=(204, 232, 214),
        accent=(255, 204, 64),
        accent_text=(30, 24, 6),
        good=(120, 236, 150),
        bad=(255, 140, 128),
    ),
}


def theme(name: str) -> Theme:
    """The theme called ``name`` ("dark" or "light"); ``ValueError`` otherwise."""
    try:
        return _THEMES[name]
    except KeyError:
        known = ", ".join(THEMES)
        raise ValueError(
            f"unknown theme {name!r}: use one of {known}"  # i18n: not for people
        ) from None


# Card ink. Two-colour: the classic red and black. Four-colour (colour-blind aid):
# spades black, hearts red, diamonds blue, clubs green; shapes always differ as well.
_TWO_COLOUR: dict[Suit, RGB] = {
    Suit.SPADES: (24, 24, 28),
    Suit.CLUBS: (24, 24, 28),
    Suit.HEARTS: (200, 24, 32),
    Suit.DIAMONDS: (200, 24, 32),
}
_FOUR_COLOUR: dict[Suit, RGB] = {
    Suit.SPADES: (24, 24, 28),
    Suit.HEARTS: (200, 24, 32),
    Suit.DIAMONDS: (22, 86, 206),
    Suit.CLUBS: (18, 128, 52),
}

RED_MARK: RGB = _TWO_COLOUR[Suit.HEARTS]  # the four-colour deck's dot on a red card
CARD_FACE: RGB = (252, 251, 246)
CARD_EDGE: RGB = (120, 120, 112)
BACK_MAIN: RGB = (36, 62, 128)
BACK_LINE: RGB = (88, 124, 200)
PICK_RING: RGB = (255, 196, 46)
HIDDEN_RING: RGB = (110, 160, 255)


def suit_colour(suit: Suit, four_colour: bool) -> RGB:
    """The ink colour of ``suit`` in the two- or four-colour deck."""
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


_CANDIDATES = {
    False: ("DejaVuSans.ttf",),
    True: ("DejaVuSans-Bold.ttf",),
}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A font of ``size`` pixels: DejaVu Sans if installed, else Pillow's default font."""
    for name in _CANDIDATES[bold]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def fake_bold(size: int, bold: bool) -> int:
    """Stroke width that thickens the fallback font when no bold face exists."""
    f = font(size, bold)
    if not bold or "Bold" in " ".join(str(x) for x in _font_name(f)):
        return 0
    return max(1, size // 22)


def _font_name(f: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> tuple[str, ...]:
    getname = getattr(f, "getname", None)
    if getname is None:
        return ()
    return tuple(str(x) for x in getname())


def text_width(text: str, size: int, bold: bool = False) -> int:
    """The drawn width of ``text`` in pixels (any script, see ``text.py``)."""
    return lines.width(text, size, bold)


def fit(line: str, size: int, max_width: int, bold: bool = False) -> str:
    """``line`` cut by width with an ellipsis to fit ``max_width`` pixels."""
    return lines.fit(line, size, max_width, bold)
