"""The marks every layout shares, drawn without words: a seat's name with the turn's
arrow, the eye on a card only its owner sees, a coop's tick or cross."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.i18n import is_rtl
from bot.render.images.blit import blit
from bot.render.images.canvas import NAME_PX, PAD, Canvas
from bot.render.images.cards import card_back, with_shadow
from bot.render.images.style import HIDDEN_RING

Box = tuple[int, int, int, int]
BADGE = 26  # the eye and the tick or cross


def seat_name_at(
    canvas: Canvas, box: Box, y: int, name: str, *, turn: bool, room: int | None = None
) -> None:
    """A seat's name at the top of ``box`` (its right in a right-to-left language), after
    a gold arrow when it is that seat's turn (the panel's gold frame says it too)."""
    x0, _, x1, _ = box
    room = room if room is not None else x1 - x0
    arrow = NAME_PX if turn else 0
    rtl = is_rtl()
    if turn:
        ax = x1 - arrow if rtl else x0
        arrow_at(canvas, ax, y + 2, NAME_PX - 4, left=rtl)
    if rtl:
        canvas.text(x1 - arrow, y, name, NAME_PX, bold=True, max_width=room - arrow,
                    anchor="ra")
    else:
        canvas.text(x0 + arrow, y, name, NAME_PX, bold=True, max_width=room - arrow)


def arrow_at(canvas: Canvas, x: int, y: int, size: int, *, left: bool = False) -> None:
    """The turn's gold play arrow in a ``size`` square at (x, y) (pointing left: ``left``)."""
    top, bottom, mid = y + 2, y + size - 2, y + size // 2
    if left:
        points = [(x + size - 4, top), (x + 2, mid), (x + size - 4, bottom)]
    else:
        points = [(x + 2, top), (x + size - 4, mid), (x + 2, bottom)]
    canvas.draw.polygon(points, fill=canvas.theme.accent)


def eye(canvas: Canvas, cx: int, cy: int, size: int) -> None:
    """The mark of a card only its owner sees: an eye in a blue disc centred at (cx, cy)."""
    r = size // 2
    canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=HIDDEN_RING,
                        outline=(255, 255, 255), width=2)
    w, h = int(size * 0.36), int(size * 0.2)
    canvas.draw.ellipse((cx - w, cy - h, cx + w, cy + h), fill=(255, 255, 255))
    p = max(2, int(size * 0.13))
    canvas.draw.ellipse((cx - p, cy - p, cx + p, cy + p), fill=(24, 40, 90))


def verdict(canvas: Canvas, cx: int, cy: int, size: int, ok: bool) -> None:
    """A coop's verdict in a disc centred at (cx, cy): a tick (valid) or a cross."""
    t = canvas.theme
    r = size // 2
    canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=t.felt_edge,
                        outline=t.good if ok else t.bad, width=2)
    inner = int(size * 0.56)
    canvas.mark(cx - inner // 2, cy - inner // 2, inner, ok)


BW, BH = 30, 42  # a hand's backs in a seat's panel: the count is in the message's words
ROW_H = 62  # a seat's panel of name and backs


def backs(canvas: Canvas, x: int, y: int, count: int, *, right: bool = False) -> int:
    """A fan of up to six hand backs at (x, y) (its right edge at ``x`` when ``right``), or
    an empty slot for no cards; returns the width used."""
    shown = min(count, 6)
    step = 8
    width = BW + step * (shown - 1) if shown else BW
    left = x - width if right else x
    if not shown:
        canvas.empty_slot(left, y, BW, BH)
        return width
    fan = _fan(shown, step)
    blit(canvas.img, fan, left, y, fan)
    canvas.drawn.backs.extend([BW] * shown)
    return width


@lru_cache(maxsize=8)
def _fan(shown: int, step: int) -> Image.Image:
    """``shown`` backs, each ``step`` right of the last, with their shadows, as one sprite
    (one paste instead of six)."""
    sprite = with_shadow(card_back(BW, BH))
    fan = Image.new("RGBA", (sprite.width + step * (shown - 1), sprite.height), (0, 0, 0, 0))
    for i in range(shown):
        fan.alpha_composite(sprite, (i * step, 0))
    return fan


def seat_row(
    canvas: Canvas, box: Box, name: str, count: int, *, turn: bool, out: bool,
    highlight: bool | None = None,
) -> None:
    """A seat's panel: its name (after the turn's arrow) and the backs of its hand at the
    other end, mirrored in a right-to-left language."""
    canvas.panel(box, highlight=turn if highlight is None else highlight, out=out)
    x0, y0, x1, _ = box
    rtl = is_rtl()
    used = backs(canvas, x0 + PAD if rtl else x1 - PAD, y0 + PAD, count, right=not rtl)
    room = x1 - x0 - 2 * PAD - used - 8
    inner = (x1 - PAD - room, y0, x1 - PAD, y0) if rtl else (x0 + PAD, y0, x0 + PAD + room, y0)
    seat_name_at(canvas, inner, y0 + PAD + 6, name, turn=turn, room=room)
