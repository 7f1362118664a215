"""The stats pages: leaderboards, player stats and game history as embeds (within Discord's
embed limits: title 256, description 4096, 25 fields of 1024, 6000 in all)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord

from bot.i18n import N_, _, _n
from bot.rating import initial
from bot.render.card_text import legible_embed, notation, num, truncate
from bot.render.embeds import reason_text
from bot.render.names import plain, shown

if TYPE_CHECKING:
    from bot.games.registry import Game
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
MAX_DESCRIPTION = 4096
MAX_FIELD = 1024
MAX_TOTAL = 6000
HISTORY_BUDGET = 5000  # characters for all of a history page's fields' values
ROUNDS_BUDGET = 3500  # characters for a rounds table
NAME_WIDTH = 20
COLUMN = 7
# The leaderboard's orders by their key (``storage.stats_models.SortKey``), in words.
SORT_NAMES = {"rating": N_("rating"), "wins": N_("wins"), "winrate": N_("win rate")}


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (a name's isolate kept
    closed)."""
    return text if len(text) <= limit else truncate(text, max(limit, 1))


def title_of(game: str, games: Mapping[str, Game]) -> str:
    """The game's display name, in the reader's language (a game no longer offered: its
    stored name)."""
    entry = games.get(game)
    return _(entry.title) if entry is not None else game.title()


def colour_of(game: str | None, games: Mapping[str, Game]) -> int:
    """The game's embed colour (no game, or one no longer offered: the stats' own)."""
    entry = games.get(game or "")
    return entry.colour if entry is not None else COLOUR


def name_of(name: str, user_id: int | None = None) -> str:
    """A player's cached name made safe by ``shown`` (a mention if no name was ever
    cached)."""
    if not name and user_id is not None:
        return f"<@{user_id}>"
    return shown(name or "?", limit=NAME_WIDTH)


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
        return _("rated")
    if summary.reason != "finished":
        return _("not counted — {reason}", reason=reason_text(summary.reason))
    if not summary.counted:
        if any(s.user_id is None for s in summary.seats):
            return _("practice — computer seats, not counted")
        return _("not counted")
    return _("counted, not rated — one person")


def percent(value: float) -> str:
    """``0.583`` as ``58%`` (as the reader's language writes a percentage)."""
    return _("{value}%", value=num(round(100 * value)))


def trend_text(trend: int | None, games: int) -> str:
    """``▲ 43 over the last 10 games``, ``▼ 5 …``, or empty without history."""
    if trend is None or not games:
        return ""
    arrow = "▲" if trend > 0 else "▼" if trend < 0 else "＝"
    return _n("{arrow} {change} over the last game", "{arrow} {change} over the last {n} games",
              games, arrow=arrow, change=num(abs(trend)))


# -------------------------------------------------------------- leaderboard


def _board_line(row: LeaderboardRow, mark: bool = False) -> str:
    line = f"`#{row.rank:>3}` **{name_of(row.name, row.user_id)}** — " + _n(
        "{rating} · {wins}/{n} game won ({rate})", "{rating} · {wins}/{n} games won ({rate})",
        row.games, rating=row.rating, wins=num(row.wins), rate=percent(row.win_rate))
    return f"▶ {line}" if mark else line


def leaderboard_embed(page: LeaderboardPage, viewer: int | None = None, *,
                      games: Mapping[str, Game]) -> discord.Embed:
    """A page of the ranking; the viewer's row is marked, or added below the page."""
    embed = discord.Embed(
        title=_("{game} leaderboard — by {order}", game=title_of(page.game, games),
                order=_(SORT_NAMES.get(str(page.sort.value), page.sort.label))),
        colour=colour_of(page.game, games),
    )
    if not page.rows:
        embed.description = _(
            "No counted games yet in this server. Finish a game with two or more people to "
            "get ranked — games with a computer seat are practice and are not counted "
            "(unless the server turns `count_computer_games` on)."
        )
        return legible_embed(embed)
    lines = [_board_line(r, mark=r.user_id == viewer) for r in page.rows]
    if page.own is not None and not page.own_on_page:
        lines += ["", _("Your place:"), _board_line(page.own, mark=True)]
    elif viewer is not None and page.own is None:
        lines += ["", _("You have no counted game of this yet.")]
    embed.description = clip("\n".join(lines), MAX_DESCRIPTION)
    embed.set_footer(
        text=_n("Page {page}/{pages} · {n} player · everyone starts at {start}; a rating "
                "is what you have surely shown, so it rises as you play more games and win",
                "Page {page}/{pages} · {n} players · everyone starts at {start}; a rating "
                "is what you have surely shown, so it rises as you play more games and win",
                page.total, page=num(page.page + 1),
                pages=num(page.pages), start=initial().display)
    )
    return legible_embed(embed)


# -------------------------------------------------------------------- stats


def _recent_line(game: GameStats, index: int) -> str:
    r = game.recent[index]
    mark = "🏆" if r.winner else notation(f"{num(r.place)}/{num(r.players)}")
    if r.counted:
        return _("{when} · {mark} · score {total}", when=when(r.ended_at), mark=mark,
                 total=num(r.total))
    return _("{when} · {mark} · score {total} (practice — not counted)", when=when(r.ended_at),
             mark=mark, total=num(r.total))


