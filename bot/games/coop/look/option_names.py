"""The coop games' option names in words (their ``Variant`` fields: Soureh's threshold,
declare, end, leave and discards; Pariah's threshold and discards), for /play's and
/settings' errors, a table's options and the console. Each comment below reaches the
translators with its name."""

from __future__ import annotations

from bot.i18n import C_
from bot.options import OptionNames

#: The options both coop games have.
SHARED: OptionNames = {
    # Translators: Soureh's option: the score that ends the game (Pariah's: that wins it).
    "threshold": lambda: C_("option", "threshold"),
    # Translators: Soureh's and Pariah's option: the discard pile "hidden" or "open".
    "discards": lambda: C_("option", "discards"),
}

SOUREH_NAMES: OptionNames = {
    **SHARED,
    # Translators: Soureh's option: what a declaration does ("final" or "reveal").
    "declare": lambda: C_("option", "declare"),
    # Translators: Soureh's option: how the game ends ("lowest" or "elimination").
    "end": lambda: C_("option", "end"),
    # Translators: Soureh's option: a declaring winner leaves the round (on or off).
    "leave": lambda: C_("option", "leave"),
}

PARIAH_NAMES: OptionNames = SHARED
