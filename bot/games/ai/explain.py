"""Moves in plain words, from the acting seat's information (hints and reviews).

Seats are the ``{p<seat>}`` placeholders of event texts: the presentation fills in names
(:func:`bot.render.seat_words.with_names`). Every phrase is one translatable text
(``bot.i18n``), cards named in words and placed in
the sentence by the translation."""

from __future__ import annotations

from bot.games.ai.view import Info
from bot.games.cards import Card
from bot.games.protocol import Action, seat_ref
from bot.games.turup.views import turup_view
from bot.i18n import N_, _, _n

_RANKS = {"A": N_("ace"), "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King")}
_SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def card_words(text: str) -> str:
    """``"10H"`` -> ``"the red 10 (hearts)"``; ``"QS"`` -> ``"the Queen of spades"``."""
    rank, suit = text[:-1], text[-1]
    name = _(_RANKS[rank]) if rank in _RANKS else rank
    suit_name = _(_SUITS[suit]) if suit in _SUITS else suit
    if rank in ("10", "2") and suit in _SUITS:
        if suit in "HD":
            return _("the red {rank} ({suit})", rank=name, suit=suit_name)
        return _("the black {rank} ({suit})", rank=name, suit=suit_name)
    return _("the {rank} of {suit}", rank=name, suit=suit_name)


def _player(arg: object) -> str:
    """A seat argument as its name's placeholder."""
    return seat_ref(arg) if isinstance(arg, int) else str(arg)


def describe(info: Info, action: Action) -> str:
    """One short phrase for ``action`` as the acting seat sees it (``keeps the red 10
    (hearts) on coop 2``), the declaration or knock included."""
    word, args = action.word, action.args
    drawn = info.view.get("drawn")
    card = card_words(drawn) if isinstance(drawn, str) else _("the card")
    text: str
    if word == "keep":
        text = _("keeps {card} on coop {coop}", card=card, coop=args[0])
    elif word == "give":
        text = _("gives {card} to {player}'s coop {coop}", card=card, coop=args[1],
                 player=_player(args[0]))
    elif word == "discard":
        text = _("discards {card}", card=card)
    elif word == "jack":
        text = _("plays the Jack on coop {coop}", coop=args[0])
    elif word == "queen":
        text = _("plays the Queen (a look at a hidden card)")
    elif word == "king":
        text = _("swaps {player}'s coop {coop} with {other}'s coop {other_coop}",
                 coop=args[1], player=_player(args[0]), other_coop=args[3],
                 other=_player(args[2]))
    elif word == "reveal":
        text = _("reveals")
    elif word == "draw":
        text = _("draws")
    elif word == "capture":
        text = _capture(info, action)
    elif word == "trail":
        text = _("trails {card}", card=card_words(str(args[0])))
    elif word == "ask":
        text = _("asks {player} for {card}", player=_player(args[0]),
                 card=card_words(str(args[1])))
    else:
        text = str(action)  # i18n: not for people (an unknown move keeps its notation)
    if action.call == "declare":
        return _("{move} and declares", move=text)
    if action.call == "knock":
        return _("{move} and knocks", move=text)
    return text


def _capture(info: Info, action: Action) -> str:
    played = card_words(str(action.args[0]))
    taken = len([c for c in action.args[1:] if isinstance(c, Card)]) + 1
    left = len(turup_view(info.view)["pile"]) - (taken - 1)
    if left == 0:
        return _n("takes {n} card with {card} and clears the pile",
                  "takes {n} cards with {card} and clears the pile", taken, card=played)
    return _n("takes {n} cards with {card} and leaves {left} on the pile",
              "takes {n} cards with {card} and leaves {left} on the pile", taken,
              card=played, left=left)
