"""The short public messages around a table, and the result a player gets by DM: a turn
ping, a round's end, the game's end. Built from the table's record and public views only,
except ``result_dm_text`` (one seat's own final cards, for that seat's DM)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games.views import GameView
from bot.i18n import L_, N_, Msg, _
from bot.render.card_text import isolated, legible, num, seat_name, truncate
from bot.render.embeds import (
    standings_lines,
    standings_order,
    title_of,
    winners_text,
)
from bot.render.names import shown

if TYPE_CHECKING:
    from bot.seen import Seen

# Whether a game counts (marked here, said in the reader's language by rating_note).
PRACTICE = N_("Practice game — not rated (computer seats).")
SOLO = N_("Not rated: only one person played.")
RATED = N_("Rated game: it counts for the leaderboard.")


def ping_text(table: Seen, seat: int, url: str) -> str:
    """``<@bob> — your turn at Soureh, table #4 · ends <t:…:R>`` (the link to the table)."""
    user_id = table.seats[seat].user_id
    text = _("{who} — your turn at {game}, [table #{id}]({url})",
             who=isolated(f"<@{user_id}>"), game=title_of(table.game), id=table.id, url=url)
    deadline = table.deadline
    if deadline:
        text += " · " + _("ends {when}", when=f"<t:{int(deadline)}:R>")
    return text


def only(user_id: int) -> discord.AllowedMentions:
    """Mentions that can notify ``user_id`` and nobody else."""
    return discord.AllowedMentions(users=[discord.Object(user_id)], roles=False,
                                   everyone=False, replied_user=False)


NOBODY = discord.AllowedMentions.none()


def totals_line(table: Seen, view: GameView) -> str:
    """``Totals: ann 12 · bob 30``."""
    totals = view.get("totals") or []
    return _("Totals: {totals}", totals=" · ".join(
        f"{seat_name(table.names, s)} {num(t)}" for s, t in enumerate(totals)))


def round_end_embed(table: Seen) -> discord.Embed | None:
    """The round-end message (the round's picture goes on it), or ``None`` before one."""
    view = table.public_view()
    over = table.game.look.round_over(view, table.names, table.lowest_wins)
    if over is None:
        return None
    number = over.number or table.rounds
    embed = discord.Embed(
        title=_("{game} table #{id} — round {round} is over", game=title_of(table.game),
                id=table.id, round=num(number)),
        description=truncate(legible(over.winners + "\n" + totals_line(table, view)), 4096),
        colour=table.game.colour,
    )
    return embed


def rating_note(table: Seen, count_computer_games: bool) -> str | Msg:
    """Whether the game counts: practice (computer seats), one person, or rated; one of
    :data:`PRACTICE`, :data:`SOLO`, :data:`RATED`, in English (the catalog's key), or a
    lazy text naming who used hints: the game-end message and the result DM say it in their
    reader's language."""
    humans = [s for s in table.seats if s.user_id is not None]
    computers = any(s.user_id is None for s in table.seats)
    if computers and not count_computer_games:
        return PRACTICE
    hinted = [shown(table.seats[seat].name) for seat, used in sorted(table.hints.items()) if used]
    if hinted:
        return L_("Practice game — not rated: {names} used hints.", names=", ".join(hinted))
    if len(humans) < 2:
        return SOLO
    return RATED


def _said(note: str | Msg) -> str:
    return str(note) if isinstance(note, Msg) else _(note)


def game_end_embed(table: Seen, note: str | Msg) -> discord.Embed:
    """The game-end message: who won the game, the standings (resigned and computer seats
    marked) and whether it was rated."""
    view = table.public_view()
    lines = [_("**{winners}** won the game 🏆", winners=winners_text(table, view)), ""]
    lines += standings_lines(table, view)
    lines += ["", _said(note)]
    return discord.Embed(
        title=_("{game} table #{id} — game over", game=title_of(table.game), id=table.id),
        description=truncate(legible("\n".join(lines)), 4096),
        colour=table.game.colour,
    )


def result_dm_text(table: Seen, seat: int, url: str, note: str | Msg,
                   guild_name: str | None = None) -> str:
    """One player's result by DM: who won, his place and total, and his true final
    cards."""
    view = table.public_view()
    place = next(p for p, s in standings_order(table, view) if s == seat)
    totals = view.get("totals") or []
    total = totals[seat] if seat < len(totals) else 0
    mine = table.game.look.private_text(table.player_view(seat))
    if guild_name:
        head = _("**{game} [table #{id}]({url}) in {server} — game over**",
                 game=title_of(table.game), id=table.id, url=url, server=shown(guild_name))
    else:
        head = _("**{game} [table #{id}]({url}) — game over**", game=title_of(table.game),
                 id=table.id, url=url)
    result = _("{winners} won the game. You finished #{place} with {total}.",
               winners=winners_text(table, view), place=num(place), total=num(total))
    return truncate(legible(
        f"{head}\n{result}\n{_said(note)}\n\n" + _("Your final cards:") + f"\n{mine}"),
        2000,
    )
