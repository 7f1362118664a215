"""A table's options as a player would say them, for the table message's footer: "Lowest
total wins · ends at 100 · discards face down · 3 min a turn" (issue 37: no option names
such as "declare final · end lowest · leave off")."""

from __future__ import annotations

from typing import Any

from bot.i18n import _, _n
from bot.options import defaults
from bot.render.card_text import num
from bot.render.embeds import timer_text


def _soureh(v: dict[str, Any]) -> list[str]:
    n = num(v["threshold"])
    parts = [_("Lowest total wins · ends at {n}", n=n) if str(v["end"]) == "lowest"
             else _("Out at {n} · the last one left wins", n=n)]
    parts.append(_("a declaration gives everyone one more turn")
                 if str(v["declare"]) == "final"
                 else _("a declarer may reveal their coops and win"))
    if v["leave"]:
        parts.append(_("a winning declarer leaves the round"))
    parts.append(_discards(v))
    return parts


def _discards(v: dict[str, Any]) -> str:
    return _("discards face down") if str(v["discards"]) == "hidden" else _("discards face up")


def _pariah(v: dict[str, Any]) -> list[str]:
    return [_("First to {n} wins", n=num(v["threshold"])), _discards(v)]


def _turup(v: dict[str, Any]) -> list[str]:
    rounds = int(v["rounds"])
    pack = (_("52-card decks") if str(v["pack"]) == "standard"
            else _("Somali pack: 144 cards, 6 to ace"))
    return [_n("{n} round · most cards taken wins", "{n} rounds · most cards taken wins",
               rounds), pack]


def _soi(v: dict[str, Any]) -> list[str]:
    return [_("Most points wins · ends at {n}", n=num(v["target"])),
            _("only the last 3 asks on show") if v["memory"] else _("every ask on show")]


RULES = {"soureh": _soureh, "pariah": _pariah, "turup": _turup, "soi": _soi}


def plain_options(name: str, variant: dict[str, Any], timer: int | None) -> str:
    """The table's options in plain words, then the turn timer."""
    values = {**defaults(name), **variant}
    parts = RULES[name](values) if name in RULES else []
    parts.append(_("no turn timer") if timer is None
                 else _("{time} a turn", time=timer_text(timer)))
    return " · ".join(parts)
