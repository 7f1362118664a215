"""Turup's pictures in words: the pile (every card of it face up), the deck's count and
every seat's counts of cards held and won; the viewer's own hand."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.turup.look.summary import round_summary
from bot.games.turup.views import TurupView, turup_view
from bot.i18n import _
from bot.render.alt import Minor, alt_texts
from bot.render.alt.words import cards_words, name_of, plain
from bot.render.card_text import num


def table(view: TurupView, names: Sequence[str]) -> list[str]:
    """The deck's count, the pile's cards and every seat's counts (one fact a line, each
    line naming every seat, so that twelve seats still fit Discord's limit)."""
    seats = view.get("seats") or []

    def each(counts: list[int]) -> str:
        if len(set(counts)) == 1 and len(counts) > 2:
            return _("{n} each", n=num(counts[0]))
        return _(", ").join(f"{name_of(names, s)} {num(n)}" for s, n in enumerate(counts))

    return [
        _("Deck {deck} · pile: {pile}", deck=num(view.get("deck", 0)),
          pile=cards_words(view.get("pile") or [])) + ".",
        Minor(_("Cards in hand: {counts}.", counts=each([row["hand_count"] for row in seats]))),
        Minor(_("Won this round: {won}", won=each([row["won"] for row in seats])) + "."),
        Minor(_("Rounds won: {rounds}", rounds=each([row["round_wins"] for row in seats])) + "."),
    ]


def hand(view: TurupView, names: Sequence[str]) -> list[str]:
    """The viewer's hand."""
    held = view.get("hand")
    if held is None:
        return []
    return [_("Your hand: {cards}", cards=cards_words(held)) + "."]


def seat(view: TurupView, names: Sequence[str]) -> list[str]:
    """The viewer's own hand, then the table."""
    return [*hand(view, names), *table(view, names)]


def round_end(view: TurupView, names: Sequence[str]) -> list[str]:
    """Cards won per seat and the round's winners."""
    summary = round_summary(view, names)
    return [plain(summary)] if summary else []


ALT = alt_texts(turup_view, table=table, seat=seat, hand=hand, round_end=round_end)
