"""Cards and seats in words, for alt text and the text mode (read by a screen reader).

A card is named, never drawn (``bot.games.card_names``): ``the King of spades``; where a
game's rules turn on a card's colour (Soureh and Pariah: a coop's face-up card is red or
black) the colour is said too: ``the red 7 (hearts)``. A face-down card is a word, never a symbol.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from bot.games.card_names import card_words
from bot.i18n import FSI, LRI, _
from bot.render.card_text import seat_name
from bot.render.names import outside_names

SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# A card as Discord text shows it: "10♦", "Q♠︎" (a variation selector may follow the suit).
_SHOWN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♠♥♦♣])[\ufe0e\ufe0f]?")
FACE_DOWN = "🂠"


def cards_words(codes: Iterable[str | None], *, colour: bool = False) -> str:
    """Cards in words, separated as the language separates a list; ``none`` for none."""
    named = [card_words(c, colour=colour) for c in codes]
    return _(", ").join(named) if named else _("none")


def name_of(names: Sequence[str], seat: int | None) -> str:
    """A seat's name as people chose it, made safe by ``bot.render.names.shown`` in the
    form the text is built for (``names_as``: plain in alt text, markdown in text mode),
    or its number from 1 (never the engine's)."""
    return seat_name(names, seat)


def plain(text: str) -> str:
    """Discord Markdown taken out (bold, code) for a text no Markdown renders; the names
    in it are left as they are (a name's own ``**`` or backtick is part of it)."""
    return outside_names(text, lambda part: part.replace("**", "").replace("`", ""))


def spoken(text: str) -> str:
    """``text`` with every card symbol said in words (``10♦`` -> ``the 10 of diamonds``,
    ``🂠`` -> ``a face-down card``), for a player who reads text (``/display text``); a
    name is left as it is typed."""
    return outside_names(text, _spoken)


def _spoken(text: str) -> str:
    said = _SHOWN.sub(lambda m: card_words(m.group(1) + SYMBOLS[m.group(2)]), text)
    # a card kept left to right in right-to-left text (its LRI isolate) is words now, read
    # in the words' own direction: "3 القلوب" runs right to left (first-strong isolate)
    return said.replace(FACE_DOWN, _("a face-down card")).replace(LRI, FSI)
