"""Component callbacks: every table button and select ends here, is checked, goes through
``TableService`` and is answered exactly once (ephemeral for anything personal).

``on_component`` is the entry point: the ``on_interaction`` listener of
``cogs.table_events`` passes it every interaction, and it takes those whose custom_id is a
table's (``cr:``/``cs:``, see ``bot.tables.ui``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.games.protocol import GameError
from bot.render.embeds import hand_embed, last_round_embed, lobby_embed
from bot.tables.model import StaleAction, Table, TableError
from bot.tables.panels import Step, panel, turup_captures
from bot.tables.pictures import images_of
from bot.tables.ui import (
    BUTTON_PREFIX,
    ComponentId,
    jump_url,
    lobby_view,
    notation_of,
    parse_custom_id,
)
from storage.guild_settings import GuildSettingsRepo

if TYPE_CHECKING:
    from bot.tables.service import TableService

log = logging.getLogger(__name__)

STALE = "This button is out of date — here is the current table: {url}"
FAILED = "Something went wrong with that — please try again."
PLAYED = "Your move was played, but the panel could not be updated — press Take turn."


def service_of(interaction: discord.Interaction[Any]) -> TableService:
    """The bot's ``TableService``."""
    service: TableService = interaction.client.tables
    return service


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer ephemerally: the response if not yet given, else a follow-up."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def computers_allowed(interaction: discord.Interaction[Any], table: Table) -> bool:
    """Does the table's server allow computer seats?"""
    try:
        db = interaction.client.db
        return bool((await GuildSettingsRepo(db).get(table.record.guild_id)).computer_seats)
    except Exception:
        log.exception("Reading guild settings failed")
        return False


async def _refused(interaction: discord.Interaction[Any], table: Table | None,
                   exc: Exception) -> None:
    if isinstance(exc, StaleAction) and table is not None:
        await reply(interaction, STALE.format(url=jump_url(table)))
    else:
        await reply(interaction, str(exc) or "That cannot be done now.")


async def on_component(interaction: discord.Interaction[Any]) -> bool:
    """Handle a click on a table button or a choice in a table select; ``False`` (and
    nothing done) for any other interaction. An unexpected error is logged and, if the
    interaction is not answered yet, answered with an apology."""
    if interaction.type is not discord.InteractionType.component:
        return False
    data: Any = interaction.data or {}
    parsed = parse_custom_id(str(data.get("custom_id", "")))
    if parsed is None:
        return False
    prefix, cid = parsed
    try:
        if prefix == BUTTON_PREFIX:
            await on_button(interaction, cid)
        else:
            await on_select(interaction, cid, [str(v) for v in data.get("values") or ()])
    except Exception:
        log.exception("Table component %s:%s failed", prefix, cid.kind)
        if not interaction.response.is_done():
            try:
                await reply(interaction, FAILED)
            except Exception:
                log.exception("Could not answer a failed table component")
    return True


async def on_button(interaction: discord.Interaction[Any], cid: ComponentId) -> None:
    """Dispatch a table button."""
    service = service_of(interaction)
    table = service.get(cid.table_id)
    if table is None:
        await reply(interaction, "This table is closed.")
        return
    user = interaction.user
    try:
        if cid.kind in ("join", "leave", "start", "cancel", "rmc"):
            await _lobby_button(interaction, service, table, cid)
        elif cid.kind == "my":
            await _my_cards(interaction, table)
        elif cid.kind == "turn":
            await _take_turn(interaction, table)
        elif cid.kind == "last":
            await _last_round(interaction, table)
        elif cid.kind == "back":
            await service.take_back(table.id, None, user.id)
            seat = table.seat_of(user.id)
            assert seat is not None
            embed, view = panel(table, seat, note="Your seat is yours again.")
            files = await _hand(interaction, table, seat, embed)
            await interaction.response.send_message(embed=embed, view=view, files=files,
                                                    ephemeral=True)
        elif cid.kind == "a":
            await _act(interaction, service, table, cid, notation_of(cid.arg))
        elif cid.kind in ("nav", "tc", "tp", "sp"):
            step = {"nav": Step(), "tc": Step("tc", cid.arg), "tp": Step("tp", cid.arg),
                    "sp": Step("sr", cid.arg)}[cid.kind]
            await _navigate(interaction, table, cid, step)
        else:
            await reply(interaction, "This button is not known any more.")
    except (TableError, GameError) as exc:
        await _refused(interaction, table, exc)


