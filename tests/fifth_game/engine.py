"""High card: the rules, as a pure engine (no Discord, no pictures).

Two players, a few rounds. Each round deals three cards to each seat; the leader plays a
card face up, the other answers with one, and the higher rank takes the trick (equal ranks:
nobody). Whoever took the trick leads the next; after three tricks the round's tricks are
added to the totals. After ``Variant.rounds`` rounds the most tricks wins (a tie is shared).
Notation: ``play 7H``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.games.cards import Card, shuffled, standard_deck
from bot.games.protocol import (
    Action,
    Event,
    GameOver,
    IllegalAction,
    Transition,
    move_words,
    parse_card,
    seat_ref,
    split_notation,
)
from bot.games.variants import check_fields, option
from bot.i18n import L_, N_, _

HAND = 3  # cards dealt to each seat a round
Hands = tuple[tuple[Card, ...], ...]  # each seat's cards


def rank(card: Card) -> int:
    """A card's rank in a trick: 2 lowest, ace highest."""
    return 14 if card.order == 1 else card.order


@dataclass(frozen=True, slots=True)
class Variant:
    """High card's one option: how many rounds are played."""

    rounds: int = field(default=2, metadata=option(N_("Rounds to play"), minimum=1, maximum=5))

    def __post_init__(self) -> None:
        check_fields(self, N_("High card"))


@dataclass(frozen=True, slots=True)
class State:
    """A game of High card; every field is public but ``hands``."""

    seed: int
    variant: Variant
    round: int
    hands: Hands
    leader: int
    trick: tuple[Card, ...] = ()  # the cards played to this trick, the leader's first
    won: tuple[int, ...] = (0, 0)  # tricks taken this round
    totals: tuple[int, ...] = (0, 0)
    last_round: tuple[int, ...] | None = None  # the last scored round's tricks
    over: bool = False

    @property
    def to_act(self) -> int | None:
        return None if self.over else (self.leader + len(self.trick)) % 2


def _deal(seed: int, round_no: int, deck: Sequence[Card] | None = None) -> Hands:
    """Three cards each: from ``deck`` (top first) if given, else a seeded shuffle."""
    rng = random.Random(seed * 101 + round_no)
    cards = list(deck) if deck else shuffled(standard_deck(), rng)
    return (tuple(cards[0:HAND]), tuple(cards[HAND:2 * HAND]))


def _dealt(state: State) -> list[Event]:
    said = L_("Round {n}: {p0} and {p1} get three cards each.", n=state.round,
              p0=seat_ref(0), p1=seat_ref(1))
    return [Event("deal", said), *(
        Event("hand", L_("Your cards: {cards}", cards=" ".join(c.display for c in hand)),
              frozenset({seat})) for seat, hand in enumerate(state.hands))]


