"""Where each slash command is offered: the installs (to a server, to a person) and the
interaction contexts (a server, the bot's DM, other DMs and group DMs) that Discord shows
it in.

Every top-level command carries one of the two declarations below, explicitly: a command
left undeclared would get Discord's defaults, which follow the app's settings in the
Developer Portal (a user install there would offer it everywhere).

* ``anywhere``: installed to a server or to a person, offered in servers, in the bot's DM
  and in private channels (DMs between people, group DMs). Only commands that answer
  through their interaction alone (no channel request: the bot cannot reach a private
  channel by its token) are declared so.
* ``server_only``: installed to a server, offered in its channels only. The table
  commands, the server's settings and the server's rankings.
"""

from __future__ import annotations

from typing import Any, TypeVar

import discord
from discord import app_commands

T = TypeVar("T")


def anywhere(command: T) -> T:
    """Offer ``command`` in both installs and every context."""
    command = app_commands.allowed_installs(guilds=True, users=True)(command)
    return app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(command)


def server_only(command: T) -> T:
    """Offer ``command`` only where the app is installed to a server, in its channels."""
    command = app_commands.allowed_installs(guilds=True, users=False)(command)
    return app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)(command)



def place_of(interaction: discord.Interaction[Any]) -> int:
    """Where results are kept and ranked: the server, or outside servers the DM or group
    DM itself (its channel id: never a server's id, so the friends' rankings stay apart)."""
    place = interaction.guild_id or interaction.channel_id
    assert place is not None  # every command and click comes from somewhere
    return place
