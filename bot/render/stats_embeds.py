"""Embeds for server settings, leaderboards, player stats and game history (within Discord's
embed limits: title 256, description 4096, 25 fields of 1024, 6000 in all)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord
from discord.utils import escape_markdown

from bot.catalog import CATALOG
from bot.i18n import _
from bot.options import defaults, show_turn_timer
from bot.rating import initial

if TYPE_CHECKING:
    from storage.guild_settings import GuildSettings
    from storage.stats_models import (
        GameDetail,
        GameStats,
        GameSummary,
        HistoryPage,
        LeaderboardPage,
        LeaderboardRow,
        PlayerStats,
        SeatLine,
    )

COLOUR = 0x455A64
GAME_COLOURS: Mapping[str, int] = {name: entry.colour for name, entry in CATALOG.items()}
MAX_DESCRIPTION = 4096
MAX_FIELD = 1024
MAX_TOTAL = 6000
HISTORY_BUDGET = 5000  # characters for all of a history page's fields' values
ROUNDS_BUDGET = 3500  # characters for a rounds table
NAME_WIDTH = 20
COLUMN = 7


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def title_of(game: str) -> str:
    """The game's display name."""
    entry = CATALOG.get(game)
    return entry.title if entry is not None else game.title()


def name_of(name: str, user_id: int | None = None) -> str:
    """A player's cached name, markdown-escaped (a mention if no name was ever cached)."""
    if not name and user_id is not None:
        return f"<@{user_id}>"
    return escape_markdown(clip(name, NAME_WIDTH)) or "?"


