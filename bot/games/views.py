"""What every game's view holds: the keys of ``bot/games/VIEWS.md``, "Every game", as a type.

A view is a JSON-able dict (snapshots, tests and the images read it as one), so its type is
a ``TypedDict``: mypy checks every key a reader uses, and at run time nothing changes. Each
game's own view extends :class:`GameView` in its package (``bot.games.coop.views``,
``bot.games.turup.views``, ``bot.games.soi.views``), with one function that turns a
:class:`GameView` into that game's view after checking its ``game`` key, so a presentation
module reads its game's keys without a cast.

A player's view has the same type as the public view: ``seat`` names the viewer (``None``
in the public view) and the keys that hold hidden cards are ``None`` where they are hidden.
"""

from __future__ import annotations

from typing import TypedDict


class GameView(TypedDict):
    """The keys every game's view has (the public view and each seat's)."""

    game: str
    players: int
    seat: int | None
    round: int
    dealer: int
    to_act: int | None
    phase: str
    totals: list[int]
    target: int
    target_kind: str
    over: bool
    winners: list[int]
    out: list[bool]
    extra_turns: int


class WrongGame(ValueError):
    """A view was given to a reader of another game."""

    def __init__(self, view: GameView, wanted: str) -> None:
        game = view["game"]
        text = f"a {game!r} view where a {wanted} view was wanted"  # i18n: not for people
        super().__init__(text)
