"""Soureh's and Pariah's moves in plain words, as the acting seat sees them (hints and
reviews; :mod:`bot.games.ai.explain` asks for them through ``player.explain``)."""

from __future__ import annotations

from bot.games.ai.explain import card_words, seat_words
from bot.games.ai.view import Info
from bot.games.protocol import Action
from bot.i18n import _


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
        text = _("swaps {player}'s coop {coop} with {other}'s coop {other_coop}",
                 coop=args[1], player=seat_words(args[0]), other_coop=args[3],
                 other=seat_words(args[2]))
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
