"""What the table service's parts ask of the rest: one narrow protocol per part.

``TableService`` is built from parts with one job each (``Lobby``, ``Restorer``,
``TableClock``, ``Display``, ``ComputerSeats``). A part does not know the service: it
is given the repository, the few collaborators it calls (``Announcer``, ``SeatPlayer``)
and a *host* — an object with only the members the part names here. The service is every
part's host (mypy checks it against each protocol where the part is built), so this
module sits below the service and the parts, and nothing here imports either.

Settings a test or the start-up may change after the service is built (the notifier,
``render_interval``, ``ai_delay``, ``seed_source``) are read through the host each time,
never copied.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.games.protocol import Action
from bot.tables.model import ActResult, Table, Voice
from storage.tables import SeatRecord, TableStatus

if TYPE_CHECKING:
    from bot.games.registry import Game


class Notifier(Protocol):
    """The Discord side of a table: what the service asks it to show."""

    async def render(self, table: Table) -> None:
        """Show the table's newest state on its table message."""

    async def send_hand(self, table: Table, seat: int) -> bool:
        """DM that seat its cards; ``False`` when the DM was refused."""

    async def announce(self, table: Table, text: str) -> None:
        """Post a short public line in the table's channel (never a hidden card)."""


@dataclass(frozen=True, slots=True)
class Played:
    """A move a computer chose for a seat, stored and applied."""

    result: ActResult
    quiet: bool  # ``Engine.quiet``: shown with the next move (a turn's opening draw)


# ------------------------------------------------------------- collaborators


class Announcer(Protocol):
    """Posts a public line in a table's channel (``Display``)."""

    async def announce(self, table: Table, text: str) -> None:
        """The line, or nothing when it cannot be posted (never raises)."""


class SeatPlayer(Protocol):
    """Plays a computer's move for a seat (``ComputerSeats``): the one way a move is
    played for a seat without its person, a computer seat's or a timed-out turn's."""

    async def play(
        self, table: Table, seat: int, level: str, state: Any, version: int, *,
        salt: int = 0, seat_update: SeatRecord | None = None,
    ) -> Played | None:
        """Think ``seat``'s move at ``level`` for ``state`` (the table at ``version``) and
        play it if the table is still there; ``None`` when the table moved on."""


# ------------------------------------------------------------------- hosts


class Spawner(Protocol):
    """Runs background work the service owns."""

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task cancelled when the service closes."""


class DisplayHost(Spawner, Protocol):
    """What ``Display`` uses: the notifier, the render pace, background tasks."""

    @property
    def notifier(self) -> Notifier | None: ...

    @property
    def render_interval(self) -> float: ...


class ComputersHost(Spawner, Protocol):
    """What ``ComputerSeats`` uses: apply a chosen move, then tell the table."""

    @property
    def ai_delay(self) -> float: ...

    @property
    def retry_delay(self) -> float: ...

    async def apply_move(
        self, table: Table, seat: int, action: Action, seat_update: SeatRecord | None = None
    ) -> ActResult:
        """Apply and store a move a computer chose (caller holds the lock)."""

    def changed(self, table: Table, *, quiet: bool = False) -> None:
        """The table changed: show it, let computers move, re-arm its timers."""

    async def finish(self, table: Table, reason: str) -> None:
        """The game ended: give its result to the listeners."""


class ClockHost(Spawner, Protocol):
    """What ``TableClock`` uses besides the repository and its two collaborators."""

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def retry_delay(self) -> float: ...

    def get(self, table_id: int) -> Table | None:
        """The open table with that id."""

    def changed(self, table: Table, *, quiet: bool = False) -> None:
        """The table changed: show it, let computers move, re-arm its timers."""

    async def close(self, table: Table, status: TableStatus, reason: str) -> None:
        """Close an open table for good."""

    async def finish(self, table: Table, reason: str) -> None:
        """The game ended: give its result to the listeners."""


class LobbyHost(Protocol):
    """What ``Lobby`` uses besides the repository: the open tables and the seeds."""

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def seed_source(self) -> Callable[[], int]: ...

    @property
    def voice(self) -> Voice: ...

    @property
    def games(self) -> Mapping[str, Game]:
        """Every game by name (``KeyError`` for an unknown game)."""

    def in_channel(self, channel_id: int) -> Table | None:
        """The channel's open table, if any."""

    def require(self, table_id: int) -> Table:
        """The open table, or ``TableError``."""

    def changed(self, table: Table, *, quiet: bool = False) -> None:
        """The table changed: show it, let computers move, re-arm its timers."""


class RestoreHost(Spawner, Protocol):
    """What ``Restorer`` uses besides the repository and the ``Announcer``."""

    @property
    def voice(self) -> Voice: ...

    @property
    def games(self) -> Mapping[str, Game]:
        """Every game by name (``KeyError`` for a game no longer registered)."""

    def remember(self, table: Table) -> None:
        """Hold an open table in memory."""
