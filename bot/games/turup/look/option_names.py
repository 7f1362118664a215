"""Turup's option names in words (its ``Variant`` fields), for /play's and /settings'
errors, a table's options and the console."""

from __future__ import annotations

from bot.i18n import C_
from bot.options import OptionNames

OPTION_NAMES: OptionNames = {
    # Translators: Turup's option: the number of rounds in a game.
    "rounds": lambda: C_("option", "rounds"),
    # Translators: Turup's option: the pack, "standard" or "somali".
    "pack": lambda: C_("option", "pack"),
}
