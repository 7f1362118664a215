"""Layouts for Turup: the community pile, each seat's hand backs and cards won."""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.games.turup.look.samples import SAMPLES
from bot.games.turup.views import TurupView, turup_view
from bot.i18n import _, _n
from bot.render.images.canvas import (
    HEAD_H,
    HEADER_H,
    MARGIN,
    PAD,
    WIDTH,
    Canvas,
    and_list,
    columns_for,
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
from bot.render.images.layout import pictures
from bot.render.images.seat import with_hand
from bot.render.images.style import Theme

CW, CH = 84, 118  # pile card size
BW, BH = 46, 64  # hand backs in a seat panel
PILE_ROW = CH + 14
PANEL_H = PAD + HEAD_H + 6 + BH + PAD
HAND_W, HAND_H = 150, 210


PILE_X = MARGIN + 8 + CW + 40
PILE_ROOM = WIDTH - MARGIN - 8 - PILE_X
MAX_PILE_ROWS = 3


def _pile_rows(count: int) -> tuple[int, int, int]:
    """(rows, cards per row, step between cards) for a pile of ``count`` cards: rows of
    spaced cards, overlapping only when three rows are not enough."""
    per_row = max(1, (PILE_ROOM - CW) // (CW + 10) + 1)
    if count <= per_row * MAX_PILE_ROWS:
        return max(1, math.ceil(count / per_row)), per_row, CW + 10
    per_row = math.ceil(count / MAX_PILE_ROWS)
    return MAX_PILE_ROWS, per_row, (PILE_ROOM - CW) // (per_row - 1)


def centre_height(view: TurupView) -> int:
    """Height of the part between the header and the seats (pile or recent asks)."""
    pile = view.get("pile") or []
    rows = _pile_rows(len(pile))[0]
    return 44 + rows * PILE_ROW + 10


def _centre(canvas: Canvas, view: TurupView, top: int) -> None:
    t = canvas.theme
    deck = int(view.get("deck") or 0)
    x = MARGIN + 8
    canvas.text(x, top, _("Deck"), 26, t.muted, bold=True, max_width=PILE_X - x - 8)
    canvas.stack(x, top + 40, deck, CW, CH)
    if deck:
        canvas.text(x + CW // 2, top + 40 + CH // 2, str(deck), 30, t.text, bold=True, anchor="mm")
    px = PILE_X
    pile = [str(c) for c in view.get("pile") or []]
    label = _n("Pile · {n} card", "Pile · {n} cards", len(pile))
    canvas.text(px, top, label, 26, t.muted, bold=True)
    if not pile:
        canvas.empty_slot(px, top + 40, CW, CH)
        return
    per_row, step = _pile_rows(len(pile))[1:]
    for i, code in enumerate(pile):
        r, c = divmod(i, per_row)
        canvas.card(px + c * step, top + 40 + r * PILE_ROW, code, CW, CH)


def _backs(canvas: Canvas, x: int, y: int, count: int) -> int:
    """A fan of up to six hand backs; returns the width used."""
    shown = min(count, 6)
    step = 18
    for i in range(shown):
        canvas.card(x + i * step, y, None, BW, BH)
    return BW + step * (shown - 1) if shown else 0


def table(view: TurupView, names: Sequence[str], theme: Theme, four_colour: bool) -> Canvas:
    """The public Turup table: deck, pile, and per seat the hand backs and cards won."""
    n = int(view["players"])
    cols = columns_for(n)
    centre_h = centre_height(view)
    height = HEADER_H + centre_h + grid_height(n, cols, PANEL_H) + MARGIN
    canvas = Canvas(height, theme, four_colour)
    t = canvas.theme
    table_header(canvas, view, names)
    _centre(canvas, view, HEADER_H)
    totals = view.get("totals") or [0] * n
    out = view.get("out") or [False] * n
    for seat, box in enumerate(grid(n, cols, HEADER_H + centre_h, PANEL_H)):
        info = view["seats"][seat]
        to_act = view.get("to_act") == seat and not view.get("over")
        canvas.panel(box, highlight=to_act, out=bool(out[seat]))
        pills = turn_pills(canvas, view, seat)
        seat_head(canvas, box, seat_name(names, seat), str(totals[seat]), pills)
        y = box[1] + PAD + HEAD_H + 6
        count = int(info.get("hand_count") or 0)
        used = _backs(canvas, box[0] + PAD, y, count)
        tx = box[0] + PAD + max(used, BW) + 16
        room = box[2] - PAD - tx
        canvas.text(tx, y, _("won {n}", n=info.get("won", 0)), 30, bold=True, max_width=room)
        wins = int(info.get("round_wins") or 0)
        detail = _("{n} in hand", n=count)
        if wins:
            detail = _n("{hand} · {n} round won", "{hand} · {n} rounds won", wins, hand=detail)
        canvas.text(tx, y + 38, detail, 24, t.muted, max_width=room)
        if not count:
            canvas.empty_slot(box[0] + PAD, y, BW, BH)
    return canvas


def hand(view: TurupView, theme: Theme, four_colour: bool) -> Canvas:
    """The viewer's Turup hand."""
    if view.get("seat") is None:
        raise ValueError(
            "render_hand needs a player_view (its 'seat' is null)"  # i18n: not for people
        )
    cards = [str(c) for c in view.get("hand") or []]
    per_row = (WIDTH - 2 * MARGIN) // (HAND_W + 16)
    rows = max(1, math.ceil(len(cards) / per_row))
    height = HEADER_H + 8 + rows * (HAND_H + 16) + MARGIN
    canvas = Canvas(height, theme, four_colour)
    header(canvas, view, _("your hand"), your_turn_text(view))
    if not cards:
        canvas.text(MARGIN + 8, HEADER_H + 20, _("Your hand is empty."), 26, canvas.theme.muted)
    for i, code in enumerate(cards):
        r, c = divmod(i, per_row)
        canvas.card(
            MARGIN + 8 + c * (HAND_W + 16), HEADER_H + 8 + r * (HAND_H + 16), code, HAND_W, HAND_H
        )
    return canvas


def round_end(
    view: TurupView, names: Sequence[str], theme: Theme, four_colour: bool
) -> Canvas:
    """Cards won by each seat in the last round, the round's winners marked."""
    n = int(view["players"])
    panel_h = PAD + HEAD_H + 6 + 34 + PAD
    last = view["last_round"]
    if last is None:
        raise no_round_scored()
    canvas, boxes = round_end_layout(view, theme, four_colour, panel_h)
    t = canvas.theme
    winners = set(last.get("winners") or [])
    names_won = and_list([seat_name(names, s) for s in sorted(winners)])
    status = game_won_text(view, names) or (
        _("{names} won the round", names=names_won) if winners else None
    )
    header(canvas, view, round_end_title(view, last.get("round")), status, turn=False)
    won = last.get("won") or [0] * n
    totals = view.get("totals") or [0] * n
    for seat, box in enumerate(boxes):
        best = seat in winners
        canvas.panel(box, highlight=best, out=False)
        pills = [(_("round winner"), t.accent, t.accent_text)] if best else []
        seat_head(canvas, box, seat_name(names, seat), str(totals[seat]), pills)
        y = box[1] + PAD + HEAD_H + 6
        text = _n("{n} card won", "{n} cards won", int(won[seat]))
        canvas.text(box[0] + PAD, y, text, 26, bold=True, max_width=box[2] - box[0] - 2 * PAD)
    return canvas


def seat(view: TurupView, names: Sequence[str], theme: Theme, four_colour: bool) -> Canvas:
    """The public table with the viewer's hand in a strip under the pile."""
    split = HEADER_H + centre_height(view)
    public: TurupView = {**view, "hand": None}
    return with_hand(table(public, names, theme, four_colour), view["hand"], split)


PICTURES = pictures(turup_view, table, hand, round_end, seat, samples=SAMPLES,
                    card_sizes=((CW, CH), (HAND_W, HAND_H)), back_sizes=((BW, BH),))
