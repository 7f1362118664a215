"""Soureh's and Pariah's moves in plain words, as the acting seat sees them (hints and
reviews; :mod:`bot.games.ai.explain` asks for them through ``player.explain``)."""

from __future__ import annotations

from bot.games.ai.explain import card_words, seat_words
from bot.games.ai.view import Info
from bot.games.protocol import Action
from bot.i18n import _


def _king(me: int, args: tuple[object, ...]) -> str:
    """A King's swap as the acting seat reads it: his own coops are "your"."""
    first, coop, second, other_coop = args
    if first == me and second == me:
        return _("swaps your coops {coop} and {other_coop}", coop=coop, other_coop=other_coop)
    if first == me:
        return _("swaps your coop {coop} with {other}'s coop {other_coop}", coop=coop,
                 other=seat_words(second), other_coop=other_coop)
    if second == me:
        return _("swaps {player}'s coop {coop} with your coop {other_coop}", coop=coop,
                 player=seat_words(first), other_coop=other_coop)
    return _("swaps {player}'s coop {coop} with {other}'s coop {other_coop}", coop=coop,
             player=seat_words(first), other_coop=other_coop, other=seat_words(second))


def explain(info: Info, action: Action) -> str:
    """One short phrase for ``action`` (``keeps the red 10 (hearts) on coop 2``), the
    declaration or knock included."""
    word, args = action.word, action.args
    drawn = info.view.get("drawn")
    card = card_words(drawn) if isinstance(drawn, str) else _("the card")
    text: str
    if word == "keep":
        text = _("keeps {card} on coop {coop}", card=card, coop=args[0])
    elif word == "give":
        text = _("gives {card} to {player}'s coop {coop}", card=card, coop=args[1],
                 player=seat_words(args[0]))
    elif word == "discard":
        text = _("discards {card}", card=card)
    elif word == "jack":
        text = _("plays the Jack on coop {coop}", coop=args[0])
    elif word == "queen":
        text = _("plays the Queen (a look at a hidden card)")
    elif word == "king":
        text = _king(info.seat, args)
    elif word == "reveal":
        text = _("reveals")
    elif word == "draw":
        text = _("draws")
    else:
        text = str(action)  # i18n: not for people (an unknown move keeps its notation)
    if action.call == "declare":
        return _("{move} and declares", move=text)
    if action.call == "knock":
        return _("{move} and knocks", move=text)
    return text
