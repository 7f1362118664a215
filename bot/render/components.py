"""The components of a table's messages: typed kinds, custom_ids and the views that carry
them (lobby, table message, control panel).

Every table component's custom_id is ``cr:<table>:<version>:<kind>[:<arg>]`` (a button) or
``cs:…`` (a select), at most 100 characters, so a click still works after a restart and a
click on an old message (version mismatch) is recognised. ``<kind>`` is a :class:`Kind`
(what every game shares) or one of the game's own kinds, which its Look declares
(``Look.steps``, ``Look.notations``); ``bot.discord.clicks.handlers`` holds the one dispatch table
from kind to handler. ``<arg>`` of an
action button is the engine notation with spaces as ``_`` (``cr:12:34:a:keep_2``).

Table views are plain ``discord.ui.View``s of ``discord.ui`` items, stopped before they are
sent (``View.stop``), so discord.py never stores them: a click is routed by discord.py to
the ``DynamicItem`` whose template its custom_id matches (``bot.discord.clicks.routes``).
``/rules`` pages use a ``DynamicItem`` too (``cogs.rules``). The lobby's and the
table message's views are in ``bot.render.table_message``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

import discord

from bot.render.card_text import legible, truncate

if TYPE_CHECKING:
    from bot.seen import Seen

MAX_CUSTOM_ID = 100
BUTTON_PREFIX = "cr"
SELECT_PREFIX = "cs"
RULES_PREFIX = "crr"
MAX_OPTIONS = 25


class Kind(StrEnum):
    """What a table component does; its value is the ``<kind>`` of the custom_id."""

    # lobby (lobby_view)
    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    CANCEL = "cancel"
    ADD_COMPUTER = "addc"
    REMOVE_COMPUTER = "rmc"
    # table message (table_view)
    TAKE_TURN = "turn"
    MY_CARDS = "my"
    LAST_ROUND = "last"
    TAKE_BACK = "back"
    CONTINUE = "go"  # a waiting table of a DM or group DM goes on (bot.discord.interaction_home)
    # after the game (bot.render.table_message.end_view, bot.discord.clicks.after_game)
    REMATCH = "rematch"  # a lobby with the same seats and options
    NEW_GAME = "new"  # a lobby of the same game with the server's defaults
    REPLAY = "replay"  # the game's public moves, paged (the version field is the page)
    REVIEW = "review"  # the presser's decisions the hard player would change (tables.reviews)
    # control panel (bot.render.panels and each game's steps)
    ACT = "a"  # play the notation in the arg (button) or the chosen value (select)
    HINT = "hint"  # the hard player's move for this position, privately (bot.discord.hints)
    ROOT = "nav"  # back to the decision's first step


# Kinds that move the panel to another step of the same decision (no move is made); a
# game's own steps are its Look's ``steps``, its own choices its Look's ``notations``
# (their codes must not be one of these kinds': ``tests/render`` checks it).
STEP_KINDS = frozenset({Kind.ROOT})


@dataclass(frozen=True, slots=True)
class Step:
    """A partial choice inside one decision: the kind that led here and its argument."""

    kind: str = Kind.ROOT  # a Kind, or one of the game's own step kinds (Look.steps)
    arg: str = ""


@dataclass(frozen=True, slots=True)
class ComponentId:
    """A decoded table custom_id."""

    table_id: int
    version: int
    kind: str
    arg: str = ""

    def text(self, prefix: str) -> str:
        """The custom_id; ``ValueError`` if it would pass Discord's 100 characters."""
        text = f"{prefix}:{self.table_id}:{self.version}:{self.kind}"
        if self.arg:
            text += f":{self.arg}"
        if len(text) > MAX_CUSTOM_ID:
            raise ValueError(f"custom_id too long ({len(text)} characters)")  # i18n: not for people
        return text


def action_arg(notation: str) -> str:
    """An action's notation as a custom_id argument."""
    return notation.replace(" ", "_")


def notation_of(arg: str) -> str:
    """The notation back from a custom_id argument."""
    return arg.replace("_", " ")


TABLE_TEMPLATE = r"(?P<table>[0-9]+):(?P<version>[0-9]+):(?P<kind>[a-z0-9]+)(?::(?P<arg>[^\s]*))?"
"""A table component's custom_id after its prefix (the routes' ``DynamicItem`` template)."""
_TABLE_ID = re.compile(rf"(?P<prefix>{BUTTON_PREFIX}|{SELECT_PREFIX}):{TABLE_TEMPLATE}")


def parse_custom_id(text: str) -> tuple[str, ComponentId] | None:
    """(prefix, id) of a table button (``cr``) or select (``cs``) custom_id, else ``None``."""
    match = _TABLE_ID.fullmatch(text)
    if match is None:
        return None
    return match["prefix"], component_id(match)


def component_id(match: re.Match[str]) -> ComponentId:
    """The id a match of :data:`TABLE_TEMPLATE` reads."""
    return ComponentId(int(match["table"]), int(match["version"]), match["kind"],
                       match["arg"] or "")


def option(label: str, value: str, description: str | None = None) -> discord.SelectOption:
    """A select option, label and description cut to Discord's 100 characters."""
    return discord.SelectOption(
        label=truncate(legible(label), 100), value=value[:100],
        description=truncate(legible(description), 100) if description else None,
    )


class TableView(discord.ui.View):
    """The buttons and selects of a lobby, a table message or a control panel.

    Send-only: :meth:`done` stops it before it is sent, so discord.py neither stores it
    nor gives it a timeout task; its clicks are routed by custom_id."""

    def __init__(self, table: Seen) -> None:
        super().__init__(timeout=None)
        self.table_id = table.id
        self.version = table.version

    def button(
        self, kind: str, label: str, *, arg: str = "", row: int | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        """Add a button at the table's version."""
        cid = ComponentId(self.table_id, self.version, kind, arg)
        self.add_item(discord.ui.Button(label=truncate(legible(label), 80) or None, style=style,
                                        row=row, custom_id=cid.text(BUTTON_PREFIX)))

    def select(
        self, kind: str, options: Sequence[discord.SelectOption], *, arg: str = "",
        placeholder: str | None = None, row: int | None = None, max_values: int = 1,
    ) -> None:
        """Add a select at the table's version (at most 25 options)."""
        chosen = list(options)[:MAX_OPTIONS] or [option("—", "-")]
        cid = ComponentId(self.table_id, self.version, kind, arg)
        self.add_item(discord.ui.Select(
            custom_id=cid.text(SELECT_PREFIX), options=chosen, row=row,
            placeholder=truncate(legible(placeholder), 150) if placeholder else None,
            max_values=max(1, min(max_values, len(chosen))),
        ))

    def done(self) -> TableView:
        """Stop listening before the view is sent (discord.py then never stores it)."""
        self.stop()
        return self
