"""Turup's view as a type (``bot/games/VIEWS.md``: Turup)."""

from __future__ import annotations

from typing import TypedDict, TypeGuard

from bot.games.views import GameView, WrongGame


class TurupSeat(TypedDict):
    """One seat of Turup's view: counts only (``seats[i]``)."""

    hand_count: int
    won: int
    round_wins: int


class TurupRoundEnd(TypedDict):
    """The last round's result (``last_round``)."""

    round: int
    won: list[int]
    winners: list[int]
    leftover: int


class TurupView(GameView):
    """Turup's view, public (``hand`` is ``None``) or a seat's (its own hand)."""

    pack: str
    pile: list[str]
    deck: int
    seats: list[TurupSeat]
    round_wins: list[int]
    hand: list[str] | None
    last_round: TurupRoundEnd | None


def is_turup_view(view: GameView) -> TypeGuard[TurupView]:
    """Is ``view`` a Turup view?"""
    return view["game"] == "turup"


def turup_view(view: GameView) -> TurupView:
    """``view`` read as Turup's view (``WrongGame`` if it is another game's)."""
    if not is_turup_view(view):
        raise WrongGame(view, "Turup")  # i18n: not for people
    return view
