"""Recording game results: idempotency, ratings, computer seats, stats and history reads."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot import rating
from bot.games.registry import ENGINES
from bot.results import GameResult, SeatResult, placements
from storage.database import Database
from storage.errors import IntegrityViolation
from storage.guild_settings import GuildSettingsRepo
from storage.stats import StatsRepo, utc_text
from storage.stats_models import SortKey

GUILD = 500
LOWEST_WINS = frozenset(name for name, engine in ENGINES.items() if engine.lowest_wins)


def make_result(
    table_id: int,
    players: Sequence[int | None],
    totals: Sequence[int],
    *,
    game: str = "pariah",
    winners: Sequence[int] | None = None,
    reason: str = "finished",
    guild_id: int = GUILD,
    rounds: Sequence[Sequence[int]] | None = None,
    ended_at: str = "",
    names: Sequence[str] = (),
) -> GameResult:
    """A GameResult for ``players`` (user ids, None for a computer) with final ``totals``."""
    lowest = ENGINES[game].lowest_wins
    if winners is None:
        best = min(totals) if lowest else max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
    places = placements(totals, winners, lowest_wins=lowest)
    seats = tuple(
        SeatResult(
            seat=i,
            user_id=uid,
            name=names[i] if names else f"user{uid}" if uid is not None else f"Computer {i + 1}",
            total=totals[i],
            place=places[i],
            winner=i in winners,
        )
        for i, uid in enumerate(players)
    )
    return GameResult(
        table_id=table_id,
        guild_id=guild_id,
        channel_id=77,
        game=game,
        variant={"threshold": 200},
        seed=table_id * 11,
        seats=seats,
        rounds=tuple(tuple(r) for r in (rounds if rounds is not None else [list(totals)])),
        reason=reason,
        started_at="2026-11-22T10:00:00+00:00",
        ended_at=ended_at or f"2026-11-22T11:{table_id % 60:02d}:00+00:00",
    )


async def count(db: Database, table: str) -> int:
    """Rows in ``table``."""
    row = await db.fetchone(f"SELECT COUNT(*) FROM {table}")
    assert row is not None
    return int(row[0])


async def test_record_stores_result_seats_and_rounds(db: Database) -> None:
    """A recorded game is readable back with its seats, variant, seed and rounds."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11, 12], [200, 150, 90], rounds=[[100, 50, 40],
                                                                          [100, 100, 50]]))
    page = await repo.history(GUILD)
    assert page.total == 1
    summary = page.games[0]
    assert [s.name for s in summary.seats] == ["user10", "user11", "user12"]
    assert [s.place for s in summary.seats] == [1, 2, 3]
    assert [s.name for s in summary.winners] == ["user10"]
    detail = await repo.game_detail(summary.result_id, GUILD)
    assert detail is not None
    assert detail.rounds == ((100, 50, 40), (100, 100, 50))
    assert detail.variant == {"threshold": 200}
    assert detail.seed == 11
    assert await count(db, "guilds") == 1


async def test_record_twice_is_idempotent(db: Database) -> None:
    """Recording the same table id twice stores one result and rates once."""
    repo = StatsRepo(db, rater=rating)
    result = make_result(1, [10, 11], [200, 100])
    await repo.record(result)
    first = await repo.leaderboard(GUILD, "pariah")
    await repo.record(result)
    second = await repo.leaderboard(GUILD, "pariah")
    assert await count(db, "game_results") == 1
    assert await count(db, "result_seats") == 2
    assert first == second
    assert [r.games for r in second.rows] == [1, 1]


