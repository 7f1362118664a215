"""Soi's option names in words (its ``Variant`` fields), for /play's and /settings'
errors, a table's options and the console."""

from __future__ import annotations

from bot.i18n import C_
from bot.options import OptionNames

OPTION_NAMES: OptionNames = {
    # Translators: Soi's option: the score that ends the game.
    "target": lambda: C_("option", "target"),
    # Translators: Soi's option: the table shows only the last 3 asks (on or off).
    "memory": lambda: C_("option", "memory"),
}
