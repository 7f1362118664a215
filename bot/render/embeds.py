"""Embeds for the lobby, the table message, a player's cards and the rules, built from the
table's record and the engine's views only (never from engine state)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.catalog import CATALOG, game
from bot.options import show_turn_timer
from bot.render.card_text import seat_name, truncate
from bot.render.look import Field
from bot.render.names import shown_all
from bot.results import placements

if TYPE_CHECKING:
    from bot.tables.model import Table

COLOURS: Mapping[str, int] = {name: entry.colour for name, entry in CATALOG.items()}
PHASES = {
    "draw": "to draw",
    "place": "to place the drawn card",
    "declare": "to declare or end the turn",
    "reveal": "to reveal or continue",
    "play": "to play a card",
    "ask": "to ask for a card",
}
MEMORY_ASKS = 3
RECENT_LINES = 3


def title_of(name: str) -> str:
    """The game's display name."""
    return game(name).title


def options_text(name: str, variant: dict[str, Any], timer: int | None) -> str:
    """The table's options in a line: ``threshold 100 · declare final · timer 3 min``."""
    parts = []
    for spec in game(name).options:
        if spec.name in variant:
            parts.append(f"{spec.name} {spec.show(variant[spec.name])}")
    parts.append(f"timer {show_turn_timer(timer)}")
    return " · ".join(parts)


def seat_label(table: Table, seat: int) -> str:
    """A seat's name with a mention for people and a robot for computers."""
    record = table.seats[seat]
    if record.user_id is None:
        return f"🤖 {record.name}"
    text = f"<@{record.user_id}>"
    if record.resigned:
        text += " (resigned — 🤖 plays on)"
    elif record.is_computer_held:
        text += " (🤖 holds the seat)"
    return text


def _add_fields(embed: discord.Embed, fields: list[Field]) -> None:
    for f in fields[:24]:
        embed.add_field(name=truncate(f.name, 256), value=truncate(f.value or "—", 1024),
                        inline=f.inline)


def lobby_embed(table: Table) -> discord.Embed:
    """The lobby: game, options, seats, host."""
    rec = table.record
    engine = table.engine
    embed = discord.Embed(
        title=f"{title_of(rec.game)} — table #{rec.id} (lobby)",
        colour=COLOURS.get(rec.game, 0x555555),
        description=(
            f"Host: <@{rec.host_id}>\n"
            f"Options: {options_text(rec.game, rec.variant, rec.timer_seconds)}"
            f"\nPlayers: {game(rec.game).seats} — press **Join** to sit down."
        ),
    )
    lines = [f"{i + 1}. {seat_label(table, i)}" for i in range(len(table.seats))]
    embed.add_field(
        name=f"Seats ({len(table.seats)}/{engine.max_players})",
        value="\n".join(lines) or "—",
        inline=False,
    )
    if table.cancelled:
        embed.title = f"{title_of(rec.game)} — table #{rec.id} (cancelled)"
        reason = rec.end_reason
        embed.description = ("This table was cancelled." if reason in (None, "cancelled")
                             else f"This table was closed: {reason}.")
    embed.set_footer(text=f"Table #{rec.id} · /rules game:{title_of(rec.game)}")
    return embed


def _turn_line(table: Table, view: dict[str, Any]) -> str:
    seat = view.get("to_act")
    if seat is None:
        return ""
    phase = PHASES.get(str(view.get("phase")), "to act")
    line = f"**Turn:** {seat_label(table, seat)} {phase}"
    if view.get("extra_turns"):
        line += f" ({view['extra_turns']} extra turn(s) left)"
    deadline = table.record.deadline
    if deadline:
        line += f" · ends <t:{int(deadline)}:R>"
    return line


def _marked(table: Table, seat: int) -> str:
    """A seat's name for standings: computers get a robot, resigned seats say so."""
    record = table.seats[seat] if seat < len(table.seats) else None
    name = seat_name(shown_all(table.names), seat)
    if record is None:
        return name
    if record.user_id is None:
        name = f"🤖 {name}"
    if record.resigned:
        name += " (resigned)"
    return name


def standings_order(table: Table, view: dict[str, Any]) -> list[tuple[int, int]]:
    """``(place, seat)`` best first: winners first, resigned seats last."""
    totals = view.get("totals") or []
    winners = sorted(set(view.get("winners") or []))
    resigned = [s.seat for s in table.seats if s.resigned]
    places = placements(table.game, totals, winners, resigned)
    order = sorted(range(len(totals)), key=lambda s: (places[s], s))
    return [(places[s], s) for s in order]


def standings_lines(table: Table, view: dict[str, Any]) -> list[str]:
    """One line per seat: ``1. ann — 51 🏆`` (``🤖`` computers, ``(resigned)``); the dot
    is escaped, so Discord shows tied places as they are instead of a renumbered list."""
    totals = view.get("totals") or []
    winners = set(view.get("winners") or [])
    return [
        f"{place}\\. {_marked(table, s)} — {totals[s]}" + (" 🏆" if s in winners else "")
        for place, s in standings_order(table, view)
    ]


