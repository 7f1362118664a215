"""Layouts for Soi: each seat's hand backs and the quadruplets laid down (the recent asks
are the message's words)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from bot.games.cards import Card
from bot.games.soi.look.samples import SAMPLES
from bot.games.soi.views import SoiView, soi_view
from bot.i18n import is_rtl
from bot.render.images.canvas import (
    GAP,
    MARGIN,
    PAD,
    WIDTH,
    Canvas,
    flow,
    grid,
    grid_height,
    no_round_scored,
    seat_name,
)
from bot.render.images.cards import rank_chip
from bot.render.images.layout import pictures
from bot.render.images.rows import BH, BW, ROW_H, seat_row
from bot.render.images.seat import with_hand
from bot.render.images.strips import Strips
from bot.render.images.style import Theme

CHIP_H = 40  # a quadruplet's chip: its rank 12 px tall on a phone
COLUMNS = 2  # seat panels per row
HAND_W, HAND_H = 104, 146  # My cards: 52 px wide on a phone


def _chip_rows(ranks: Sequence[str], room: int, four_colour: bool) -> list[list[str]]:
    """The quadruplet chips in rows of at most ``room`` pixels: every one is shown."""
    rows: list[list[str]] = [[]]
    x = 0
    for rank in ranks:
        w = rank_chip(str(rank), CHIP_H, four_colour).width
        if rows[-1] and x + w > room:
            rows.append([])
            x = 0
        rows[-1].append(str(rank))
        x += w + 8
    return rows


def _room() -> int:
    box = grid(1, COLUMNS, 0, 1)[0]
    return box[2] - box[0] - 2 * PAD


def _panel_h(quads: Sequence[Sequence[str]], four_colour: bool) -> int:
    """A seat panel's height: name and backs, and the rows of quadruplets the seat with
    the most has (none: no row)."""
    rows = max([len(_chip_rows(q, _room(), four_colour)) for q in quads if q] + [0])
    return ROW_H + (rows * (CHIP_H + 8) if rows else 0)


def _quads(canvas: Canvas, box: tuple[int, int, int, int], y: int, ranks: Sequence[str]) -> None:
    """The quadruplets laid down, as chips (mirrored in a right-to-left language)."""
    rtl = is_rtl()
    for r, row in enumerate(_chip_rows(ranks, _room(), canvas.four_colour)):
        x = box[2] - PAD if rtl else box[0] + PAD
        for rank in row:
            w = rank_chip(rank, CHIP_H, canvas.four_colour).width
            canvas.quad(x - w if rtl else x, y + r * (CHIP_H + 8), rank, CHIP_H)
            x += -(w + 8) if rtl else w + 8


def _seats(
    canvas: Canvas, view: SoiView, names: Sequence[str], top: int, panel_h: int,
    quads: Sequence[Sequence[str]], counts: Sequence[int], highlight: Sequence[bool] | None,
) -> None:
    n = int(view["players"])
    out = view.get("out") or [False] * n
    over = bool(view.get("over"))
    for seat, box in enumerate(grid(n, COLUMNS, top, panel_h)):
        to_act = view.get("to_act") == seat and not over
        seat_row(canvas, box, seat_name(names, seat), counts[seat], turn=to_act,
                 out=bool(out[seat]) and not over,
                 highlight=None if highlight is None else highlight[seat])
        if quads[seat]:
            _quads(canvas, box, box[1] + ROW_H - PAD + 4, quads[seat])


def table(view: SoiView, names: Sequence[str], theme: Theme, four_colour: bool) -> Strips:
    """The public Soi table: per seat its name, the backs of its hand and the quadruplets
    laid down (the asks, counts and points are in the message's words). Drawn as strips
    (the top margin, then a row of seats each): a row that did not change is not drawn
    again (``strips.py``)."""
    n = int(view["players"])
    quads = [list(s.get("quads") or []) for s in view["seats"]]
    panel_h = _panel_h(quads, four_colour)
    out = view.get("out") or [False] * n
    over = bool(view.get("over"))
    cells = [(seat_name(names, seat), int(view["seats"][seat].get("hand_count") or 0),
              view.get("to_act") == seat and not over, bool(out[seat]) and not over,
              tuple(str(q) for q in quads[seat]))
             for seat in range(n)]
    picture = Strips(theme, four_colour)
    picture.add(MARGIN, _margin)
    for first in range(0, n, COLUMNS):
        under = GAP if first + COLUMNS < n else MARGIN
        picture.add(panel_h + under, _seat_row, panel_h, tuple(cells[first:first + COLUMNS]))
    return picture


def _margin(canvas: Canvas) -> None:
    """The felt above the seats (the viewer's hand goes under it in his seat picture)."""


def _seat_row(canvas: Canvas, panel_h: int,
              seats: tuple[tuple[str, int, bool, bool, tuple[str, ...]], ...]) -> None:
    """One row of seat panels (name, hand count, to act, out, quadruplets), the gap under
    it below."""
    for (name, count, turn, out, quads), box in zip(seats, grid(len(seats), COLUMNS, 0, panel_h),
                                                    strict=True):
        seat_row(canvas, box, name, count, turn=turn, out=out)
        if quads:
            _quads(canvas, box, box[1] + ROW_H - PAD + 4, quads)


def hand(view: SoiView, theme: Theme, four_colour: bool) -> Canvas:
    """The viewer's Soi hand, large, grouped by rank (you ask only for ranks you hold), and
    his quadruplets."""
    if view.get("seat") is None:
        raise ValueError(
            "render_hand needs a player_view (its 'seat' is null)"  # i18n: not for people
        )
    by_rank: dict[int, list[Card]] = defaultdict(list)
    for code in view.get("hand") or []:
        c = Card.parse(str(code))
        by_rank[c.order].append(c)
    groups = [
        [str(c) for c in sorted(by_rank[r], key=lambda c: "SHDC".index(c.suit.value))]
        for r in sorted(by_rank)
    ]
    room = WIDTH - 2 * MARGIN - 2 * PAD
    rows = flow(groups, HAND_W, 40, 16, room)
    n_rows = max(1, len(rows))
    me = view["seat"]
    quads = view["seats"][me]["quads"] if me is not None else []
    height = 2 * MARGIN + n_rows * (HAND_H + 12) - 12 + (CHIP_H + 12 if quads else 0)
    canvas = Canvas(height, theme, four_colour)
    rtl = is_rtl()
    top = MARGIN
    if not groups:
        canvas.empty_slot(WIDTH - MARGIN - PAD - HAND_W if rtl else MARGIN + PAD, top,
                          HAND_W, HAND_H)
    for r, row in enumerate(rows):
        for x, code in row:
            left = MARGIN + PAD + x
            canvas.card(WIDTH - left - HAND_W if rtl else left, top + r * (HAND_H + 12), code,
                        HAND_W, HAND_H)
    if quads:
        y = top + n_rows * (HAND_H + 12)
        _quads(canvas, (MARGIN, y, WIDTH - MARGIN, y), y, [str(q) for q in quads])
    return canvas


def round_end(
    view: SoiView, names: Sequence[str], theme: Theme, four_colour: bool
) -> Canvas:
    """Each seat's quadruplets in the last round, the seats that scored most framed in
    gold (the points are the message's words)."""
    n = int(view["players"])
    last = view["last_round"]
    if last is None:
        raise no_round_scored()
    quads = [list(q) for q in (last.get("quads") or [[] for _ in range(n)])]
    panel_h = _panel_h(quads, four_colour)
    canvas = Canvas(2 * MARGIN + grid_height(n, COLUMNS, panel_h), theme, four_colour)
    points = last.get("points") or [0] * n
    best = max(points) if points else 0
    leaders = [best > 0 and points[s] == best for s in range(n)]
    _seats(canvas, view, names, MARGIN, panel_h, quads, [0] * n, leaders)
    return canvas


def seat(view: SoiView, names: Sequence[str], theme: Theme, four_colour: bool) -> Strips:
    """The public table with the viewer's hand, rank by rank, in a strip over the seats."""
    split = MARGIN
    public: SoiView = {**view, "hand": None}
    return with_hand(table(public, names, theme, four_colour), view["hand"], split, by_rank=True)


PICTURES = pictures(soi_view, table, hand, round_end, seat, samples=SAMPLES, panel=False,
                    card_sizes=((HAND_W, HAND_H), (76, 106)), back_sizes=((BW, BH),))
