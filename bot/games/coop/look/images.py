"""Layouts for the coop games, Soureh and Pariah: the table, a hand, the round end."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import Card, Rank
from bot.games.coop.look.samples import PARIAH, SOUREH
from bot.games.coop.views import CoopSeat, CoopView, coop_view
from bot.i18n import N_, _
from bot.render.images.canvas import (
    GAP,
    HEAD_H,
    HEADER_H,
    MARGIN,
    PAD,
    WIDTH,
    Canvas,
    Pill,
    called,
    called_pill,
    game_won_text,
    grid,
    grid_height,
    header,
    round_end_title,
    seat_head,
    seat_name,
    table_header,
    turn_pills,
    your_turn_text,
)
from bot.render.images.layout import Pictures, pictures
from bot.render.images.samples import Samples
from bot.render.images.style import BACK_MAIN, HIDDEN_RING, PICK_RING, Theme

CW, CH = 96, 134  # table card size
PEEK = 60  # how much of the card behind a face-up card shows: its whole index (Q ≠ O)
LEGEND = 28  # px on the 960 px canvas: about 11 px on a phone
COLUMNS = 2
PANEL_H = PAD + HEAD_H + 6 + PEEK + CH + 8 + 26 + PAD
CENTRE_H = CH + 64
HAND_W, HAND_H = 150, 210
HAND_OVERLAP = int(HAND_H * 0.37)


def _coop_x(box: tuple[int, int, int, int], slot: int) -> int:
    inner = box[2] - box[0] - 2 * PAD
    gap = (inner - 4 * CW) // 3
    return box[0] + PAD + slot * (CW + gap)


def _seat_pills(canvas: Canvas, view: CoopView, seat: int) -> list[Pill]:
    t = canvas.theme
    info = view["seats"][seat]
    pills: list[Pill] = []
    if view.get("declarer") == seat:
        pills.append((called_pill(view), t.text, t.panel))
    if info.get("protected"):
        pills.append((_("protected"), BACK_MAIN, t.text))
    out = (view.get("out") or [False] * view["players"])[seat]
    if out:
        pills.append((_("out"), t.bad, t.accent_text))
    elif not info.get("in_round", True):
        pills.append((_("out of round"), t.muted, t.panel))
    return pills + turn_pills(canvas, view, seat)  # the gold frame also shows the turn


def _is_out(view: CoopView, seat: int) -> bool:
    out = (view.get("out") or [False] * view["players"])[seat]
    return bool(out) or not view["seats"][seat].get("in_round", True)


def _slot_labels(
    canvas: Canvas, box: tuple[int, int, int, int], y: int, valid: Sequence[bool] | None
) -> None:
    for slot in range(4):
        x = _coop_x(box, slot) + CW // 2
        if isinstance(valid, list) and len(valid) == 4:
            canvas.text(x - 6, y - 1, str(slot + 1), 26, canvas.theme.muted, bold=True, anchor="ra")
            canvas.mark(x + 2, y + 3, 16, bool(valid[slot]))
        else:
            canvas.text(x, y - 1, str(slot + 1), 26, canvas.theme.muted, bold=True, anchor="ma")


def _centre(canvas: Canvas, view: CoopView, names: Sequence[str], top: int) -> None:
    t = canvas.theme
    x = MARGIN + 8
    canvas.stack(x, top + 10, int(view.get("stock") or 0), CW, CH)
    canvas.text(
        x + CW // 2,
        top + CH + 22,
        _("Stock {n}", n=view.get("stock", 0)),
        26,
        anchor="ma",
        bold=True,
    )
    x += CW + 56
    discard = view.get("discard_top")
    count = int(view.get("discard_count") or 0)
    if discard:
        canvas.card(x, top + 10, str(discard), CW, CH)
    elif count:  # hidden discards: the pile face down, only its size is public
        canvas.stack(x, top + 10, count, CW, CH)
        canvas.text(x + CW // 2, top + 10 + CH // 2, str(count), 30, bold=True, anchor="mm")
    else:
        canvas.empty_slot(x, top + 10, CW, CH)
    canvas.text(
        x + CW // 2,
        top + CH + 22,
        _("Discard {n}", n=view.get("discard_count", 0)),
        26,
        anchor="ma",
        bold=True,
    )
    drawn = view.get("drawn") if view.get("seat") is not None else None
    if drawn:  # a seat image: the card the viewer holds after drawing
        x += CW + 56
        canvas.card(x, top + 10, str(drawn), CW, CH)
        canvas.ring(x, top + 10, CW, CH, t.accent)
        canvas.text(x + CW // 2, top + CH + 22, _("Drawn"), 26, t.accent, anchor="ma", bold=True)
    tx = x + CW + 40
    lines: list[str] = []
    declarer = view.get("declarer")
    if declarer is not None:
        lines.append(called(view, seat_name(names, int(declarer))))
        owed = [seat_name(names, int(s)) for s in view.get("final_turns") or []]
        if owed:
            lines.append(_("Last turns: {names}", names=", ".join(owed)))
    room = WIDTH - MARGIN - tx - 8
    y = top + 16
    for i, line in enumerate(lines[:4]):
        canvas.text(
            tx,
            y,
            line,
            26 if i == 0 and declarer is not None else 24,
            t.text if i == 0 else t.muted,
            bold=i == 0 and declarer is not None,
            max_width=room,
        )
        y += 34


def table(view: CoopView, names: Sequence[str], theme: Theme, four_colour: bool) -> Canvas:
    """The public table: stock, discard, and every seat's coops (backs behind face-up).
    Given a player view (a seat image), the viewer's own face-down cards show, framed in
    blue, and the card he drew sits beside the discard."""
    n = int(view["players"])
    viewer = view.get("seat")
    height = HEADER_H + CENTRE_H + grid_height(n, COLUMNS, PANEL_H) + MARGIN + GAP
    canvas = Canvas(height, theme, four_colour)
    table_header(canvas, view, names)
    _centre(canvas, view, names, HEADER_H)
    for seat, box in enumerate(grid(n, COLUMNS, HEADER_H + CENTRE_H + GAP, PANEL_H)):
        info = view["seats"][seat]
        to_act = view.get("to_act") == seat and not view.get("over")
        canvas.panel(box, highlight=to_act, out=_is_out(view, seat))
        total = (view.get("totals") or [0] * n)[seat]
        seat_head(canvas, box, seat_name(names, seat), str(total), _seat_pills(canvas, view, seat))
        y = box[1] + PAD + HEAD_H + 6
        downs: list[str | None] = [None] * 4 if info["down"] is None else [*info["down"]]
        for slot in range(4):
            x = _coop_x(box, slot)
            down = downs[slot]
            canvas.card(x, y, None if down is None else str(down), CW, CH)
            if down is not None and seat == viewer:
                canvas.ring(x, y, CW, PEEK, HIDDEN_RING)
            up = info["up"][slot] if info["up"] is not None else None
            if up is None:
                canvas.empty_slot(x, y + PEEK, CW, CH)
            else:
                canvas.card(x, y + PEEK, str(up), CW, CH)
        _slot_labels(canvas, box, y + PEEK + CH + 8, info.get("valid"))
    return canvas


def hand(view: CoopView, theme: Theme, four_colour: bool) -> Canvas:
    """The viewer's coops (face-up card, own face-down card over its lower half) and the
    drawn card."""
    seat = view.get("seat")
    if seat is None:
        raise ValueError(
            "render_hand needs a player_view (its 'seat' is null)"  # i18n: not for people
        )
    info = view["seats"][int(seat)]
    coop_h = HAND_OVERLAP + HAND_H
    top = HEADER_H + 8
    height = top + 30 + coop_h + 50 + 40 + MARGIN
    canvas = Canvas(height, theme, four_colour)
    t = canvas.theme
    header(
        canvas, view, _("your cards, round {round}", round=view.get("round")), your_turn_text(view)
    )
    drawn = view.get("drawn")
    gap = 16
    x0 = MARGIN + 8
    y = top + 30
    downs: list[str | None] = [None] * 4 if info["down"] is None else [*info["down"]]
    valid = info["valid"]
    for slot in range(4):
        x = x0 + slot * (HAND_W + gap)
        label = _("coop {n}", n=slot + 1)
        canvas.text(x + HAND_W // 2, top, label, 24, t.muted, bold=True, anchor="ma")
        # as on the table: the face-down card behind (its top showing, framed in blue),
        # the face-up card over it
        down = downs[slot]
        canvas.card(x, y, None if down is None else str(down), HAND_W, HAND_H)
        if down is not None:
            canvas.ring(x, y, HAND_W, HAND_OVERLAP, HIDDEN_RING)
        up = info["up"][slot] if info["up"] is not None else None
        if up is None:
            canvas.empty_slot(x, y + HAND_OVERLAP, HAND_W, HAND_H)
        else:
            canvas.card(x, y + HAND_OVERLAP, str(up), HAND_W, HAND_H)
        ly = y + coop_h + 12
        if isinstance(valid, list) and len(valid) == 4:
            ok = bool(valid[slot])
            canvas.mark(x + HAND_W // 2 - 44, ly + 4, 20, ok)
            canvas.text(
                x + HAND_W // 2 - 16,
                ly,
                _("valid") if ok else _("invalid"),
                24,
                t.good if ok else t.bad,
                bold=True,
            )
    sep = x0 + 4 * (HAND_W + gap) + 6
    canvas.draw.line((sep, top, sep, y + coop_h), fill=t.panel_border, width=3)
    dx = sep + 18
    canvas.text(dx + HAND_W // 2, top, _("drawn"), 24, t.muted, bold=True, anchor="ma")
    if drawn:
        canvas.card(dx, y, str(drawn), HAND_W, HAND_H)
    else:
        canvas.empty_slot(dx, y, HAND_W, HAND_H)
    canvas.text(
        MARGIN + 8,
        height - MARGIN - 34,
        _("Front: face-up · behind, in blue: your face-down card"),
        LEGEND,
        t.muted,
        max_width=WIDTH - 2 * MARGIN - 16,
    )
    return canvas


_REASONS = {
    "stock": N_("The stock ran out"),
    "declaration": N_("The declaration stood"),
    "failed": N_("The declaration failed"),
    "last": N_("One player was left in the round"),
    "reveal": N_("The declarer revealed"),
    "knock": N_("A knock ended the round"),
}


def reason_text(reason: str) -> str:
    """The engine's round-end reason code in words ("stock" -> "The stock ran out")."""
    if reason in _REASONS:
        return _(_REASONS[reason])
    return reason.replace("_", " ").capitalize()


