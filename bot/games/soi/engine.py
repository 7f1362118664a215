"""The Soi engine (RULES.md section 4): dealing, asking, quadruplets, scoring, views."""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from bot.games.cards import RANK_PLURAL, Card, standard_deck
from bot.games.protocol import (
    Action,
    BadNotation,
    Event,
    GameOver,
    InvalidVariant,
    Transition,
    parse_card,
    parse_int,
    seat_list,
    seat_ref,
    split_notation,
)
from bot.games.soi.checks import ask_problem, askable_mask, seat_problem
from bot.games.soi.determinize import determinize
from bot.games.soi.state import (
    CARD_AT,
    INDEX,
    MAX_PLAYERS,
    MEMORY_ASKS,
    MIN_PLAYERS,
    RANK_MASK,
    RANKS,
    Ask,
    Knowledge,
    RoundResult,
    SoiState,
    Variant,
    bits,
    codes_of,
    quad_value,
    round_rng,
)
from bot.games.soi.texts import ASK_HELP, SAID_TO_YOU, describe_ask, turn_moves
from bot.games.soi.views import SoiView
from bot.i18n import L_, N_, L_n, _

log = logging.getLogger(__name__)


# ---------------------------------------------------------------------------- working copy


class _Work:
    """A mutable copy of a state used while one action is applied."""

    __slots__ = (
        "absent",
        "asks",
        "dealer",
        "first",
        "hands",
        "known",
        "last_round",
        "quads",
        "ranks",
        "round",
        "src",
        "totals",
        "turn",
        "winners",
    )

    def __init__(self, s: SoiState) -> None:
        self.src = s
        self.round = s.round
        self.dealer = s.dealer
        self.first = s.first
        self.hands = list(s.hands)
        self.quads = list(s.quads)
        self.totals = list(s.totals)
        self.turn = s.turn
        self.asks = s.asks
        self.known = list(s.known)
        self.absent = list(s.absent)
        self.ranks = list(s.ranks)
        self.last_round = s.last_round
        self.winners = s.winners

    def freeze(self) -> SoiState:
        s = self.src
        return SoiState(
            players=s.players,
            seed=s.seed,
            variant=s.variant,
            deal_seed=s.deal_seed,
            deal_from=s.deal_from,
            stacked=s.stacked,
            round=self.round,
            dealer=self.dealer,
            first=self.first,
            hands=tuple(self.hands),
            quads=tuple(self.quads),
            totals=tuple(self.totals),
            turn=self.turn,
            asks=self.asks,
            known=tuple(self.known),
            absent=tuple(self.absent),
            ranks=tuple(self.ranks),
            last_round=self.last_round,
            winners=self.winners,
        )

    @property
    def players(self) -> int:
        return self.src.players

    def next_with_cards(self, start: int) -> int | None:
        """The first seat from ``start`` on, in turn order, that still holds cards."""
        n = self.players
        for k in range(n):
            seat = (start + k) % n
            if self.hands[seat]:
                return seat
        return None

    def lay_down(self, seat: int, rank_index: int, events: list[Event]) -> None:
        """Move ``seat``'s quadruplet of that rank out of play, credited to him."""
        mask = RANK_MASK[rank_index]
        rank = RANKS[rank_index]
        self.hands[seat] &= ~mask
        self.quads[seat] = (*self.quads[seat], rank)
        for s in range(self.players):
            self.known[s] &= ~mask
            self.absent[s] &= ~mask
            self.ranks[s] &= ~(1 << rank_index)
        points = quad_value(rank)
        events.append(
            Event(
                "quad",
                lambda: L_n(
                    "{player} lays down the four {ranks}: {n} point.",
                    "{player} lays down the four {ranks}: {n} points.",
                    points,
                    player=seat_ref(seat),
                    ranks=RANK_PLURAL[rank],
                ),
                data={"seat": seat, "rank": rank.value, "points": points},
            )
        )

    def lay_down_all(self, seat: int, events: list[Event]) -> None:
        """Lay down every quadruplet ``seat`` holds."""
        hand = self.hands[seat]
        for ri, mask in enumerate(RANK_MASK):
            if hand & mask == mask:
                self.lay_down(seat, ri, events)

    def start_round(self, dealer: int, stacked: Sequence[Card] | None, events: list[Event]) -> None:
        """Shuffle (or take the stacked deck), deal round-robin, lay down quads, pick first."""
        n = self.players
        rng = round_rng(self.src, self.round + 1)
        first = rng.randrange(n)
        order = _deck_order(stacked, rng)
        self.round += 1
        self.dealer = dealer
        self.first = first
        self.hands = [0] * n
        for i, c in enumerate(order):
            self.hands[(dealer + 1 + i) % n] |= 1 << INDEX[c]
        self.quads = [()] * n
        self.asks = ()
        self.known = [0] * n
        self.absent = [0] * n
        self.ranks = [0] * n
        events.append(
            Event(
                "deal",
                L_(
                    "Round {round}: {dealer} deals; {first} is drawn to ask first.",
                    round=self.round,
                    dealer=seat_ref(dealer),
                    first=seat_ref(first),
                ),
                data={"round": self.round, "dealer": dealer, "first": first},
            )
        )
        for k in range(n):
            self.lay_down_all((dealer + 1 + k) % n, events)
        nxt = self.next_with_cards(first)
        if nxt is None:
            self.end_round(events)
            return
        if nxt != first:
            events.append(turn_moves(first, nxt))
        self.turn = nxt

    def end_round(self, events: list[Event]) -> None:
        """Score the round; end the game at the target or deal the next round."""
        n = self.players
        points = tuple(sum(quad_value(r) for r in self.quads[s]) for s in range(n))
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self.last_round = RoundResult(points=points, quads=tuple(self.quads))
        summary = ", ".join(f"{seat_ref(s)} {points[s]}" for s in range(n))
        events.append(
            Event(
                "round_end",
                L_("Round {round} is over: {scores}.", round=self.round, scores=summary),
                data={"round": self.round, "points": list(points), "totals": list(self.totals)},
            )
        )
        best = max(self.totals)
        if best >= self.src.variant.target:
            self.turn = None
            self.winners = tuple(s for s in range(n) if self.totals[s] == best)
            events.append(
                Event(
                    "game_over",
                    L_n(
                        "{names} wins with {points}.",
                        "{names} share the win with {points}.",
                        len(self.winners),
                        names=seat_list(self.winners),
                        points=L_n("{n} point", "{n} points", best),
                    ),
                    data={"winners": list(self.winners), "totals": list(self.totals)},
                )
            )
            log.debug("soi game over after round %s: winners %s", self.round, self.winners)
            return
        self.start_round((self.dealer + 1) % n, None, events)


