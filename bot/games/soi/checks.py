"""The one check of a Soi ask, shared by ``legal_actions``, ``parse_action`` and ``apply``."""

from __future__ import annotations

from bot.games.cards import Card
from bot.games.protocol import GameOver, IllegalAction
from bot.games.soi.rules import (
    INDEX,
    RANK_MASK,
    AskedEmptySeat,
    AskedSelf,
    CardAlreadyHeld,
    NoSuchSeat,
    RankNotHeld,
    SoiState,
)


def askable_mask(hand: int) -> int:
    """The cards a hand may ask for: the missing cards of every rank it holds."""
    out = 0
    for mask in RANK_MASK:
        held = hand & mask
        if held:
            out |= mask & ~held
    return out


def card_problem(hand: int, card: Card) -> IllegalAction | None:
    """Why a hand may not ask for ``card``, or ``None`` if it may."""
    index = INDEX[card]
    if askable_mask(hand) >> index & 1:
        return None
    if hand >> index & 1:
        return CardAlreadyHeld(f"You already hold {card.display}.")
    return RankNotHeld(f"You don't hold any {card.rank.plural}, so you can't ask for one.")


def seat_problem(state: SoiState, asker: int, seat: int) -> IllegalAction | None:
    """Why ``asker`` may not ask ``seat``, or ``None`` if he may."""
    if not 0 <= seat < state.players:
        return NoSuchSeat(f"There is no seat {seat}: seats are numbered 0 to {state.players - 1}.")
    if seat == asker:
        return AskedSelf("Nobody can be asked for cards by themselves.")
    if not state.hands[seat]:
        return AskedEmptySeat("That player has no cards left.")
    return None


def ask_problem(state: SoiState, seat: int, card: Card) -> IllegalAction | None:
    """The one check of an ask by the seat to act: ``None`` when it is legal."""
    if state.turn is None:
        return GameOver("The game is over.")
    asker = state.turn
    problem = seat_problem(state, asker, seat)
    if problem is not None and not isinstance(problem, AskedEmptySeat):
        return problem
    return card_problem(state.hands[asker], card) or problem
