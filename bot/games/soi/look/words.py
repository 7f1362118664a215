"""What Soi's pictures leave to words: the cards in each hand (the table message and the
panel) and the asks the player remembers by (the panel)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.soi.views import SoiView
from bot.i18n import _
from bot.render.card_text import card, num, seat_name

PANEL_ASKS = 5  # the asks a panel shows (Soi's memory rule: 3)
MEMORY_ASKS = 3


def _hands(view: SoiView, names: Sequence[str]) -> str:
    counts = [int(s.get("hand_count") or 0) for s in view.get("seats") or []]
    return _("In hand: {counts}", counts=" · ".join(
        f"{seat_name(names, i)} {num(n)}" for i, n in enumerate(counts)))


def table_words(view: SoiView, names: Sequence[str]) -> list[str]:
    """The cards in each hand (the asks are the table's events)."""
    return [_hands(view, names)]


def panel_words(view: SoiView, names: Sequence[str]) -> list[str]:
    """The last asks and their answers (the last 3 under the memory rule), and the cards
    in each hand."""
    asks = list(view.get("asks") or [])[-(MEMORY_ASKS if view.get("memory") else PANEL_ASKS):]
    lines = []
    for ask in asks:
        values = {"asker": seat_name(names, ask.get("asker")),
                  "asked": seat_name(names, ask.get("asked")), "card": card(ask.get("card"))}
        lines.append("• " + (_("{asker} asked {asked} for {card}: yes", **values)
                             if ask.get("hit") else
                             _("{asker} asked {asked} for {card}: no", **values)))
    return [*lines, _hands(view, names)]
