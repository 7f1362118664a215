"""Values returned by the stats repository: leaderboard rows, player stats, game history."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.i18n import N_, _
from bot.results import Skill

PAGE_SIZE = 10


class SortKey(StrEnum):
    """Leaderboard orders (the value is what custom_ids carry)."""

    RATING = "rating"
    WINS = "wins"
    WIN_RATE = "winrate"

    @property
    def label(self) -> str:
        """How the order is named to people, in the current language."""
        return _(_SORT_LABELS[self])


_SORT_LABELS = {SortKey.RATING: N_("rating"), SortKey.WINS: N_("wins"),
                SortKey.WIN_RATE: N_("win rate")}


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One player's line on a leaderboard; ``rank`` is 1-based in the chosen order."""

    rank: int
    user_id: int
    name: str
    games: int
    wins: int
    skill: Skill

    @property
    def win_rate(self) -> float:
        """Wins per game, 0 to 1."""
        return self.wins / self.games if self.games else 0.0

    @property
    def rating(self) -> int:
        """The displayed rating."""
        return self.skill.display


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page (0-based) of a leaderboard. ``own`` is the viewer's row wherever it is,
    or ``None`` when the viewer has no counted game in this game here."""

    guild_id: int
    game: str
    sort: SortKey
    page: int
    pages: int
    total: int
    rows: tuple[LeaderboardRow, ...]
    own: LeaderboardRow | None

    @property
    def own_on_page(self) -> bool:
        """True when the viewer's row is one of ``rows``."""
        return self.own is not None and any(r.user_id == self.own.user_id for r in self.rows)


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of a recorded game."""

    seat: int
    user_id: int | None
    name: str
    total: int
    place: int
    winner: bool
    resigned: bool


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A recorded game with its seats (in seat order)."""

    result_id: int
    table_id: int
    game: str
    reason: str
    counted: bool
    rated: bool
    started_at: str
    ended_at: str
    seats: tuple[SeatLine, ...]

    @property
    def winners(self) -> tuple[SeatLine, ...]:
        """The winning seats."""
        return tuple(s for s in self.seats if s.winner)


@dataclass(frozen=True, slots=True)
class GameDetail:
    """A recorded game with its variant and every round's points (``rounds[r][seat]``)."""

    summary: GameSummary
    variant: dict[str, object]
    seed: int
    rounds: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page (0-based) of a server's finished games, newest first."""

    guild_id: int
    game: str | None
    page: int
    pages: int
    total: int
    games: tuple[GameSummary, ...]


@dataclass(frozen=True, slots=True)
class RecentGame:
    """A player's game as seen from his seat."""

    result_id: int
    game: str
    ended_at: str
    place: int
    players: int
    total: int
    winner: bool
    counted: bool


@dataclass(frozen=True, slots=True)
class GameStats:
    """A player's record in one game in one server (counted games only, but
    ``recent`` lists every finished game, counted or not)."""

    game: str
    games: int
    wins: int
    best_place: int | None
    average_place: float | None
    best_total: int | None
    average_total: float | None
    skill: Skill | None
    rank: int | None
    trend: int | None  # change of the displayed rating over the last ``trend_games`` games
    trend_games: int
    recent: tuple[RecentGame, ...]

    @property
    def win_rate(self) -> float:
        """Wins per game, 0 to 1."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's stats in a server: one entry per game he has played there."""

    guild_id: int
    user_id: int
    name: str
    games: tuple[GameStats, ...]
