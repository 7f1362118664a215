"""Soi's view as a type (``bot/games/VIEWS.md``: Soi)."""

from __future__ import annotations

from typing import TypedDict, TypeGuard

from bot.games.views import GameView, WrongGame


class SoiSeat(TypedDict):
    """One seat of Soi's view (``seats[i]``)."""

    hand_count: int
    quads: list[str]
    round_points: int


class SoiAsk(TypedDict):
    """One ask of the round and its answer (``asks[i]``)."""

    asker: int
    asked: int
    card: str
    hit: bool


class SoiRoundEnd(TypedDict):
    """The last round's result (``last_round``)."""

    points: list[int]
    quads: list[list[str]]


class SoiView(GameView):
    """Soi's view, public (``hand`` is ``None``) or a seat's (its own hand)."""

    first: int
    seats: list[SoiSeat]
    asks: list[SoiAsk]
    memory: bool
    hand: list[str] | None
    last_round: SoiRoundEnd | None


def is_soi_view(view: GameView) -> TypeGuard[SoiView]:
    """Is ``view`` a Soi view?"""
    return view["game"] == "soi"


def soi_view(view: GameView) -> SoiView:
    """``view`` read as Soi's view (``WrongGame`` if it is another game's)."""
    if not is_soi_view(view):
        raise WrongGame(view, "Soi")  # i18n: not for people
    return view
