"""Turup's options, its immutable game state and the dealing rules."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from bot.games.cards import Card, somali_pack, standard_decks
from bot.games.protocol import InvalidVariant
from bot.games.variants import check_fields, option
from bot.i18n import N_, _, _n

MIN_PLAYERS = 2
MAX_PLAYERS = 12
HAND_SIZE = 4
PILE_SIZE = 4


SOMALI_PLAYERS = 4


class Pack(StrEnum):
    """The cards a Turup table plays with."""

    STANDARD = "standard"  # 52 cards for 2–4 players, 104 for 5–7, 156 for 8–12
    SOMALI = "somali"  # four 36-card packs (6–A of each suit): 144 cards, four players


@dataclass(frozen=True, slots=True)
class Variant:
    """Turup's table options: ``rounds`` per game (1–20, default 3) and the ``pack``."""

    rounds: int = field(
        default=3, metadata=option(N_("Number of rounds in a game"), minimum=1, maximum=20)
    )
    pack: str = field(
        default=Pack.STANDARD,
        metadata=option(
            N_("standard: 52-card decks; somali: 144 cards, 6 to ace, four players"),
            choices=tuple(Pack),
            labels=(N_("standard"), N_("somali")),
        ),
    )  # a Pack once built

    def __post_init__(self) -> None:
        check_fields(self, N_("Turup"))
        object.__setattr__(self, "pack", Pack(self.pack))


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a finished round came out."""

    number: int
    won: tuple[int, ...]  # cards won per seat
    winners: tuple[int, ...]
    leftover: int  # cards left on the pile, counted for nobody


@dataclass(frozen=True, slots=True)
class Play:
    """A card played in the current deal, as the whole table saw it: who played ``card``,
    the pile cards it took (none: a trail), and the pile as it lay before."""

    seat: int
    card: Card
    taken: tuple[Card, ...]
    pile: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TurupState:
    """A whole game of Turup. Immutable: ``apply`` returns a new one.

    ``deck`` is top first. ``won`` holds this round's won piles; ``past`` the cards won in
    the rounds before this one, so a seat's running total is ``past + len(won)``. ``plays``
    are the current deal's plays, oldest first (emptied when the hands are dealt again):
    public, what every seat saw happen (the hard player reads the opponents' hands from them).
    """

    players: int
    seed: int
    variant: Variant
    round: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    deck: tuple[Card, ...]
    won: tuple[tuple[Card, ...], ...]
    turn: int | None
    past: tuple[int, ...]
    round_wins: tuple[int, ...]
    last_round: RoundResult | None = None
    plays: tuple[Play, ...] = ()

    @property
    def over(self) -> bool:
        """True once the last round has been scored."""
        return self.turn is None


def deck_count(players: int) -> int:
    """How many 52-card decks the table uses: 1 for 2–4 players, 2 for 5–7, 3 for 8–12."""
    if players <= 4:
        return 1
    if players <= 7:
        return 2
    return 3


def check_players(players: int, variant: Variant | None = None) -> None:
    """Raise ``InvalidVariant`` unless 2–12 players (exactly four with the Somali pack)."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidVariant(_("The number of players must be a whole number from 2 to 12."))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidVariant(_("Turup is for 2 to 12 players, not {players}.", players=players))
    if variant is not None and variant.pack is Pack.SOMALI and players != SOMALI_PLAYERS:
        raise InvalidVariant(
            _(
                "The Somali pack (144 cards) is for exactly {needed}, "
                "not {players}: choose the standard pack.",
                needed=_n("{n} player", "{n} players", SOMALI_PLAYERS),
                players=players,
            )
        )


def pack_cards(players: int, pack: str = Pack.STANDARD) -> list[Card]:
    """Every card of a table's pack, unshuffled."""
    if pack == Pack.SOMALI:
        return somali_pack()
    return standard_decks(deck_count(players))


def pack_name(players: int, pack: str = Pack.STANDARD) -> str:
    """The pack in words, for messages: "the Somali pack", "2 decks" (current language)."""
    if pack == Pack.SOMALI:
        return _("the Somali pack")
    return _n("{n} deck", "{n} decks", deck_count(players))


def turn_order(players: int, dealer: int) -> list[int]:
    """Seats in turn order, starting left of the dealer."""
    return [(dealer + 1 + i) % players for i in range(players)]


def round_rng(seed: int, round_no: int) -> random.Random:
    """The random source that shuffles round ``round_no`` (derived from the seed only)."""
    return random.Random(f"turup:{seed}:{round_no}")  # i18n: not for people


def round_pack(
    players: int,
    seed: int,
    round_no: int,
    stacked: Sequence[Card] | None = None,
    pack: str = Pack.STANDARD,
) -> list[Card]:
    """The shuffled pack for a round, top first; ``stacked`` fixes its top cards.

    A stacked deck shorter than the pack is completed with the remaining cards in seeded
    random order; it may not hold more copies of a card than the pack has.
    """
    full = pack_cards(players, pack)
    rng = round_rng(seed, round_no)
    if stacked is None:
        rng.shuffle(full)
        return full
    stacked = list(stacked)
    extra = Counter(stacked)
    extra.subtract(Counter(full))
    for card, surplus in extra.items():
        if surplus > 0:
            raise InvalidVariant(
                _(
                    "The stacked deck holds more {card} than {pack} has.",
                    card=card.display,
                    pack=pack_name(players, pack),
                )
            )
    owed = Counter(stacked)
    rest = []
    for card in full:
        if owed[card]:
            owed[card] -= 1
        else:
            rest.append(card)
    rng.shuffle(rest)
    return stacked + rest


def deal_hands(
    deck: Sequence[Card], players: int, dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[int, ...]]:
    """Deal four each seat by seat from the top, or one at a time if the deck is short.

    Returns the new hands, the deck left and how many cards each seat got.
    """
    order = turn_order(players, dealer)
    hands: list[list[Card]] = [[] for _ in range(players)]
    pos = 0
    if len(deck) >= HAND_SIZE * players:
        for seat in order:
            hands[seat] = list(deck[pos : pos + HAND_SIZE])
            pos += HAND_SIZE
    else:
        i = 0
        while pos < len(deck):
            hands[order[i % players]].append(deck[pos])
            pos += 1
            i += 1
    counts = tuple(len(h) for h in hands)
    return tuple(tuple(h) for h in hands), tuple(deck[pos:]), counts


def start_round(
    players: int,
    seed: int,
    variant: Variant,
    round_no: int,
    past: tuple[int, ...],
    round_wins: tuple[int, ...],
    last_round: RoundResult | None,
    stacked: Sequence[Card] | None = None,
) -> TurupState:
    """Deal round ``round_no``: four to each hand from left of the dealer, four to the pile."""
    dealer = (players - 1 + round_no - 1) % players
    cards = round_pack(players, seed, round_no, stacked, variant.pack)
    hands, rest, _ = deal_hands(cards, players, dealer)
    pile, deck = tuple(rest[:PILE_SIZE]), tuple(rest[PILE_SIZE:])
    return TurupState(
        players=players,
        seed=seed,
        variant=variant,
        round=round_no,
        dealer=dealer,
        hands=hands,
        pile=pile,
        deck=deck,
        won=tuple(() for _ in range(players)),
        turn=(dealer + 1) % players,
        past=past,
        round_wins=round_wins,
        last_round=last_round,
    )
