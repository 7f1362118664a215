"""Embeds for the lobby, the table message, a player's cards and the rules, built from the
table's record and the engine's views only (never from engine state)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import options
from bot.games.views import GameView
from bot.i18n import N_, _, _n
from bot.render.card_text import (
    isolated,
    legible,
    legible_embed,
    names_list,
    notation,
    num,
    seat_name,
    truncate,
)
from bot.render.look import Field
from bot.render.names import shown
from bot.render.option_words import plain_options, timer_text
from bot.results import placements

if TYPE_CHECKING:
    from bot.games.registry import Game
    from bot.seen import Seen



NO_GAME_COLOUR = 0x555555
"""The colour of an embed of no game (stats of every game, a game no longer offered)."""

# Why a table closed, as stored (bot.tables) and as people read it.
#: Why a table closed, as a sentence for its message (an unknown reason: the short word).
CLOSED = {
    "cancelled": N_("This table was cancelled."),
    "finished": N_("The game is over."),
    "inactive": N_("This table was closed: nobody played for too long."),
    "broken": N_("This table was closed: it could not go on after an error."),
    "channel deleted":  # i18n: not for people (the stored key)
        N_("This table was closed: its channel was deleted."),
    "not started within 15 minutes":  # i18n: not for people (the stored key)
        N_("This table was closed: it did not start within 15 minutes."),
}
END_REASONS = {
    "finished": N_("finished"),
    "cancelled": N_("cancelled"),
    "inactive": N_("inactive"),
    "broken": N_("broken"),
    "channel deleted": N_("channel deleted"),  # i18n: not for people (the stored key)
    "not started within 15 minutes":  # i18n: not for people (the stored key)
        N_("not started within 15 minutes"),
}


def title_of(game: Game) -> str:
    """The game's display name, in the reader's language (the catalog's titles are marked
    for translation where the engines name them)."""
    return _(game.title)


def reason_text(reason: str) -> str:
    """Why a table closed, in the reader's language (an unknown reason as stored)."""
    return _(END_REASONS.get(reason, reason)) if reason else reason


def closed_text(reason: str | None) -> str:
    """Why a table closed, as a sentence."""
    key = reason or "cancelled"
    if key in CLOSED:
        return _(CLOSED[key])
    return _("This table was closed: {reason}.", reason=reason_text(key))


def options_text(game: Game, variant: dict[str, Any], timer: int | None) -> str:
    """The table's options in a line: ``threshold 100 · declare final · timer 3 min`` (an
    option as ``/play`` names it in English; in words in another language: ``الحد 100``)."""
    parts = []
    for spec in options.specs(game):
        if spec.name in variant:
            parts.append(spec.words(variant[spec.name]))
    parts.append(_("timer {time}", time=timer_text(timer)))
    return " · ".join(parts)


def seat_label(table: Seen, seat: int) -> str:
    """A seat's name with a mention for people and a robot for computers."""
    record = table.seats[seat]
    if record.user_id is None:
        return f"🤖 {shown(record.name)}"
    text = isolated(f"<@{record.user_id}>")
    if record.resigned:
        return _("{who} (resigned — 🤖 plays on)", who=text)
    if record.is_computer_held:
        return _("{who} (🤖 holds the seat)", who=text)
    return text


def _add_fields(embed: discord.Embed, fields: list[Field]) -> None:
    for f in fields[:24]:
        embed.add_field(name=truncate(f.name, 256), value=truncate(f.value or "—", 1024),
                        inline=f.inline)


