"""Rounds of the coop games: the hooks a game fills in, the deal, scoring and game end.

:class:`CoopRules` is the base of :class:`bot.games.coop.engine.CoopEngine`; a game
(Soureh, Pariah) subclasses the engine and fills in the hooks.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Sequence
from functools import partial
from typing import Any

from bot.games.cards import Card
from bot.games.coop import actions as A
from bot.games.coop.actions import CODE, disp
from bot.games.coop.state import CoopRoundEnd, CoopState, Phase
from bot.games.protocol import (
    Action,
    Event,
    IllegalAction,
    InvalidVariant,
    joined,
    seat_list,
    seat_ref,
)
from bot.i18n import L_, L_n, Msg, _, _n

log = logging.getLogger(__name__)

Events = list[Event]
Args = tuple[Any, ...]
PRIVATE: tuple[frozenset[int], ...] = tuple(frozenset({s}) for s in range(A.MAX_SEATS))


def fast_shuffle(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    """The deck in a random order drawn from ``rng`` (a sort on random keys: quicker than
    ``rng.shuffle``, which draws a bounded integer per card)."""
    keys = [rng.random() for _ in deck]
    return [deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__)]


def _hidden_text(seat: int, down: Sequence[Card]) -> Msg:
    """A seat's face-down cards, slot by slot."""
    return L_(
        "{player}'s face-down cards: {cards}",
        player=seat_ref(seat),
        cards=", ".join(f"{i + 1}: {disp(c)}" for i, c in enumerate(down)),
    )


def _round_text(
    rules: CoopRules,
    number: int,
    why: Msg,
    ups: Sequence[Any],
    downs: Sequence[Any],
    picks: Sequence[list[str] | None],
    points: Sequence[int],
    totals: Sequence[int],
) -> Msg:
    """A round's end told: why it ended, then each seat's coops, picks and score."""
    lines: list[str | Msg] = [L_("Round {round} ends: {why}", round=number, why=why)]
    for s, (up, down) in enumerate(zip(ups, downs, strict=True)):
        if up is None or down is None:
            continue
        shown = " ".join(f"{disp(u)}/{disp(d)}" for u, d in zip(up, down, strict=True))
        pick = picks[s]
        score = rules.score_words(points[s], totals[s], up, down, pick)
        if pick is None:
            lines.append(L_("{player}: {cards}; {score}", player=seat_ref(s), cards=shown,
                            score=score))
        else:
            picked = " ".join(disp(Card.parse(c)) for c in pick)
            lines.append(
                L_(
                    "{player}: {cards}; picks {picked}; {score}",
                    player=seat_ref(s),
                    cards=shown,
                    picked=picked,
                    score=score,
                )
            )
    return joined(lines)