async def test_record_updates_cached_player_names(db: Database) -> None:
    """The players table keeps the latest display name seen at a table."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11], [200, 100]))
    renamed = make_result(2, [10, 11], [200, 100])
    seats = (renamed.seats[0].__class__(**{**_asdict(renamed.seats[0]), "name": "Alice"}),
             renamed.seats[1])
    await repo.record(GameResult(**{**_asdict(renamed), "seats": seats}))
    row = await db.fetchone("SELECT display_name FROM players WHERE user_id = 10")
    assert row is not None and row[0] == "Alice"
    board = await repo.leaderboard(GUILD, "pariah")
    assert board.rows[0].name == "Alice"


def _asdict(obj: object) -> dict[str, object]:
    """Field values of a slotted dataclass."""
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}  # type: ignore[attr-defined]


async def test_winner_rating_rises_loser_falls(db: Database) -> None:
    """After a two-player game the winner's rating is above the loser's and counts add up."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11], [200, 100]))
    board = await repo.leaderboard(GUILD, "pariah")
    top, bottom = board.rows
    assert (top.user_id, bottom.user_id) == (10, 11)
    assert top.skill.mu > rating.initial().mu > bottom.skill.mu
    assert (top.games, top.wins, bottom.games, bottom.wins) == (1, 1, 1, 0)


async def test_soureh_lowest_total_wins_rating(db: Database) -> None:
    """In Soureh the lowest total places first and gains rating."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11, 12], [120, 40, 80], game="soureh"))
    board = await repo.leaderboard(GUILD, "soureh")
    assert [r.user_id for r in board.rows] == [11, 12, 10]
    stats = await repo.player_stats(GUILD, 11, "soureh", lowest_wins=LOWEST_WINS)
    assert stats.games[0].best_total == 40


async def test_ratings_match_openskill_for_tied_places(db: Database) -> None:
    """Stored ratings equal openskill's update for the same places, ties shared."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11, 12, 13], [300, 300, 100, 50], winners=[0, 1]))
    expected = rating.rate([rating.initial()] * 4, [1, 1, 3, 4])
    board = await repo.leaderboard(GUILD, "pariah")
    by_user = {r.user_id: r for r in board.rows}
    for uid, skill in zip([10, 11, 12, 13], expected, strict=True):
        assert by_user[uid].skill.mu == pytest.approx(skill.mu)
        assert by_user[uid].skill.sigma == pytest.approx(skill.sigma)
    assert by_user[10].rating == by_user[11].rating
    assert by_user[10].wins == by_user[11].wins == 1


async def test_cancelled_game_is_history_only(db: Database) -> None:
    """A cancelled table is stored but neither rated nor counted nor listed as finished."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11], [20, 10], reason="cancelled"))
    assert await count(db, "game_results") == 1
    assert (await repo.leaderboard(GUILD, "pariah")).total == 0
    assert (await repo.history(GUILD)).total == 0
    assert await count(db, "rating_history") == 0


async def test_computer_seats_unrated_and_uncounted_by_default(db: Database) -> None:
    """With the default setting a game with a computer seat changes no one's stats."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, None, 11], [200, 300, 100]))
    assert (await repo.leaderboard(GUILD, "pariah")).total == 0
    stats = await repo.player_stats(GUILD, 10, "pariah", lowest_wins=LOWEST_WINS)
    assert stats.games[0].games == 0
    assert [g.counted for g in stats.games[0].recent] == [False]


async def test_computer_games_count_when_enabled(db: Database) -> None:
    """With count_computer_games on, humans are rated among themselves by their places."""
    await GuildSettingsRepo(db).update(GUILD, count_computer_games=True)
    repo = StatsRepo(db, rater=rating)
    # The computer wins; user 10 (2nd) beats user 11 (3rd).
    await repo.record(make_result(1, [10, None, 11], [200, 300, 100]))
    board = await repo.leaderboard(GUILD, "pariah")
    assert [r.user_id for r in board.rows] == [10, 11]
    expected = rating.rate([rating.initial()] * 2, [2, 3])
    assert board.rows[0].skill.mu == pytest.approx(expected[0].mu)
    assert [r.wins for r in board.rows] == [0, 0]
    assert await count(db, "rating_history") == 2


async def test_single_human_with_computers_counts_unrated(db: Database) -> None:
    """One human against computers (setting on) gains a game and a win but no rating change."""
    await GuildSettingsRepo(db).update(GUILD, count_computer_games=True)
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, None], [300, 100]))
    row = (await repo.leaderboard(GUILD, "pariah")).rows[0]
    assert (row.games, row.wins) == (1, 1)
    assert row.skill == rating.initial()
    assert await count(db, "rating_history") == 0


