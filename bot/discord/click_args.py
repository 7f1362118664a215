"""Reading a table click's id and arguments before its handler runs (issue 38).

A custom_id, or a select's value, that does not parse is an old or a forged component: the
one thing the router answers "out of date". Everything is read here, before any handler
runs, so that what a handler raises later is never taken for a bad argument: it is a
failure, logged once with its traceback.
"""

from __future__ import annotations

from bot.render.components import ComponentId, Kind
from bot.tables.model import Table

#: The largest id or version a stored table can have (both are 64-bit in storage).
LARGEST_ID = 2**63 - 1
#: More pages than a replay or a review ever has.
LARGEST_PAGE = 10**6
PAGED = frozenset({Kind.REPLAY.value, Kind.REVIEW.value})


class BadArgument(ValueError):
    """A component's id or argument that does not parse (its text is never shown)."""


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


def check_step(table: Table, kind: str, choice: str) -> None:
    """A panel step's argument, read as the table's game's Look says (``Look.steps``: e.g.
    Soi's asked seat ``"2"``, or seat and rank ``"2.Q"``). A step without a reading compares
    its argument with the legal moves (a forged one leads to a step with nothing to
    choose)."""
    check = table.entry.look.steps.get(kind)
    if check is None:
        return
    try:
        check(table, choice)
    except ValueError as exc:
        raise BadArgument(str(exc)) from exc


def game_move(table: Table, kind: str, arg: str, values: list[str]) -> str:
    """The move notation a choice of the table's game stands for (e.g. one of Turup's
    captures by its index)."""
    if table.state is None:  # a lobby: no move to choose yet
        raise BadArgument("no game running")  # i18n: not for people
    notation = table.entry.look.notations[kind]
    try:
        return notation(table, kind, arg, values)
    except (ValueError, IndexError) as exc:
        raise BadArgument(f"not a {kind} choice") from exc  # i18n: not for people
