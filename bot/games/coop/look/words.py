"""What the coop games' pictures leave to words: the piles' sizes, a pending call, the
protected and the out seats (the table message), how to read a coop (the round end). The
panel says the card drawn in its notes already ("you drew 3♥"), and its picture rings it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.coop.views import CoopView
from bot.i18n import N_, _
from bot.render.card_text import card, names_list, num, seat_name

CALLED = {"declared": N_("**{name}** declared"), "knocked": N_("**{name}** knocked")}


def _piles(view: CoopView) -> str:
    """ "Stock: 23 · discard: 5, face down" (the face-up pile's top card is in the picture
    and in these words)."""
    stock = num(int(view.get("stock") or 0))
    count = num(int(view.get("discard_count") or 0))
    top = view.get("discard_top")
    if top:
        return _("Stock: {stock} · discard: {n}, {card} on top", stock=stock, n=count,
                 card=card(top))
    return _("Stock: {stock} · discard: {n}", stock=stock, n=count)


def table_words(announced: str) -> Callable[[CoopView, Sequence[str]], list[str]]:
    """The table message's lines for a coop game whose pending call is ``announced``
    ("declared" or "knocked")."""
    def words(view: CoopView, names: Sequence[str]) -> list[str]:
        lines = [_piles(view)]
        declarer = view.get("declarer")
        if declarer is not None:
            line = _(CALLED.get(announced, CALLED["declared"]), name=seat_name(names, declarer))
            owed = [seat_name(names, int(s)) for s in view.get("final_turns") or []]
            if owed:
                line += " · " + _("last turns: {names}", names=names_list(owed))
            lines.append(line)
        seats = view.get("seats") or []
        shielded = [seat_name(names, i) for i, s in enumerate(seats) if s.get("protected")]
        if shielded:
            lines.append(_("🛡 Protected: {names}", names=names_list(shielded)))
        out = [seat_name(names, i) for i, s in enumerate(seats)
               if s.get("in_game", True) and not s.get("in_round", True)]
        if out:
            lines.append(_("Out of this round: {names}", names=names_list(out)))
        return lines

    return words


def round_legend(picked: bool, hundred: bool) -> str:
    """How to read the round-end picture and its lines: each coop face-up over face-down,
    the cards scored ringed in gold, Soureh's multiple-of-100 rule."""
    parts = [_("Each coop: face-up/face-down")]
    if picked:
        parts.append(_("the picture rings the cards scored in gold"))
    if hundred:
        parts.append(_("100 → 50: a multiple of 100 drops by 50"))
    return "*" + " · ".join(parts) + "*"