def _game_block(game: GameStats, detailed: bool) -> str:
    lines = []
    if game.games:
        lines.append(_("Games {games} · wins {wins} ({rate})", games=num(game.games),
                       wins=num(game.wins), rate=percent(game.win_rate)))
        lines.append(_("Place: best {best} · average {average}", best=num(game.best_place or 0),
                       average=_average(game.average_place)))
        lines.append(_("Score: best {best} · average {average}", best=num(game.best_total or 0),
                       average=_average(game.average_total)))
    else:
        lines.append(_("No counted games (games with computers are practice here)."))
    if game.skill is not None:
        line = (_("Rating {rating} · #{rank} here", rating=game.skill.display,
                  rank=num(game.rank)) if game.rank is not None
                else _("Rating {rating}", rating=game.skill.display))
        trend = trend_text(game.trend, game.trend_games)
        lines.append(line + (f" · {trend}" if trend else ""))
    recent = range(len(game.recent) if detailed else min(len(game.recent), 3))
    if recent:
        lines.append(_("Recent games:"))
        lines += [f"• {_recent_line(game, i)}" for i in recent]
    return clip("\n".join(lines), MAX_FIELD)


def _average(value: float | None) -> str:
    """An average to one decimal (``2.0``), as the reader's language writes it."""
    return num(round(float(value or 0), 1))


def stats_embed(stats: PlayerStats, shown_name: str, game: str | None = None, *,
                games: Mapping[str, Game]) -> discord.Embed:
    """A player's record in this server: per game, or one game in detail."""
    who = shown(shown_name)
    title = (_("{name} — {game} stats", name=who, game=title_of(game, games)) if game
             else _("{name} — stats", name=who))
    embed = discord.Embed(title=clip(title, 256), colour=colour_of(game, games))
    if not stats.games:
        embed.description = (_("No finished {game} games in this server yet.",
                               game=title_of(game, games)) if game
                             else _("No finished games in this server yet."))
        return legible_embed(embed)
    for entry in stats.games[:25]:
        embed.add_field(
            name=title_of(entry.game, games),
            value=_game_block(entry, detailed=game is not None),
            inline=False,
        )
    return legible_embed(embed)


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
        line = f"{name} {num(s.total)}"
        parts.append(_("{name} (resigned)", name=line) if s.resigned else line)
    return clip(" · ".join(parts), limit)


def history_label(game: GameSummary, games: Mapping[str, Game]) -> str:
    """The field name of one game, named as its button: ``G12 Soureh · table #4``."""
    return _("{number} {game} · table #{id}", number=game_number(game.result_id),
             game=title_of(game.game, games), id=game.table_id)


def history_embed(page: HistoryPage, *, games: Mapping[str, Game]) -> discord.Embed:
    """Recent finished games with players, winner and final scores; numbered for buttons."""
    title = (_("Recent {game} games", game=title_of(page.game, games)) if page.game
             else _("Recent games"))
    embed = discord.Embed(title=title, colour=colour_of(page.game, games))
    if not page.games:
        embed.description = _("No finished games in this server yet.")
        return legible_embed(embed)
    budget = min(MAX_FIELD, HISTORY_BUDGET // len(page.games))
    for game in page.games:
        line = f"\n{when(game.ended_at)} · {status_text(game)}"
        embed.add_field(name=history_label(game, games),
                        value=seats_text(game.seats, budget - len(line)) + line, inline=False)
    embed.set_footer(
        text=_n("Page {page} of {pages}: {n} game. Its button shows its rounds.",
                "Page {page} of {pages}: {n} games. Each game's button shows its rounds.",
                page.total, page=num(page.page + 1), pages=num(page.pages))
    )
    return legible_embed(embed)


def rounds_table(detail: GameDetail, limit: int = ROUNDS_BUDGET) -> str:
    """The round-by-round points as a monospaced table with a totals line; the earliest
    rounds are left out (and said so) when the table would not fit in ``limit``."""
    seats = detail.summary.seats
    first = _("Round")
    header = f"{first:<5} " + "".join(_column(s.name) for s in seats)
    rows = [
        f"{n:>5} " + "".join(f"{p:>{COLUMN}}" for p in points)
        for n, points in enumerate(detail.rounds, start=1)
    ]
    total_word = _("Total")
    total = f"{total_word:<5} " + "".join(f"{s.total:>{COLUMN}}" for s in seats)
    rule = "-" * (6 + COLUMN * len(seats))
    kept = list(rows)
    note = ""
    while kept and len("\n".join([header, rule, *kept, rule, total])) + 60 > limit:
        kept.pop(0)
        note = _("(rounds 1–{last} left out)", last=num(len(rows) - len(kept))) + "\n"
    body = "\n".join([header, rule, *kept, rule, total])
    return f"{note}```\n{body}\n```"


def _column(name: str) -> str:
    """A name as a column head of the monospaced rounds table: no bidi control, no
    backtick (it would end the code block), cut to the column and isolated; padded by what
    shows, so the columns line up."""
    text = clip(plain(name).replace("`", "ˋ"), COLUMN - 1)
    return " " * (COLUMN - len(text)) + shown(text, markdown=False)


def rounds_embed(detail: GameDetail, *, games: Mapping[str, Game]) -> discord.Embed:
    """One game's rounds, its players by place and its options."""
    summary = detail.summary
    embed = discord.Embed(
        title=_("Game {number} · {game}", number=game_number(summary.result_id),
                game=title_of(summary.game, games)),
        colour=colour_of(summary.game, games),
        description=rounds_table(detail) if detail.rounds else _("No round was completed."),
    )
    embed.add_field(name=_("Result"), value=seats_text(summary.seats, 900)
                    + "\n" + _("Ended {when}", when=when(summary.ended_at)), inline=False)
    options = " · ".join(notation(f"{k} {v}") for k, v in sorted(detail.variant.items()))
    if options:
        embed.add_field(name=_("Options"), value=clip(options, 300), inline=False)
    embed.set_footer(text=_("Table #{id} · {status}", id=summary.table_id,
                            status=status_text(summary)))
    return legible_embed(embed)
