"""Layouts for the coop games, Soureh and Pariah: the table, a hand, the round end.

One coop is drawn one way everywhere (the table, a seat's panel, My cards, the round end):
the face-up card on top, the face-down card under it, in front of its lower part; the
words say it in the same order ("5♥ over 3♠"). A face-down card only its owner sees is
framed in blue with an eye. The pictures hold no words but the seats' names and the slot
numbers: counts, scores, reasons and legends are in the message (``text.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.coop.look.samples import PARIAH, SOUREH
from bot.games.coop.views import CoopSeat, CoopView, coop_view
from bot.i18n import is_rtl
from bot.render.images.canvas import GAP, MARGIN, PAD, TEXT_PX, WIDTH, Canvas, seat_name
from bot.render.images.layout import Pictures, pictures
from bot.render.images.rows import BADGE, eye, seat_name_at, verdict
from bot.render.images.samples import Samples
from bot.render.images.strips import Strips
from bot.render.images.style import HIDDEN_RING, PICK_RING, Theme

CW, CH = 76, 106  # the smallest coop card: 38 px wide on a phone
PEEK = 46  # the face-up card's index above the face-down card (Q ≠ O)
BACK_H = 36  # another seat's face-down card: a strip of its back
SLOT_GAP = 8
NUMBERS_H = 32  # the slot numbers over the coops' columns
HAND_W, HAND_H = 104, 146  # My cards: 52 px wide on a phone
HAND_PEEK = 64
WIDTHS = (92, 84, 76)  # the table's card widths, the largest that leaves the names room
NAME_ROOM = 150  # the least width of the names' column


def card_h(w: int) -> int:
    """The height of a coop's card ``w`` wide."""
    return round(w * 1.4)


def peek(w: int) -> int:
    """How much of a coop's face-up card shows over its face-down card: its index."""
    return round(card_h(w) * 0.44)


@dataclass(frozen=True, slots=True)
class Columns:
    """Where a picture's columns lie: the names, four coops, an extra card (the drawn
    card, the open discard's top), mirrored in a right-to-left language."""

    w: int  # card width
    extra: bool  # a fifth column (the drawn card or the discard's top)
    gap: int = SLOT_GAP

    def _left(self, offset: int, width: int) -> int:
        x = MARGIN + PAD + offset
        return WIDTH - x - width if is_rtl() else x

    @property
    def h(self) -> int:
        return card_h(self.w)

    @property
    def peek(self) -> int:
        return peek(self.w)

    @property
    def coops_w(self) -> int:
        return 4 * self.w + 3 * self.gap

    @property
    def name_w(self) -> int:
        inner = WIDTH - 2 * MARGIN - 2 * PAD
        return inner - self.coops_w - 14 - ((self.w + 16) if self.extra else 0)

    def coop(self, slot: int) -> int:
        """The left edge of coop ``slot`` (0-3)."""
        return self._left(self.name_w + 14 + slot * (self.w + self.gap), self.w)

    def extra_x(self) -> int:
        return self._left(self.name_w + 14 + self.coops_w + 16, self.w)

    def name_box(self, top: int) -> tuple[int, int, int, int]:
        x = self._left(0, self.name_w)
        return (x, top, x + self.name_w, top)


def _is_out(view: CoopView, seat: int) -> bool:
    out = (view.get("out") or [False] * view["players"])[seat]
    return bool(out) or not view["seats"][seat].get("in_round", True)


def _numbers(canvas: Canvas, cols: Columns, y: int) -> None:
    """The slot numbers over the coops' columns (the panel's buttons name coops by them)."""
    for slot in range(4):
        x = cols.coop(slot) + cols.w // 2
        canvas.text(x, y, str(slot + 1), TEXT_PX, canvas.theme.muted, bold=True, anchor="ma")


