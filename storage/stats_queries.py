"""Reading recorded games: leaderboards, a player's stats, a server's history."""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Sequence
from typing import Any

from bot.results import display_rating
from storage.database import Database
from storage.stats_models import (
    PAGE_SIZE,
    GameDetail,
    GameStats,
    GameSummary,
    HistoryPage,
    LeaderboardPage,
    LeaderboardRow,
    PlayerStats,
    RecentGame,
    SeatLine,
    Skill,
    SortKey,
)

TREND_GAMES = 10
RECENT_GAMES = 5

_ORDER = {
    SortKey.RATING: "r.ordinal DESC, r.games DESC, r.user_id",
    SortKey.WINS: "r.wins DESC, r.games ASC, r.ordinal DESC, r.user_id",
    SortKey.WIN_RATE: "CAST(r.wins AS DOUBLE PRECISION) / r.games DESC, r.games DESC, r.user_id",
}


def _ranked(sort: SortKey) -> str:
    """A CTE ranking a server's players in one game (parameters: guild id, game)."""
    return (
        "WITH ranked AS (SELECT r.user_id, COALESCE(p.display_name, '') AS name, r.games,"
        f" r.wins, r.mu, r.sigma, ROW_NUMBER() OVER (ORDER BY {_ORDER[sort]}) AS rank"
        " FROM ratings r LEFT JOIN players p ON p.user_id = r.user_id"
        " WHERE r.guild_id = ? AND r.game = ? AND r.games > 0) "
    )


def _row(row: Any) -> LeaderboardRow:
    return LeaderboardRow(
        rank=row["rank"], user_id=row["user_id"], name=row["name"], games=row["games"],
        wins=row["wins"], skill=Skill(row["mu"], row["sigma"]),
    )


def _pages(total: int, size: int) -> int:
    return max(1, math.ceil(total / size))


