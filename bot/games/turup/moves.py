"""Turup's moves read by name: ``Capture.of(action).played`` and ``.taken``.

An :class:`~bot.games.protocol.Action` stays the engine's notation value (``capture 5D 2C
3H``, ``trail 7S``); readers outside the engine take its cards through :class:`Capture`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import Card
from bot.games.protocol import Action, ActionArg


def _card(arg: ActionArg) -> Card:
    return arg if isinstance(arg, Card) else Card.parse(str(arg))


@dataclass(frozen=True, slots=True)
class Capture:
    """A ``capture`` (the card played and the pile cards it takes) or a ``trail`` (the card
    laid on the pile, taking nothing)."""

    played: Card
    taken: tuple[Card, ...] = ()

    @classmethod
    def of(cls, action: Action) -> Capture:
        """The cards of a ``capture`` or ``trail`` move."""
        if action.word not in ("capture", "trail"):
            raise ValueError(f"{action} is not a capture or trail")  # i18n: not for people
        played, *taken = (_card(a) for a in action.args)
        return cls(played, tuple(taken))

    @property
    def trail(self) -> bool:
        """Does the move take nothing (a trail)?"""
        return not self.taken