def _deck_order(stacked: Sequence[Card] | None, rng: random.Random) -> list[Card]:
    """The dealing order: the stacked cards first, then the rest shuffled by ``rng``."""
    if stacked is None:
        order = standard_deck()
        rng.shuffle(order)
        return order
    given = list(stacked)
    if len(set(given)) != len(given):
        raise InvalidVariant(_("A stacked Soi deck may hold each card only once."))
    rest = [c for c in standard_deck() if c not in set(given)]
    rng.shuffle(rest)
    return given + rest


# ---------------------------------------------------------------------------- engine


class SoiEngine:
    """Soi behind the engine contract (see DESIGN.md). States are immutable."""

    name = "soi"
    title = N_("Soi")  # a name: the catalogs may write it in their script
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    lowest_wins = False  # the highest total wins
    said_to_you = SAID_TO_YOU  # its events as their seat is told them
    Variant: type = Variant

    def new_game(
        self,
        players: int,
        seed: int,
        variant: Any | None = None,
        deck: Sequence[Card] | None = None,
    ) -> SoiState:
        """Deal round 1. ``deck`` (top first, may be partial) stacks it: card i to seat i mod n."""
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not MIN_PLAYERS <= players <= MAX_PLAYERS
        ):
            raise InvalidVariant(
                _("Soi is played by {low} to {high} players.", low=MIN_PLAYERS, high=MAX_PLAYERS)
            )
        if variant is None:
            variant = Variant()
        if not isinstance(variant, Variant):
            raise InvalidVariant(_("Soi options must be a soi.Variant."))
        n = players
        blank = SoiState(
            players=n,
            seed=seed,
            variant=variant,
            deal_seed=seed,
            deal_from=0,
            stacked=0 if deck is None else len(deck),
            round=0,
            dealer=n - 1,
            first=0,
            hands=(0,) * n,
            quads=((),) * n,
            totals=(0,) * n,
            turn=None,
            asks=(),
            known=(0,) * n,
            absent=(0,) * n,
            ranks=(0,) * n,
            last_round=None,
            winners=(),
        )
        work = _Work(blank)
        work.start_round(n - 1, deck, [])
        return work.freeze()

    def to_act(self, state: SoiState) -> int | None:
        """The seat to ask; ``None`` once the game is over."""
        return state.turn

    def legal_actions(self, state: SoiState) -> list[Action]:
        """Every legal ask: each other seat with cards, each missing card of a held rank."""
        asker = state.turn
        if asker is None:
            return []
        n = state.players
        seats = [
            s
            for s in ((asker + k) % n for k in range(1, n))
            if seat_problem(state, asker, s) is None
        ]
        wanted = [CARD_AT[i] for i in bits(askable_mask(state.hands[asker]))]
        return [Action("ask", (s, c)) for s in seats for c in wanted]

    def parse_action(self, state: SoiState, text: str) -> Action:
        """Read ``ask SEAT CARD`` (card in any case) and check that it is legal now."""
        word, args = split_notation(text)
        if word != "ask":
            raise BadNotation(_("Soi has one action. {help}", help=_(ASK_HELP)))
        if len(args) != 2:
            raise BadNotation(_(ASK_HELP))
        action = Action("ask", (parse_int(args[0], "seat"), parse_card(args[1])))
        self._check(state, action)
        return action

    def _check(self, state: SoiState, action: Action) -> tuple[int, Card]:
        if state.turn is None:
            raise GameOver(_("The game is over."))
        if action.word != "ask" or len(action.args) != 2:
            raise BadNotation(_("Soi has one action. {help}", help=_(ASK_HELP)))
        seat, card = action.args
        if not isinstance(seat, int) or not isinstance(card, Card):
            raise BadNotation(_(ASK_HELP))
        problem = ask_problem(state, seat, card)
        if problem is not None:
            raise problem
        return seat, card

    def apply(self, state: SoiState, action: Action) -> Transition[SoiState]:
        """Play an ask for the seat to act; returns the new state and the public events."""
        seat, card = self._check(state, action)
        asker = state.turn
        assert asker is not None
        work = _Work(state)
        events: list[Event] = []
        index = INDEX[card]
        b = 1 << index
        ri = index >> 2
        rb = 1 << ri
        hit = bool(work.hands[seat] & b)
        ask = Ask(asker=asker, asked=seat, card=card, hit=hit)
        work.asks = (*state.asks, ask)
        if state.variant.memory:
            work.asks = work.asks[-MEMORY_ASKS:]
        names = {"player": seat_ref(asker), "other": seat_ref(seat), "card": card.display}
        if hit:
            work.hands[seat] ^= b
            work.hands[asker] |= b
            work.known[seat] &= ~b
            work.ranks[seat] &= ~rb
            work.known[asker] |= b
            work.absent[asker] &= ~b
            work.ranks[asker] |= rb
            events.append(
                Event(
                    "ask",
                    lambda: L_("{player} asked {other} for {card} — {other} had it.", **names),
                    data=ask.view(),
                )
            )
            if work.hands[asker] & RANK_MASK[ri] == RANK_MASK[ri]:
                work.lay_down(asker, ri, events)
            if not work.hands[seat]:
                events.append(
                    Event(
                        "out",
                        lambda: L_(
                            "{player} has no cards left and is out of the round.",
                            player=names["other"],
                        ),
                        data={"seat": seat},
                    )
                )
            if not work.hands[asker]:
                nxt = work.next_with_cards(asker + 1)
                if nxt is None:
                    work.end_round(events)
                else:
                    events.append(turn_moves(asker, nxt))
                    work.turn = nxt
        else:
            work.absent[asker] |= b
            work.ranks[asker] |= rb
            work.absent[seat] |= b
            work.turn = seat
            text = lambda: L_(  # noqa: E731 (built only if read)
                "{player} asked {other} for {card} — {other} didn't have it; {other}'s turn.",
                **names,
            )
            events.append(Event("ask", text, data=ask.view()))
        return Transition(work.freeze(), tuple(events))

    def describe(self, state: SoiState, action: Action) -> str:
        """The ask in words for the asker, e.g. "ask {p2} for Q♥ (you hold Q♠)"
        (the player by name: each front end writes seat numbers its own way)."""
        return describe_ask(state, action)

    def public_view(self, state: SoiState) -> SoiView:
        """What everyone sees: hand counts, quads, recent asks (VIEWS.md, Soi)."""
        n = state.players
        last = state.last_round
        return {
            "game": self.name,
            "players": n,
            "seat": None,
            "round": state.round,
            "dealer": state.dealer,
            "first": state.first,
            "to_act": state.turn,
            "phase": "over" if state.turn is None else "ask",
            "totals": list(state.totals),
            "target": state.variant.target,
            "target_kind": "target",
            "over": state.turn is None,
            "winners": list(state.winners),
            "out": [not h for h in state.hands],
            "extra_turns": 0,
            "seats": [
                {
                    "hand_count": state.hands[s].bit_count(),
                    "quads": [r.value for r in state.quads[s]],
                    "round_points": sum(quad_value(r) for r in state.quads[s]),
                }
                for s in range(n)
            ],
            "asks": [a.view() for a in state.asks],
            "memory": state.variant.memory,
            "hand": None,
            "last_round": None
            if last is None
            else {
                "points": list(last.points),
                "quads": [[r.value for r in q] for q in last.quads],
            },
        }

    def player_view(self, state: SoiState, seat: int) -> SoiView:
        """The public view plus ``seat``'s own hand."""
        view = self.public_view(state)
        view["seat"] = seat
        view["hand"] = codes_of(state.hands[seat])
        return view

    def hidden_cards(self, state: SoiState, seat: int) -> list[str]:
        """``seat``'s hand (as in its view), without building a view."""
        return codes_of(state.hands[seat])

    def drawn_card(self, state: SoiState, seat: int) -> str | None:
        """Soi has no drawn card."""
        return None

    def quiet(self, state: SoiState, action: Action) -> bool:
        """Every move shows at once: each one changes what the table sees."""
        return False

    def round_number(self, state: SoiState) -> int:
        """The current round number."""
        return state.round

    def totals(self, state: SoiState) -> list[int]:
        """Points per seat over the finished rounds."""
        return list(state.totals)

    def winners(self, state: SoiState) -> list[int]:
        """The seats with the highest total once the game is over (ties share)."""
        return list(state.winners)

    def knowledge(self, state: SoiState, seat: int) -> Knowledge:
        """The table's public knowledge about ``seat``'s hand (for computer players)."""
        return state.knowledge(seat)

    def determinize(self, state: SoiState, seat: int, rng: random.Random) -> SoiState:
        """A state ``seat`` cannot tell from this one: other hands redealt consistently."""
        return determinize(state, seat, rng)