def lobby_embed(table: Seen) -> discord.Embed:
    """The lobby: game, options, seats, host."""
    embed = discord.Embed(
        title=_("{game} — table #{id} (lobby)", game=title_of(table.game), id=table.id),
        colour=table.game.colour,
        description="\n".join((
            _("Host: {who}", who=isolated(f"<@{table.host_id}>")),
            _("Options: {options}",
              options=plain_options(table.game, table.variant, table.timer_seconds)),
            _("Players: {seats} — press **Join** to sit down.",
              seats=notation(table.game.seats)),
        )),
    )
    lines = [f"{num(i + 1)}. {seat_label(table, i)}" for i in range(len(table.seats))]
    embed.add_field(
        name=_("Seats ({taken}/{most})", taken=num(len(table.seats)),
               most=num(table.max_players)),
        value="\n".join(lines) or "—",
        inline=False,
    )
    if table.cancelled:
        embed.title = _("{game} — table #{id} (cancelled)", game=title_of(table.game),
                        id=table.id)
        embed.description = closed_text(table.end_reason)
    embed.set_footer(text=_("Table #{id} · /rules game:{game}", id=table.id,
                            game=title_of(table.game)))
    return legible_embed(embed)


def _turn_line(table: Seen, view: GameView) -> str:
    seat = view.get("to_act")
    if seat is None:
        return ""
    look = table.game.look
    line = _(look.turn(str(view.get("phase"))), who=seat_label(table, seat))
    extra = view.get("extra_turns")
    if extra:
        line += " " + _n("({n} extra turn left)", "({n} extra turns left)", int(extra))
    deadline = table.deadline
    if deadline:
        line += " · " + _("ends {when}", when=f"<t:{int(deadline)}:R>")
    return line


def _marked(table: Seen, seat: int) -> str:
    """A seat's name for standings: computers get a robot, resigned seats say so."""
    record = table.seats[seat] if seat < len(table.seats) else None
    name = seat_name(table.names, seat)
    if record is None:
        return name
    if record.user_id is None:
        name = f"🤖 {name}"
    if record.resigned:
        name = _("{name} (resigned)", name=name)
    return name


def standings_order(table: Seen, view: GameView) -> list[tuple[int, int]]:
    """``(place, seat)`` best first: winners first, resigned seats last."""
    totals = view.get("totals") or []
    winners = sorted(set(view.get("winners") or []))
    resigned = [s.seat for s in table.seats if s.resigned]
    places = placements(totals, winners, resigned, lowest_wins=table.lowest_wins)
    order = sorted(range(len(totals)), key=lambda s: (places[s], s))
    return [(places[s], s) for s in order]


def standings_lines(table: Seen, view: GameView) -> list[str]:
    """One line per seat: ``1. ann — 51 🏆`` (``🤖`` computers, ``(resigned)``); the dot
    is escaped, so Discord shows tied places as they are instead of a renumbered list."""
    totals = view.get("totals") or []
    winners = set(view.get("winners") or [])
    return [
        f"{num(place)}\\. {_marked(table, s)} — {num(totals[s])}" + (" 🏆" if s in winners else "")
        for place, s in standings_order(table, view)
    ]


def _scores_line(table: Seen, view: GameView) -> str:
    """Every seat's total in one line, in seat order: ``ann 12 · bob 30 · 🤖 cat 5``."""
    totals = view.get("totals") or []
    to_act = view.get("to_act")
    parts = []
    for s, total in enumerate(totals):
        name = _marked(table, s)
        parts.append(f"**{name} {num(total)}**" if s == to_act else f"{name} {num(total)}")
    return " · ".join(parts)


def _standings_line(table: Seen, view: GameView) -> str:
    """The final standings in as few lines as a phone allows: ``🏆 ann 51 · 2. bob 64``."""
    totals = view.get("totals") or []
    winners = set(view.get("winners") or [])
    parts = []
    for place, s in standings_order(table, view):
        mark = "🏆" if s in winners else f"{num(place)}."
        parts.append(f"{mark} {_marked(table, s)} {num(totals[s])}")
    return " · ".join(parts)


def winners_text(table: Seen, view: GameView) -> str:
    """``ann`` / ``ann and bob`` / ``nobody``."""
    return names_list([seat_name(table.names, s) for s in view.get("winners") or []])