class StatsQueries:
    """Read-only queries over the stats tables."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def _all(self, sql: str, params: Sequence[Any]) -> list[Any]:
        return await self.db.fetchall(sql, tuple(params))

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        sort: SortKey = SortKey.RATING,
        page: int = 0,
        viewer: int | None = None,
        size: int = PAGE_SIZE,
    ) -> LeaderboardPage:
        """One page of the server's ranking in ``game`` (a page past the end gives the last),
        with the viewer's own row wherever it is."""
        base = _ranked(sort)
        total_rows = await self._all(base + "SELECT COUNT(*) FROM ranked", (guild_id, game))
        total = int(total_rows[0][0])
        pages = _pages(total, size)
        page = min(max(page, 0), pages - 1)
        rows = await self._all(
            base + "SELECT * FROM ranked ORDER BY rank LIMIT ? OFFSET ?",
            (guild_id, game, size, page * size),
        )
        own = None
        if viewer is not None:
            found = await self._all(
                base + "SELECT * FROM ranked WHERE user_id = ?", (guild_id, game, viewer)
            )
            own = _row(found[0]) if found else None
        return LeaderboardPage(
            guild_id=guild_id, game=game, sort=sort, page=page, pages=pages, total=total,
            rows=tuple(_row(r) for r in rows), own=own,
        )

    async def _seats(self, result_ids: Sequence[int]) -> dict[int, list[SeatLine]]:
        if not result_ids:
            return {}
        marks = ", ".join("?" for _ in result_ids)
        rows = await self._all(
            "SELECT result_id, seat, user_id, name, total, place, winner, resigned"
            f" FROM result_seats WHERE result_id IN ({marks}) ORDER BY result_id, seat",
            result_ids,
        )
        seats: dict[int, list[SeatLine]] = {rid: [] for rid in result_ids}
        for r in rows:
            seats[r["result_id"]].append(SeatLine(
                seat=r["seat"], user_id=r["user_id"], name=r["name"], total=r["total"],
                place=r["place"], winner=bool(r["winner"]), resigned=bool(r["resigned"]),
            ))
        return seats

    async def _summaries(self, rows: Sequence[Any]) -> list[GameSummary]:
        seats = await self._seats([r["result_id"] for r in rows])
        return [
            GameSummary(
                result_id=r["result_id"], table_id=r["table_id"], game=r["game"],
                reason=r["reason"], counted=bool(r["counted"]), rated=bool(r["rated"]),
                started_at=r["started_at"], ended_at=r["ended_at"],
                seats=tuple(seats[r["result_id"]]),
            )
            for r in rows
        ]

    async def history(
        self, guild_id: int, game: str | None = None, page: int = 0, size: int = PAGE_SIZE
    ) -> HistoryPage:
        """The server's finished games, newest first (one page, 0-based)."""
        where = "guild_id = ? AND reason = 'finished'" + (" AND game = ?" if game else "")
        params: list[Any] = [guild_id, *([game] if game else [])]
        count = await self._all(f"SELECT COUNT(*) FROM game_results WHERE {where}", params)
        total = int(count[0][0])
        pages = _pages(total, size)
        page = min(max(page, 0), pages - 1)
        rows = await self._all(
            f"SELECT * FROM game_results WHERE {where}"
            " ORDER BY ended_at DESC, result_id DESC LIMIT ? OFFSET ?",
            [*params, size, page * size],
        )
        return HistoryPage(
            guild_id=guild_id, game=game, page=page, pages=pages, total=total,
            games=tuple(await self._summaries(rows)),
        )

    async def game_detail(self, result_id: int, guild_id: int | None = None) -> GameDetail | None:
        """A recorded game with its rounds (``None`` if unknown, or of another server)."""
        rows = await self._all("SELECT * FROM game_results WHERE result_id = ?", (result_id,))
        if not rows or (guild_id is not None and rows[0]["guild_id"] != guild_id):
            return None
        summary = (await self._summaries(rows))[0]
        points = await self._all(
            "SELECT round, seat, points FROM round_results WHERE result_id = ?"
            " ORDER BY round, seat",
            (result_id,),
        )
        grid: dict[int, list[int]] = {}
        for p in points:
            grid.setdefault(p["round"], [0] * len(summary.seats))[p["seat"]] = p["points"]
        return GameDetail(
            summary=summary, variant=json.loads(rows[0]["variant"]), seed=rows[0]["seed"],
            rounds=tuple(tuple(grid[n]) for n in sorted(grid)),
        )

    async def player_stats(
        self, guild_id: int, user_id: int, game: str | None = None, *,
        lowest_wins: Collection[str],
    ) -> PlayerStats:
        """A player's record in this server, per game (only ``game`` when given).
        ``lowest_wins``: the games whose best total is the lowest (the caller knows the
        games; storage does not)."""
        names = await self._all("SELECT display_name FROM players WHERE user_id = ?", (user_id,))
        played = await self._all(
            "SELECT DISTINCT g.game FROM result_seats s JOIN game_results g USING (result_id)"
            " WHERE s.user_id = ? AND g.guild_id = ? AND g.reason = 'finished'"
            + (" AND g.game = ?" if game else "") + " ORDER BY g.game",
            [user_id, guild_id, *([game] if game else [])],
        )
        per_game = [
            await self._game_stats(guild_id, user_id, row[0], row[0] in lowest_wins)
            for row in played
        ]
        return PlayerStats(
            guild_id=guild_id, user_id=user_id, name=names[0][0] if names else "",
            games=tuple(per_game),
        )

    async def _game_stats(
        self, guild_id: int, user_id: int, game: str, lowest_wins: bool
    ) -> GameStats:
        best = "MIN" if lowest_wins else "MAX"
        agg = (await self._all(
            "SELECT COUNT(*) AS n, SUM(s.winner) AS wins, MIN(s.place) AS best_place,"
            " AVG(CAST(s.place AS DOUBLE PRECISION)) AS avg_place,"
            f" {best}(s.total) AS best_total,"
            " AVG(CAST(s.total AS DOUBLE PRECISION)) AS avg_total"
            " FROM result_seats s JOIN game_results g USING (result_id)"
            " WHERE s.user_id = ? AND g.guild_id = ? AND g.game = ? AND g.counted = 1",
            (user_id, guild_id, game),
        ))[0]
        rated = await self._all(
            _ranked(SortKey.RATING) + "SELECT * FROM ranked WHERE user_id = ?",
            (guild_id, game, user_id),
        )
        history = await self._all(
            "SELECT mu_before, sigma_before, mu, sigma FROM rating_history"
            " WHERE guild_id = ? AND game = ? AND user_id = ? ORDER BY result_id DESC LIMIT ?",
            (guild_id, game, user_id, TREND_GAMES),
        )
        trend = None
        if history:
            trend = display_rating(history[0]["mu"], history[0]["sigma"]) - display_rating(
                history[-1]["mu_before"], history[-1]["sigma_before"]
            )
        recent = await self._all(
            "SELECT g.result_id, g.game, g.ended_at, g.players, g.counted, s.place, s.total,"
            " s.winner FROM result_seats s JOIN game_results g USING (result_id)"
            " WHERE s.user_id = ? AND g.guild_id = ? AND g.game = ? AND g.reason = 'finished'"
            " ORDER BY g.ended_at DESC, g.result_id DESC LIMIT ?",
            (user_id, guild_id, game, RECENT_GAMES),
        )
        return GameStats(
            game=game,
            games=agg["n"],
            wins=agg["wins"] or 0,
            best_place=agg["best_place"],
            average_place=agg["avg_place"],
            best_total=agg["best_total"],
            average_total=agg["avg_total"],
            skill=Skill(rated[0]["mu"], rated[0]["sigma"]) if rated else None,
            rank=rated[0]["rank"] if rated else None,
            trend=trend,
            trend_games=len(history),
            recent=tuple(
                RecentGame(
                    result_id=r["result_id"], game=r["game"], ended_at=r["ended_at"],
                    place=r["place"], players=r["players"], total=r["total"],
                    winner=bool(r["winner"]), counted=bool(r["counted"]),
                )
                for r in recent
            ),
        )
