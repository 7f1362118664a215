"""Recording finished games: results, seats, rounds, players' names and ratings.

``StatsRepo(db).record`` is a table finish listener (see ``bot.results``). Recording is
idempotent per table id and happens in one transaction. Only games that ended with
reason ``"finished"`` count; a game with a computer seat counts for its humans only when
the server's ``count_computer_games`` setting is on. Counted games add to games and wins;
ratings move when at least two humans sat (humans ranked among themselves by place), by
the ``Rater`` the bot hands in (``bot.rating``: the policy is not storage's). Computer
seats are never rated. Reads are in :mod:`storage.stats_queries`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Protocol

from bot.results import GameResult, SeatResult
from storage.database import Database, Transaction
from storage.guild_settings import GuildSettings
from storage.stats_models import Skill
from storage.stats_queries import StatsQueries

log = logging.getLogger(__name__)

TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
STATS_LOCK = 0x5354  # Transaction.lock keys of recording: this plus the guild id


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


class Rater(Protocol):
    """The rating policy (``bot.rating`` is one): a new player's skill, and new skills after
    a game from the old ones and the places (1 best, ties equal)."""

    def initial(self) -> Skill: ...

    def rate(self, skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]: ...


class StatsRepo(StatsQueries):
    """Writes results and ratings; inherits the read queries of :class:`StatsQueries`.

    ``rater`` computes ratings; recording a result needs one (reading does not)."""

    def __init__(self, db: Database, rater: Rater | None = None) -> None:
        super().__init__(db)
        self.rater = rater

    async def record(self, result: GameResult) -> None:
        """Store a finished or closed table's result (once per table id) and update ratings."""
        if self.rater is None:
            raise RuntimeError("StatsRepo.record needs a rater (StatsRepo(db, rater=...))")
        async with self.db.transaction() as tx:
            result_id = await self._record(tx, result, self.rater)
        if result_id is None:
            log.info("Table %s was already recorded", result.table_id)
        else:
            log.info("Recorded table %s (%s, %s) as result %s", result.table_id, result.game,
                     result.reason, result_id)

    async def _record(self, tx: Transaction, result: GameResult, rater: Rater) -> int | None:
        # one server's results are recorded one at a time (ratings read, then written)
        await tx.lock(STATS_LOCK + result.guild_id)
        if await tx.fetchone(
            "SELECT 1 FROM game_results WHERE table_id = ?", (result.table_id,)
        ) is not None:
            return None
        humans = human_seats(result)
        has_computer = any(s.is_computer for s in result.seats)
        counted = result.reason == "finished" and bool(humans)
        if counted and has_computer:
            row = await tx.fetchone(
                "SELECT data FROM guild_settings WHERE guild_id = ?", (result.guild_id,))
            stored = GuildSettings.from_json(result.guild_id, row[0] if row else "{}")
            counted = stored.count_computer_games
        rated = counted and len(humans) >= 2 and not result.hinted  # hints: practice
        await tx.execute(
            "INSERT INTO guilds (guild_id) VALUES (?) ON CONFLICT (guild_id) DO NOTHING",
            (result.guild_id,),
        )
        await tx.executemany(
            "INSERT INTO players (user_id, display_name, updated_at)"
            " VALUES (?, ?, datetime('now')) ON CONFLICT(user_id) DO UPDATE"
            " SET display_name = excluded.display_name, updated_at = excluded.updated_at",
            [(s.user_id, s.name) for s in humans],
        )
        row = await tx.fetchone(
            "INSERT INTO game_results (table_id, guild_id, channel_id, game, variant, seed,"
            " reason, players, humans, counted, rated, started_at, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING result_id",
            (
                result.table_id, result.guild_id, result.channel_id, result.game,
                json.dumps(result.variant, sort_keys=True, default=str), result.seed,
                result.reason, len(result.seats), len(humans), int(counted), int(rated),
                result.started_at and utc_text(result.started_at), utc_text(result.ended_at),
            ),
        )
        assert row is not None
        result_id = int(row[0])
        await tx.executemany(
            "INSERT INTO result_seats (result_id, seat, user_id, name, total, place, winner,"
            " resigned) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (result_id, s.seat, s.user_id, s.name, s.total, s.place, int(s.winner),
                 int(s.resigned))
                for s in result.seats
            ],
        )
        await tx.executemany(
            "INSERT INTO round_results (result_id, round, seat, points) VALUES (?, ?, ?, ?)",
            [
                (result_id, number, seat, points)
                for number, row in enumerate(result.rounds, start=1)
                for seat, points in enumerate(row)
            ],
        )
        if counted:
            await self._update_ratings(tx, rater, result, result_id, humans, rated)
        return result_id

    async def _update_ratings(
        self, tx: Transaction, rater: Rater, result: GameResult, result_id: int,
        humans: list[SeatResult], rated: bool,
    ) -> None:
        users = [_user(s) for s in humans]
        before = await self._skills(tx, result.guild_id, result.game, users)
        old = [before.get(user) or rater.initial() for user in users]
        new = rater.rate(old, [s.place for s in humans]) if rated else old
        await tx.executemany(
            "INSERT INTO ratings (guild_id, user_id, game, mu, sigma, ordinal, games, wins,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, datetime('now'))"
            " ON CONFLICT(guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, ordinal = excluded.ordinal, games = ratings.games + 1,"
            " wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at",
            [
                (result.guild_id, s.user_id, result.game, skill.mu, skill.sigma, skill.ordinal,
                 int(s.winner))
                for s, skill in zip(humans, new, strict=True)
            ],
        )
        if rated:
            await tx.executemany(
                "INSERT INTO rating_history (result_id, user_id, guild_id, game, mu_before,"
                " sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (result_id, s.user_id, result.guild_id, result.game, a.mu, a.sigma, b.mu,
                     b.sigma)
                    for s, a, b in zip(humans, old, new, strict=True)
                ],
            )

    async def _skills(
        self, tx: Transaction, guild_id: int, game: str, ids: list[int]
    ) -> dict[int, Skill]:
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await tx.fetchall(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND user_id IN ({marks})",
            (guild_id, game, *ids),
        )
        return {row[0]: Skill(row[1], row[2]) for row in rows}
