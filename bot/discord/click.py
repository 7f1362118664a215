"""One click on a table component, read in full before its handler runs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.parts import App
from bot.render.components import ComponentId
from bot.tables.model import Table
from bot.tables.service import TableService


@dataclass(frozen=True, slots=True)
class Click:
    """One click on a table component, decoded."""

    interaction: discord.Interaction[Any]
    app: App
    table: Table
    cid: ComponentId
    kind: str  # a Kind, or one of the table's game's own kinds (its Look's steps, notations)
    values: list[str]  # a select's chosen values; empty for a button
    move: str = ""  # the notation a game's own choice stands for (read before the handler)

    @property
    def service(self) -> TableService:
        """The table service."""
        return self.app.tables

    @property
    def choice(self) -> str:
        """What was chosen: a select's first value, else the button's argument."""
        return self.values[0] if self.values else self.cid.arg


Handler = Callable[[Click], Awaitable[None]]
