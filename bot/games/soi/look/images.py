"""Layouts for Soi: recent asks, each seat's hand backs and the quadruplets laid down."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from bot.games.cards import Card
from bot.games.soi.look.samples import SAMPLES
from bot.games.soi.views import SoiAsk, SoiView, soi_view
from bot.i18n import N_, _, _n
from bot.render.images.canvas import (
    HEAD_H,
    HEADER_H,
    MARGIN,
    PAD,
    WIDTH,
    Canvas,
    and_list,
    columns_for,
    flow,
    game_won_text,
    grid,
    grid_height,
    header,
    no_round_scored,
    round_end_layout,
    round_end_title,
    seat_head,
    seat_name,
    table_header,
    turn_pills,
    your_turn_text,
)
from bot.render.images.cards import rank_chip
from bot.render.images.layout import pictures
from bot.render.images.seat import with_hand
from bot.render.images.style import Theme

BW, BH = 46, 64
CHIP_H = 34
ASK_LINES = 5
ASK_H = 40
PANEL_H = PAD + HEAD_H + 6 + BH + 10 + CHIP_H + PAD
HAND_W, HAND_H = 100, 140
ROUND_END_COLUMNS = 2  # wide panels: whole names and every quadruplet


def _asks(view: SoiView) -> list[SoiAsk]:
    return list(view.get("asks") or [])[-ASK_LINES:]


def centre_height(view: SoiView) -> int:
    """Height of the part between the header and the seats (pile or recent asks)."""
    return 44 + max(1, len(_asks(view))) * ASK_H + 8


def _centre(canvas: Canvas, view: SoiView, names: Sequence[str], top: int) -> None:
    t = canvas.theme
    asks = list(view.get("asks") or [])
    shown = _asks(view)
    title = _("Recent asks")
    if view.get("memory"):
        title = _("Recent asks (only the last 3 are shown: remember the rest)")
    elif len(asks) > len(shown):
        title = _("Recent asks (last {shown} of {all})", shown=len(shown), all=len(asks))
    x = MARGIN + 8
    canvas.text(x, top + 4, title, 24, t.muted, bold=True, max_width=WIDTH - 2 * MARGIN)
    y = top + 44
    if not shown:
        canvas.text(x, y + 4, _("No asks yet this round."), 24, t.muted)
    for ask in shown:
        asker = seat_name(names, int(ask["asker"]))
        asked = seat_name(names, int(ask["asked"]))
        said = _("{asker} asked {asked} for", asker=asker, asked=asked)
        cx = x + canvas.text(x, y + 4, said, 24, max_width=520) + 10
        cx += canvas.chip(cx, y, str(ask["card"]), CHIP_H) + 12
        hit = bool(ask.get("hit"))
        answer = _("got it") if hit else _("no")
        canvas.text(cx, y + 4, answer, 24, t.good if hit else t.bad, bold=True)
        y += ASK_H


def _backs(canvas: Canvas, x: int, y: int, count: int) -> int:
    shown = min(count, 6)
    step = 12
    for i in range(shown):
        canvas.card(x + i * step, y, None, BW, BH)
    return BW + step * (shown - 1) if shown else 0


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


def _quads(
    canvas: Canvas,
    box: tuple[int, int, int, int],
    y: int,
    ranks: Sequence[str],
    none: str = N_("no quadruplets yet"),
) -> None:
    """The quadruplets as chips, wrapped onto more rows when one is not enough (the
    panel is made tall enough), or as a line of ranks when even that does not fit."""
    x0 = box[0] + PAD
    room = box[2] - PAD - x0
    if not ranks:
        canvas.text(x0, y + 6, _(none), 24, canvas.theme.muted, max_width=room)
        return
    rows = _chip_rows(ranks, room, canvas.four_colour)
    if y + len(rows) * (CHIP_H + 8) - 8 > box[3] - PAD // 2:
        label = _n(
            "{n} quadruplet: {ranks}",
            "{n} quadruplets: {ranks}",
            len(ranks),
            ranks=" ".join(str(r) for r in ranks),
        )
        canvas.text(x0, y + 4, label, 24, bold=True, max_width=room)
        return
    for r, row in enumerate(rows):
        x = x0
        for rank in row:
            x += canvas.quad(x, y + r * (CHIP_H + 8), rank, CHIP_H) + 8


def table(view: SoiView, names: Sequence[str], theme: Theme, four_colour: bool) -> Canvas:
    """The public Soi table: the recent asks, and per seat hand size and quadruplets."""
    n = int(view["players"])
    cols = columns_for(n)
    centre_h = centre_height(view)
    height = HEADER_H + centre_h + grid_height(n, cols, PANEL_H) + MARGIN
    canvas = Canvas(height, theme, four_colour)
    t = canvas.theme
    table_header(canvas, view, names)
    _centre(canvas, view, names, HEADER_H)
    totals = view.get("totals") or [0] * n
    out = view.get("out") or [False] * n
    for seat, box in enumerate(grid(n, cols, HEADER_H + centre_h, PANEL_H)):
        info = view["seats"][seat]
        to_act = view.get("to_act") == seat and not view.get("over")
        canvas.panel(box, highlight=to_act, out=bool(out[seat]) and not view.get("over"))
        pills = turn_pills(canvas, view, seat)
        if out[seat] and not view.get("over"):
            pills.append((_("out"), t.muted, t.panel))
        seat_head(canvas, box, seat_name(names, seat), str(totals[seat]), pills)
        y = box[1] + PAD + HEAD_H + 6
        count = int(info.get("hand_count") or 0)
        used = _backs(canvas, box[0] + PAD, y, count)
        if not count:
            canvas.empty_slot(box[0] + PAD, y, BW, BH)
        tx = box[0] + PAD + max(used, BW) + 16
        canvas.text(
            tx,
            y + 14,
            _n("{n} card", "{n} cards", count),
            26,
            bold=True,
            max_width=box[2] - PAD - tx,
        )
        _quads(canvas, box, y + BH + 10, info.get("quads") or [])
    return canvas


def hand(view: SoiView, theme: Theme, four_colour: bool) -> Canvas:
    """The viewer's Soi hand, grouped by rank (you ask only for ranks you hold)."""
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
    rows = flow(groups, HAND_W, HAND_W + 6, 28, WIDTH - 2 * MARGIN - 16)
    n_rows = max(1, len(rows))
    me = view["seat"]
    quads = view["seats"][me]["quads"] if me is not None else []
    height = HEADER_H + 8 + n_rows * (HAND_H + 14) + (CHIP_H + 24 if quads else 0) + MARGIN
    canvas = Canvas(height, theme, four_colour)
    header(canvas, view, _("your hand"), your_turn_text(view))
    top = HEADER_H + 8
    if not groups:
        canvas.text(MARGIN + 8, top + 20, _("You hold no cards."), 26, canvas.theme.muted)
    for r, row in enumerate(rows):
        for x, code in row:
            canvas.card(MARGIN + 8 + x, top + r * (HAND_H + 14), code, HAND_W, HAND_H)
    if quads:
        y = top + n_rows * (HAND_H + 14) + 6
        x = MARGIN + 8
        label = _("Your quadruplets:")
        x += canvas.text(x, y + 4, label, 24, canvas.theme.muted, bold=True, max_width=400) + 12
        for rank in quads:
            x += canvas.quad(x, y, str(rank), CHIP_H) + 8
    return canvas


