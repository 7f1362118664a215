"""Soi's rules pages for ``/rules`` (distilled from RULES.md, each paragraph one text of the
catalogs) and its options in plain words for the table message's footer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_, _
from bot.render.card_text import num
from bot.render.look import RulesPage

RULES: tuple[RulesPage, ...] = (
    (N_("The table"), (
        N_("3–6 players; **highest score wins**. One 52-card deck, all dealt."),
        N_(
            "Collect all four suits of a rank — a **quadruplet** — and lay it down at "
            "once."
        ),
        N_(
            "On your turn ask another player who still has cards for one card (`ask bob "
            "QH`: ask bob for Q♥). You must hold a card of that rank and not the "
            "card itself. If they have it they hand it over and you ask again; if not, "
            "the turn passes to them."
        ),
    )),
    (N_("Scoring"), (
        N_(
            "A player with no cards is out of the round; the round ends when every "
            "card is laid down. A quadruplet scores its rank: 2–10 their number, J Q K "
            "10, four aces 25."
        ),
        N_(
            "The game ends after the round in which someone reaches the `target` "
            "(default 200); the highest total wins."
        ),
        N_(
            "**memory: on** (default) — the table shows only the last 3 asks; **off** "
            "— every ask of the round."
        ),
    )),
)


def options(v: Mapping[str, Any]) -> list[str]:
    """The options in plain words (the footer\'s first parts)."""
    return [_("Most points wins · ends at {n}", n=num(v["target"])),
            _("only the last 3 asks on show") if v["memory"] else _("every ask on show")]
