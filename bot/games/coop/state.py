"""The state of a coop game (Soureh, Pariah): a small slotted object, copied per action.

Copy-on-write rule: a state's list and tuple fields are never changed in place once the
state has been handed out; an action copies the state (:meth:`CoopState.copy`, a shallow
copy of the slots) and *replaces* the fields it changes. The one exception is the discard
pile, an append-only list shared between states: a state only reads its first
``ndiscard`` entries, so appending for a newer state never changes what an older one sees.
``discard_who`` runs beside it: per discarded card, ``PUBLIC`` (-1) when the whole table
saw it, else the one seat that did (face-down discards, variant ``discards=hidden``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypedDict

from bot.games.cards import Card


class Phase(StrEnum):
    """What the seat to act must decide now."""

    DRAW = "draw"
    PLACE = "place"
    REVEAL = "reveal"  # the declarer's returning turn (reveal rule): draw or reveal
    OVER = "over"


PUBLIC = -1  # a discard everyone saw

Coops = tuple[Card, Card, Card, Card]
Valid = tuple[bool, bool, bool, bool]


class CoopRoundEnd(TypedDict):
    """A scored round as the view shows it (``VIEWS.md``: ``last_round``)."""

    round: int
    reason: str
    coops: list[list[list[str]] | None]
    valid: list[list[bool] | None]
    picks: list[list[str] | None]
    points: list[int]
    totals: list[int]


class CoopState:
    """A whole coop game: every round until the end. Treat it as read-only."""

    __slots__ = (
        "dealer",
        "declared_up",
        "declarer",
        "discard",
        "discard_who",
        "down",
        "drawn",
        "extra",
        "in_game",
        "in_round",
        "last_round",
        "n",
        "ndiscard",
        "next_seed",
        "pending",
        "phase",
        "pos",
        "protected",
        "round",
        "start_totals",
        "stock",
        "to_act",
        "totals",
        "up",
        "valid",
        "variant",
        "winners",
    )

    n: int
    variant: Any
    next_seed: int  # seeds the generator that shuffles the next round
    round: int
    dealer: int
    up: list[Coops | None]
    down: list[Coops | None]
    valid: list[Valid | None]
    stock: tuple[Card, ...]
    pos: int
    discard: list[Card]
    discard_who: list[int]
    ndiscard: int
    totals: list[int]
    start_totals: tuple[int, ...]
    in_game: list[bool]
    in_round: list[bool]
    to_act: int | None
    phase: Phase
    drawn: Card | None
    declarer: int | None
    pending: tuple[int, ...]
    protected: int | None
    declared_up: Coops | None
    extra: int
    last_round: CoopRoundEnd | None
    winners: tuple[int, ...]

    def copy(self) -> CoopState:
        """A shallow copy: the new state may replace fields without touching this one."""
        new = CoopState.__new__(CoopState)
        new.n = self.n
        new.variant = self.variant
        new.next_seed = self.next_seed
        new.round = self.round
        new.dealer = self.dealer
        new.up = self.up
        new.down = self.down
        new.valid = self.valid
        new.stock = self.stock
        new.pos = self.pos
        new.discard = self.discard
        new.discard_who = self.discard_who
        new.ndiscard = self.ndiscard
        new.totals = self.totals
        new.start_totals = self.start_totals
        new.in_game = self.in_game
        new.in_round = self.in_round
        new.to_act = self.to_act
        new.phase = self.phase
        new.drawn = self.drawn
        new.declarer = self.declarer
        new.pending = self.pending
        new.protected = self.protected
        new.declared_up = self.declared_up
        new.extra = self.extra
        new.last_round = self.last_round
        new.winners = self.winners
        return new

    # ------------------------------------------------------------ read helpers

    @property
    def stock_left(self) -> int:
        """Cards left in the stock."""
        return len(self.stock) - self.pos

    @property
    def discard_pile(self) -> list[Card]:
        """The discard pile, bottom first."""
        return self.discard[: self.ndiscard]

    def next_in_round(self, seat: int) -> int:
        """The next seat after ``seat`` in turn order that is still in the round."""
        n = self.n
        nxt = (seat + 1) % n
        in_round = self.in_round
        while not in_round[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def round_order(self, after: int) -> list[int]:
        """The seats in the round, in turn order starting after ``after``."""
        n = self.n
        return [(after + i) % n for i in range(1, n + 1) if self.in_round[(after + i) % n]]

    # ------------------------------------------------------------ write helpers

    def discards_seen_by(self, seat: int) -> list[Card]:
        """The discarded cards ``seat`` saw (all of them when the pile is face up)."""
        who = self.discard_who
        return [c for i, c in enumerate(self.discard[: self.ndiscard]) if who[i] in (PUBLIC, seat)]

    def push_discard(self, card: Card, who: int = -1) -> None:
        """Put ``card`` on the discard pile (sharing the list with older states).

        ``who`` is the one seat that saw the card go (``PUBLIC``: everyone saw it)."""
        if len(self.discard) != self.ndiscard:
            self.discard = self.discard[: self.ndiscard]
            self.discard_who = self.discard_who[: self.ndiscard]
        self.discard.append(card)
        self.discard_who.append(who)
        self.ndiscard += 1

    def set_down(self, seat: int, index: int, card: Card, valid: bool) -> Card:
        """Replace a face-down card (slot ``index`` 0–3); return the card it replaced."""
        old = self.down[seat]
        assert old is not None
        downs = list(self.down)
        row = list(old)
        row[index] = card
        downs[seat] = (row[0], row[1], row[2], row[3])
        self.down = downs
        self._set_valid(seat, index, valid)
        return old[index]

    def set_up(self, seat: int, index: int, card: Card, valid: bool) -> Card:
        """Replace a face-up card (slot ``index`` 0–3); return the card it replaced."""
        old = self.up[seat]
        assert old is not None
        ups = list(self.up)
        row = list(old)
        row[index] = card
        ups[seat] = (row[0], row[1], row[2], row[3])
        self.up = ups
        self._set_valid(seat, index, valid)
        return old[index]

    def _set_valid(self, seat: int, index: int, valid: bool) -> None:
        old = self.valid[seat]
        assert old is not None
        if old[index] is valid:
            return
        vals = list(self.valid)
        row = list(old)
        row[index] = valid
        vals[seat] = (row[0], row[1], row[2], row[3])
        self.valid = vals