def round_end(
    view: SoiView, names: Sequence[str], theme: Theme, four_colour: bool
) -> Canvas:
    """Points and quadruplets of each seat in the last round."""
    n = int(view["players"])
    last = view["last_round"]
    if last is None:
        raise no_round_scored()
    quads = last.get("quads") or [[] for _ in range(n)]
    room = grid(n, ROUND_END_COLUMNS, 0, 1)[0]
    room_w = room[2] - room[0] - 2 * PAD
    rows = max([len(_chip_rows(q, room_w, four_colour)) for q in quads] + [1])
    panel_h = PAD + HEAD_H + 6 + rows * (CHIP_H + 8) - 8 + PAD
    canvas, boxes = round_end_layout(view, theme, four_colour, panel_h, ROUND_END_COLUMNS)
    points = last.get("points") or [0] * n
    totals = view.get("totals") or [0] * n
    best = max(points) if points else 0
    leaders = [s for s in range(n) if best > 0 and points[s] == best]
    status = game_won_text(view, names)
    if status is None and leaders:
        status = _(
            "{names} scored most (+{points})",
            names=and_list([seat_name(names, s) for s in leaders]),
            points=best,
        )
    header(canvas, view, round_end_title(view), status, turn=False)
    for seat, box in enumerate(boxes):
        canvas.panel(box, highlight=seat in leaders, out=False)
        seat_head(canvas, box, seat_name(names, seat), f"+{points[seat]} → {totals[seat]}")
        _quads(canvas, box, box[1] + PAD + HEAD_H + 6, quads[seat], N_("no quadruplets"))
    return canvas


def seat(view: SoiView, names: Sequence[str], theme: Theme, four_colour: bool) -> Canvas:
    """The public table with the viewer's hand, rank by rank, in a strip under the asks."""
    split = HEADER_H + centre_height(view)
    public: SoiView = {**view, "hand": None}
    return with_hand(table(public, names, theme, four_colour), view["hand"], split, by_rank=True)


PICTURES = pictures(soi_view, table, hand, round_end, seat, samples=SAMPLES,
                    card_sizes=((HAND_W, HAND_H),))
