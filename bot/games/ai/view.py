"""What a computer player is given: its seat's view, its legal actions, its memory.

A computer player never receives the game state itself. :func:`observe` builds an
:class:`Info` from the seat's ``player_view`` (which holds no card hidden from that seat),
the legal actions (which depend only on what the seat sees) and, for games where players
remember the public history (Soi's asks), that public history: the game's computer players
say how to read it (``ComputerPlayers.history``), asked through the registry, which loads
them with the game (nothing is registered as a module is imported).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.cards import Card
from bot.games.protocol import Action, Engine
from bot.games.registry import players
from bot.games.views import GameView


@dataclass(frozen=True, slots=True)
class Info:
    """Everything one seat may know when it must act."""

    game: str
    seat: int
    view: GameView
    legal: tuple[Action, ...]
    history: tuple[Any, ...] = field(default=())

    def by_word(self, *words: str) -> list[Action]:
        """The legal actions whose word is one of ``words``."""
        return [a for a in self.legal if a.word in words]


def observe(engine: Engine[Any], state: Any, seat: int) -> Info:
    """The information ``seat`` may use now: its view, legal actions and the public history
    its game's computer players remember (``KeyError`` for a game not registered)."""
    hook = players(engine.name).history
    history = tuple(hook(state, seat)) if hook is not None else ()
    return Info(
        game=engine.name,
        seat=seat,
        view=engine.player_view(state, seat),
        legal=tuple(engine.legal_actions(state)),
        history=history,
    )


def card_or_none(text: str | None) -> Card | None:
    """A view's card text as a Card (``None`` stays ``None``)."""
    return None if text is None else Card.parse(text)


def cards_of(texts: Sequence[str | None] | None) -> list[Card]:
    """The known cards among a view's card texts (hidden ``None`` entries dropped)."""
    return [Card.parse(t) for t in texts or () if t is not None]