def _scores_line(table: Table, view: dict[str, Any]) -> str:
    """Every seat's total in one line, in seat order: ``ann 12 · bob 30 · 🤖 cat 5``."""
    totals = view.get("totals") or []
    to_act = view.get("to_act")
    parts = []
    for s, total in enumerate(totals):
        name = _marked(table, s)
        parts.append(f"**{name} {total}**" if s == to_act else f"{name} {total}")
    return " · ".join(parts)


def _standings_line(table: Table, view: dict[str, Any]) -> str:
    """The final standings in as few lines as a phone allows: ``🏆 ann 51 · 2. bob 64``."""
    totals = view.get("totals") or []
    winners = set(view.get("winners") or [])
    parts = []
    for place, s in standings_order(table, view):
        mark = "🏆" if s in winners else f"{place}."
        parts.append(f"{mark} {_marked(table, s)} {totals[s]}")
    return " · ".join(parts)


def winners_text(table: Table, view: dict[str, Any]) -> str:
    """``ann`` / ``ann and bob`` / ``nobody``."""
    winners = [seat_name(shown_all(table.names), s) for s in view.get("winners") or []]
    if not winners:
        return "nobody"
    return winners[0] if len(winners) == 1 else ", ".join(winners[:-1]) + " and " + winners[-1]


def table_embed(table: Table, *, text_table: bool = False) -> discord.Embed:
    """The table message, built for a phone: the title (game, table, round), a few lines
    (scores, whose turn and until when, the last three events) and the table image under
    them (set by the caller). ``text_table`` adds the public cards as text, for a server
    that turned images off. The last round's result is the image's and the round-end
    message's, never repeated here."""
    if table.state is None:
        return lobby_embed(table)
    rec = table.record
    view = table.public_view()
    if table.finished:
        state_word = "game over"
    elif not table.status.is_open:
        state_word = "closed"
    else:
        state_word = f"round {view.get('round', 1)}"
    embed = discord.Embed(
        title=f"{title_of(rec.game)} — table #{rec.id} · {state_word}",
        colour=COLOURS.get(rec.game, 0x555555),
    )
    lines: list[str] = []
    if table.running:
        lines.append(_scores_line(table, view))
        lines.append(_turn_line(table, view))
        recent = list(table.recent)
        if view.get("memory"):
            recent = recent[-MEMORY_ASKS:]  # Soi's memory rule: only the last asks stay
        lines.extend(f"• {truncate(t, 200)}" for t in recent[-RECENT_LINES:])
    elif table.finished or view.get("over"):
        lines.append(f"**Game over** — **{winners_text(table, view)}** won the game 🏆")
        lines.append(_standings_line(table, view))
    else:
        lines.append(f"**This table was closed** ({rec.end_reason or 'cancelled'}).")
        lines.append(_scores_line(table, view))
    embed.description = truncate("\n".join(line for line in lines if line), 4096)
    if text_table and table.running:
        _add_fields(embed, game(rec.game).look.public_fields(view, shown_all(table.names)))
    footer = options_text(rec.game, rec.variant, rec.timer_seconds)
    embed.set_footer(text=truncate(footer, 2048))
    _fit(embed)
    return embed


def _fit(embed: discord.Embed) -> None:
    """Keep the embed under Discord's 6,000-character total by trimming the description."""
    while len(embed) > 6000 and embed.description:
        embed.description = embed.description[: max(0, len(embed.description) - 500)]


def hand_embed(table: Table, seat: int, *, title: str | None = None) -> discord.Embed:
    """A seat's own cards (ephemeral or DM): never posted in a channel."""
    view = table.player_view(seat)
    embed = discord.Embed(
        title=title or f"Your cards — {title_of(table.game)} table #{table.id}",
        description=truncate(game(table.game).look.private_text(view), 4096),
        colour=COLOURS.get(table.game, 0x555555),
    )
    totals = view.get("totals") or []
    if seat < len(totals):
        embed.set_footer(text=f"Round {view.get('round', 1)} · your total {totals[seat]}")
    return embed


def last_round_embed(table: Table) -> discord.Embed | None:
    """The last scored round (public: every face-down card of it shown), or ``None``."""
    if table.state is None:
        return None
    view = table.public_view()
    last = view.get("last_round") or {}
    summary = game(table.game).look.round_summary(view, shown_all(table.names)) if last else None
    if not summary:
        return None
    number = last.get("round")
    which = f"round {number}" if number is not None else "the last round"
    return discord.Embed(
        title=f"{title_of(table.game)} table #{table.id} — {which}",
        description=truncate(summary, 4096),
        colour=COLOURS.get(table.game, 0x555555),
    )


def dm_text(table: Table, seat: int, guild_name: str | None = None) -> str:
    """The short DM with a seat's cards."""
    view = table.player_view(seat)
    where = f" in {guild_name}" if guild_name else ""
    return truncate(
        f"**{title_of(table.game)} table #{table.id}{where}** — round {view.get('round', 1)}\n"
        + game(table.game).look.private_text(view),
        2000,
    )
