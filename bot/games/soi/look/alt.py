"""Soi's pictures in words: every seat's count of cards and the quadruplets laid down,
the asks on show; the viewer's own hand, rank by rank."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.soi.look.summary import round_summary
from bot.games.soi.views import SoiView, soi_view
from bot.i18n import _, _n
from bot.render.alt import Minor, alt_texts
from bot.render.alt.words import card_words, cards_words, name_of, plain
from bot.render.card_text import notation, sort_hand


def table(view: SoiView, names: Sequence[str]) -> list[str]:
    """Every seat's count of cards and quadruplets, then the asks on show."""
    lines = []
    for s, row in enumerate(view.get("seats") or []):
        # each rank its own unit: "Q، K، 8" reads Q first in Arabic too
        quads = _(", ").join(notation(q) for q in row.get("quads") or []) or _("none")
        held = _n("{n} card", "{n} cards", int(row.get("hand_count") or 0))
        lines.append(_("{name}: {held}, quadruplets: {quads}", name=name_of(names, s),
                       held=held, quads=quads) + ".")
    # the asks are the table message's too: dropped first when the text is too long
    asks = view.get("asks") or []
    if asks:
        lines.append(Minor(_("Asks (last 3):") if view.get("memory") else _("Asks:")))
        for a in asks[-8:]:
            values = {"asker": name_of(names, a["asker"]), "asked": name_of(names, a["asked"]),
                      "card": card_words(a["card"])}
            said = (_("{asker} asked {asked} for {card}: had it", **values) if a["hit"]
                    else _("{asker} asked {asked} for {card}: did not have it", **values))
            lines.append(Minor(said + "."))
    return lines


def hand(view: SoiView, names: Sequence[str]) -> list[str]:
    """The viewer's hand, sorted by rank."""
    held = view.get("hand")
    if held is None:
        return []
    return [_("Your hand: {cards}", cards=cards_words(sort_hand(held))) + "."]


def seat(view: SoiView, names: Sequence[str]) -> list[str]:
    """The viewer's own hand, then the table."""
    return [*hand(view, names), *table(view, names)]


def round_end(view: SoiView, names: Sequence[str]) -> list[str]:
    """Points and quadruplets per seat."""
    summary = round_summary(view, names)
    return plain(summary).splitlines() if summary else []


ALT = alt_texts(soi_view, table=table, seat=seat, hand=hand, round_end=round_end)
