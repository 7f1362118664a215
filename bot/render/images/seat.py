"""A private seat image: the table as one player sees it, for his panel.

His own face-down cards (coop games) or hand (Turup, Soi, in a strip framed in blue with
an eye: only he sees it) shown to him, the opponents' face-up cards, the pile, the card he
drew. Built from ``player_view`` only, and every
other seat's hidden cards are blanked before drawing, so even a view that carried one
could not show it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import TypeVar

from bot.games.cards import Card
from bot.games.views import GameView
from bot.i18n import is_rtl
from bot.render.images.canvas import GAP, MARGIN, PAD, Canvas, flow
from bot.render.images.rows import BADGE, eye
from bot.render.images.strips import Strips
from bot.render.images.style import HIDDEN_RING

CW, CH = 76, 106  # the viewer's hand over the table: 38 px wide on a phone
PEEK_W = 34  # the least of an overlapped card that shows: its index


def private_view(view: GameView) -> GameView:
    """``view`` checked to be a player view (each game's seat layout then blanks anything
    not the viewer's own: other seats' face-down cards and validity, a drawn card the viewer
    does not hold)."""
    if view.get("seat") is None:
        raise ValueError(
            "seat_image needs a player_view (its 'seat' is null)"  # i18n: not for people
        )
    return view


def _hand_groups(hand: Sequence[str] | None, by_rank_groups: bool) -> list[list[str]]:
    cards = [str(c) for c in hand or []]
    if not by_rank_groups:
        return [[c] for c in cards]
    by_rank: dict[int, list[str]] = defaultdict(list)
    for code in cards:
        by_rank[Card.parse(code).order].append(code)
    return [by_rank[r] for r in sorted(by_rank)]


Drawn = TypeVar("Drawn", Canvas, Strips)  # i18n: not for people


def with_hand(
    table: Drawn, hand: Sequence[str] | None, split: int, *, by_rank: bool = False
) -> Drawn:
    """The table with the viewer's hand in a strip at ``split`` (above the seats), framed
    in blue with an eye (only he sees it): cards overlap when there are many, showing
    their index. A picture drawn as strips gets one more strip (``split`` must be where
    one starts); a canvas is drawn again, taller."""
    groups = _hand_groups(hand, by_rank)  # Soi: a hand is read rank by rank
    room = table.width - 2 * MARGIN - 2 * PAD - BADGE - 8
    count = sum(len(g) for g in groups)
    step = CW + 8
    if count > 1 and count * step - 8 > room:
        step = max(PEEK_W, (room - CW) // (count - 1))
    gap = 16 if step > CW // 2 else 8
    rows = flow(groups, CW, min(step, CW + 8), gap, room) if groups else []
    strip = 2 * PAD + max(1, len(rows)) * (CH + 8) - 8 + GAP
    laid = tuple(tuple(row) for row in rows)
    if isinstance(table, Strips):
        table.insert(table.at(split), strip, _hand_strip, laid)
        return table
    canvas = Canvas(table.img.height + strip, table.theme, table.four_colour, table.width)
    canvas.drawn.adopt(table.drawn)
    w, h = table.width, table.img.height
    canvas.img.paste(table.img.crop((0, 0, w, split)), (0, 0))
    canvas.img.paste(table.img.crop((0, split, w, h)), (0, split + strip))
    _draw_hand(canvas, split, strip, laid)
    return canvas


def _hand_strip(canvas: Canvas, rows: tuple[tuple[tuple[int, str], ...], ...]) -> None:
    _draw_hand(canvas, 0, canvas.img.height, rows)


def _draw_hand(canvas: Canvas, split: int, strip: int,
               rows: tuple[tuple[tuple[int, str], ...], ...]) -> None:
    """The hand's strip (``strip`` tall, its gap included) at ``split``: ``rows`` of
    (x, card) as ``flow`` laid them out."""
    w = canvas.width
    box = (MARGIN, split, w - MARGIN, split + strip - GAP)
    canvas.draw.rounded_rectangle(box, radius=14, fill=canvas.theme.panel, outline=HIDDEN_RING,
                                  width=3)
    rtl = is_rtl()
    eye(canvas, box[0] + PAD + BADGE // 2 if not rtl else box[2] - PAD - BADGE // 2,
        split + PAD + BADGE // 2, BADGE)
    x0 = box[0] + PAD + BADGE + 8 if not rtl else box[0] + PAD
    y = split + PAD
    if not rows:
        canvas.empty_slot(x0, y, CW, CH)
    for r, row in enumerate(rows):
        for x, code in row:
            canvas.card(x0 + x, y + r * (CH + 8), code, CW, CH)