class CoopRules:
    """Hooks, deal and round ends of a coop game (stateless; data lives in the state)."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4
    Variant: type = object
    full_deck: tuple[Card, ...] = ()
    valid_table: dict[tuple[Card, Card], bool] = {}  # noqa: RUF012 - per-game, read-only
    declare_word: str = "declare"
    extra_words: frozenset[str] = frozenset()

    # ================================================================ hooks

    def check_variant(self, players: int, variant: Any) -> Any:
        """Return the variant (defaults when ``None``) or raise ``InvalidVariant``."""
        raise NotImplementedError

    def call_error(self, st: CoopState, action: Action) -> Msg | None:
        """Why the placement ``action`` (phase ``place``, already checked) may not also
        declare (knock), or ``None``. Only the seat to act is told (``str()`` it then)."""
        raise NotImplementedError

    def do_declare(self, st: CoopState, ev: Events) -> None:
        """Record a declaration (knock) after the placement and end the turn."""
        raise NotImplementedError

    def end_declaration(self, st: CoopState) -> None:
        """The declarer draws instead of revealing: his declaration is over."""
        raise NotImplementedError

    def finish_turn(self, st: CoopState, ev: Events) -> None:
        """The seat to act has finished his turn: move play on."""
        raise NotImplementedError

    def begin_turn(self, st: CoopState, seat: int, ev: Events) -> None:
        """Give ``seat`` the turn (or end the round when the stock is out)."""
        raise NotImplementedError

    def score(self, st: CoopState, reason: str) -> list[list[str] | None]:
        """Score the round into ``st.totals``; return each seat's picked cards (or None)."""
        raise NotImplementedError

    def after_round(self, st: CoopState, ev: Events) -> tuple[int, ...] | None:
        """After scoring: the winners when the game is over, else ``None``."""
        raise NotImplementedError

    def place_extra(self, st: CoopState, drawn: Card) -> list[Action]:
        """Game-specific placements of the drawn card (Pariah's face cards)."""
        return []

    def score_words(self, points: int, total: int, up: Sequence[Card], down: Sequence[Card],
                    pick: Sequence[str] | None) -> str | Msg:
        """A seat's points for the round and its new total, with their parts where a rule
        added or took some (Pariah's bonus, Soureh's multiple of 100): ``+24 → 61``."""
        return f"{points:+d} → {total}"

    # ================================================================ setup

    def new_game(
        self,
        players: int,
        seed: int,
        variant: Any | None = None,
        deck: Sequence[Card] | None = None,
    ) -> CoopState:
        """Deal a new game; ``deck`` (top first, in dealing order) stacks round 1."""
        var = self.check_variant(players, variant)
        st = CoopState.__new__(CoopState)
        st.n = players
        st.variant = var
        rng = random.Random(seed)
        st.round = 1
        st.dealer = players - 1
        st.totals = [0] * players
        st.in_game = [True] * players
        st.last_round = None
        st.winners = ()
        if deck is None:
            cards = fast_shuffle(self.full_deck, rng)
        else:
            cards = self._check_deck(players, deck)
        st.next_seed = rng.getrandbits(64)
        self._deal(st, cards, [])
        return st

    def _check_deck(self, players: int, deck: Sequence[Card]) -> list[Card]:
        cards = list(deck)
        if len(cards) < 8 * players:
            raise InvalidVariant(
                _(
                    "A stacked deck needs at least {cards} for {players}.",
                    cards=_n("{n} card", "{n} cards", 8 * players),
                    players=_n("{n} player", "{n} players", players),
                )
            )
        allowed = Counter(self.full_deck)
        for card, count in Counter(cards).items():
            if not allowed[card]:
                raise InvalidVariant(
                    _("There is no {card} in a {game} deck.", card=card, game=_(self.title))
                )
            if count > allowed[card]:
                raise InvalidVariant(
                    _(
                        "A {game} deck holds {count} of {card}.",
                        game=_(self.title),
                        count=allowed[card],
                        card=card,
                    )
                )
        return cards

    def _deal(self, st: CoopState, cards: list[Card], ev: Events) -> None:
        """Deal ``cards`` (top first) to the seats still in the game and start the round."""
        n = st.n
        order = [(st.dealer + i) % n for i in range(1, n + 1) if st.in_game[(st.dealer + i) % n]]
        k = len(order)
        ups: list[Any] = [None] * n
        downs: list[Any] = [None] * n
        valids: list[Any] = [None] * n
        table = self.valid_table
        for i, seat in enumerate(order):
            d = cards[4 * i : 4 * i + 4]
            u = cards[4 * k + 4 * i : 4 * k + 4 * i + 4]
            downs[seat] = (d[0], d[1], d[2], d[3])
            ups[seat] = (u[0], u[1], u[2], u[3])
            valids[seat] = tuple(table[(u[j], d[j])] for j in range(4))
        st.up, st.down, st.valid = ups, downs, valids
        st.stock = tuple(cards[8 * k :])
        st.pos = 0
        st.discard = []
        st.discard_who = []
        st.ndiscard = 0
        st.in_round = list(st.in_game)
        st.start_totals = tuple(st.totals)
        st.drawn = None
        st.declarer = None
        st.pending = ()
        st.protected = None
        st.declared_up = None
        st.extra = 0
        ev.extend(self.deal_events(st))
        self.begin_turn(st, order[0], ev)

    def deal_events(self, state: CoopState) -> list[Event]:
        """The current round's deal told again: the public ``deal`` event and, per seat, a
        private ``hidden`` event with his face-down cards as they are now. Round 1 is dealt
        by ``new_game``, which returns no events: call this to send the first hands."""
        events = [
            Event(
                "deal",
                lambda: L_(
                    "Round {round}: {dealer} deals.",
                    round=state.round,
                    dealer=seat_ref(state.dealer),
                ),
                None,
                {"round": state.round, "dealer": state.dealer},
            )
        ]
        for seat, down in enumerate(state.down):
            if down is None:
                continue
            events.append(
                Event(
                    "hidden",
                    partial(_hidden_text, seat, down),
                    PRIVATE[seat],
                    {"seat": seat, "down": [CODE[c] for c in down]},
                )
            )
        return events

    def do_reveal(self, st: CoopState, ev: Events) -> None:
        """The declarer reveals (Soureh's ``reveal`` rule)."""
        raise IllegalAction(_("There is nothing to reveal in this game."))

    # ================================================================ rounds

    def end_round(self, st: CoopState, reason: str, ev: Events, text: Msg) -> None:
        """Score the round, tell it, then end the game or deal the next round."""
        picks = self.score(st, reason)
        n = st.n
        points = [st.totals[s] - st.start_totals[s] for s in range(n)]

        def summary() -> CoopRoundEnd:
            # built afresh for the state and for the event, so neither shares lists
            coops = [
                None
                if up is None or down is None
                else [[CODE[u], CODE[d]] for u, d in zip(up, down, strict=True)]
                for up, down in zip(st.up, st.down, strict=True)
            ]
            return {
                "round": st.round,
                "reason": reason,
                "coops": coops,
                "valid": [list(v) if v is not None else None for v in st.valid],
                "picks": [None if p is None else list(p) for p in picks],
                "points": list(points),
                "totals": list(st.totals),
            }

        st.last_round = summary()
        told = (self, st.round, text, tuple(st.up), tuple(st.down), picks, points, tuple(st.totals))
        ev.append(Event("round_end", lambda: _round_text(*told), None, summary()))
        st.drawn = None
        st.declarer = None
        st.pending = ()
        st.protected = None
        st.declared_up = None
        st.extra = 0
        winners = self.after_round(st, ev)
        if winners is not None:
            st.winners = winners
            st.phase = Phase.OVER
            st.to_act = None
            ev.append(
                Event(
                    "game_end",
                    lambda: L_n(
                        "Game over: {names} wins.",
                        "Game over: {names} win.",
                        len(winners),
                        names=seat_list(winners),
                    ),
                    None,
                    {"winners": list(winners), "totals": list(st.totals)},
                )
            )
            log.debug("%s game over after round %s", self.name, st.round)
            return
        self.next_round(st, ev)

    def next_round(self, st: CoopState, ev: Events) -> None:
        """Move the dealer on, shuffle from the state's own generator and deal."""
        n = st.n
        dealer = (st.dealer + 1) % n
        while not st.in_game[dealer]:
            dealer = (dealer + 1) % n
        st.dealer = dealer
        st.round += 1
        rng = random.Random(st.next_seed)
        cards = fast_shuffle(self.full_deck, rng)
        st.next_seed = rng.getrandbits(64)
        self._deal(st, cards, ev)