class HighCardEngine:
    """The engine contract (``bot.games.protocol.Engine``) for High card."""

    name = "highcard"  # i18n: not for people
    title = N_("High card")
    min_players = 2
    max_players = 2
    lowest_wins = False
    said_to_you = ()  # no event is said to its seat in the second person
    Variant = Variant

    def new_game(self, players: int, seed: int, variant: Any | None = None,
                 deck: Sequence[Card] | None = None) -> State:
        return State(seed, variant or Variant(), 1, _deal(seed, 1, deck), leader=0)

    def to_act(self, state: State) -> int | None:
        return state.to_act

    def legal_actions(self, state: State) -> list[Action]:
        seat = state.to_act
        return [] if seat is None else [Action("play", (c,)) for c in state.hands[seat]]

    def parse_action(self, state: State, text: str) -> Action:
        if state.over:
            raise GameOver(_("The game is over."))
        word, args = split_notation(text)
        if word != "play" or len(args) != 1:
            raise IllegalAction(_("Type `play` and a card of yours, e.g. `play 7H`."))
        action = Action("play", (parse_card(args[0]),))
        if action not in self.legal_actions(state):
            raise IllegalAction(_("You do not hold {card}.", card=args[0]))
        return action

    def apply(self, state: State, action: Action) -> Transition[State]:
        seat = state.to_act
        if seat is None or action not in self.legal_actions(state):
            raise IllegalAction(_("That card cannot be played now."))
        card = action.args[0]
        assert isinstance(card, Card)
        hands = tuple(tuple(c for c in h if c != card) if s == seat else h
                      for s, h in enumerate(state.hands))
        events = [Event("play", L_("{p} played {card}.", p=seat_ref(seat), card=card.display),
                        data={"card": str(card)})]
        state = replace(state, hands=hands, trick=(*state.trick, card))
        if len(state.trick) < 2:
            return Transition(state, tuple(events))
        lead, answer = state.trick
        taker = None if rank(lead) == rank(answer) else (
            state.leader if rank(lead) > rank(answer) else 1 - state.leader)
        won = tuple(w + (s == taker) for s, w in enumerate(state.won))
        events.append(Event("trick", L_("{p} takes the trick.", p=seat_ref(taker))
                            if taker is not None else L_("Equal ranks: nobody takes the trick.")))
        state = replace(state, trick=(), won=won, leader=state.leader if taker is None else taker)
        if any(hands):
            return Transition(state, tuple(events))
        totals = tuple(t + w for t, w in zip(state.totals, won, strict=True))
        state = replace(state, totals=totals, won=(0, 0), last_round=won)
        events.append(Event("round_end", L_("Round {n} is over.", n=state.round),
                            data={"round": state.round, "won": list(won)}))
        if state.round >= state.variant.rounds:
            state = replace(state, over=True)
            events.append(Event("game_end", L_("The game is over.")))
            return Transition(state, tuple(events))
        round_no = state.round + 1
        state = replace(state, round=round_no, hands=_deal(state.seed, round_no),
                        leader=(round_no - 1) % 2)
        return Transition(state, (*events, *_dealt(state)))

    def describe(self, state: State, action: Action) -> str:
        card = action.args[0]
        assert isinstance(card, Card)
        return move_words(str(action), _("play {card}", card=card.display))

    def public_view(self, state: State) -> dict[str, Any]:
        return {
            "game": self.name, "players": 2, "seat": None, "round": state.round,
            "dealer": (state.round - 1) % 2, "to_act": state.to_act,
            "phase": "over" if state.over else "play", "totals": list(state.totals),
            "target": state.variant.rounds, "target_kind": "rounds", "over": state.over,
            "winners": self.winners(state), "out": [False, False], "extra_turns": 0,
            "trick": [str(c) for c in state.trick],
            "hand_counts": [len(h) for h in state.hands], "won": list(state.won),
            "hand": None,
            "last_round": None if state.last_round is None else {"won": list(state.last_round)},
        }

    def player_view(self, state: State, seat: int) -> dict[str, Any]:
        return {**self.public_view(state), "seat": seat,
                "hand": [str(c) for c in state.hands[seat]]}

    def totals(self, state: State) -> list[int]:
        return list(state.totals)

    def winners(self, state: State) -> list[int]:
        best = max(state.totals)
        return [s for s, t in enumerate(state.totals) if t == best] if state.over else []

    def hidden_cards(self, state: State, seat: int) -> list[str]:
        return [str(c) for c in state.hands[seat]]

    def drawn_card(self, state: State, seat: int) -> str | None:
        return None

    def round_number(self, state: State) -> int:
        return state.round

    def quiet(self, state: State, action: Action) -> bool:
        return False

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from ``state``: the other hand dealt anew from the
        cards it cannot see (neither its own nor the trick's), in a canonical order, and
        the later rounds' deals from a new seed; it reads only the seat's view."""
        seen = {*state.hands[seat], *state.trick}
        unseen = [c for c in sorted(standard_deck(), key=str) if c not in seen]
        other = 1 - seat
        dealt = tuple(rng.sample(unseen, len(state.hands[other])))
        hands = tuple(dealt if s == other else h for s, h in enumerate(state.hands))
        return replace(state, hands=hands, seed=rng.randrange(2**31))
