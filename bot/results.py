"""The result of a finished table, handed from the table service to whoever records it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's outcome. ``user_id`` is ``None`` for a computer seat."""

    seat: int
    user_id: int | None
    name: str
    total: int
    place: int  # 1 is best; tied seats share a place
    winner: bool
    resigned: bool = False

    @property
    def is_computer(self) -> bool:
        """True for a computer player's seat."""
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished (or closed) table's outcome. ``rounds[r][seat]`` is a round's points."""

    table_id: int
    guild_id: int
    channel_id: int
    game: str
    variant: dict[str, Any]
    seed: int
    seats: tuple[SeatResult, ...]
    rounds: tuple[tuple[int, ...], ...]
    reason: str = "finished"  # "finished", "cancelled", "inactive", "broken"
    started_at: str = ""
    ended_at: str = ""
    #: Seats that asked for a hint (``bot.discord.hints``): such a game is not rated.
    hinted: tuple[int, ...] = ()


FinishListener = Callable[[GameResult], Awaitable[None]]


def placements(
    totals: Sequence[int],
    winners: Sequence[int],
    resigned: Sequence[int] = (),
    *,
    lowest_wins: bool,
) -> list[int]:
    """1-based places per seat: winners first, then by total (lowest first when
    ``lowest_wins``, the game's engine says which), resigned seats last; equal standing
    shares a place."""

    def key(seat: int) -> tuple[int, int, int]:
        score = totals[seat] if lowest_wins else -totals[seat]
        return (1 if seat in resigned else 0, 0 if seat in winners else 1, score)

    order = sorted(range(len(totals)), key=key)
    places = [0] * len(totals)
    for i, seat in enumerate(order):
        if i and key(order[i - 1]) == key(seat):
            places[seat] = places[order[i - 1]]
        else:
            places[seat] = i + 1
    return places


# ---------------------------------------------------------------------------- ratings
# The stored rating and how people see it (``bot.rating`` holds the policy that computes
# new ratings); plain values, so storage and presentation may both read them.

DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
Z = 3.0


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating in one game, as stored (``bot.rating`` computes new ones)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` (what rankings sort on)."""
        return self.mu - Z * self.sigma

    @property
    def display(self) -> int:
        """The rating people see: ``1000 + 40 * ordinal``, rounded."""
        return display_rating(self.mu, self.sigma)


def display_rating(mu: float, sigma: float) -> int:
    """The shown rating for ``(mu, sigma)``."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - Z * sigma))
