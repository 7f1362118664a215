"""A private seat image: the table as one player sees it, for his panel.

His own face-down cards (coop games) or hand (Turup, Soi) shown to him, the opponents'
face-up cards, the pile, the card he drew. Built from ``player_view`` only, and every
other seat's hidden cards are blanked before drawing, so even a view that carried one
could not show it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from bot.games.cards import Card
from bot.games.views import GameView
from bot.i18n import _
from bot.render.images.canvas import GAP, MARGIN, Canvas, flow

CW, CH = 84, 118  # hand cards under the table
STRIP_LABEL = 40


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


def with_hand(
    table: Canvas, hand: Sequence[str] | None, split: int, *, by_rank: bool = False
) -> Canvas:
    """The table with the viewer's hand in a strip at ``split`` (under the pile, above the
    seats): cards overlap when there are many."""
    groups = _hand_groups(hand, by_rank)  # Soi: a hand is read rank by rank
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
