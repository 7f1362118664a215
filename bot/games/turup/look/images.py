"""Layouts for Turup: the community pile, each seat's hand backs and cards won."""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.games.turup.look.samples import SAMPLES
from bot.games.turup.views import TurupView, turup_view
from bot.i18n import is_rtl
from bot.render.images.canvas import (
    GAP,
    MARGIN,
    PAD,
    WIDTH,
    Canvas,
    grid,
    grid_height,
    no_round_scored,
    seat_name,
)
from bot.render.images.layout import pictures
from bot.render.images.rows import BH, BW, ROW_H, seat_row
from bot.render.images.seat import with_hand
from bot.render.images.strips import Strips
from bot.render.images.style import Theme

CW, CH = 76, 106  # pile card size: 38 px wide on a phone
PILE_ROW = CH + 8
COLUMNS = 2  # seat panels per row
HAND_W, HAND_H = 104, 146  # My cards: 52 px wide on a phone

PILE_X = MARGIN + PAD + CW + 20  # the deck, then the pile
PILE_ROOM = WIDTH - MARGIN - PAD - PILE_X
MAX_PILE_ROWS = 3


def _pile_rows(count: int) -> tuple[int, int, int]:
    """(rows, cards per row, step between cards) for a pile of ``count`` cards: rows of
    spaced cards, overlapping only when three rows are not enough."""
    per_row = max(1, (PILE_ROOM - CW) // (CW + 8) + 1)
    if count <= per_row * MAX_PILE_ROWS:
        return max(1, math.ceil(count / per_row)), per_row, CW + 8
    per_row = math.ceil(count / MAX_PILE_ROWS)
    return MAX_PILE_ROWS, per_row, (PILE_ROOM - CW) // (per_row - 1)


def centre_height(view: TurupView) -> int:
    """Height of the part above the seats: the deck and the pile."""
    pile = view.get("pile") or []
    rows = _pile_rows(len(pile))[0]
    return MARGIN + rows * PILE_ROW - 8 + GAP


def _x(x: int, w: int) -> int:
    """``x`` from the left, or as far from the right in a right-to-left language."""
    return WIDTH - x - w if is_rtl() else x


def _centre(canvas: Canvas, deck: int, pile: tuple[str, ...]) -> None:
    """The deck (its size is in the message's words) and every card of the pile, in a
    strip of their own (``centre_height`` tall)."""
    top = MARGIN
    canvas.stack(_x(MARGIN + PAD, CW), top + 6, deck, CW, CH - 6)
    if not pile:
        canvas.empty_slot(_x(PILE_X, CW), top, CW, CH)
        return
    per_row, step = _pile_rows(len(pile))[1:]
    for i, code in enumerate(pile):
        r, c = divmod(i, per_row)
        canvas.card(_x(PILE_X + c * step, CW), top + r * PILE_ROW, code, CW, CH)


def _seats(canvas: Canvas, seats: tuple[tuple[str, int, bool, bool], ...]) -> None:
    """One row of seat panels (name, hand count, to act, out), the gap under it below."""
    for (name, count, turn, out), box in zip(seats, grid(len(seats), COLUMNS, 0, ROW_H),
                                             strict=True):
        seat_row(canvas, box, name, count, turn=turn, out=out)


def table(view: TurupView, names: Sequence[str], theme: Theme, four_colour: bool) -> Strips:
    """The public Turup table: the deck, every card of the pile, and per seat its name
    and the backs of its hand (the counts and cards won are in the message's words).
    Drawn as strips (the pile, then a row of seats each): a row that did not change is
    not drawn again (``strips.py``)."""
    n = int(view["players"])
    picture = Strips(theme, four_colour)
    picture.add(centre_height(view), _centre, int(view.get("deck") or 0),
                tuple(str(c) for c in view.get("pile") or []))
    out = view.get("out") or [False] * n
    cells = [(seat_name(names, seat), int(view["seats"][seat].get("hand_count") or 0),
              view.get("to_act") == seat and not view.get("over"), bool(out[seat]))
             for seat in range(n)]
    for first in range(0, n, COLUMNS):
        under = GAP if first + COLUMNS < n else MARGIN
        picture.add(ROW_H + under, _seats, tuple(cells[first:first + COLUMNS]))
    return picture


def hand(view: TurupView, theme: Theme, four_colour: bool) -> Canvas:
    """The viewer's Turup hand, large."""
    if view.get("seat") is None:
        raise ValueError(
            "render_hand needs a player_view (its 'seat' is null)"  # i18n: not for people
        )
    cards = [str(c) for c in view.get("hand") or []]
    per_row = (WIDTH - 2 * MARGIN - 2 * PAD + 12) // (HAND_W + 12)
    rows = max(1, math.ceil(len(cards) / per_row))
    height = 2 * MARGIN + rows * (HAND_H + 12) - 12
    canvas = Canvas(height, theme, four_colour)
    if not cards:
        canvas.empty_slot(_x(MARGIN + PAD, HAND_W), MARGIN, HAND_W, HAND_H)
    for i, code in enumerate(cards):
        r, c = divmod(i, per_row)
        canvas.card(_x(MARGIN + PAD + c * (HAND_W + 12), HAND_W), MARGIN + r * (HAND_H + 12),
                    code, HAND_W, HAND_H)
    return canvas


def round_end(
    view: TurupView, names: Sequence[str], theme: Theme, four_colour: bool
) -> Canvas:
    """Per seat its name and the cards it won as a pile of backs, the round's winners
    framed in gold (the numbers are the message's words)."""
    n = int(view["players"])
    last = view["last_round"]
    if last is None:
        raise no_round_scored()
    height = MARGIN + grid_height(n, COLUMNS, ROW_H) + MARGIN
    canvas = Canvas(height, theme, four_colour)
    winners = set(last.get("winners") or [])
    won = last.get("won") or [0] * n
    for seat, box in enumerate(grid(n, COLUMNS, MARGIN, ROW_H)):
        seat_row(canvas, box, seat_name(names, seat), int(won[seat]), turn=False, out=False,
                 highlight=seat in winners)
    return canvas


def seat(view: TurupView, names: Sequence[str], theme: Theme, four_colour: bool) -> Strips:
    """The public table with the viewer's hand in a strip under the pile."""
    split = centre_height(view)
    public: TurupView = {**view, "hand": None}
    return with_hand(table(public, names, theme, four_colour), view["hand"], split)


PICTURES = pictures(turup_view, table, hand, round_end, seat, samples=SAMPLES, panel=False,
                    card_sizes=((CW, CH), (HAND_W, HAND_H)),
                    back_sizes=((BW, BH), (CW, CH - 6)))
