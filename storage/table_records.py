"""The records of a table's seats and action log (``storage.tables`` stores them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat. ``user_id`` ``None``: a computer seat; ``computer_level`` on a human's seat
    means a computer holds it (after a resignation or timeouts)."""

    seat: int
    user_id: int | None
    name: str
    computer_level: str | None = None
    resigned: bool = False
    timeouts: int = 0

    @property
    def is_computer_held(self) -> bool:
        """True when a computer player makes this seat's moves."""
        return self.computer_level is not None

    @property
    def is_human(self) -> bool:
        """True when the seat belongs to a person (even if a computer holds it now)."""
        return self.user_id is not None


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One accepted action in a table's log."""

    seq: int
    seat: int
    text: str
    at: str
    #: A computer player chose it (a computer seat, or a person's turn played for him).
    by_computer: bool = False
