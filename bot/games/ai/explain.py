"""Moves in plain words, from the acting seat's information (hints and reviews)."""

from __future__ import annotations

from bot.games.ai.view import Info
from bot.games.cards import Card
from bot.games.protocol import Action
from bot.games.turup.views import turup_view

_RANKS = {"A": "ace", "J": "Jack", "Q": "Queen", "K": "King"}
_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_CALLS = {"declare": " and declares", "knock": " and knocks"}


def card_words(text: str) -> str:
    """``"10H"`` -> ``"the red 10 (hearts)"``; ``"QS"`` -> ``"the Queen of spades"``."""
    rank, suit = text[:-1], text[-1]
    name = _RANKS.get(rank, rank)
    if rank in ("10", "2") and suit in _SUITS:
        colour = "red" if suit in "HD" else "black"
        return f"the {colour} {name} ({_SUITS[suit]})"
    return f"the {name} of {_SUITS.get(suit, suit)}"


def describe(info: Info, action: Action) -> str:
    """One short phrase for ``action`` as the acting seat sees it."""
    word, args = action.word, action.args
    drawn = info.view.get("drawn")
    card = card_words(drawn) if isinstance(drawn, str) else "the card"
    text: str
    if word == "keep":
        text = f"keeps {card} on coop {args[0]}"
    elif word == "give":
        text = f"gives {card} to coop {args[1]} of seat {args[0]}"
    elif word == "discard":
        text = f"discards {card}"
    elif word == "jack":
        text = f"plays the Jack on coop {args[0]}"
    elif word == "queen":
        text = "plays the Queen (a look at a hidden card)"
    elif word == "king":
        text = f"swaps coop {args[1]} of seat {args[0]} with coop {args[3]} of seat {args[2]}"
    elif word == "reveal":
        text = "reveals"
    elif word == "draw":
        text = "draws"
    elif word == "capture":
        played = args[0]
        taken = [c for c in args[1:] if isinstance(c, Card)]
        left = len(turup_view(info.view)["pile"]) - len(taken)
        rest = "clears the pile" if left == 0 else f"leaves {left} on the pile"
        text = f"takes {len(taken) + 1} cards with {card_words(str(played))} and {rest}"
    elif word == "trail":
        text = f"trails {card_words(str(args[0]))}"
    elif word == "ask":
        text = f"asks seat {args[0]} for {card_words(str(args[1]))}"
    else:
        text = str(action)
    return text + _CALLS.get(action.call, "")
