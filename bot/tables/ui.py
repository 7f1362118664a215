"""Discord components of a table: custom_ids, ``TableView``, lobby and table views.

Every custom_id is ``cr:<table>:<version>:<kind>[:<arg>]`` (buttons) or ``cs:...`` (selects),
at most 100 characters, so a click still works after a restart and a click on an old
message (version mismatch) is recognised. ``<arg>`` of an action button is the engine
notation with spaces as ``_`` (``cr:12:34:a:keep_2``).

Clicks are routed by custom_id (``parse_custom_id``, ``handlers.on_component``) rather than
through ``discord.ui.DynamicItem``: discord.py answers a dynamic item's click by rebuilding a
``View`` from the clicked message and a new item from its custom_id, about a third of a
panel click's time; a table view is a plain payload (``TableView``). ``/rules`` pages keep
their ``DynamicItem`` (``RulesButton``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.ai import LEVELS
from bot.render.cards import truncate
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
_TABLE_ID = re.compile(rf"(?P<prefix>{BUTTON_PREFIX}|{SELECT_PREFIX}):{_TEMPLATE}")


def parse_custom_id(text: str) -> tuple[str, ComponentId] | None:
    """(prefix, id) of a table button (``cr``) or select (``cs``) custom_id, else ``None``."""
    match = _TABLE_ID.fullmatch(text)
    if match is None:
        return None
    cid = ComponentId(int(match["table"]), int(match["version"]), match["kind"],
                      match["arg"] or "")
    return match["prefix"], cid


ROWS = 5
ROW_WIDTH = 5


class TableView(discord.ui.View):
    """The buttons and selects of a table message, lobby or control panel, held as Discord
    component payloads (built directly: no ``discord.ui`` item per button).

    Not dispatchable: discord.py never stores it in its view store nor builds items back
    from a clicked message. Clicks reach ``handlers.on_component`` by custom_id (the
    ``on_interaction`` listener of ``cogs.table_events``), which works the same after a
    restart and for stale messages (the version in the custom_id)."""

    timeout = None  # never listens, so never times out

    def __init__(self) -> None:
        # discord.ui.View.__init__ is not called: it prepares listening (a future, a random
        # id, a walk over declared items), none of which a TableView uses; discord.py reads
        # only what is defined here (payloads, is_finished, is_dispatchable, timeout)
        self._children: list[discord.ui.Item[Any]] = []
        self.rows: list[list[dict[str, Any]]] = [[] for _ in range(ROWS)]
        self._widths = [0] * ROWS

    def add(self, component: dict[str, Any], row: int | None = None) -> None:
        """Place a button (width 1) or select (width 5) in ``row``, or the first row with
        room (discord.py's rule); ``ValueError`` when it does not fit."""
        width = ROW_WIDTH if component["type"] == discord.ComponentType.select.value else 1
        if row is None:
            row = next((r for r in range(ROWS) if self._widths[r] + width <= ROW_WIDTH), None)
            if row is None:
                raise ValueError("No room left in the view for this component.")
        elif not 0 <= row < ROWS or self._widths[row] + width > ROW_WIDTH:
            raise ValueError(f"Row {row} has no room for this component.")
        self._widths[row] += width
        self.rows[row].append(component)

    @property
    def empty(self) -> bool:
        """True when the view holds no component."""
        return not any(self._widths)

    def to_components(self) -> list[dict[str, Any]]:
        """The action rows, as discord.py sends them."""
        return [{"type": 1, "components": list(row)} for row in self.rows if row]

    def is_dispatchable(self) -> bool:
        """Never: clicks are routed by custom_id (see the class docstring)."""
        return False

    def has_components_v2(self) -> bool:
        """No: action rows only."""
        return False

    def is_finished(self) -> bool:
        """Always: the view never listens. discord.py stores every unfinished view sent by
        ``InteractionResponse.send_message``, dispatchable or not, and gives an ephemeral
        one a 15-minute timeout task: a sleeping task and a kept view per panel opened."""
        return True


def button_payload(
    cid: ComponentId,
    *,
    label: str = "",
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
    disabled: bool = False,
) -> dict[str, Any]:
    """A table button as Discord's component payload (what ``discord.ui.Button`` sends)."""
    out: dict[str, Any] = {"type": 2, "style": style.value, "disabled": disabled}
    if label[:80]:
        out["label"] = label[:80]
    out["custom_id"] = custom_id(BUTTON_PREFIX, cid.table_id, cid.version, cid.kind, cid.arg)
    if emoji:
        out["emoji"] = discord.PartialEmoji.from_str(emoji).to_dict()
    return out


def option_payload(label: str, value: str, description: str | None = None) -> dict[str, Any]:
    """A select option as Discord's payload (what ``discord.SelectOption.to_dict`` gives;
    label and description cut to 100 characters)."""
    out: dict[str, Any] = {"label": truncate(label, 100), "value": value[:100], "default": False}
    if description:
        out["description"] = truncate(description, 100)
    return out


def select_payload(
    cid: ComponentId,
    *,
    options: Sequence[dict[str, Any]] = (),
    placeholder: str | None = None,
    min_values: int = 1,
    max_values: int = 1,
) -> dict[str, Any]:
    """A table select menu as Discord's component payload (what ``discord.ui.Select``
    sends; at most 25 options, a placeholder of at most 150 characters)."""
    chosen = list(options)[:25] or [option_payload("—", "-")]
    out: dict[str, Any] = {
        "type": discord.ComponentType.select.value,
        "custom_id": custom_id(SELECT_PREFIX, cid.table_id, cid.version, cid.kind, cid.arg),
        "min_values": min_values,
        "max_values": max(min_values, min(max_values, len(chosen))),
        "disabled": False,
        "required": True,
    }
    if placeholder:
        out["placeholder"] = placeholder[:150]
    out["options"] = chosen
    return out


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


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (RulesButton,)
"""Table buttons and selects are not among them: see ``TableView``."""


def button(
    view: TableView, table: Table, kind: str, label: str, *, arg: str = "",
    row: int | None = None, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
) -> None:
    """Add a button at the table's current version to ``view``."""
    view.add(button_payload(ComponentId(table.id, table.version, kind, arg), label=label,
                            style=style, emoji=emoji), row)


def select(
    view: TableView, table: Table, kind: str, options: Sequence[dict[str, Any]], *,
    arg: str = "", placeholder: str | None = None, row: int | None = None, max_values: int = 1,
) -> None:
    """Add a select at the table's current version to ``view``."""
    view.add(select_payload(ComponentId(table.id, table.version, kind, arg), options=options,
                            placeholder=placeholder, max_values=max_values), row)


def lobby_view(table: Table, *, computers: bool = True) -> TableView:
    """Join / Leave / Start / Cancel, and the host's computer-player select."""
    view = TableView()
    if table.status is not TableStatus.LOBBY:
        return view
    button(view, table, "join", "Join", style=discord.ButtonStyle.success, row=0)
    button(view, table, "leave", "Leave", row=0)
    button(view, table, "start", "Start (host)", style=discord.ButtonStyle.primary, row=0)
    button(view, table, "cancel", "Cancel (host)", style=discord.ButtonStyle.danger, row=0)
    if computers:
        if any(s.user_id is None for s in table.seats):
            button(view, table, "rmc", "Remove computer (host)", row=0)
        options = [option_payload(f"Add computer: {lvl}", lvl) for lvl in LEVELS]
        select(view, table, "addc", options, placeholder="Add a computer player (host)", row=1)
    return view


def table_view(table: Table) -> TableView:
    """Take turn / My cards / Last round (once a round is scored), and Take my seat back
    while a computer holds a person's seat."""
    if table.status is TableStatus.LOBBY:
        return lobby_view(table)
    view = TableView()
    if table.status is not TableStatus.RUNNING:
        return view
    button(view, table, "turn", "Take turn", style=discord.ButtonStyle.primary, row=0)
    button(view, table, "my", "My cards", row=0)
    if table.rounds:  # a round has been scored (no view built on every render)
        button(view, table, "last", "Last round", row=0)
    if any(s.user_id is not None and s.is_computer_held and not s.resigned for s in table.seats):
        button(view, table, "back", "Take my seat back", row=0)
    return view


def jump_url(table: Table) -> str:
    """The link to the table message (or to its channel before it has one)."""
    rec = table.record
    if rec.message_id is None:
        return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}"
    return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{rec.message_id}"