async def test_ratings_are_per_guild_and_game(db: Database) -> None:
    """A game in one server or game does not touch the ratings of another."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11], [200, 100]))
    await repo.record(make_result(2, [10, 11], [200, 100], guild_id=GUILD + 1))
    await repo.record(make_result(3, [11, 10], [200, 100], game="soi"))
    assert (await repo.leaderboard(GUILD, "pariah")).rows[0].games == 1
    assert (await repo.leaderboard(GUILD + 1, "pariah")).rows[0].games == 1
    assert (await repo.leaderboard(GUILD, "soi")).rows[0].user_id == 11


async def test_leaderboard_sort_orders(db: Database) -> None:
    """Sorting by wins and by win rate orders players as asked."""
    repo = StatsRepo(db, rater=rating)
    # user 10 wins 2 of 4; user 11 wins 1 of 1; user 12 wins 1 of 3; user 13 wins 1 of 2.
    games = [([10, 12], [2, 1]), ([10, 13], [2, 1]), ([12, 10], [2, 1]), ([13, 10], [2, 1]),
             ([11, 12], [2, 1])]
    for i, (players, totals) in enumerate(games, start=1):
        await repo.record(make_result(i, players, totals))
    wins = await repo.leaderboard(GUILD, "pariah", SortKey.WINS)
    assert [r.user_id for r in wins.rows] == [10, 11, 13, 12]  # equal wins: fewer games first
    rate = await repo.leaderboard(GUILD, "pariah", SortKey.WIN_RATE)
    assert [r.user_id for r in rate.rows] == [11, 10, 13, 12]  # equal rate: more games first
    assert [round(r.win_rate, 2) for r in rate.rows] == [1.0, 0.5, 0.5, 0.33]


async def test_leaderboard_paging_and_own_row(db: Database) -> None:
    """25 players make 3 pages of 10, 10 and 5; the viewer's row comes with every page."""
    repo = StatsRepo(db, rater=rating)
    # Player 100 + i beats player 200 + i; the losers are all rated below the winners.
    for i in range(12):
        await repo.record(make_result(i + 1, [100 + i, 200 + i], [200, 100]))
    await repo.record(make_result(13, [300, 301], [100, 100], winners=[0, 1]))
    board = await repo.leaderboard(GUILD, "pariah", viewer=200, page=0)
    assert (board.total, board.pages) == (26, 3)
    assert len(board.rows) == 10 and [r.rank for r in board.rows] == list(range(1, 11))
    assert board.own is not None and board.own.user_id == 200 and not board.own_on_page
    assert board.own.rank > 10
    last = await repo.leaderboard(GUILD, "pariah", viewer=200, page=2)
    assert [r.rank for r in last.rows] == list(range(21, 27))
    middle = await repo.leaderboard(GUILD, "pariah", viewer=100, page=1)
    assert {r.user_id for r in middle.rows}.isdisjoint({r.user_id for r in board.rows})
    beyond = await repo.leaderboard(GUILD, "pariah", page=9)
    assert beyond.page == 2
    nobody = await repo.leaderboard(GUILD, "pariah", viewer=999)
    assert nobody.own is None


async def test_leaderboard_page_boundary_exact(db: Database) -> None:
    """Exactly 10 players make one page; 11 make two, the second with one row."""
    repo = StatsRepo(db, rater=rating)
    for i in range(5):
        await repo.record(make_result(i + 1, [10 + 2 * i, 11 + 2 * i], [200, 100]))
    assert (await repo.leaderboard(GUILD, "pariah")).pages == 1
    await repo.record(make_result(6, [50, 10], [200, 100]))
    board = await repo.leaderboard(GUILD, "pariah", page=1)
    assert (board.pages, len(board.rows), board.rows[0].rank) == (2, 1, 11)


async def test_empty_leaderboard(db: Database) -> None:
    """A server with no games has one empty page."""
    board = await StatsRepo(db, rater=rating).leaderboard(GUILD, "turup", viewer=1)
    assert (board.total, board.pages, board.rows, board.own) == (0, 1, (), None)


