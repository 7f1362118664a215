"""Soi's own control-panel kinds (the ``<kind>`` of its custom_ids), and the reading of
their arguments. The codes are in messages already sent: never change one."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from bot.render.look import StepCheck

if TYPE_CHECKING:
    from bot.seen import Seen


class SoiKind(StrEnum):
    """A step of Soi's decision."""

    PLAYER = "sp"  # the player to ask was chosen (argument: the seat, "2")
    RANK = "ss"  # the rank to ask for was chosen (argument: seat and rank, "2.Q")


def _seat_of(text: str, table: Seen) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) >= len(table.seats):
        raise ValueError("not a seat of the table")  # i18n: not for people
    return int(text)


def read_player(table: Seen, arg: str) -> None:
    """The asked seat (``"2"``); ``ValueError`` when it is not one of the table's."""
    _seat_of(arg, table)


def read_rank(table: Seen, arg: str) -> None:
    """The asked seat and rank (``"2.Q"``); ``ValueError`` when they do not read."""
    seat, dot, rank = arg.partition(".")
    if not dot or not rank:
        raise ValueError("not a seat and a rank")  # i18n: not for people
    _seat_of(seat, table)


STEPS: dict[str, StepCheck] = {SoiKind.PLAYER: read_player, SoiKind.RANK: read_rank}
