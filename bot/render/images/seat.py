"""A private seat image: the table as one player sees it, for his panel.

His own face-down cards (coop games) or hand (Turup, Soi) shown to him, the opponents'
face-up cards, the pile, the card he drew. Built from ``player_view`` only, and every
other seat's hidden cards are blanked before drawing, so even a view that carried one
could not show it.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from bot.games.cards import Card
from bot.i18n import _
from bot.render.images import coop, soi, turup
from bot.render.images.canvas import GAP, HEADER_H, MARGIN, Canvas, flow
from bot.render.images.style import Theme

CW, CH = 84, 118  # hand cards under the table
STRIP_LABEL = 40


def private_view(view: dict[str, Any]) -> dict[str, Any]:
    """A copy of the player view with anything not the viewer's own blanked: other seats'
    face-down cards and validity, and the drawn card unless the viewer holds it."""
    seat = view.get("seat")
    if seat is None:
        raise ValueError(
            "seat_image needs a player_view (its 'seat' is null)"  # i18n: not for people
        )
    out = copy.deepcopy(view)
    for i, info in enumerate(out.get("seats") or []):
        if i != seat and isinstance(info, dict):
            if "down" in info:
                info["down"] = None
            if "valid" in info:
                info["valid"] = None
            if "hand" in info:
                info["hand"] = None
    if out.get("to_act") != seat:
        out["drawn"] = None
    return out


def _hand_groups(view: dict[str, Any], by_rank_groups: bool) -> list[list[str]]:
    cards = [str(c) for c in view.get("hand") or []]
    if not by_rank_groups:
        return [[c] for c in cards]
    by_rank: dict[int, list[str]] = defaultdict(list)
    for code in cards:
        by_rank[Card.parse(code).order].append(code)
    return [by_rank[r] for r in sorted(by_rank)]


def _with_hand(table: Canvas, view: dict[str, Any], split: int, *, by_rank: bool = False) -> Canvas:
    """The table with the viewer's hand in a strip at ``split`` (under the pile, above the
    seats): cards overlap when there are many."""
    groups = _hand_groups(view, by_rank)  # Soi: a hand is read rank by rank
    room = table.width - 2 * MARGIN - 16
    count = sum(len(g) for g in groups)
    step = CW + 8
    if count > 1 and count * step - 8 > room:
        step = max(CW // 3, (room - CW) // (count - 1))
    rows = flow(groups, CW, min(step, CW + 8), 16 if step > CW // 2 else 4, room) if groups else []
    strip = STRIP_LABEL + max(1, len(rows)) * (CH + 10) + GAP
    canvas = Canvas(table.img.height + strip, table.theme, table.four_colour, table.width)
    w, h = table.width, table.img.height
    canvas.img.paste(table.img.crop((0, 0, w, split)), (0, 0))
    canvas.img.paste(table.img.crop((0, split, w, h)), (0, split + strip))
    y = split + 4
    label = _("Your hand (only you see it)")
    canvas.text(MARGIN + 8, y, label, 26, canvas.theme.accent, bold=True, max_width=room)
    y += STRIP_LABEL
    if not rows:
        canvas.text(MARGIN + 8, y + 10, _("Your hand is empty."), 26, canvas.theme.muted)
    for r, row in enumerate(rows):
        for x, code in row:
            canvas.card(MARGIN + 8 + x, y + r * (CH + 10), code, CW, CH)
    return canvas


def _coop_seat(mine: dict[str, Any], names: Sequence[str], theme: Theme, four: bool) -> Canvas:
    return coop.table(mine, names, theme, four)  # his face-down cards are in his own view


def _turup_seat(mine: dict[str, Any], names: Sequence[str], theme: Theme, four: bool) -> Canvas:
    split = HEADER_H + turup.centre_height(mine)
    return _with_hand(turup.table(_public_copy(mine), names, theme, four), mine, split)


def _soi_seat(mine: dict[str, Any], names: Sequence[str], theme: Theme, four: bool) -> Canvas:
    split = HEADER_H + soi.centre_height(mine)
    return _with_hand(soi.table(_public_copy(mine), names, theme, four), mine, split, by_rank=True)


_SEAT_LAYOUTS = {"soureh": _coop_seat, "pariah": _coop_seat, "turup": _turup_seat, "soi": _soi_seat}


def seat_canvas(
    view: dict[str, Any], names: Sequence[str], theme: Theme, four_colour: bool
) -> Canvas:
    """The seat image's canvas for any game."""
    mine = private_view(view)
    layout = _SEAT_LAYOUTS.get(str(mine.get("game")))
    if layout is None:
        raise ValueError(f"no image layout for game {mine.get('game')!r}")  # i18n: not for people
    return layout(mine, names, theme, four_colour)


def _public_copy(view: dict[str, Any]) -> dict[str, Any]:
    """The table part without the hand (it goes in its own strip)."""
    return dict(view, hand=None)
