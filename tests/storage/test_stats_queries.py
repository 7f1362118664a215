"""Reading recorded games (``storage.stats_queries``) on both backends: a game's detail with
its rounds, pages clamped to the ones there are, the win-rate order, a player's best total
by the game's scoring direction, and the recent games and trend it keeps."""

from __future__ import annotations

from bot import rating
from storage.database import Database
from storage.stats import StatsRepo
from storage.stats_models import SortKey
from storage.stats_queries import RECENT_GAMES, TREND_GAMES, StatsQueries
from tests.storage.test_stats import GUILD, make_result


async def test_a_games_detail_has_its_seats_rounds_and_options(db: Database) -> None:
    await StatsRepo(db, rater=rating).record(make_result(
        7, [10, 11, None], [40, 120, 90], game="soureh",
        rounds=[[10, 60, 40], [30, 60, 50]], names=["Ann", "Bob", "Ada (easy)"]))
    queries = StatsQueries(db)
    summary = (await queries.history(GUILD)).games[0]
    detail = await queries.game_detail(summary.result_id, GUILD)
    assert detail is not None
    assert detail.summary == summary and summary.table_id == 7 and summary.game == "soureh"
    assert [(s.name, s.total, s.place, s.winner) for s in summary.seats] == [
        ("Ann", 40, 1, True), ("Bob", 120, 3, False), ("Ada (easy)", 90, 2, False)]
    assert detail.rounds == ((10, 60, 40), (30, 60, 50))
    assert detail.variant == {"threshold": 200} and detail.seed == 77
    assert await queries.game_detail(summary.result_id) == detail  # any server's view


async def test_pages_past_either_end_give_the_nearest_page(db: Database) -> None:
    repo = StatsRepo(db, rater=rating)
    for i in range(1, 6):
        await repo.record(make_result(i, [10 * i, 10 * i + 1], [200, 100], game="soi"))
    queries = StatsQueries(db)
    last = await queries.history(GUILD, page=99, size=2)
    assert (last.page, last.pages, last.total) == (2, 3, 5)
    assert [g.table_id for g in last.games] == [1]
    first = await queries.history(GUILD, page=-3, size=2)
    assert first.page == 0 and [g.table_id for g in first.games] == [5, 4]
    board = await queries.leaderboard(GUILD, "soi", page=42, size=4)
    assert (board.page, board.pages, board.total, len(board.rows)) == (2, 3, 10, 2)
    empty = await queries.history(GUILD + 1, page=5)
    assert (empty.page, empty.pages, empty.total, empty.games) == (0, 1, 0, ())


async def test_cancelled_games_are_not_history(db: Database) -> None:
    repo = StatsRepo(db, rater=rating)
    await repo.record(make_result(1, [10, 11], [200, 100], game="soi"))
    await repo.record(make_result(2, [10, 11], [0, 0], game="soi", reason="cancelled"))
    page = await StatsQueries(db).history(GUILD)
    assert [g.table_id for g in page.games] == [1]


async def test_win_rate_order_breaks_ties_by_games(db: Database) -> None:
    repo = StatsRepo(db, rater=rating)
    # user 1 wins 1 of 1, user 2 wins 2 of 2, user 3 wins 1 of 3, user 4 none of 2
    games = [(1, 4), (2, 3), (2, 3), (3, 4)]
    for table_id, (winner, loser) in enumerate(games, start=1):
        await repo.record(make_result(table_id, [winner, loser], [200, 100], game="soi"))
    board = await StatsQueries(db).leaderboard(GUILD, "soi", SortKey.WIN_RATE, viewer=4)
    assert [(r.user_id, r.wins, r.games) for r in board.rows] == [
        (2, 2, 2), (1, 1, 1), (3, 1, 3), (4, 0, 2)]
    assert [r.rank for r in board.rows] == [1, 2, 3, 4]
    assert board.own is not None and board.own.user_id == 4 and board.own.rank == 4


async def test_best_total_follows_the_games_scoring_direction(db: Database) -> None:
    repo = StatsRepo(db, rater=rating)
    for table_id, totals in enumerate([(40, 120), (110, 60), (80, 100)], start=1):
        await repo.record(make_result(table_id, [10, 11], list(totals), game="soureh"))
    queries = StatsQueries(db)
    lowest = await queries.player_stats(GUILD, 10, "soureh", lowest_wins={"soureh"})
    highest = await queries.player_stats(GUILD, 10, "soureh", lowest_wins=())
    assert lowest.games[0].best_total == 40 and highest.games[0].best_total == 110
    assert lowest.games[0].wins == 2 and lowest.games[0].best_place == 1
    assert lowest.games[0].average_total == (40 + 110 + 80) / 3
    assert lowest.games[0].average_place == (1 + 2 + 1) / 3


async def test_recent_games_and_the_trend_are_the_newest_few(db: Database) -> None:
    repo = StatsRepo(db, rater=rating)
    played = TREND_GAMES + 2
    for table_id in range(1, played + 1):
        await repo.record(make_result(table_id, [10, 11], [200, 100], game="soi"))
    stats = (await StatsQueries(db).player_stats(GUILD, 10, lowest_wins=())).games[0]
    assert stats.games == played and stats.wins == played
    assert [g.result_id for g in stats.recent] == sorted(
        (g.result_id for g in stats.recent), reverse=True)
    assert len(stats.recent) == RECENT_GAMES
    assert stats.trend_games == TREND_GAMES
    assert stats.trend is not None and stats.trend > 0  # won every game
    assert stats.rank == 1 and stats.skill is not None
    unknown = await StatsQueries(db).player_stats(GUILD, 999, lowest_wins=())
    assert unknown.games == () and unknown.name == ""
