"""Soi's last round in Markdown: the round summary the table message, the round-end
message and the pictures' alt text share."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.soi.views import SoiView
from bot.i18n import _
from bot.render.card_text import notation, seat_name


def round_summary(view: SoiView, names: Sequence[str]) -> str | None:
    """Points and quadruplets per seat."""
    last = view.get("last_round")
    if not isinstance(last, dict):
        return None
    points = last.get("points") or []
    quads = last.get("quads") or []
    lines = []
    for i, pts in enumerate(points):
        q = quads[i] if i < len(quads) else []
        quads_text = notation(", ".join(q)) if q else _("no quads")
        lines.append(_("**{name}**: {points} ({quads})", name=seat_name(names, i),
                       points=notation(f"+{pts}"), quads=quads_text))
    return "\n".join(lines) if lines else None
