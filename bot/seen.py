"""A table as the presentation sees it: a frozen snapshot of what the table message, the
control panel, the hand, the announcements and a game's look read of one table (issue 44).

The table service keeps a table's mutable record (``bot.tables.model.Table``: locks,
timers, the engine state replaced at every move); the presentation is given a
:class:`Seen`, built once per click or render (``Table.seen()``) and passed down, and never
reads the service's table or calls an engine. The engine's views of the table's state are
worked out when first asked and kept (:class:`Views`): an engine state is never changed in
place (a move makes a new one), so a view asked later is the view of the state the snapshot
was taken at, and a render that never asks for a seat's view does not pay for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.games.protocol import Action, Engine, Event
from bot.games.views import GameView

if TYPE_CHECKING:  # the game is the table's own, given by whoever builds the snapshot
    from bot.games.registry import Game

#: A table's status as stored (``storage.tables.TableStatus``'s values).
LOBBY, RUNNING, FINISHED, CANCELLED = "lobby", "running", "finished", "cancelled"
OPEN = frozenset({LOBBY, RUNNING})


@dataclass(frozen=True, slots=True)
class SeatSeen:
    """One seat as the presentation shows it."""

    seat: int
    user_id: int | None  # ``None``: a computer seat
    name: str  # as its person chose it (put into text through ``names.shown``)
    resigned: bool = False
    is_computer_held: bool = False  # a computer makes this seat's moves


class Views:
    """The engine's views of one (never changed) state, each worked out when first asked
    and kept: the public view, a seat's player view, the legal moves of the seat to act,
    a move in words. Only :class:`Seen` holds one; the presentation reads it through it."""

    __slots__ = ("_engine", "_kept", "_state")

    def __init__(self, engine: Engine[Any], state: Any) -> None:
        self._engine = engine
        self._state = state
        self._kept: dict[object, Any] = {}

    def _once(self, key: object, make: Callable[[], Any]) -> Any:
        try:
            return self._kept[key]
        except KeyError:
            made = self._kept[key] = make()
            return made

    def public(self) -> GameView:
        """The public view."""
        view: GameView = self._once("public", lambda: self._engine.public_view(self._state))
        return view

    def player(self, seat: int) -> GameView:
        """That seat's view."""
        view: GameView = self._once(seat, lambda: self._engine.player_view(self._state, seat))
        return view

    def legal(self) -> list[Action]:
        """The legal moves of the seat to act (a copy: the caller may keep or change it)."""
        moves: list[Action] = self._once(
            "legal", lambda: self._engine.legal_actions(self._state))
        return list(moves)

    def describe(self, action: Action) -> Event:
        """The move in words for the seat to act, its names still to be filled in."""
        return Event("describe", self._engine.describe(self._state, action))


@dataclass(frozen=True, slots=True, eq=False)
class Seen:
    """One table as the presentation reads it, at one version: its record's fields, its
    seats' names, its status, its recent lines and the engine's views of its state (asked
    through :meth:`public_view`, :meth:`player_view`, :meth:`legal`: built when first
    asked, kept for the snapshot's life). Built by ``Table.seen()`` (a table of the
    service) or by a lesson for its position; frozen: a snapshot, never written to."""

    id: int
    version: int
    game: Game  # the table's game: its look, title, colour, levels, ``lowest_wins``
    status: str  # ``lobby``, ``running``, ``finished``, ``cancelled`` or ``broken``
    seats: tuple[SeatSeen, ...]
    shown_names: tuple[str, ...]  # the seats' names as a channel's text shows them
    to_act: int | None  # the seat to act now (``None`` in the lobby or once over)
    # where its message is (``jump_url``), who opened it, its options
    guild_id: int
    channel_id: int
    message_id: int | None = None
    interaction_only: bool = False  # it lives in interaction answers (a DM, a group DM)
    host_id: int = 0
    variant: Mapping[str, Any] = field(default_factory=dict)
    timer_seconds: int | None = None
    deadline: float | None = None  # when the seat to act runs out of time
    end_reason: str | None = None
    # what happened: the Recent lines, each seat's own newest lines, the rounds scored
    recent: tuple[str, ...] = ()
    private: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    rounds: int = 0
    hints: Mapping[int, int] = field(default_factory=dict)  # seat -> hints used
    hints_offered: bool = False  # the panel offers the Hint button
    waiting: bool = False  # a DM's table waits for a press (Continue)
    views: Views | None = None  # ``None`` in the lobby: no cards dealt

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names in seat order, as their people chose them."""
        return tuple(s.name for s in self.seats)

    @property
    def dealt(self) -> bool:
        """True once the cards are dealt (a game to show)."""
        return self.views is not None

    @property
    def in_lobby(self) -> bool:
        """True before the cards are dealt."""
        return self.status == LOBBY

    @property
    def running(self) -> bool:
        """True while the game is being played."""
        return self.status == RUNNING and self.views is not None

    @property
    def finished(self) -> bool:
        """True once the game was played to its end."""
        return self.status == FINISHED

    @property
    def cancelled(self) -> bool:
        """True when the table was closed before its end (cancelled, not broken)."""
        return self.status == CANCELLED

    @property
    def is_open(self) -> bool:
        """Lobby and running tables are open; the others are closed for good."""
        return self.status in OPEN

    @property
    def lowest_wins(self) -> bool:
        """Does the lowest total win (the game's rule)?"""
        return self.game.lowest_wins

    @property
    def max_players(self) -> int:
        """The most seats the game takes."""
        return self.game.engine.max_players

    def _dealt(self) -> Views:
        if self.views is None:
            raise ValueError("no view of a table in its lobby")  # i18n: not for people
        return self.views

    def public_view(self) -> GameView:
        """The public view (``ValueError`` in the lobby)."""
        return self._dealt().public()

    def player_view(self, seat: int) -> GameView:
        """That seat's view (``ValueError`` in the lobby)."""
        return self._dealt().player(seat)

    def legal(self) -> list[Action]:
        """The legal moves of the seat to act (none in the lobby or once over)."""
        return [] if self.views is None or self.to_act is None else self._dealt().legal()

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """The move in words for the seat to act, names filled in: as a channel shows them,
        or ``names``."""
        return self._dealt().describe(action).render(
            list(self.shown_names if names is None else names))
