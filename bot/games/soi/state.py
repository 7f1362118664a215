"""Soi values: options, state, errors, quad values and the 52-bit hand masks.

A hand is an ``int`` bit mask over the 52 cards: bit ``4 * rank_index + suit_index``
(ranks in ``Rank`` order, ace first; suits in ``Suit`` order). Masks are immutable, so a
state is a frozen dataclass of tuples and ``apply`` can share everything it does not change.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

from bot.games.cards import Card, Rank, Suit
from bot.games.protocol import IllegalAction
from bot.games.soi.views import SoiAsk
from bot.games.variants import check_fields, option
from bot.i18n import N_

MIN_PLAYERS = 3
MAX_PLAYERS = 6
MEMORY_ASKS = 3  # asks the table shows under the ``memory`` variant
# Leads a pickled SoiState; change it whenever the fields change, so that a pickle of other
# fields (e.g. a table snapshot taken by older code) fails to load instead of loading wrong.
STATE_FORMAT = "soi-state-2"

RANKS: tuple[Rank, ...] = tuple(Rank)
SUITS: tuple[Suit, ...] = tuple(Suit)
CARD_AT: tuple[Card, ...] = tuple(Card.of(r, s) for r in RANKS for s in SUITS)
INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARD_AT)}
CODE: dict[Card, str] = {c: str(c) for c in CARD_AT}
CODE_AT: tuple[str, ...] = tuple(str(c) for c in CARD_AT)
RANK_INDEX: dict[Rank, int] = {r: i for i, r in enumerate(RANKS)}
RANK_MASK: tuple[int, ...] = tuple(0xF << (4 * i) for i in range(len(RANKS)))
FULL_DECK_MASK = (1 << len(CARD_AT)) - 1


def quad_value(rank: Rank) -> int:
    """Points for a quadruplet of ``rank``: 2–10 their number, J/Q/K 10, aces 25."""
    if rank is Rank.ACE:
        return 25
    number = rank.number
    return 10 if number is None else number


def bit(card: Card) -> int:
    """The mask bit of ``card``."""
    return 1 << INDEX[card]


def bits(mask: int) -> Iterator[int]:
    """The card indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, by rank (ace first) then suit."""
    return [CARD_AT[i] for i in bits(mask)]


def codes_of(mask: int) -> list[str]:
    """The card codes of a mask, in :func:`cards_of` order."""
    return [CODE_AT[i] for i in bits(mask)]


def mask_of(cards: Any) -> int:
    """The mask of an iterable of cards."""
    out = 0
    for c in cards:
        out |= 1 << INDEX[c]
    return out


def rank_of(index: int) -> int:
    """The rank index of a card index."""
    return index >> 2


# ---------------------------------------------------------------------------- errors


class NoSuchSeat(IllegalAction):
    """The asked seat number is not at the table."""


class AskedSelf(IllegalAction):
    """A player tried to ask himself."""


class AskedEmptySeat(IllegalAction):
    """The asked player has no cards left."""


class RankNotHeld(IllegalAction):
    """The asker holds no card of the rank he asks for."""


class CardAlreadyHeld(IllegalAction):
    """The asker already holds the card he asks for."""


# ---------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Variant:
    """Soi's table options: the points ``target`` and the ``memory`` rule (last 3 asks)."""

    target: int = field(
        default=200, metadata=option(N_("Score that ends the game"), minimum=20, maximum=1000)
    )
    memory: bool = field(
        default=True, metadata=option(N_("The table shows only the last 3 asks: remember the rest"))
    )

    def __post_init__(self) -> None:
        check_fields(self, N_("Soi"))


@dataclass(frozen=True, slots=True)
class Ask:
    """One ask of the round and its answer (all public)."""

    asker: int
    asked: int
    card: Card
    hit: bool

    def view(self) -> SoiAsk:
        """The view form: ``{"asker", "asked", "card", "hit"}``."""
        return {"asker": self.asker, "asked": self.asked, "card": CODE[self.card], "hit": self.hit}


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A scored round: points and quadruplet ranks per seat."""

    points: tuple[int, ...]
    quads: tuple[tuple[Rank, ...], ...]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the whole table knows about one seat's hand (public information).

    ``known``: cards it received by a hit and has not handed over since.
    ``absent``: cards it cannot hold (it asked for them, or was asked and missed).
    ``ranks``: ranks it holds at least one card of (it asked for one), until it hands a
    card of that rank over or the rank is laid down.
    """

    known: frozenset[Card]
    absent: frozenset[Card]
    ranks: frozenset[Rank]


@dataclass(frozen=True, slots=True)
class SoiState:
    """A whole Soi game. Immutable; ``hands``, ``known``, ``absent`` are card masks.

    ``ranks`` holds a 13-bit rank mask per seat (see :class:`Knowledge`). ``asks`` keeps the
    round's asks: only the last three under the ``memory`` variant. ``turn`` is ``None``
    once the game is over.

    The shuffles come from one ``random.Random(deal_seed)`` stream that began fresh before
    round ``deal_from + 1`` (round 1 shuffled only the cards left after ``stacked`` stacked
    ones). :func:`round_rng` replays that stream from these ints when a round is dealt, so a
    state holds no ``random.Random`` (whose state is 625 ints, ~24 KB in memory).
    """

    players: int
    seed: int
    variant: Variant
    deal_seed: int
    deal_from: int
    stacked: int
    round: int
    dealer: int
    first: int
    hands: tuple[int, ...]
    quads: tuple[tuple[Rank, ...], ...]
    totals: tuple[int, ...]
    turn: int | None
    asks: tuple[Ask, ...]
    known: tuple[int, ...]
    absent: tuple[int, ...]
    ranks: tuple[int, ...]
    last_round: RoundResult | None
    winners: tuple[int, ...]

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.turn is None

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds (hidden information)."""
        return cards_of(self.hands[seat])

    def knowledge(self, seat: int) -> Knowledge:
        """The table's public knowledge about ``seat``'s hand."""
        return Knowledge(
            known=frozenset(cards_of(self.known[seat])),
            absent=frozenset(cards_of(self.absent[seat])),
            ranks=frozenset(RANKS[i] for i in range(len(RANKS)) if self.ranks[seat] >> i & 1),
        )

    def __getstate__(self) -> tuple[Any, ...]:
        """Pickle as ``STATE_FORMAT`` followed by the field values in order."""
        return (STATE_FORMAT, *(getattr(self, f.name) for f in fields(self)))

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        """Unpickle; a pickle of another field layout raises ``ValueError``.

        (The default would pair values with fields by position, silently misplacing them.)
        """
        names = [f.name for f in fields(self)]
        if not state or state[0] != STATE_FORMAT or len(state) != len(names) + 1:
            raise ValueError(
                "This Soi state was pickled by other code "  # i18n: not for people
                f"(not {STATE_FORMAT})."
            )
        for name, value in zip(names, state[1:], strict=True):
            object.__setattr__(self, name, value)


def round_rng(state: SoiState, round_no: int) -> random.Random:
    """The generator that deals round ``round_no``, positioned as the old stream left it.

    Replays the draws of rounds ``deal_from + 1`` to ``round_no - 1``: each took the first
    seat (``randrange(players)``) then shuffled the deck (52 cards, or those a stacked round-1
    deck left over). A few shuffles per round dealt: cheap next to a round's asks.
    """
    rng = random.Random(state.deal_seed)
    scratch = list(range(len(CARD_AT)))
    for past in range(state.deal_from + 1, round_no):
        rng.randrange(state.players)
        rng.shuffle(scratch if past > 1 else scratch[state.stacked :])
    return rng
