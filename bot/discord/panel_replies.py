"""A control panel's reply with the seat's picture: drawn while his turn goes on (and then
his cards are not listed again in words), kept by id on a step that makes no move."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.pictures import SEAT_PNG, TableImages
from bot.render.panels import panel
from bot.tables.model import Table

__all__ = ["SEAT_PNG", "kept_picture", "pictured_panel", "seat_image"]


async def seat_image(images: TableImages, table: Table, seat: int,
                     embed: discord.Embed) -> list[discord.File]:
    """The seat's ``seat.png`` (the table as he sees it) on a panel's ``embed``, or none."""
    return await images.seat_file(table, seat, embed)


async def pictured_panel(images: TableImages, table: Table, seat: int,
                         note: str | None = None
                         ) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
    """The seat's panel with his picture while his turn goes on (the picture shows his cards,
    so the panel does not list them again), without one once his turn is over. A reader in
    text mode gets no picture: the picture's words take his cards' place in the panel."""
    turn = table.running and table.to_act() == seat
    pictured = turn and await images.seat_pictured(table, seat)
    embed, view = panel(table, seat, note=note, picture=pictured)  # built once: it is costly
    files: list[discord.File] = []
    if turn:
        files = await seat_image(images, table, seat, embed)
        if pictured and not files:  # the picture failed: his cards in words after all
            embed, view = panel(table, seat, note=note)
    return embed, view, files


def kept_picture(interaction: discord.Interaction[Any], embed: discord.Embed
                 ) -> list[discord.Attachment]:
    """The panel's own ``seat.png``, kept by id (shown by the message; nothing drawn or uploaded
    again): a step of the panel makes no move, so the table version, hence the picture, is
    the one the panel already shows."""
    message = interaction.message
    return [a for a in (message.attachments if message else []) if a.filename == SEAT_PNG]
