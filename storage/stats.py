"""Recording finished games: results, seats, rounds, players' names and ratings.

``StatsRepo(db).record`` is a table finish listener (see ``bot.results``). Recording is
idempotent per table id and happens in one transaction. Only games that ended with
reason ``"finished"`` count; a game with a computer seat counts for its humans only when
the server's ``count_computer_games`` setting is on. Counted games add to games and wins;
ratings move (openskill, humans ranked among themselves by place) when at least two
humans sat. Computer seats are never rated. Reads are in :mod:`storage.stats_queries`.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

from bot import rating
from bot.rating import Skill
from bot.results import GameResult, SeatResult
from storage.database import Database
from storage.guild_settings import GuildSettingsRepo
from storage.stats_queries import StatsQueries

log = logging.getLogger(__name__)

TIME_FORMAT = "%Y-%m-%d %H:%M:%S"


def utc_text(value: str) -> str:
    """A time as stored: ``YYYY-MM-DD HH:MM:SS`` in UTC (so text order is time order).
    Empty means now; ISO 8601 with an offset is converted; naive times are taken as UTC."""
    if not value:
        return datetime.now(UTC).strftime(TIME_FORMAT)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        log.warning("Keeping an unreadable time %r as it is", value)
        return value
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime(TIME_FORMAT)


def human_seats(result: GameResult) -> list[SeatResult]:
    """The human seats, each user once (his first seat), in seat order."""
    seen: set[int] = set()
    humans = []
    for seat in sorted(result.seats, key=lambda s: s.seat):
        if seat.user_id is None:
            continue
        if seat.user_id in seen:
            log.warning("Table %s seats user %s twice; counting his first seat", result.table_id,
                        seat.user_id)
            continue
        seen.add(seat.user_id)
        humans.append(seat)
    return humans


def _user(seat: SeatResult) -> int:
    if seat.user_id is None:
        raise ValueError("a computer seat has no user id")
    return seat.user_id


class StatsRepo(StatsQueries):
    """Writes results and ratings; inherits the read queries of :class:`StatsQueries`."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self.settings = GuildSettingsRepo(db)

    async def record(self, result: GameResult) -> None:
        """Store a finished or closed table's result (once per table id) and update ratings."""
        async with self.db.transaction():
            result_id = await self._record(result)
        if result_id is None:
            log.info("Table %s was already recorded", result.table_id)
        else:
            log.info("Recorded table %s (%s, %s) as result %s", result.table_id, result.game,
                     result.reason, result_id)

    async def _record(self, result: GameResult) -> int | None:
        conn = self.db.conn
        async with conn.execute(
            "SELECT 1 FROM game_results WHERE table_id = ?", (result.table_id,)
        ) as cur:
            if await cur.fetchone() is not None:
                return None
        humans = human_seats(result)
        has_computer = any(s.is_computer for s in result.seats)
        counted = result.reason == "finished" and bool(humans)
        if counted and has_computer:
            counted = (await self.settings.get(result.guild_id)).count_computer_games
        rated = counted and len(humans) >= 2
        await conn.execute(
            "INSERT OR IGNORE INTO guilds (guild_id) VALUES (?)", (result.guild_id,)
        )
        await conn.executemany(
            "INSERT INTO players (user_id, display_name, updated_at)"
            " VALUES (?, ?, datetime('now')) ON CONFLICT(user_id) DO UPDATE"
            " SET display_name = excluded.display_name, updated_at = excluded.updated_at",
            [(s.user_id, s.name) for s in humans],
        )
        cur = await conn.execute(
            "INSERT INTO game_results (table_id, guild_id, channel_id, game, variant, seed,"
            " reason, players, humans, counted, rated, started_at, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                result.table_id, result.guild_id, result.channel_id, result.game,
                json.dumps(result.variant, sort_keys=True, default=str), result.seed,
                result.reason, len(result.seats), len(humans), int(counted), int(rated),
                result.started_at and utc_text(result.started_at), utc_text(result.ended_at),
            ),
        )
        result_id = cur.lastrowid
        assert result_id is not None
        await conn.executemany(
            "INSERT INTO result_seats (result_id, seat, user_id, name, total, place, winner,"
            " resigned) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (result_id, s.seat, s.user_id, s.name, s.total, s.place, int(s.winner),
                 int(s.resigned))
                for s in result.seats
            ],
        )
        await conn.executemany(
            "INSERT INTO round_results (result_id, round, seat, points) VALUES (?, ?, ?, ?)",
            [
                (result_id, number, seat, points)
                for number, row in enumerate(result.rounds, start=1)
                for seat, points in enumerate(row)
            ],
        )
        if counted:
            await self._update_ratings(result, result_id, humans, rated)
        return result_id

    async def _update_ratings(
        self, result: GameResult, result_id: int, humans: list[SeatResult], rated: bool
    ) -> None:
        users = [_user(s) for s in humans]
        before = await self._skills(result.guild_id, result.game, users)
        old = [before.get(user) or rating.initial() for user in users]
        new = rating.rate(old, [s.place for s in humans]) if rated else old
        await self.db.conn.executemany(
            "INSERT INTO ratings (guild_id, user_id, game, mu, sigma, ordinal, games, wins,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, datetime('now'))"
            " ON CONFLICT(guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, ordinal = excluded.ordinal, games = games + 1,"
            " wins = wins + excluded.wins, updated_at = excluded.updated_at",
            [
                (result.guild_id, s.user_id, result.game, skill.mu, skill.sigma, skill.ordinal,
                 int(s.winner))
                for s, skill in zip(humans, new, strict=True)
            ],
        )
        if rated:
            await self.db.conn.executemany(
                "INSERT INTO rating_history (result_id, user_id, guild_id, game, mu_before,"
                " sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (result_id, s.user_id, result.guild_id, result.game, a.mu, a.sigma, b.mu,
                     b.sigma)
                    for s, a, b in zip(humans, old, new, strict=True)
                ],
            )

    async def _skills(self, guild_id: int, game: str, ids: list[int]) -> dict[int, Skill]:
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        async with self.db.conn.execute(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND user_id IN ({marks})",
            (guild_id, game, *ids),
        ) as cur:
            return {row[0]: Skill(row[1], row[2]) async for row in cur}
