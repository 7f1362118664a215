"""Soi's move read by name: ``AskFor.of(action).seat`` and ``.card``.

An :class:`~bot.games.protocol.Action` stays the engine's notation value (``ask 2 QH``);
readers outside the engine take the asked seat and card through :class:`AskFor`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import Card
from bot.games.protocol import Action


@dataclass(frozen=True, slots=True)
class AskFor:
    """``ask SEAT CARD``: ask the seat (0-based) for the card."""

    seat: int
    card: Card

    @classmethod
    def of(cls, action: Action) -> AskFor:
        """The seat and card of an ``ask`` move."""
        if action.word != "ask":
            raise ValueError(f"{action} is not an ask")  # i18n: not for people
        seat, card = action.args
        if not isinstance(seat, int):
            raise TypeError(f"an ask names a seat number, not {seat!r}")  # i18n: not for people
        return cls(seat, card if isinstance(card, Card) else Card.parse(str(card)))

    @property
    def rank(self) -> str:
        """The rank asked for, as notation (``"Q"``, ``"10"``)."""
        return self.card.rank.value
