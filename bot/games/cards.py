"""Cards, ranks, suits and the decks the four games use.

Notation: rank then suit letter, ``AS 7H 10D QC``; ``Card.parse`` accepts either case.
A display form with suit symbols (``10♦``) is ``card.display``.
Cards are interned: there is exactly one ``Card`` object per (rank, suit), so identity,
equality and hashing are all cheap.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from bot.i18n import L_, Msg, _


class Suit(StrEnum):
    """A suit, named by its notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠ ♥ ♦ ♣."""
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def plural(self) -> str:
        """The suit's name in words: "spades"."""
        return self.name.lower()


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(StrEnum):
    """A rank, named by its notation text."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def order(self) -> int:
        """1 for an ace up to 13 for a king."""
        return _ORDER[self]

    @property
    def number(self) -> int | None:
        """The face value of a number card (ace 1, 2–10); ``None`` for J, Q, K."""
        order = _ORDER[self]
        return order if order <= 10 else None

    @property
    def is_face(self) -> bool:
        """J, Q and K are face cards."""
        return _ORDER[self] > 10

    @property
    def word(self) -> str:
        """The rank in words, singular: "ace", "7", "queen"."""
        return _WORDS.get(self, self.value)

    @property
    def plural(self) -> str:
        """The rank in words, plural: "aces", "7s", "queens"."""
        return self.word + "s"


_ORDER = {rank: i + 1 for i, rank in enumerate(Rank)}
_WORDS = {Rank.ACE: "ace", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}

#: Each rank in words, for texts a person reads (translated when shown): "a {rank}" and
#: "the four {ranks}" take these as values.
RANK_WORD: dict[Rank, Msg] = {
    Rank.ACE: L_("ace"),
    Rank.TWO: L_("2"),
    Rank.THREE: L_("3"),
    Rank.FOUR: L_("4"),
    Rank.FIVE: L_("5"),
    Rank.SIX: L_("6"),
    Rank.SEVEN: L_("7"),
    Rank.EIGHT: L_("8"),
    Rank.NINE: L_("9"),
    Rank.TEN: L_("10"),
    Rank.JACK: L_("jack"),
    Rank.QUEEN: L_("queen"),
    Rank.KING: L_("king"),
}
RANK_PLURAL: dict[Rank, Msg] = {
    Rank.ACE: L_("aces"),
    Rank.TWO: L_("2s"),
    Rank.THREE: L_("3s"),
    Rank.FOUR: L_("4s"),
    Rank.FIVE: L_("5s"),
    Rank.SIX: L_("6s"),
    Rank.SEVEN: L_("7s"),
    Rank.EIGHT: L_("8s"),
    Rank.NINE: L_("9s"),
    Rank.TEN: L_("10s"),
    Rank.JACK: L_("jacks"),
    Rank.QUEEN: L_("queens"),
    Rank.KING: L_("kings"),
}

NUMBER_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if not r.is_face)
FACE_RANKS: tuple[Rank, ...] = (Rank.JACK, Rank.QUEEN, Rank.KING)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A playing card. Interned: build one with ``Card.of`` or ``Card.parse``."""

    rank: Rank
    suit: Suit

    _cache: ClassVar[dict[tuple[Rank, Suit], Card]] = {}
    _by_text: ClassVar[dict[str, Card]] = {}

    @classmethod
    def of(cls, rank: Rank | str, suit: Suit | str) -> Card:
        """The card of that rank and suit."""
        return cls._cache[(Rank(rank), Suit(suit))]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"10H"``, ``"qs"``, ``"10♦"``; raises ``ValueError`` with a clear message."""
        key = text.strip().upper()
        card = cls._by_text.get(key)
        if card is None:
            raise ValueError(
                _(
                    "{text} is not a card: write the rank then the suit, like 7H or 10D.",
                    text=repr(text.strip()),
                )
            )
        return card

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card({self})"

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (Card.of, (self.rank.value, self.suit.value))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def code(self) -> str:
        """The notation text, e.g. ``"10H"`` (same as ``str(card)``)."""
        return self.rank.value + self.suit.value

    @property
    def display(self) -> str:
        """The display form, e.g. ``"10♥"``."""
        return self.rank.value + self.suit.symbol

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit.is_red

    @property
    def is_face(self) -> bool:
        """J, Q and K are face cards."""
        return self.rank.is_face

    @property
    def number(self) -> int | None:
        """Ace 1, 2–10 their number, ``None`` for face cards."""
        return self.rank.number

    @property
    def order(self) -> int:
        """Ace 1 up to king 13."""
        return self.rank.order


def _build_cache() -> None:
    for suit in Suit:
        for rank in Rank:
            card = Card(rank, suit)
            Card._cache[(rank, suit)] = card
            for text in {str(card), card.display}:
                Card._by_text[text.upper()] = card


_build_cache()

ALL_CARDS: tuple[Card, ...] = tuple(Card._cache.values())


def card(text: str) -> Card:
    """Shorthand for ``Card.parse``."""
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    """Parse a space-separated list of cards: ``cards("AS 10H 3C")``."""
    return [Card.parse(t) for t in text.split()]


def standard_deck() -> list[Card]:
    """One 52-card deck, in a fixed order (shuffle it yourself)."""
    return [Card.of(rank, suit) for suit in Suit for rank in Rank]


def standard_decks(count: int) -> list[Card]:
    """``count`` standard decks together (Turup uses 1, 2 or 3)."""
    return standard_deck() * count


def somali_pack() -> list[Card]:
    """The Somali Turup pack: four identical 36-card packs (6–10, J, Q, K, A of each suit),
    144 cards, sixteen of each rank."""
    ranks = [r for r in Rank if r is Rank.ACE or r.order >= 6]
    return [Card.of(rank, suit) for suit in Suit for rank in ranks] * 4


def shuffled(deck: list[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``deck`` using ``rng`` (never the global random)."""
    out = list(deck)
    rng.shuffle(out)
    return out


def show(cards_: list[Card] | tuple[Card, ...]) -> str:
    """Cards in display form, space separated: ``"7♥ 10♠"``."""
    return " ".join(c.display for c in cards_)