async def test_player_stats_best_average_trend(db: Database) -> None:
    """Player stats give games, wins, best and average place/total and the rating trend."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11, 12], [300, 200, 100]))
    await repo.record(make_result(2, [10, 11, 12], [100, 300, 200]))
    await repo.record(make_result(3, [10, 11, 12], [150, 100, 200]))
    stats = (await repo.player_stats(GUILD, 10, lowest_wins=LOWEST_WINS)).games[0]
    assert (stats.game, stats.games, stats.wins) == ("pariah", 3, 1)
    assert stats.best_place == 1 and stats.average_place == pytest.approx(2.0)
    assert stats.best_total == 300 and stats.average_total == pytest.approx(550 / 3)
    assert stats.trend_games == 3 and stats.skill is not None
    assert stats.trend == stats.skill.display - rating.initial().display
    assert [g.result_id for g in stats.recent] == [3, 2, 1]
    assert stats.rank is not None


async def test_player_stats_all_games(db: Database) -> None:
    """Without a game, stats list every game the player has finished in this server."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11], [200, 100]))
    await repo.record(make_result(2, [10, 11], [20, 10], game="turup"))
    stats = await repo.player_stats(GUILD, 10, lowest_wins=LOWEST_WINS)
    assert [g.game for g in stats.games] == ["pariah", "turup"]
    assert stats.name == "user10"
    assert (await repo.player_stats(GUILD, 999, lowest_wins=LOWEST_WINS)).games == ()


async def test_history_paging_and_game_filter(db: Database) -> None:
    """History lists finished games newest first, filtered by game and paged by 10."""
    repo = StatsRepo(db, rater=rating)
    for i in range(1, 13):
        await repo.record(make_result(i, [10, 11], [200, 100], game="soi" if i % 2 else "turup"))
    page = await repo.history(GUILD)
    assert (page.total, page.pages, len(page.games)) == (12, 2, 10)
    assert [g.table_id for g in page.games][:3] == [12, 11, 10]
    soi = await repo.history(GUILD, "soi")
    assert soi.total == 6 and all(g.game == "soi" for g in soi.games)


async def test_game_detail_other_guild_hidden(db: Database) -> None:
    """A game's detail is not given to another server."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11], [200, 100]))
    rid = (await repo.history(GUILD)).games[0].result_id
    assert await repo.game_detail(rid, GUILD + 1) is None
    assert await repo.game_detail(rid + 100) is None


def test_times_are_stored_as_utc_text() -> None:
    """ISO times with an offset, with a T or a space, all store as 'YYYY-MM-DD HH:MM:SS' UTC."""
    assert utc_text("2026-11-22T12:30:00+01:00") == "2026-11-22 11:30:00"
    assert utc_text("2026-11-22 11:30:00") == "2026-11-22 11:30:00"
    assert len(utc_text("")) == 19


async def test_history_orders_mixed_time_formats(db: Database) -> None:
    """Games ended at different times sort newest first whatever format they came in."""
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11], [200, 100], ended_at="2026-11-22 11:40:00"))
    await repo.record(make_result(2, [10, 11], [200, 100], ended_at="2026-11-22T11:35:00+00:00"))
    await repo.record(make_result(3, [10, 11], [200, 100], ended_at="2026-11-22T12:50:00+01:00"))
    assert [g.table_id for g in (await repo.history(GUILD)).games] == [3, 1, 2]


async def test_failed_record_leaves_nothing(db: Database) -> None:
    """A result that cannot be stored (two seats numbered 0) rolls back completely."""
    repo = StatsRepo(db, rater=rating)
    good = make_result(1, [10, 11], [200, 100])
    broken = GameResult(**{**_asdict(good), "seats": (good.seats[0], good.seats[0])})
    with pytest.raises(IntegrityViolation):
        await repo.record(broken)
    for table in ("game_results", "result_seats", "ratings", "players"):
        assert await count(db, table) == 0
    await repo.record(good)
    assert (await repo.leaderboard(GUILD, "pariah")).total == 2
