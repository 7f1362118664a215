"""The short public messages around a table, and the result a player gets by DM: a turn
ping, a round's end, the game's end. Built from the table's record and public views only,
except ``result_dm_text`` (one seat's own final cards, for that seat's DM)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.catalog import game
from bot.i18n import _
from bot.render.card_text import seat_name, truncate
from bot.render.coop import ROUND_REASONS
from bot.render.embeds import (
    COLOURS,
    standings_lines,
    standings_order,
    title_of,
    winners_text,
)
from bot.results import LOWEST_WINS

if TYPE_CHECKING:
    from bot.tables.model import Table

PRACTICE = "Practice game — not rated (computer seats)."
SOLO = "Not rated: only one person played."
RATED = "Rated game: it counts for the leaderboard."


def ping_text(table: Table, seat: int, url: str) -> str:
    """``<@bob> — your turn at Soureh, table #4 · ends <t:…:R>`` (the link to the table)."""
    user_id = table.seats[seat].user_id
    text = f"<@{user_id}> — your turn at {title_of(table.game)}, [table #{table.id}]({url})"
    deadline = table.record.deadline
    if deadline:
        text += f" · ends <t:{int(deadline)}:R>"
    return text


def only(user_id: int) -> discord.AllowedMentions:
    """Mentions that can notify ``user_id`` and nobody else."""
    return discord.AllowedMentions(users=[discord.Object(user_id)], roles=False,
                                   everyone=False, replied_user=False)


NOBODY = discord.AllowedMentions.none()


def _who(names: Sequence[str], seats: Sequence[int]) -> str:
    shown = [seat_name(names, s) for s in seats]
    if not shown:
        return "nobody"
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def round_winner_line(table: Table, last: dict[str, Any]) -> str:
    """Who won the round and why, in one line."""
    names = table.names
    if "won" in last:  # Turup: the most cards taken
        winners = list(last.get("winners") or [])
        won = last.get("won") or []
        best = won[winners[0]] if winners and winners[0] < len(won) else 0
        return f"**{_who(names, winners)}** won the round with {best} cards."
    points = list(last.get("points") or [])
    if not points:
        return "The round is over."
    low = table.game in LOWEST_WINS
    best = min(points) if low else max(points)
    winners = [s for s, p in enumerate(points) if p == best]
    how = "the fewest points" if low else "the most points"
    line = f"**{_who(names, winners)}** won the round ({best:+d}, {how})"
    reason = ROUND_REASONS.get(str(last.get("reason")))
    return line + (f": {reason}." if reason else ".")


def totals_line(table: Table, view: dict[str, Any]) -> str:
    """``Totals: ann 12 · bob 30``."""
    totals = view.get("totals") or []
    return "Totals: " + " · ".join(
        f"{seat_name(table.names, s)} {t}" for s, t in enumerate(totals))


def round_end_embed(table: Table) -> discord.Embed | None:
    """The round-end message (the round's picture goes on it), or ``None`` before one."""
    view = table.public_view()
    last = view.get("last_round")
    if not isinstance(last, dict):
        return None
    number = last.get("round") or len(table.rounds)
    embed = discord.Embed(
        title=f"{title_of(table.game)} table #{table.id} — round {number} is over",
        description=truncate(round_winner_line(table, last) + "\n" + totals_line(table, view),
                             4096),
        colour=COLOURS.get(table.game, 0x555555),
    )
    return embed


def rating_note(table: Table, count_computer_games: bool) -> str:
    """Whether the game counts: practice (computer seats), one person, or rated."""
    humans = [s for s in table.seats if s.user_id is not None]
    computers = any(s.user_id is None for s in table.seats)
    if computers and not count_computer_games:
        return PRACTICE
    hinted = [table.seats[seat].name for seat, used in sorted(table.hints.items()) if used]
    if hinted:
        return _("Practice game — not rated: {names} used hints.", names=", ".join(hinted))
    if len(humans) < 2:
        return SOLO
    return RATED


def game_end_embed(table: Table, note: str) -> discord.Embed:
    """The game-end message: who won the game, the standings (resigned and computer seats
    marked) and whether it was rated."""
    view = table.public_view()
    lines = [f"**{winners_text(table, view)}** won the game 🏆", ""]
    lines += standings_lines(table, view)
    lines += ["", note]
    return discord.Embed(
        title=f"{title_of(table.game)} table #{table.id} — game over",
        description=truncate("\n".join(lines), 4096),
        colour=COLOURS.get(table.game, 0x555555),
    )


def result_dm_text(table: Table, seat: int, url: str, note: str,
                   guild_name: str | None = None) -> str:
    """One player's result by DM: who won, his place and total, and his true final
    cards."""
    view = table.public_view()
    where = f" in {guild_name}" if guild_name else ""
    place = next(p for p, s in standings_order(table, view) if s == seat)
    totals = view.get("totals") or []
    total = totals[seat] if seat < len(totals) else 0
    mine = game(table.game).look.private_text(table.player_view(seat))
    return truncate(
        f"**{title_of(table.game)} [table #{table.id}]({url}){where} — game over**\n"
        f"{winners_text(table, view)} won the game. You finished #{place} with {total}.\n{note}\n\n"
        f"Your final cards:\n{mine}",
        2000,
    )
