"""A probability model of a coop table (Soureh, Pariah) as one seat sees it.

Validity and points depend only on a card's rank and colour, so cards are reduced to
*kinds* ``(order, red)``. A face-down card is a *belief*: a known kind for the seat's own
cards, otherwise the unseen cards (the deck minus every card the seat has seen: all
face-up cards, its own face-down cards and drawn card, the public discard pile), narrowed
to the kinds that made a declarer's coops valid when he declared.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache

from bot.games.cards import ALL_CARDS, Card, Rank, Suit
from bot.games.coop import pariah, soureh
from bot.games.coop.views import CoopView

#: Each coop game's rule for a valid coop ``(up, down)``, by game name.
COOP_VALID: Mapping[str, Callable[[Card, Card], bool]] = {
    soureh.ENGINE.name: soureh.coop_valid,
    pariah.ENGINE.name: pariah.coop_valid,
}
_FULL_DECK: Mapping[str, Sequence[Card]] = {
    engine.name: engine.full_deck for engine in (soureh.ENGINE, pariah.ENGINE)
}

Kind = tuple[int, bool]
Belief = tuple[str, int]  # ("k", kind index) known, ("p", 0) prior, ("d", up index) declared
PRIOR: Belief = ("p", 0)
KINDS: tuple[Kind, ...] = tuple((order, red) for order in range(1, 14) for red in (False, True))
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
JACK_KIND = KIND_INDEX[(11, False)]


_KIND_OF: dict[Card, int] = {c: KIND_INDEX[(c.order, c.is_red)] for c in ALL_CARDS}
_KIND_OF_TEXT: dict[str, int] = {str(c): k for c, k in _KIND_OF.items()}


def kind_of(card: Card) -> int:
    """The kind index of a card."""
    return _KIND_OF[card]


def kind_of_text(text: str) -> int:
    """The kind index of a card in notation (``"10H"``)."""
    kind = _KIND_OF_TEXT.get(text)
    return kind if kind is not None else _KIND_OF[Card.parse(text)]


def _sample(kind: int) -> Card:
    order, red = KINDS[kind]
    return Card.of(list(Rank)[order - 1], Suit.HEARTS if red else Suit.SPADES)


@lru_cache(maxsize=4)
def valid_table(game: str) -> tuple[tuple[bool, ...], ...]:
    """``table[up][down]``: is a coop of those kinds valid in ``game``?"""
    valid = COOP_VALID[game]
    return tuple(tuple(valid(_sample(u), _sample(d)) for d in range(26)) for u in range(26))


def low_value(kind: int) -> int:
    """Soureh points of a card when picked low (ace 1)."""
    return KINDS[kind][0]


def pariah_points(kind: int) -> int:
    """Pariah points of a card: ace 15, face cards 0, else the number."""
    order = KINDS[kind][0]
    return 15 if order == 1 else 0 if order > 10 else order


@lru_cache(maxsize=4)
def _deck_counts(game: str) -> tuple[float, ...]:
    counts = [0.0] * 26
    for c in _FULL_DECK[game]:
        counts[_KIND_OF[c]] += 1
    return tuple(counts)


def unseen_counts(game: str, seen: Iterable[str]) -> list[float]:
    """How many cards of each kind the seat has not seen (cards in notation)."""
    counts = list(_deck_counts(game))
    for text in seen:
        k = kind_of_text(text)
        counts[k] = max(0.0, counts[k] - 1)
    return counts


class Model:
    """Beliefs and values for one decision; caches per (up kind, belief)."""

    def __init__(self, game: str, unseen: Sequence[float]) -> None:
        self.game = game
        self.valid = valid_table(game)
        total = sum(unseen) or 1.0
        self.prior = [c / total for c in unseen]
        self._dists: dict[Belief, list[tuple[int, float]]] = {}
        self._stats: dict[tuple[int, Belief], tuple[float, float, float]] = {}
        self._robust: dict[int, float] = {}

    def dist(self, belief: Belief) -> list[tuple[int, float]]:
        """The kinds a face-down card may be, with their probabilities."""
        out = self._dists.get(belief)
        if out is None:
            tag, index = belief
            if tag == "k":
                out = [(index, 1.0)]
            else:
                pairs = [(k, p) for k, p in enumerate(self.prior) if p > 0]
                if tag == "d":
                    row = self.valid[index]
                    kept = [(k, p) for k, p in pairs if row[k]]
                    pairs = kept or pairs
                total = sum(p for _, p in pairs) or 1.0
                out = [(k, p / total) for k, p in pairs]
            self._dists[belief] = out
        return out

    def stats(self, up: int, belief: Belief) -> tuple[float, float, float]:
        """(P(valid), E[Soureh low pick], E[Pariah points and valid]) of one coop."""
        key = (up, belief)
        out = self._stats.get(key)
        if out is None:
            row = self.valid[up]
            low_up = low_value(up)
            pts_up = pariah_points(up)
            p = e_low = e_pts = 0.0
            for k, q in self.dist(belief):
                low = low_value(k)
                e_low += q * (low if low < low_up else low_up)
                if row[k]:
                    p += q
                    e_pts += q * (pts_up + pariah_points(k))
            out = (p, e_low, e_pts)
            self._stats[key] = out
        return out

    def robust(self, down: int) -> float:
        """Chance a coop over ``down`` stays valid when an unseen card replaces its up card."""
        out = self._robust.get(down)
        if out is None:
            out = sum(q for u, q in enumerate(self.prior) if q and self.valid[u][down])
            self._robust[down] = out
        return out

    def seat_value(self, coops: Sequence[tuple[int, Belief]]) -> float:
        """The seat's expected round result, higher is better (Soureh: minus penalty)."""
        p_all = 1.0
        if self.game == "soureh":
            low = 0.0
            for up, belief in coops:
                p, e_low, _ = self.stats(up, belief)
                p_all *= p
                low += e_low
            return -(1.0 - p_all) * low
        points = 0.0
        for up, belief in coops:
            p, _, e_pts = self.stats(up, belief)
            p_all *= p
            points += e_pts
        return points + 50.0 * p_all

    def all_valid(self, coops: Sequence[tuple[int, Belief]]) -> float:
        """Chance every coop of a seat is valid."""
        p_all = 1.0
        for up, belief in coops:
            p_all *= self.stats(up, belief)[0]
        return p_all


Board = dict[int, list[tuple[int, Belief]]]


def board_from_view(
    view: CoopView, seat: int, declared_up: Sequence[str] | None
) -> Board:
    """Every seat still in the round: (up kind, belief about its face-down card) per slot."""
    board: Board = {}
    declarer = view["declarer"]
    for s, row in enumerate(view["seats"]):
        up, down = row["up"], row["down"]
        if not row.get("in_round", True) or up is None:
            continue
        ups = [kind_of_text(t) for t in up]
        if s == seat and down is not None:
            downs = [("k", kind_of_text(t)) for t in down]
        elif s == declarer and declared_up is not None:
            downs = [("d", kind_of_text(t)) for t in declared_up]
        else:
            downs = [PRIOR] * 4
        board[s] = [(u, d) for u, d in zip(ups, downs, strict=True)]
    return board
