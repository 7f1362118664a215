"""What Turup's pictures leave to words: the deck, the pile's size, the cards in each hand
and the cards won this round (the table message)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.turup.views import TurupView
from bot.i18n import _, _n
from bot.render.card_text import num, seat_name


def per_seat(names: Sequence[str], values: Sequence[int]) -> str:
    """ "ann 4 · bob 3 · cy 4": a number per seat."""
    return " · ".join(f"{seat_name(names, i)} {num(v)}" for i, v in enumerate(values))


def hands(names: Sequence[str], counts: Sequence[int]) -> str:
    """ "4 cards in each hand", or each seat's count when they differ."""
    if counts and len(set(counts)) == 1:
        return _n("{n} card in each hand", "{n} cards in each hand", counts[0])
    return _("In hand: {counts}", counts=per_seat(names, counts))


def table_words(view: TurupView, names: Sequence[str]) -> list[str]:
    """The deck and pile, the cards in hand, the cards won this round."""
    pile = len(view.get("pile") or [])
    seats = view.get("seats") or []
    lines = [
        _n("Deck: {deck} · pile: {n} card", "Deck: {deck} · pile: {n} cards", pile,
           deck=num(int(view.get("deck") or 0))),
        hands(names, [int(s.get("hand_count") or 0) for s in seats]),
    ]
    won = [(i, int(s.get("won") or 0)) for i, s in enumerate(seats)]
    if any(n for _seat, n in won):
        lines.append(_("Won this round: {counts}", counts=" · ".join(
            f"{seat_name(names, i)} {num(n)}" for i, n in won if n)))
    return lines
