"""The coop games' turns in words: what the seat to act must decide in each phase, the
draw a turn makes by itself (Take turn makes it at once), and the Reveal a declarer's
returning turn always offers."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.coop.views import CoopView
from bot.games.protocol import Action
from bot.i18n import N_, _

#: The table message's turn line in each phase a seat acts in (``bot.games.coop.state.Phase``).
TURNS = {
    "draw": N_("**Turn:** {who} to draw"),
    "place": N_("**Turn:** {who} to place the drawn card"),
    "reveal": N_("**Turn:** {who} to reveal or continue"),
}


def automatic(view: CoopView, legal: Sequence[Action]) -> Action | None:
    """The draw, when drawing is the seat's only move. Never on a ``reveal`` turn: that
    panel must look the same whether or not the declarer may reveal, so it always waits
    for his Draw or Reveal."""
    if view.get("phase") != "draw":
        return None
    if len(legal) == 1 and legal[0].word == "draw" and not legal[0].args:
        return legal[0]
    return None


def offered(view: CoopView, legal: Sequence[Action]) -> list[tuple[Action, str]]:
    """On a declarer's ``reveal`` turn, Reveal every time (a reveal refused while a coop is
    invalid is explained), as the panel's two buttons: whether he may is his secret."""
    if view.get("phase") == "reveal" and not any(a.word == "reveal" for a in legal):
        return [(Action("reveal"), _("reveal your coops"))]
    return []