async def on_select(interaction: discord.Interaction[Any], cid: ComponentId,
                    values: list[str]) -> None:
    """Dispatch a table select menu."""
    service = service_of(interaction)
    table = service.get(cid.table_id)
    if table is None:
        await reply(interaction, "This table is closed.")
        return
    try:
        if cid.kind == "addc":
            if not await computers_allowed(interaction, table):
                raise TableError("This server does not allow computer players.")
            await service.add_computer(table.id, cid.version, interaction.user.id, values[0])
            await _show_lobby(interaction, table)
        elif cid.kind == "a":
            await _act(interaction, service, table, cid, values[0])
        elif cid.kind == "tx":
            if cid.version != table.version:
                raise StaleAction()
            captures = turup_captures(table.engine.legal_actions(table.state), cid.arg)
            index = int(values[0])
            if not 0 <= index < len(captures):
                raise StaleAction()
            await _act(interaction, service, table, cid, str(captures[index]))
        elif cid.kind == "tq":
            if cid.version != table.version:
                raise StaleAction()
            pile = table.public_view().get("pile") or []
            taken = [pile[int(v)] for v in sorted(values, key=int) if int(v) < len(pile)]
            await _act(interaction, service, table, cid, " ".join(["capture", cid.arg, *taken]))
        elif cid.kind in ("tc", "sp", "ss", "k1"):
            kind = {"tc": "tc", "sp": "sr", "ss": "ss", "k1": "k2"}[cid.kind]
            await _navigate(interaction, table, cid, Step(kind, values[0]))
        else:
            await reply(interaction, "This menu is not known any more.")
    except (TableError, GameError) as exc:
        await _refused(interaction, table, exc)


async def _show_lobby(interaction: discord.Interaction[Any], table: Table) -> None:
    computers = await computers_allowed(interaction, table)
    await interaction.response.edit_message(
        embed=lobby_embed(table), view=lobby_view(table, computers=computers)
    )


async def _lobby_button(interaction: discord.Interaction[Any], service: TableService,
                        table: Table, cid: ComponentId) -> None:
    user = interaction.user
    if cid.kind == "join":
        await service.join(table.id, cid.version, user.id, user.display_name)
        await _show_lobby(interaction, table)
    elif cid.kind == "leave":
        await service.leave(table.id, cid.version, user.id)
        await _show_lobby(interaction, table)
    elif cid.kind == "rmc":
        await service.remove_computer(table.id, cid.version, user.id)
        await _show_lobby(interaction, table)
    elif cid.kind == "start":
        await service.start(table.id, cid.version, user.id)
        await interaction.response.defer()
    elif cid.kind == "cancel":
        perms = interaction.permissions
        await service.cancel(table.id, user.id, moderator=bool(perms and perms.manage_messages))
        await reply(interaction, "The table is cancelled.")


async def _my_cards(interaction: discord.Interaction[Any], table: Table) -> None:
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("You are not playing at this table.")
    if table.state is None:
        raise TableError("The cards are not dealt yet.")
    embed = hand_embed(table, seat)
    files = await _hand(interaction, table, seat, embed)
    await interaction.response.send_message(embed=embed, files=files, ephemeral=True)


async def _last_round(interaction: discord.Interaction[Any], table: Table) -> None:
    """The last scored round with its picture, for anyone who asks (all of it is public)."""
    embed = last_round_embed(table)
    if embed is None:
        raise TableError("No round has been scored at this table yet.")
    files = await images_of(interaction.client).round_end_file(table, embed)
    await interaction.response.send_message(embed=embed, files=files, ephemeral=True)


async def _hand(interaction: discord.Interaction[Any], table: Table, seat: int,
                embed: discord.Embed) -> list[discord.File]:
    """The seat's ``hand.png`` on ``embed`` (ephemeral replies only), or none."""
    return await images_of(interaction.client).hand_file(table, seat, embed)


async def _take_turn(interaction: discord.Interaction[Any], table: Table) -> None:
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("You are not playing at this table.")
    if not table.running:
        raise TableError("The game is not running.")
    if table.seats[seat].is_computer_held:
        raise TableError("A computer player holds your seat: press Take my seat back first.")
    to_act = table.to_act()
    if to_act != seat:
        who = table.names[to_act] if to_act is not None else "nobody"
        raise TableError(f"It is not your turn — {who} is to act. Press My cards to see yours.")
    embed, view = panel(table, seat)
    files = await _hand(interaction, table, seat, embed)
    await interaction.response.send_message(embed=embed, view=view, files=files, ephemeral=True)


async def _navigate(interaction: discord.Interaction[Any], table: Table, cid: ComponentId,
                    step: Step) -> None:
    if cid.version != table.version:
        raise StaleAction()
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("You are not playing at this table.")
    embed, view = panel(table, seat, step)
    await interaction.response.edit_message(embed=embed, view=view, attachments=[])


async def _act(interaction: discord.Interaction[Any], service: TableService, table: Table,
               cid: ComponentId, text: str) -> None:
    """Play the move, then show the new panel at once: ``reply_first`` leaves the service's
    bookkeeping until this reply has been sent (the move itself is committed already)."""
    result = await service.act(table.id, interaction.user.id, text, version=cid.version,
                               reply_first=True)
    try:
        note = "\n".join(f"› {e}" for e in result.events[-3:]) or None
        embed, view = panel(table, result.seat, note=note)
    except Exception:
        log.exception("Showing the panel after a move at table %s failed", table.id)
        await reply(interaction, PLAYED)
        return
    await interaction.response.edit_message(embed=embed, view=view, attachments=[])
