"""What Turup's pictures leave to words: the deck, the pile's size, the cards in each hand
and the cards won this round (the table message)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.games.turup.views import TurupView
from bot.i18n import _, _n
from bot.render.card_text import num, seat_name


def hands(names: Sequence[str], counts: Sequence[int]) -> str:
    """ "4 cards in each hand", or "1 card in each hand, except ann 0 · bob 0"."""
    if not counts:
        return ""
    most = Counter(counts).most_common(1)[0][0]
    others = [(i, n) for i, n in enumerate(counts) if n != most]
    if not others:
        return _n("{n} card in each hand", "{n} cards in each hand", most)
    return _n("{n} card in each hand, except {others}", "{n} cards in each hand, except {others}",
              most, others=" · ".join(f"{seat_name(names, i)} {num(n)}" for i, n in others))


def table_words(view: TurupView, names: Sequence[str]) -> list[str]:
    """The deck and pile, the cards in hand, the cards won this round (when they are not
    the scores, as in the first round)."""
    pile = len(view.get("pile") or [])
    seats = view.get("seats") or []
    lines = [
        _n("Deck: {deck} · pile: {n} card", "Deck: {deck} · pile: {n} cards", pile,
           deck=num(int(view.get("deck") or 0))),
        hands(names, [int(s.get("hand_count") or 0) for s in seats]),
    ]
    won = [(i, int(s.get("won") or 0)) for i, s in enumerate(seats)]
    totals = [int(t) for t in view.get("totals") or []]
    if any(n for _seat, n in won) and [n for _seat, n in won] != totals:  # else: the scores
        lines.append(_("Won this round: {counts}", counts=" · ".join(
            f"{seat_name(names, i)} {num(n)}" for i, n in won if n)))
    return lines
