"""What Soi's pictures leave to words: the cards in each hand (the table message and the
panel) and the asks the player remembers by (the panel)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.soi.views import SoiView
from bot.i18n import N_, _
from bot.render.card_text import card, num, seat_name

PANEL_ASKS = 5  # the asks a panel shows (Soi's memory rule: 3)
MEMORY_ASKS = 3


def _hands(view: SoiView, names: Sequence[str]) -> str:
    counts = [int(s.get("hand_count") or 0) for s in view.get("seats") or []]
    return _("In hand: {counts}", counts=" · ".join(
        f"{seat_name(names, i)} {num(n)}" for i, n in enumerate(counts)))


# An ask and its answer in the reader's panel: (no, yes), the reader as "you".
ASKED = (N_("{asker} asked {asked} for {card}: no"), N_("{asker} asked {asked} for {card}: yes"))
YOU_ASKED = (N_("You asked {asked} for {card}: no"), N_("You asked {asked} for {card}: yes"))
ASKED_YOU = (N_("{asker} asked you for {card}: no"), N_("{asker} asked you for {card}: yes"))


def table_words(view: SoiView, names: Sequence[str]) -> list[str]:
    """The cards in each hand (the asks are the table's events)."""
    return [_hands(view, names)]


def panel_words(view: SoiView, names: Sequence[str]) -> list[str]:
    """The last asks and their answers (the last 3 under the memory rule), and the cards
    in each hand."""
    asks = list(view.get("asks") or [])[-(MEMORY_ASKS if view.get("memory") else PANEL_ASKS):]
    me = view.get("seat")
    lines = []
    for ask in asks:
        values = {"asker": seat_name(names, ask.get("asker")),
                  "asked": seat_name(names, ask.get("asked")), "card": card(ask.get("card"))}
        said = YOU_ASKED if ask.get("asker") == me else ASKED_YOU if ask.get("asked") == me \
            else ASKED
        lines.append("• " + _(said[bool(ask.get("hit"))], **values))
    if isinstance(me, int) and 0 <= me < len(names):  # the reader's own hand: "you 12"
        names = [*names[:me], _("you"), *names[me + 1:]]
    return [*lines, _hands(view, names)]
