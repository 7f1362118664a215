"""The one check of a Soi ask, shared by ``legal_actions``, ``parse_action`` and ``apply``."""

from __future__ import annotations

from bot.games.cards import RANK_PLURAL, Card
from bot.games.protocol import GameOver, IllegalAction
from bot.games.soi.state import (
    INDEX,
    RANK_MASK,
    AskedEmptySeat,
    AskedSelf,
    CardAlreadyHeld,
    NoSuchSeat,
    RankNotHeld,
    SoiState,
)
from bot.i18n import _


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
        return CardAlreadyHeld(_("You already hold {card}.", card=card.display))
    return RankNotHeld(
        _(
            "You don't hold any {ranks}, so you can't ask for one.",
            ranks=str(RANK_PLURAL[card.rank]),
        )
    )


def seat_problem(state: SoiState, asker: int, seat: int) -> IllegalAction | None:
    """Why ``asker`` may not ask ``seat``, or ``None`` if he may."""
    if not 0 <= seat < state.players:
        return NoSuchSeat(
            _(
                "There is no seat {seat}: seats are numbered 0 to {last}.",
                seat=seat,
                last=state.players - 1,
            )
        )
    if seat == asker:
        return AskedSelf(_("Nobody can be asked for cards by themselves."))
    if not state.hands[seat]:
        return AskedEmptySeat(_("That player has no cards left."))
    return None


def ask_problem(state: SoiState, seat: int, card: Card) -> IllegalAction | None:
    """The one check of an ask by the seat to act: ``None`` when it is legal."""
    if state.turn is None:
        return GameOver(_("The game is over."))
    asker = state.turn
    problem = seat_problem(state, asker, seat)
    if problem is not None and not isinstance(problem, AskedEmptySeat):
        return problem
    return card_problem(state.hands[asker], card) or problem