def _pick_sums(pick: Sequence[str | None]) -> set[int]:
    """Every sum the picked cards can make (an ace counts 1 or 11)."""
    sums = {0}
    for code in pick:
        if code is None:
            continue
        card = Card.parse(str(code))
        values = (1, 11) if card.rank is Rank.ACE else (card.order,)
        sums = {s + v for s in sums for v in values}
    return sums


def _hundred(view: CoopView, points: int, total: int | None, pick: Sequence[str] | None) -> bool:
    """Whether Soureh's multiple-of-100 rule took 50 off this seat's total this round."""
    if not isinstance(total, int) or not pick:  # only Soureh's scorers pick cards
        return False
    raw = points + 50
    return total + 50 > 0 and (total + 50) % 100 == 0 and raw in _pick_sums(pick)


def _score_text(
    view: CoopView, points: int, total: int | None, pick: Sequence[str] | None
) -> str:
    """ "+24 → 56", or "+30 · 100 → 50" when the multiple-of-100 rule applied."""
    if total is None:
        return f"{points:+d}"
    if _hundred(view, points, total, pick):
        return f"{points + 50:+d} · {total + 50} → {total}"
    return f"{points:+d} → {total}"


def round_end(
    view: CoopView, names: Sequence[str], theme: Theme, four_colour: bool
) -> Canvas:
    """Every coop of the last scored round with its face-down card shown, the picked cards
    ringed, each coop marked valid or not, and the points each seat scored."""
    last = view.get("last_round")
    if not last:
        raise ValueError(
            "no round has been scored yet (last_round is null)"  # i18n: not for people
        )
    n = int(view["players"])
    panel_h = PAD + HEAD_H + 6 + PEEK + CH + 8 + 26 + PAD
    height = HEADER_H + 8 + grid_height(n, COLUMNS, panel_h) + 44 + MARGIN
    canvas = Canvas(height, theme, four_colour)
    t = canvas.theme
    coops = last.get("coops") or []
    picks = last.get("picks") or []
    points = last.get("points") or []
    valid = last.get("valid") or []
    totals = last.get("totals") or view.get("totals") or [0] * n
    legend = [_("Back row: face-down · front: face-up")]
    if any(picks):
        legend.append(_("ringed: scored"))
    if any(
        _hundred(view, int(points[s]), totals[s], picks[s] if s < len(picks) else None)
        for s in range(min(n, len(points), len(totals)))
    ):
        legend.append(_("100 → 50: a multiple of 100 drops by 50"))
    canvas.text(
        MARGIN + 8,
        height - MARGIN - 34,
        " · ".join(legend),
        LEGEND,
        t.muted,
        max_width=WIDTH - 2 * MARGIN - 16,
    )
    reason = str(last.get("reason") or "")
    status = game_won_text(view, names) or (reason_text(reason) if reason else None)
    header(canvas, view, round_end_title(view, last.get("round")), status, turn=False)
    for seat, box in enumerate(grid(n, COLUMNS, HEADER_H + 8, panel_h)):
        canvas.panel(box, highlight=False, out=bool((view.get("out") or [False] * n)[seat]))
        pts = int(points[seat]) if seat < len(points) else 0
        pick = picks[seat] if seat < len(picks) else None
        right = _score_text(view, pts, totals[seat] if seat < len(totals) else None, pick)
        seat_head(canvas, box, seat_name(names, seat), right)
        y = box[1] + PAD + HEAD_H + 6
        seat_coops = (coops[seat] if seat < len(coops) else None) or []
        for slot, pair in enumerate(seat_coops[:4]):
            up, down = (str(c) if c is not None else None for c in pair)
            x = _coop_x(box, slot)
            chosen = str(pick[slot]) if pick and pick[slot] is not None else None
            canvas.card(x, y, down, CW, CH)
            if chosen is not None and chosen == down and chosen != up:
                canvas.ring(x, y, CW, CH, PICK_RING)
            canvas.card(x, y + PEEK, up, CW, CH)
            if chosen is not None and chosen == up:
                canvas.ring(x, y + PEEK, CW, CH, PICK_RING)
        if seat_coops:
            _slot_labels(canvas, box, y + PEEK + CH + 8, valid[seat] if seat < len(valid) else None)
        else:
            canvas.text(box[0] + PAD, y + 20, _("out of the round"), 24, t.muted)
    return canvas


def seat(view: CoopView, names: Sequence[str], theme: Theme, four_colour: bool) -> Canvas:
    """The table as the viewer sees it: his own face-down cards (framed in blue) and the card
    he drew; every other seat's face-down cards and validity blanked first."""
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


SIZES = ((CW, CH), (HAND_W, HAND_H))


def _pictures(samples: Samples) -> Pictures:
    return pictures(coop_view, table, hand, round_end, seat, samples=samples, card_sizes=SIZES)


SOUREH_PICTURES = _pictures(SOUREH)
PARIAH_PICTURES = _pictures(PARIAH)
