"""The coop games' moves read by name: ``Keep.of(action).slot``, ``Give.of(action).seat``.

An :class:`~bot.games.protocol.Action` stays the engine's notation value (``keep 2``,
``give 1 3``, ``king 0 1 1 4``); readers outside the engine (the panels, the computer
players) take its arguments through these instead of ``action.args[0]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.protocol import Action, ActionArg


def _number(arg: ActionArg) -> int:
    if not isinstance(arg, int):
        raise TypeError(f"a seat or slot number was expected, not {arg!r}")  # i18n: not for people
    return arg


def _words(action: Action, *words: str) -> None:
    if action.word not in words:
        raise ValueError(f"{action} is not a {'/'.join(words)} move")  # i18n: not for people


@dataclass(frozen=True, slots=True)
class Keep:
    """``keep N`` or Pariah's ``jack N``: the seat's own slot (1–4) the drawn card goes to."""

    slot: int

    @classmethod
    def of(cls, action: Action) -> Keep:
        """The slot of a ``keep`` or ``jack`` move."""
        _words(action, "keep", "jack")
        return cls(_number(action.args[0]))


@dataclass(frozen=True, slots=True)
class Give:
    """``give SEAT N``: the drawn card goes onto another seat's face-up slot ``N``."""

    seat: int
    slot: int

    @classmethod
    def of(cls, action: Action) -> Give:
        """The seat (0-based) and slot (1–4) of a ``give`` move."""
        _words(action, "give")
        return cls(_number(action.args[0]), _number(action.args[1]))


@dataclass(frozen=True, slots=True)
class King:
    """Pariah's ``king S1 N1 S2 N2``: the face-down cards of two positions swap."""

    seat1: int
    slot1: int
    seat2: int
    slot2: int

    @classmethod
    def of(cls, action: Action) -> King:
        """The two positions (seat 0-based, slot 1–4) of a ``king`` move."""
        _words(action, "king")
        s1, n1, s2, n2 = (_number(a) for a in action.args)
        return cls(s1, n1, s2, n2)

    @property
    def first(self) -> tuple[int, int]:
        """The first position, ``(seat, slot)``."""
        return self.seat1, self.slot1

    @property
    def second(self) -> tuple[int, int]:
        """The second position, ``(seat, slot)``."""
        return self.seat2, self.slot2
