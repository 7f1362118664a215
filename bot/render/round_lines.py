"""Who won a round, in one line: the round-end message's words, shared by the games' looks."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import _, _n
from bot.render.card_text import names_list, seat_name, signed


def _who(names: Sequence[str], seats: Sequence[int]) -> str:
    return names_list([seat_name(names, s) for s in seats])


def by_cards(names: Sequence[str], won: Sequence[int], winners: Sequence[int]) -> str:
    """A round won by the most cards taken (Turup)."""
    best = won[winners[0]] if winners and winners[0] < len(won) else 0
    return _n("**{who}** won the round with {n} card.",
              "**{who}** won the round with {n} cards.", best, who=_who(names, winners))


def by_points(names: Sequence[str], points: Sequence[int], low: bool, reason: str | None) -> str:
    """A round won by the fewest (``low``) or the most points; ``reason`` (a msgid) says
    how the round ended, when the game tells it."""
    if not points:
        return _("The round is over.")
    best = min(points) if low else max(points)
    winners = [s for s, p in enumerate(points) if p == best]
    who, score = _who(names, winners), signed(best)
    if reason:
        if low:
            return _("**{who}** won the round ({score}, the fewest points): {reason}.",
                     who=who, score=score, reason=_(reason))
        return _("**{who}** won the round ({score}, the most points): {reason}.",
                 who=who, score=score, reason=_(reason))
    if low:
        return _("**{who}** won the round ({score}, the fewest points).", who=who, score=score)
    return _("**{who}** won the round ({score}, the most points).", who=who, score=score)
