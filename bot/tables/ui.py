"""Discord components of a table: custom_ids, the ``DynamicItem`` classes, lobby and table views.

Every custom_id is ``cr:<table>:<version>:<kind>[:<arg>]`` (buttons) or ``cs:...`` (selects),
at most 100 characters, so a click still works after a restart and a click on an old
message (version mismatch) is recognised. ``<arg>`` of an action button is the engine
notation with spaces as ``_`` (``cr:12:34:a:keep_2``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.ai import LEVELS
from bot.tables.model import Table
from storage.tables import TableStatus

MAX_CUSTOM_ID = 100
BUTTON_PREFIX = "cr"
SELECT_PREFIX = "cs"
RULES_PREFIX = "crr"


@dataclass(frozen=True, slots=True)
class ComponentId:
    """A decoded table custom_id."""

    table_id: int
    version: int
    kind: str
    arg: str = ""


def custom_id(prefix: str, table_id: int, version: int, kind: str, arg: str = "") -> str:
    """Build a custom_id; ``ValueError`` if it would pass Discord's 100 characters."""
    text = f"{prefix}:{table_id}:{version}:{kind}" + (f":{arg}" if arg else "")
    if len(text) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id too long ({len(text)} characters)")
    return text


def action_arg(notation: str) -> str:
    """An action's notation as a custom_id argument."""
    return notation.replace(" ", "_")


def notation_of(arg: str) -> str:
    """The notation back from a custom_id argument."""
    return arg.replace("_", " ")


_TEMPLATE = r"(?P<table>[0-9]+):(?P<version>[0-9]+):(?P<kind>[a-z0-9]+)(?::(?P<arg>[^\s]*))?"


def _decode(match: re.Match[str]) -> ComponentId:
    return ComponentId(
        int(match["table"]), int(match["version"]), match["kind"], match["arg"] or ""
    )


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"cr:{_TEMPLATE}"):
    """Every button of a table message, lobby or control panel."""

    def __init__(
        self,
        cid: ComponentId,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        emoji: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or None,
                style=style,
                custom_id=custom_id(BUTTON_PREFIX, cid.table_id, cid.version, cid.kind, cid.arg),
                row=row,
                emoji=emoji,
                disabled=disabled,
            )
        )
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> TableButton:
        return cls(_decode(match), label=getattr(item, "label", None) or "",
                   style=getattr(item, "style", discord.ButtonStyle.secondary))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot.tables.handlers import on_button

        await on_button(interaction, self.cid)


class TableSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"cs:{_TEMPLATE}"):
    """Every select menu of a lobby or control panel."""

    def __init__(
        self,
        cid: ComponentId,
        *,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(SELECT_PREFIX, cid.table_id, cid.version, cid.kind, cid.arg),
                options=list(options)[:25] or [discord.SelectOption(label="—", value="-")],
                placeholder=(placeholder or "")[:150] or None,
                min_values=min_values,
                max_values=max_values,
                row=row,
            )
        )
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> TableSelect:
        return cls(_decode(match), options=getattr(item, "options", ()))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot.tables.handlers import on_select

        await on_select(interaction, self.cid, list(self.item.values))


class RulesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"crr:(?P<game>[a-z]+):(?P<page>[0-9]+)",
):
    """Paging buttons of the ``/rules`` embed."""

    def __init__(self, game: str, page: int, *, label: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, custom_id=f"{RULES_PREFIX}:{game}:{page}", disabled=disabled,
                style=discord.ButtonStyle.secondary,
            )
        )
        self.game = game
        self.page = page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RulesButton:
        return cls(match["game"], int(match["page"]), label=getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot.render.rules_text import rules_page

        embed, view = rules_page(self.game, self.page)
        await interaction.response.edit_message(embed=embed, view=view)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableButton, TableSelect, RulesButton,
)


def button(
    table: Table, kind: str, label: str, *, arg: str = "", row: int | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary, emoji: str | None = None,
) -> TableButton:
    """A button at the table's current version."""
    return TableButton(ComponentId(table.id, table.version, kind, arg), label=label, style=style,
                       row=row, emoji=emoji)


def select(
    table: Table, kind: str, options: Sequence[discord.SelectOption], *, arg: str = "",
    placeholder: str | None = None, row: int | None = None, max_values: int = 1,
) -> TableSelect:
    """A select at the table's current version."""
    return TableSelect(ComponentId(table.id, table.version, kind, arg), options=options,
                       placeholder=placeholder, row=row, max_values=max_values)


def lobby_view(table: Table, *, computers: bool = True) -> discord.ui.View:
    """Join / Leave / Start / Cancel, and the host's computer-player select."""
    view = discord.ui.View(timeout=None)
    if table.status is not TableStatus.LOBBY:
        return view
    view.add_item(button(table, "join", "Join", style=discord.ButtonStyle.success, row=0))
    view.add_item(button(table, "leave", "Leave", row=0))
    view.add_item(button(table, "start", "Start (host)", style=discord.ButtonStyle.primary, row=0))
    view.add_item(button(table, "cancel", "Cancel (host)", style=discord.ButtonStyle.danger, row=0))
    if computers:
        if any(s.user_id is None for s in table.seats):
            view.add_item(button(table, "rmc", "Remove computer (host)", row=0))
        options = [discord.SelectOption(label=f"Add computer: {lvl}", value=lvl) for lvl in LEVELS]
        view.add_item(select(table, "addc", options, placeholder="Add a computer player (host)",
                             row=1))
    return view


def table_view(table: Table) -> discord.ui.View:
    """My cards / Take turn, and Take my seat back while a computer holds a person's seat."""
    view = discord.ui.View(timeout=None)
    if table.status is TableStatus.LOBBY:
        return lobby_view(table)
    if table.status is not TableStatus.RUNNING:
        return view
    view.add_item(button(table, "turn", "Take turn", style=discord.ButtonStyle.primary, row=0))
    view.add_item(button(table, "my", "My cards", row=0))
    if any(s.user_id is not None and s.is_computer_held and not s.resigned for s in table.seats):
        view.add_item(button(table, "back", "Take my seat back", row=0))
    return view


def jump_url(table: Table) -> str:
    """The link to the table message (or to its channel before it has one)."""
    rec = table.record
    if rec.message_id is None:
        return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}"
    return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{rec.message_id}"
