"""Cards and seats as people read them in Discord text ("10♦", a face-down card as 🂠)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any

from bot.games.cards import Card
from bot.i18n import DEFAULT, FSI, LRI, PDI, _, current, is_rtl, ltr, number
from bot.render.direction import directed
from bot.render.names import shown

FACE_DOWN = "🂠"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Suits as Discord text shows them on dark and light themes alike: hearts and diamonds as
# red emoji (variation selector 16), spades and clubs as text (selector 15) in the theme's
# own text colour, so red and black never look alike and a black suit never sits dark on
# the dark theme.
LEGIBLE_SUITS = {"♥": "♥\ufe0f", "♦": "♦\ufe0f", "♠": "♠\ufe0e", "♣": "♣\ufe0e"}
_SUIT = re.compile("([♥♦♠♣])[\ufe0e\ufe0f]?")


def legible(text: str) -> str:
    """``text`` with every suit symbol in its legible form (see :data:`LEGIBLE_SUITS`):
    the one rendering of suits in every text the bot sends; in a right-to-left language
    every line also reads right to left (:func:`bot.render.direction.directed`).
    Idempotent (a suit already followed by a selector gets the right one, once)."""
    return directed(legible_suits(text))  # lines right to left in Arabic (bot.render.direction)


def legible_suits(text: str) -> str:
    """``text`` with legible suits only (the same in every language)."""
    if not any(symbol in text for symbol in LEGIBLE_SUITS):
        return text
    return _SUIT.sub(lambda m: LEGIBLE_SUITS[m[1]], text)


def legible_embed(embed: Any) -> Any:
    """A ``discord.Embed`` with every text in it through :func:`legible` (title,
    description, fields, footer, author); the same embed, changed in place."""
    if embed.title:
        embed.title = truncate(legible(embed.title), 256)
    if embed.description:
        embed.description = truncate(legible(embed.description), 4096)
    for i, field in enumerate(list(embed.fields)):
        embed.set_field_at(i, name=truncate(legible(field.name or ""), 256),
                           value=truncate(legible(field.value or ""), 1024),
                           inline=bool(field.inline))
    footer = embed.footer
    if footer and footer.text:
        embed.set_footer(text=truncate(legible(footer.text), 2048), icon_url=footer.icon_url)
    author = embed.author
    if author and author.name:
        embed.set_author(name=truncate(legible(author.name), 256), url=author.url,
                         icon_url=author.icon_url)
    return embed


def card(code: str | None) -> str:
    """One card in display form; ``None`` (hidden) as a face-down card. In a right-to-left
    language the card is isolated left to right, so ``10♦`` never reads ``♦10``."""
    if not code:
        return FACE_DOWN
    return ltr(_display(str(code)))


@functools.lru_cache(maxsize=256)
def _display(code: str) -> str:
    """``card`` of a code (a panel shows a dozen cards a click: each is parsed once). The
    same in every language: the direction is added outside the cache."""
    try:
        return legible_suits(Card.parse(code).display)
    except ValueError:
        return code


def cards(codes: Iterable[str | None]) -> str:
    """Cards in display form, space separated; ``—`` when there are none (one left-to-right
    run in a right-to-left language)."""
    shown = [_display(str(c)) if c else FACE_DOWN for c in codes]
    return ltr(" ".join(shown)) if shown else "—"


def notation(text: str) -> str:
    """Engine notation or another left-to-right run (``keep 2``, ``+30 · 100 → 50``) kept in
    its order inside right-to-left text; unchanged in a left-to-right language."""
    return ltr(text)


def isolated(text: str) -> str:
    """Text of ours (a mention) set apart from right-to-left text around it (first-strong
    isolate); unchanged in a left-to-right language. A name people chose goes through
    :func:`bot.render.names.shown` instead (isolated in every language)."""
    return f"{FSI}{text}{PDI}" if is_rtl() else text


def sort_hand(codes: Iterable[str]) -> list[str]:
    """A hand in rank then suit order."""
    parsed = [Card.parse(c) for c in codes]
    parsed.sort(key=lambda c: (c.order, c.suit.value))
    return [str(c) for c in parsed]


def seat_name(names: Sequence[str], seat: int | None, *, markdown: bool | None = None) -> str:
    """A seat's name as :func:`bot.render.names.shown` makes it safe (``names`` as the
    people chose them; ``markdown=False`` for a label; ``None``: the form
    :func:`bot.render.names.names_as` sets, markdown outside it), or a neutral word for
    ``None``."""
    if seat is None:
        return _("nobody")
    if 0 <= seat < len(names):
        return shown(names[seat], markdown=markdown)
    return _("Seat {number}", number=seat + 1)


def names_list(shown: Sequence[str]) -> str:
    """``ann`` / ``ann and bob`` / ``ann, bob and cat`` / ``nobody``."""
    if not shown:
        return _("nobody")
    if len(shown) == 1:
        return shown[0]
    # Translators: the separator between the items of a list (names, tags, cards won).
    sep = _(", ")
    # Translators: the end of a list of names: "ann, bob and cat".
    return _("{names} and {last}", names=sep.join(shown[:-1]), last=shown[-1])


def num(value: int | float) -> str:
    """A number as the reader's language writes it (English: as Python writes it, so
    ``1050`` stays ``1050``)."""
    return str(value) if current() == DEFAULT else number(value)


def signed(value: int) -> str:
    """``+24`` / ``-3``, a left-to-right run in a right-to-left language."""
    return ltr(f"{value:+d}")


#: The characters a button's label shows on one line of a 400-px phone: in SimCord's
#: preview (Debian's Chromium) a button row is 312 px wide, and "Give Seat 2's coop 3 · 10♣
#: out and knock" (40 characters) takes 299 px, while 42 Greek or Latin ones wrap.
LABEL_LINE = 40
_UNSEEN = re.compile("[\u2066-\u2069\u200e\u200f\u061c\ufe0e\ufe0f]")


def seen_length(text: str) -> int:
    """The characters of ``text`` a reader sees (isolates, marks and variation selectors
    take no place)."""
    return len(_UNSEEN.sub("", text))


def first_fitting(forms: Sequence[str], limit: int = LABEL_LINE) -> str:
    """The first of ``forms`` (the fullest words first) within ``limit`` seen characters,
    or the last (the shortest) when none is."""
    for text in forms:
        if seen_length(text) <= limit:
            return text
    return forms[-1]


def truncate(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters, marking the cut; an isolate the cut leaves
    open (a name's, a card's) is closed, so nothing after the text is reordered."""
    if len(text) <= limit:
        return text
    for keep in range(limit - 1, -1, -1):
        head = text[:keep]
        open_ = sum(head.count(c) for c in _OPENERS) - head.count(PDI)
        if keep + 1 + max(open_, 0) <= limit:
            return head + "…" + PDI * max(open_, 0)
    return text[:limit]


_OPENERS = (FSI, LRI, "\u2067")


def as_int_list(value: Any) -> list[int]:
    """A list of ints from a view value (empty when absent)."""
    return [int(v) for v in value] if isinstance(value, list) else []