def when(text: str) -> str:
    """A stored UTC time ``YYYY-MM-DD HH:MM:SS`` as a Discord timestamp (``<t:…:f>``: the
    date and time in the reader's own time zone); anything else as it is."""
    try:
        moment = datetime.strptime(text[:19], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    except ValueError:
        return text
    return f"<t:{int(moment.timestamp())}:f>"


def game_number(result_id: int) -> str:
    """A recorded game's number, ``G12`` (tables are ``table #4``)."""
    return f"G{result_id}"


def status_text(summary: GameSummary) -> str:
    """Whether a game counts, and why not: ``rated``, ``practice — computer seats, not
    counted``, ``not rated — one person``, ``not counted — cancelled``."""
    if summary.rated:
        return "rated"
    if summary.reason != "finished":
        return f"not counted — {summary.reason}"
    if not summary.counted:
        if any(s.user_id is None for s in summary.seats):
            return "practice — computer seats, not counted"
        return "not counted"
    return "counted, not rated — one person"


def percent(value: float) -> str:
    """``0.583`` as ``58%``."""
    return f"{round(100 * value)}%"


def trend_text(trend: int | None, games: int) -> str:
    """``▲ 43 over the last 10 games``, ``▼ 5 …``, or empty without history."""
    if trend is None or not games:
        return ""
    arrow = "▲" if trend > 0 else "▼" if trend < 0 else "＝"
    plural = "game" if games == 1 else f"{games} games"
    return f"{arrow} {abs(trend)} over the last {plural}"


# ---------------------------------------------------------------- settings


def settings_embed(settings: GuildSettings, guild_name: str = "") -> discord.Embed:
    """The server's defaults: per game options, the turn timer and the table switches."""
    embed = discord.Embed(
        title=clip(f"Cardroom settings{' — ' + guild_name if guild_name else ''}", 256),
        colour=COLOUR,
        description="Defaults for new tables; `/play` can still change a table's options.",
    )
    for game, entry in CATALOG.items():
        stored = settings.options_for(game)
        values = {**defaults(game), **stored}
        parts = []
        for spec in entry.options:
            shown = f"{spec.name} {spec.show(values.get(spec.name, spec.default))}"
            parts.append(f"**{shown}**" if spec.name in stored else shown)
        embed.add_field(name=title_of(game), value=" · ".join(parts), inline=False)
    switches = [
        f"Turn timer: {show_turn_timer(settings.turn_timer)}",
        f"Computer seats allowed: {_on(settings.computer_seats)}",
        f"Games with computers count: {_on(settings.count_computer_games)}",
        f"Card images: {_on(settings.images)}",
        f"Four-colour suits: {_on(settings.four_colour)}",
        f"Turn pings: {_on(settings.pings)}",
        _("Hints: {policy}", policy=settings.hints),
    ]
    embed.add_field(name="Tables", value="\n".join(switches), inline=False)
    embed.set_footer(text="Bold values are this server's; the rest are the rule book's defaults.")
    return embed


def _on(value: bool) -> str:
    return "on" if value else "off"


# -------------------------------------------------------------- leaderboard


def _board_line(row: LeaderboardRow, mark: bool = False) -> str:
    games = "game" if row.games == 1 else "games"
    line = (
        f"`#{row.rank:>3}` **{name_of(row.name, row.user_id)}** — {row.rating} · "
        f"{row.wins}/{row.games} {games} won ({percent(row.win_rate)})"
    )
    return f"▶ {line}" if mark else line


def leaderboard_embed(page: LeaderboardPage, viewer: int | None = None) -> discord.Embed:
    """A page of the ranking; the viewer's row is marked, or added below the page."""
    embed = discord.Embed(
        title=f"{title_of(page.game)} leaderboard — by {page.sort.label}",
        colour=GAME_COLOURS.get(page.game, COLOUR),
    )
    if not page.rows:
        embed.description = (
            "No counted games yet in this server. Finish a game with two or more people to "
            "get ranked — games with a computer seat are practice and are not counted "
            "(unless the server turns `count_computer_games` on)."
        )
        return embed
    lines = [_board_line(r, mark=r.user_id == viewer) for r in page.rows]
    if page.own is not None and not page.own_on_page:
        lines += ["", "Your place:", _board_line(page.own, mark=True)]
    elif viewer is not None and page.own is None:
        lines += ["", "You have no counted game of this yet."]
    embed.description = clip("\n".join(lines), MAX_DESCRIPTION)
    embed.set_footer(
        text=f"Page {page.page + 1}/{page.pages} · {page.total} players · "
        f"rating starts at {initial().display} and is conservative (mu − 3σ)"
    )
    return embed


# -------------------------------------------------------------------- stats


def _recent_line(game: GameStats, index: int) -> str:
    r = game.recent[index]
    mark = "🏆" if r.winner else f"{r.place}/{r.players}"
    note = "" if r.counted else " (practice — not counted)"
    return f"{when(r.ended_at)} · {mark} · score {r.total}{note}"


def _game_block(game: GameStats, detailed: bool) -> str:
    lines = []
    if game.games:
        lines.append(f"Games {game.games} · wins {game.wins} ({percent(game.win_rate)})")
        lines.append(f"Place: best {game.best_place} · average {game.average_place or 0:.1f}")
        lines.append(f"Score: best {game.best_total} · average {game.average_total or 0:.1f}")
    else:
        lines.append("No counted games (games with computers are practice here).")
    if game.skill is not None:
        rank = f" · #{game.rank} here" if game.rank is not None else ""
        trend = trend_text(game.trend, game.trend_games)
        lines.append(f"Rating {game.skill.display}{rank}" + (f" · {trend}" if trend else ""))
    recent = range(len(game.recent) if detailed else min(len(game.recent), 3))
    if recent:
        lines.append("Recent games:")
        lines += [f"• {_recent_line(game, i)}" for i in recent]
    return clip("\n".join(lines), MAX_FIELD)


def stats_embed(stats: PlayerStats, shown_name: str, game: str | None = None) -> discord.Embed:
    """A player's record in this server: per game, or one game in detail."""
    title = f"{shown_name} — {title_of(game)} stats" if game else f"{shown_name} — stats"
    embed = discord.Embed(title=clip(title, 256), colour=GAME_COLOURS.get(game or "", COLOUR))
    if not stats.games:
        what = f"{title_of(game)} " if game else ""
        embed.description = f"No finished {what}games in this server yet."
        return embed
    for entry in stats.games[:25]:
        embed.add_field(
            name=title_of(entry.game), value=_game_block(entry, detailed=game is not None),
            inline=False,
        )
    return embed


# ------------------------------------------------------------------ history


def seats_text(seats: Sequence[SeatLine], limit: int = MAX_FIELD) -> str:
    """Seats by place: ``🏆 **alice** 45 · bob 120 · 🤖 Computer 2 88`` (cut at ``limit``)."""
    parts = []
    for s in sorted(seats, key=lambda x: (x.place, x.seat)):
        name = name_of(s.name, s.user_id)
        if s.user_id is None:
            name = f"🤖 {name}"
        if s.winner:
            name = f"🏆 **{name}**"
        parts.append(f"{name} {s.total}" + (" (resigned)" if s.resigned else ""))
    return clip(" · ".join(parts), limit)


def history_label(game: GameSummary) -> str:
    """The field name of one game, named as its button: ``G12 Soureh · table #4``."""
    return f"{game_number(game.result_id)} {title_of(game.game)} · table #{game.table_id}"


def history_embed(page: HistoryPage) -> discord.Embed:
    """Recent finished games with players, winner and final scores; numbered for buttons."""
    what = f"{title_of(page.game)} games" if page.game else "games"
    embed = discord.Embed(title=f"Recent {what}", colour=GAME_COLOURS.get(page.game or "", COLOUR))
    if not page.games:
        embed.description = "No finished games in this server yet."
        return embed
    budget = min(MAX_FIELD, HISTORY_BUDGET // len(page.games))
    for game in page.games:
        line = f"\n{when(game.ended_at)} · {status_text(game)}"
        embed.add_field(name=history_label(game),
                        value=seats_text(game.seats, budget - len(line)) + line, inline=False)
    embed.set_footer(
        text=f"Page {page.page + 1}/{page.pages} · {page.total} games · "
        "a game's button shows its rounds"
    )
    return embed


def rounds_table(detail: GameDetail, limit: int = ROUNDS_BUDGET) -> str:
    """The round-by-round points as a monospaced table with a totals line; the earliest
    rounds are left out (and said so) when the table would not fit in ``limit``."""
    seats = detail.summary.seats
    header = "Round " + "".join(f"{clip(s.name, COLUMN - 1):>{COLUMN}}" for s in seats)
    rows = [
        f"{n:>5} " + "".join(f"{p:>{COLUMN}}" for p in points)
        for n, points in enumerate(detail.rounds, start=1)
    ]
    total = "Total " + "".join(f"{s.total:>{COLUMN}}" for s in seats)
    rule = "-" * len(header)
    kept = list(rows)
    note = ""
    while kept and len("\n".join([header, rule, *kept, rule, total])) + 60 > limit:
        kept.pop(0)
        note = f"(rounds 1–{len(rows) - len(kept)} left out)\n"
    body = "\n".join([header, rule, *kept, rule, total])
    return f"{note}```\n{body}\n```"


def rounds_embed(detail: GameDetail) -> discord.Embed:
    """One game's rounds, its players by place and its options."""
    summary = detail.summary
    embed = discord.Embed(
        title=f"Game {game_number(summary.result_id)} · {title_of(summary.game)}",
        colour=GAME_COLOURS.get(summary.game, COLOUR),
        description=rounds_table(detail) if detail.rounds else "No round was completed.",
    )
    embed.add_field(name="Result", value=seats_text(summary.seats, 900)
                    + f"\nEnded {when(summary.ended_at)}", inline=False)
    options = " · ".join(f"{k} {v}" for k, v in sorted(detail.variant.items()))
    if options:
        embed.add_field(name="Options", value=clip(options, 300), inline=False)
    embed.set_footer(text=f"Table #{summary.table_id} · {status_text(summary)}")
    return embed
