"""Turup's rules pages for ``/rules`` (distilled from RULES.md, each paragraph one text of
the catalogs) and its options in plain words for the table message's footer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_, _, _n
from bot.render.look import RulesPage

RULES: tuple[RulesPage, ...] = (
    (N_("The table"), (
        N_(
            "2–12 players; **most cards won wins**. One deck for 2–4 players, two for "
            "5–7, three for 8–12; or, for four players, the **Somali pack** (**pack: "
            "somali**: four 36-card packs, 6 to ace, 144 cards). Four cards to each "
            "hand, four face up to the pile."
        ),
        N_("On your turn play one card:"),
        N_(
            "• **capture** — take pile cards that split into groups, each a card of "
            "the same rank or number cards adding up to your card (`capture 5D 2C 3S`: "
            "play 5♦, take 2♣ and 3♠); aces are 1, J Q K capture only by rank;"
        ),
        N_("• **trail** — put it on the pile (`trail 9C`), always allowed."),
    )),
    (N_("Rounds"), (
        N_(
            "When every hand is empty, four more cards go to each player. When the "
            "deck and the hands are empty, each player counts their cards won; cards "
            "left on the pile count for nobody."
        ),
        N_(
            "A game is `rounds` rounds (default 3); the cards won add up over the "
            "rounds and the highest total wins."
        ),
    )),
)


def options(v: Mapping[str, Any]) -> list[str]:
    """The options in plain words (the footer\'s first parts)."""
    rounds = int(v["rounds"])
    pack = (_("52-card decks") if str(v["pack"]) == "standard"
            else _("Somali pack: 144 cards, 6 to ace"))
    return [_n("{n} round · most cards taken wins", "{n} rounds · most cards taken wins",
               rounds), pack]