def table_embed(table: Seen, *, text_table: bool = False) -> discord.Embed:
    """The table message, built for a phone: the title (game, table, round), a few lines
    (scores, whose turn and until when, the last three events) and the table image under
    them (set by the caller). ``text_table`` adds the public cards as text, for a server
    that turned images off. The last round's result is the image's and the round-end
    message's, never repeated here."""
    if not table.dealt:
        return lobby_embed(table)
    view = table.public_view()
    if table.finished:
        title = _("{game} — table #{id} · game over", game=title_of(table.game), id=table.id)
    elif not table.is_open:
        title = _("{game} — table #{id} · closed", game=title_of(table.game), id=table.id)
    else:
        title = _("{game} — table #{id} · round {round}", game=title_of(table.game), id=table.id,
                  round=num(view.get("round", 1)))
    embed = discord.Embed(
        title=title,
        colour=table.game.colour,
    )
    lines: list[str] = []
    if table.running:
        look = table.game.look
        lines.append(_scores_line(table, view))
        lines.append(_turn_line(table, view))
        if not text_table:  # what the picture leaves to words (the fields say it all)
            lines.extend(look.table_words(view, table.names))
        recent = list(table.recent)[-look.recent_lines(view):]
        lines.extend(f"• {truncate(t, 200)}" for t in recent)
    elif table.finished or view.get("over"):
        lines.append(_("**Game over** — **{winners}** won the game 🏆",
                       winners=winners_text(table, view)))
        lines.append(_standings_line(table, view))
    else:
        lines.append(f"**{closed_text(table.end_reason)}**")
        lines.append(_scores_line(table, view))
    embed.description = truncate("\n".join(line for line in lines if line), 4096)
    if text_table and table.running:
        _add_fields(embed, table.game.look.public_fields(view, table.names))
    footer = plain_options(table.game, table.variant, table.timer_seconds)
    embed.set_footer(text=truncate(footer, 2048))
    legible_embed(embed)
    _fit(embed)
    return embed


def _fit(embed: discord.Embed) -> None:
    """Keep the embed under Discord's 6,000-character total by trimming the description."""
    while len(embed) > 6000 and embed.description:
        embed.description = embed.description[: max(0, len(embed.description) - 500)]


def hand_embed(table: Seen, seat: int, *, title: str | None = None) -> discord.Embed:
    """A seat's own cards (ephemeral or DM): never posted in a channel."""
    view = table.player_view(seat)
    embed = discord.Embed(
        title=title or _("Your cards — {game} table #{id}", game=title_of(table.game),
                         id=table.id),
        description=truncate(legible(table.game.look.private_text(view)), 4096),
        colour=table.game.colour,
    )
    totals = view.get("totals") or []
    if seat < len(totals):
        embed.set_footer(text=_("Round {round} · your total {total}",
                                round=num(view.get("round", 1)), total=num(totals[seat])))
    return legible_embed(embed)


def last_round_embed(table: Seen) -> discord.Embed | None:
    """The last scored round (public: every face-down card of it shown), or ``None``."""
    if not table.dealt:
        return None
    view = table.public_view()
    look, names = table.game.look, table.names
    over = look.round_over(view, names, table.lowest_wins)
    summary = look.round_summary(view, names) if over is not None else None
    if over is None or not summary:
        return None
    number = over.number
    if number is not None:
        title = _("{game} table #{id} — round {round}", game=title_of(table.game),
                  id=table.id, round=num(number))
    else:
        title = _("{game} table #{id} — the last round", game=title_of(table.game), id=table.id)
    return discord.Embed(
        title=title,
        description=truncate(legible(summary), 4096),
        colour=table.game.colour,
    )


def dm_text(table: Seen, seat: int, guild_name: str | None = None) -> str:
    """The short DM with a seat's cards."""
    view = table.player_view(seat)
    game_name, rnd = title_of(table.game), num(view.get("round", 1))
    if guild_name:
        head = _("**{game} table #{id} in {server}** — round {round}", game=game_name,
                 id=table.id, server=shown(guild_name), round=rnd)
    else:
        head = _("**{game} table #{id}** — round {round}", game=game_name, id=table.id,
                 round=rnd)
    return truncate(legible(head + "\n" + table.game.look.private_text(view)), 2000)
