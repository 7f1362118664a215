"""One click on a table component, read in full before its handler runs (issue 38), and
the policy of each kind's handler, as data (issue 44).

A custom_id, or a select's value, that does not parse is an old or a forged component: the
one thing a table click answers "out of date". Everything is read here, before any handler
runs, so that what a handler raises later is never taken for a bad argument: it is a
failure, logged once with its traceback.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.discord.parts import App
from bot.render.components import ComponentId, Kind
from bot.seen import Seen
from bot.tables.model import Table
from bot.tables.service import TableService

#: The largest id or version a stored table can have (both are 64-bit in storage).
LARGEST_ID = 2**63 - 1
#: More pages than a replay or a review ever has.
LARGEST_PAGE = 10**6
PAGED = frozenset({Kind.REPLAY.value, Kind.REVIEW.value})


class BadArgument(ValueError):
    """A component's id or argument that does not parse (its text is never shown)."""


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
    seen: Seen | None = None  # the table as its step or choice was read (``Table.seen``)

    @property
    def service(self) -> TableService:
        """The table service."""
        return self.app.tables

    @property
    def choice(self) -> str:
        """What was chosen: a select's first value, else the button's argument."""
        return self.values[0] if self.values else self.cid.arg


Handler = Callable[[Click], Awaitable[None]]
Reader = Callable[[Click], Click]


@dataclass(frozen=True, slots=True)
class Route:
    """A kind's handler and what a click must be to reach it (checked before it runs, in
    this order, by ``bot.discord.clicks.routes``)."""

    handler: Handler
    panel: bool = False  # from a control panel only (an ephemeral message): it edits it
    current: bool = False  # at the table's current version only, else "out of date"
    seated: bool = False  # a seated player's click only ("You are not playing …")
    read: Reader | None = None  # reads the click's arguments (``BadArgument``: out of date)


def check_id(cid: ComponentId) -> None:
    """The parts of a table custom_id every click has: an id and a version storage can
    hold, and a page number on Replay and Review."""
    if cid.table_id > LARGEST_ID or cid.version > LARGEST_ID:
        raise BadArgument("table id or version out of range")  # i18n: not for people
    if cid.kind in PAGED:
        page_of(cid.arg)


def page_of(arg: str) -> int:
    """A page number argument (Replay, Review my game): empty is the first page."""
    if not arg:
        return 0
    if not (arg.isascii() and arg.isdigit()) or int(arg) > LARGEST_PAGE:
        raise BadArgument("not a page number")  # i18n: not for people
    return int(arg)


def kind_of(code: str) -> str:
    """A click's kind: a shared :class:`Kind`, else the code as sent (one of the game's
    own kinds, or one this code does not know)."""
    try:
        return Kind(code)
    except ValueError:
        return code


def check_step(table: Seen, kind: str, choice: str) -> None:
    """A panel step's argument, read as the table's game's Look says (``Look.steps``: e.g.
    Soi's asked seat ``"2"``, or seat and rank ``"2.Q"``). A step without a reading compares
    its argument with the legal moves (a forged one leads to a step with nothing to
    choose)."""
    check = table.game.look.steps.get(kind)
    if check is None:
        return
    try:
        check(table, choice)
    except ValueError as exc:
        raise BadArgument(str(exc)) from exc


def game_move(table: Seen, kind: str, arg: str, values: list[str]) -> str:
    """The move notation a choice of the table's game stands for (e.g. one of Turup's
    captures by its index)."""
    if not table.dealt:  # a lobby: no move to choose yet
        raise BadArgument("no game running")  # i18n: not for people
    notation = table.game.look.notations[kind]
    try:
        return notation(table, kind, arg, values)
    except (ValueError, IndexError) as exc:
        raise BadArgument(f"not a {kind} choice") from exc  # i18n: not for people


def read_step(click: Click) -> Click:
    """A panel step's click, its argument checked (:func:`check_step`) on the table as
    the click's panel is built from it."""
    seen = click.table.seen()
    check_step(seen, click.kind, click.choice)
    return replace(click, seen=seen)


def read_choice(click: Click) -> Click:
    """A game's own choice, with the move it stands for (:func:`game_move`)."""
    seen = click.table.seen()
    move = game_move(seen, click.kind, click.cid.arg, click.values)
    return replace(click, move=move, seen=seen)
