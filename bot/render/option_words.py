"""A table's options as a player would say them, for the table message's footer: "Lowest
total wins · ends at 100 · discards face down · 3 min a turn" (issue 37: no option names
such as "declare final · end lowest · leave off"). Each game says its own options (its
Look's ``option_words``); the turn timer is said here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.i18n import _
from bot.options import defaults
from bot.render.card_text import num

if TYPE_CHECKING:
    from bot.games.registry import Game


def timer_text(seconds: int | None) -> str:
    """The turn timer in words: ``off``, ``45 s``, ``3 min``, ``1 min 30 s``."""
    if seconds is None:
        return _("off")
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return _("{s} s", s=num(rest))
    if not rest:
        return _("{m} min", m=num(minutes))
    return _("{m} min {s} s", m=num(minutes), s=num(rest))


def plain_options(game: Game, variant: Mapping[str, Any], timer: int | None) -> str:
    """The table's options in plain words (``game``'s look says them), then the turn
    timer."""
    values = {**defaults(game.engine), **variant}
    parts = game.look.option_words(values)
    parts.append(_("no turn timer") if timer is None
                 else _("{time} a turn", time=timer_text(timer)))
    return " · ".join(parts)