def draw_coop(
    canvas: Canvas, x: int, y: int, up: str | None, down: str | None, *,
    w: int, h: int, peek: int, mine: bool, shown: bool,
    valid: bool | None = None, picked: str | None = None,
) -> int:
    """One coop at (x, y): the face-up card on top, the face-down card under it, in front
    (its face when ``shown``, framed in blue with an eye when ``mine``; else the back of
    its lower part). ``valid``: a tick or cross under it; ``picked``: the card scored,
    ringed. Returns the coop's height."""
    if up is None:
        canvas.empty_slot(x, y, w, peek + 12)
    elif shown:
        canvas.card(x, y, up, w, h)
        if picked is not None and picked == up:
            canvas.ring(x, y, w, peek - 4, PICK_RING)
    else:  # under a strip of the face-down card's back: its index only
        canvas.card_top(x, y, up, w, h, peek + 12)
    low = y + peek
    if shown and down is not None:
        canvas.card(x, low, down, w, h)
        if picked is not None and picked == down and picked != up:
            canvas.ring(x, low, w, h, PICK_RING)
        elif mine:
            canvas.ring(x, low, w, h, HIDDEN_RING)
            eye(canvas, x + w - BADGE // 2 - 2, low + h - BADGE // 2 - 2, BADGE)
        bottom = low + h
    else:
        back = BACK_H if w < HAND_W else h - peek + 6
        canvas.card(x, low, None, w, back)
        bottom = low + back
    if valid is not None:
        verdict(canvas, x + w // 2, bottom - 4, BADGE, valid)
    return bottom - y


def _row_h(cols: Columns, shown: bool, verdicts: bool) -> int:
    coop = cols.peek + (cols.h if shown else BACK_H)
    return PAD + coop + (BADGE // 2 if verdicts else 0) + PAD


def columns(extra: bool) -> Columns:
    """The picture's columns with the largest cards that leave the names room (a table
    without a drawn card or an open discard has room for larger cards)."""
    for w in WIDTHS:
        cols = Columns(w, extra=extra)
        if cols.name_w >= NAME_ROOM:
            return cols
    return Columns(WIDTHS[-1], extra=extra)


def table(view: CoopView, names: Sequence[str], theme: Theme, four_colour: bool) -> Strips:
    """The public table: every seat's coops (the face-up card over the back of the
    face-down one), the seat to act framed in gold with an arrow, the discard's top card
    when the pile is face up. Given a player view (a seat image), the viewer's own
    face-down cards show, framed in blue with an eye, and the card he drew beside them.
    Drawn as strips (the slot numbers, then a seat's row each), so a seat's row that did
    not change since it was last drawn is not drawn again (``strips.py``)."""
    n = int(view["players"])
    viewer = view.get("seat")
    drawn = view.get("drawn") if viewer is not None else None
    top_card = view.get("discard_top")
    extra = bool(drawn or top_card)
    cols = columns(extra)
    picture = Strips(theme, four_colour)
    picture.add(MARGIN + NUMBERS_H, _numbers_strip, extra)
    top_placed = False  # the open discard's top card: in the first row with room
    for seat in range(n):
        info = view["seats"][seat]
        mine = seat == viewer
        valid = info.get("valid") if mine else None
        row_h = _row_h(cols, mine, valid is not None)
        held = str(drawn) if mine and drawn else None
        pile = str(top_card) if top_card and not held and not top_placed else None
        top_placed = top_placed or pile is not None
        under = GAP if seat < n - 1 else MARGIN
        picture.add(row_h + under, _seat_strip, extra, row_h, seat_name(names, seat),
                    view.get("to_act") == seat and not view.get("over"), _is_out(view, seat),
                    _cards(info["up"]), _cards(info["down"]) if mine else None,
                    tuple(bool(v) for v in valid) if isinstance(valid, list) else None,
                    held, pile)
    return picture


def _cards(cards: Sequence[object] | None) -> tuple[str | None, ...] | None:
    return None if cards is None else tuple(None if c is None else str(c) for c in cards)


def _numbers_strip(canvas: Canvas, extra: bool) -> None:
    _numbers(canvas, columns(extra), MARGIN)


def _seat_strip(
    canvas: Canvas, extra: bool, row_h: int, name: str, to_act: bool, out: bool,
    ups: tuple[str | None, ...] | None, downs: tuple[str | None, ...] | None,
    valid: tuple[bool, ...] | None, held: str | None, pile: str | None,
) -> None:
    """One seat's row (``row_h`` tall, the gap under it below): its name, its coops (its
    face-down cards ``downs`` given only to their owner, who sees them), the card it drew
    (``held``) or the open discard's top card (``pile``)."""
    cols = columns(extra)
    w, h = cols.w, cols.h
    canvas.panel((MARGIN, 0, WIDTH - MARGIN, row_h), highlight=to_act, out=out)
    seat_name_at(canvas, cols.name_box(PAD), PAD, name, turn=to_act)
    _coops(canvas, cols, PAD, ups, downs, valid)
    if held is not None:
        canvas.card(cols.extra_x(), PAD, held, w, h)
        canvas.ring(cols.extra_x(), PAD, w, h, canvas.theme.accent)
    elif pile is not None:  # the open pile: its top card over its backs
        canvas.card_top(cols.extra_x(), PAD, pile, w, h, cols.peek + 12)
        canvas.card(cols.extra_x(), PAD + cols.peek, None, w, BACK_H)


def _coops(canvas: Canvas, cols: Columns, y: int, up: tuple[str | None, ...] | None,
           down: tuple[str | None, ...] | None, valid: tuple[bool, ...] | None) -> None:
    """The four coops at ``y``; ``down`` only for their owner (shown framed, with an eye)."""
    downs: list[str | None] = [None] * 4 if down is None else [*down]
    ups: list[str | None] = [None] * 4 if up is None else [*up]
    for slot in range(4):
        ok = valid[slot] if valid is not None and len(valid) == 4 else None
        draw_coop(canvas, cols.coop(slot), y, ups[slot], downs[slot], w=cols.w, h=cols.h,
                  peek=cols.peek,
                  mine=True, shown=downs[slot] is not None, valid=ok)


def hand(view: CoopView, theme: Theme, four_colour: bool) -> Canvas:
    """The viewer's coops, large (the face-up card over his face-down card, framed in blue
    with an eye, a tick or cross under each) and the drawn card, ringed in gold."""
    seat = view.get("seat")
    if seat is None:
        raise ValueError(
            "render_hand needs a player_view (its 'seat' is null)"  # i18n: not for people
        )
    info = view["seats"][int(seat)]
    valid = info["valid"]
    top = MARGIN + NUMBERS_H
    height = top + HAND_PEEK + HAND_H + BADGE // 2 + PAD + MARGIN
    canvas = Canvas(height, theme, four_colour)
    t = canvas.theme
    gap = (WIDTH - 2 * MARGIN - 2 * PAD - 5 * HAND_W - 16) // 3
    rtl = is_rtl()

    def left(i: int) -> int:
        x = MARGIN + PAD + i * (HAND_W + gap) + (16 if i == 4 else 0)
        return WIDTH - x - HAND_W if rtl else x

    downs: list[str | None] = [None] * 4 if info["down"] is None else [*info["down"]]
    ups: list[str | None] = [None] * 4 if info["up"] is None else [*info["up"]]
    for slot in range(4):
        x = left(slot)
        canvas.text(x + HAND_W // 2, MARGIN, str(slot + 1), TEXT_PX, t.muted, bold=True,
                    anchor="ma")
        ok = bool(valid[slot]) if isinstance(valid, list) and len(valid) == 4 else None
        draw_coop(canvas, x, top, ups[slot], downs[slot], w=HAND_W, h=HAND_H, peek=HAND_PEEK,
                  mine=True, shown=downs[slot] is not None, valid=ok)
    dx = left(4)
    sep = dx - 10 - gap // 2 if not rtl else dx + HAND_W + 10 + gap // 2
    canvas.draw.line((sep, top, sep, top + HAND_PEEK + HAND_H), fill=t.panel_border, width=3)
    drawn = view.get("drawn")
    if drawn:
        canvas.card(dx, top, str(drawn), HAND_W, HAND_H)
        canvas.ring(dx, top, HAND_W, HAND_H, t.accent)
    else:
        canvas.empty_slot(dx, top, HAND_W, HAND_H)
    return canvas


def round_end(
    view: CoopView, names: Sequence[str], theme: Theme, four_colour: bool
) -> Canvas:
    """Every coop of the last scored round with its face-down card shown, the picked cards
    ringed, each coop ticked valid or crossed (the points, the reason and the legend are
    the message's words)."""
    last = view.get("last_round")
    if not last:
        raise ValueError(
            "no round has been scored yet (last_round is null)"  # i18n: not for people
        )
    n = int(view["players"])
    coops = last.get("coops") or []
    picks = last.get("picks") or []
    valid = last.get("valid") or []
    cols = Columns(CW, extra=False)  # every card shown: the smaller cards
    row_h = _row_h(cols, True, True)
    height = MARGIN + NUMBERS_H + n * row_h + GAP * (n - 1) + MARGIN
    canvas = Canvas(height, theme, four_colour)
    _numbers(canvas, cols, MARGIN)
    y = MARGIN + NUMBERS_H
    for seat in range(n):
        box = (MARGIN, y, WIDTH - MARGIN, y + row_h)
        canvas.panel(box, highlight=False, out=bool((view.get("out") or [False] * n)[seat]))
        seat_name_at(canvas, cols.name_box(y + PAD), y + PAD, seat_name(names, seat),
                     turn=False)
        seat_coops = (coops[seat] if seat < len(coops) else None) or []
        pick = picks[seat] if seat < len(picks) else None
        marks = valid[seat] if seat < len(valid) else None
        for slot, pair in enumerate(seat_coops[:4]):
            up, down = (str(c) if c is not None else None for c in pair)
            chosen = str(pick[slot]) if pick and pick[slot] is not None else None
            ok = bool(marks[slot]) if isinstance(marks, list) and len(marks) == 4 else None
            draw_coop(canvas, cols.coop(slot), y + PAD, up, down, w=CW, h=CH, peek=PEEK,
                      mine=False, shown=True, valid=ok, picked=chosen)
        y += row_h + GAP
    return canvas


def seat(view: CoopView, names: Sequence[str], theme: Theme, four_colour: bool) -> Strips:
    """The table as the viewer sees it: his own face-down cards (framed in blue, with an
    eye) and the card he drew; every other seat's face-down cards and validity blanked
    first."""
    return table(private_copy(view), names, theme, four_colour)


def private_copy(view: CoopView) -> CoopView:
    """A copy of a player view with anything not the viewer's own blanked: other seats'
    face-down cards and validity, and the drawn card unless the viewer holds it."""
    me = view["seat"]
    seats: list[CoopSeat] = [
        info if i == me else {**info, "down": None, "valid": None}
        for i, info in enumerate(view["seats"])
    ]
    drawn = view["drawn"] if view["to_act"] == me else None
    return {**view, "seats": seats, "drawn": drawn}


SIZES = (*((w, card_h(w)) for w in WIDTHS), (HAND_W, HAND_H))
BACKS = (*((w, BACK_H) for w in WIDTHS), (HAND_W, HAND_H - HAND_PEEK + 6))


def _pictures(samples: Samples) -> Pictures:
    return pictures(coop_view, table, hand, round_end, seat, samples=samples, card_sizes=SIZES,
                    back_sizes=BACKS)


SOUREH_PICTURES = _pictures(SOUREH)
PARIAH_PICTURES = _pictures(PARIAH)
