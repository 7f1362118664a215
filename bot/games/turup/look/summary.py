"""Turup's last round in a line of Markdown: the round summary the table message, the
round-end message and the pictures' alt text share."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.turup.views import TurupView
from bot.i18n import _
from bot.render.card_text import num, seat_name


def round_summary(view: TurupView, names: Sequence[str]) -> str | None:
    """Cards won per seat and the round's winners."""
    last = view.get("last_round")
    if not isinstance(last, dict):
        return None
    won = last.get("won") or []
    winners = last.get("winners") or []
    parts = [f"{seat_name(names, i)} {num(n)}" for i, n in enumerate(won)]
    who = _(", ").join(seat_name(names, s) for s in winners) or _("nobody")
    return _("Cards won: {won}. Round won by **{who}**.", won=_(", ").join(parts), who=who)
