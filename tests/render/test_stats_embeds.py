"""Stats embeds stay inside Discord's limits with the largest tables and longest names."""

from __future__ import annotations

import discord

from bot.games.registry import CATALOG
from bot.rating import Skill
from cogs.settings.pages import settings_embed
from cogs.stats import pages as se
from storage.guild_settings import GuildSettings
from storage.stats_models import (
    GameDetail,
    GameStats,
    GameSummary,
    HistoryPage,
    LeaderboardPage,
    LeaderboardRow,
    PlayerStats,
    RecentGame,
    SeatLine,
    SortKey,
)
from tests.helpers.games import every_game

LONG = "_*~`|" * 8  # a 40-character name made of markdown characters


def within_limits(embed: discord.Embed) -> bool:
    """Discord's embed limits: title 256, description 4096, 25 fields of 256/1024, 6000."""
    return (
        len(embed) <= se.MAX_TOTAL
        and len(embed.title or "") <= 256
        and len(embed.description or "") <= se.MAX_DESCRIPTION
        and len(embed.fields) <= 25
        and all(len(f.name or "") <= 256 and len(f.value or "") <= se.MAX_FIELD
                for f in embed.fields)
        and len(embed.footer.text or "") <= 2048
    )


def big_summary(result_id: int) -> GameSummary:
    """A twelve-seat game whose players all have long markdown-laden names."""
    seats = tuple(
        SeatLine(seat=i, user_id=10**17 + i, name=LONG, total=-123456, place=i + 1,
                 winner=i == 0, resigned=i == 11)
        for i in range(12)
    )
    return GameSummary(result_id=result_id, table_id=result_id, game="turup", reason="finished",
                       counted=True, rated=True, started_at="2026-11-22 10:00:00",
                       ended_at="2026-11-22 11:00:00", seats=seats)


def test_history_page_of_twelve_seat_games_fits() -> None:
    """Ten twelve-seat games with long names fit one history embed."""
    page = HistoryPage(guild_id=1, game=None, page=0, pages=3, total=30,
                       games=tuple(big_summary(i) for i in range(10)))
    embed = se.history_embed(page, games=every_game())
    assert within_limits(embed) and len(embed.fields) == 10


def test_rounds_table_leaves_out_early_rounds_when_long() -> None:
    """Two hundred rounds of twelve seats are cut to the latest rounds, and it says so."""
    rounds = tuple(tuple(1000 * r + s for s in range(12)) for r in range(200))
    detail = GameDetail(summary=big_summary(1), variant={"rounds": 20}, seed=5, rounds=rounds)
    embed = se.rounds_embed(detail, games=every_game())
    assert within_limits(embed)
    text = embed.description or ""
    assert text.startswith("(rounds 1–") and " 200 " in text and "Total" in text


def test_short_rounds_table_is_complete() -> None:
    """A short game's table lists every round and no omission note."""
    detail = GameDetail(summary=big_summary(1), variant={}, seed=5, rounds=((1,) * 12, (2,) * 12))
    text = se.rounds_table(detail)
    assert "left out" not in text and text.count("\n") == 7  # fence, header, rule, 2, rule, total


def test_leaderboard_with_long_names_fits() -> None:
    """A full page plus the viewer's own row fits, and markdown in names is escaped."""
    rows = tuple(LeaderboardRow(rank=i + 1, user_id=i, name=LONG, games=9999, wins=9999,
                                skill=Skill(50.0, 1.0)) for i in range(10))
    own = LeaderboardRow(rank=999, user_id=999, name=LONG, games=1, wins=0, skill=Skill(20, 8))
    page = LeaderboardPage(guild_id=1, game="soi", sort=SortKey.WIN_RATE, page=0, pages=100,
                           total=1000, rows=rows, own=own)
    embed = se.leaderboard_embed(page, viewer=999, games=every_game())
    assert within_limits(embed)
    assert "Your place:" in (embed.description or "") and "\\_\\*" in (embed.description or "")


def test_stats_embed_for_every_game_fits() -> None:
    """Stats for all four games with recent games fit one embed."""
    recent = tuple(RecentGame(result_id=i, game="soi", ended_at="2026-11-22 11:00:00", place=2,
                              players=12, total=999999, winner=False, counted=False)
                   for i in range(5))
    games = tuple(GameStats(game=g, games=10**6, wins=10**5, best_place=1, average_place=6.5,
                            best_total=-5, average_total=1234.5, skill=Skill(30, 2), rank=1,
                            trend=-40, trend_games=10, recent=recent)
                  for g in ("soureh", "pariah", "turup", "soi"))
    stats = PlayerStats(guild_id=1, user_id=2, name=LONG, games=games)
    assert within_limits(se.stats_embed(stats, LONG * 10, games=every_game()))
    assert within_limits(se.stats_embed(stats, LONG, "soi", games=every_game()))


def test_settings_embed_marks_server_values() -> None:
    """Server-set values are bold, rule book defaults plain, switches in words."""
    settings = GuildSettings(guild_id=1, game_options={"pariah": {"threshold": 500}},
                             turn_timer=None, four_colour=True)
    embed = settings_embed(settings, CATALOG, "Club")
    assert within_limits(embed)
    values = {f.name: f.value for f in embed.fields}
    assert values["Pariah"] == "**threshold 500** · discards open"
    assert values["Soureh"] == (
        "declare final · end lowest · threshold 100 · leave off · discards hidden"
    )
    assert "Turn timer: off" in values["Tables"] and "Four-colour suits: on" in values["Tables"]


def test_trend_text() -> None:
    """Rating trends read with an arrow and the number of games."""
    assert se.trend_text(12, 10) == "▲ 12 over the last 10 games"
    assert se.trend_text(-3, 1) == "▼ 3 over the last game"
    assert se.trend_text(None, 0) == ""


def test_times_are_discord_timestamps() -> None:
    """A stored UTC time shows as ``<t:…:f>`` (the reader's own time zone)."""
    assert se.when("2026-01-01 00:00:00") == "<t:1767225600:f>"
    assert se.when("soon") == "soon"


def test_status_says_why_a_game_is_not_counted() -> None:
    """Rated, practice (computer seats), one person, or the reason a game ended early."""
    person = SeatLine(0, 5, "ann", 10, 1, True, False)
    computer = SeatLine(1, None, "Bot", 20, 2, False, False)

    def summary(seats: tuple[SeatLine, ...], counted: bool, rated: bool,
                reason: str = "finished") -> GameSummary:
        return GameSummary(1, 4, "soureh", reason, counted, rated, "", "", seats)

    assert se.status_text(summary((person, computer), False, False)) == (
        "practice — computer seats, not counted")
    assert se.status_text(summary((person,), True, False)) == "counted, not rated — one person"
    assert se.status_text(summary((person, person), True, True)) == "rated"
    assert se.status_text(summary((person, person), False, False, "cancelled")) == (
        "not counted — cancelled")
    assert se.game_number(12) == "G12"
