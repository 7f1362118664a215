"""Small helpers the games' presentation modules share: an action in words for an option's
label, and cards as the terminal shows them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.cards import Card
from bot.games.protocol import MOVE_WORDS_GAP
from bot.render.names import labelled

if TYPE_CHECKING:
    from bot.games.protocol import Action
    from bot.seen import Seen


def describe(table: Seen, action: Action) -> str:
    """The action in words for an option's label, without the notation the engine puts
    first (the option's value is the notation): "Put 5♣ on bob's slot 1 in place of 7♦"."""
    words = table.describe(action, labelled(table.names)).split(MOVE_WORDS_GAP, 1)[-1]
    return words[:1].upper() + words[1:]


def plain_card(text: str | None) -> str:
    """A card for the terminal; ``?`` when hidden."""
    return "?" if text is None else Card.parse(text).display


def plain_cards(texts: Sequence[str | None] | None) -> str:
    """Cards for the terminal, space separated; ``—`` when there are none."""
    return " ".join(plain_card(t) for t in texts or ()) or "—"
