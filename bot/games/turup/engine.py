"""The Turup engine: turns, captures, redeals, round and game scoring, views.

Notation: ``capture 5D 2C 3S 5H`` (play 5♦, take 2♣ 3♠ 5♥; the taken cards in any order
and any case) and ``trail 9C``. The canonical action lists the taken cards by rank, then
suit (♠ ♥ ♦ ♣), so ``parse_action(state, str(action)) == action``.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from bot.games.cards import Card, show
from bot.games.protocol import (
    Action,
    BadNotation,
    Event,
    GameOver,
    IllegalAction,
    InvalidVariant,
    Transition,
    move_words,
    parse_card,
    seat_ref,
    split_notation,
)
from bot.games.turup import texts as T
from bot.games.turup.capture import (
    captures,
    card_key,
    maximal_captures,
    sort_cards,
)
from bot.games.turup.state import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Play,
    RoundResult,
    TurupState,
    check_players,
    deal_hands,
    start_round,
)
from bot.games.turup.state import (
    Variant as TurupVariant,
)
from bot.games.turup.views import TurupView
from bot.i18n import L_, N_, _, _n

log = logging.getLogger(__name__)

LIST_LIMIT = 1000  # legal_actions lists every capture while the total stays within this
REDUCED_PER_CARD = 50  # past the limit: at most this many maximal captures per card
_NOTATION_HELP = N_(
    "Turup moves are `capture CARD TAKEN...` (e.g. `capture 5D 2C 3S`) or `trail 9C`."
)
_TRAIL_HELP = N_("A trail plays exactly one card, e.g. `trail 9C`.")


def _best(scores: Sequence[int]) -> list[int]:
    top = max(scores)
    return [s for s, v in enumerate(scores) if v == top]


def _remove(cards: Sequence[Card], gone: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` without one copy of each of ``gone`` (first copies go first)."""
    owed = Counter(gone)
    out = []
    for c in cards:
        if owed[c]:
            owed[c] -= 1
        else:
            out.append(c)
    return tuple(out)


capture_error = T.capture_error


class TurupEngine:
    """Turup behind the engine contract (see DESIGN.md); stateless."""

    name = "turup"
    title = N_("Turup")  # a name: the catalogs may write it in their script
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    lowest_wins = False  # the highest total wins
    said_to_you = T.SAID_TO_YOU  # its events as their seat is told them
    Variant: type = TurupVariant

    # ------------------------------------------------------------------ setup

    def new_game(
        self,
        players: int,
        seed: int,
        variant: TurupVariant | None = None,
        deck: Sequence[Card] | None = None,
    ) -> TurupState:
        """Deal round 1. ``deck`` (top first) stacks it; the rest of the pack follows shuffled."""
        if variant is None:
            variant = TurupVariant()
        elif isinstance(variant, dict):
            try:
                variant = TurupVariant(**variant)
            except TypeError:
                raise InvalidVariant(_("Turup options are rounds and pack.")) from None
        elif not isinstance(variant, TurupVariant):
            raise InvalidVariant(_("Turup options must be a turup.Variant."))
        check_players(players, variant)
        zeros = (0,) * players
        return start_round(players, seed, variant, 1, zeros, zeros, None, deck)

    # ------------------------------------------------------------------ queries

    def to_act(self, state: TurupState) -> int | None:
        """The seat to play, or ``None`` once the game is over."""
        return state.turn

    def legal_actions(self, state: TurupState) -> list[Action]:
        """Every capture of every distinct hand card, then its trail.

        Past ``LIST_LIMIT`` entries, the cards with the most options list their single
        matches, their maximal captures and, as far as the limit allows, their smallest
        captures; ``parse_action`` still accepts every capture.
        """
        if state.turn is None:
            return []
        distinct = sort_cards(set(state.hands[state.turn]))
        options = {c: captures(c, state.pile, limit=LIST_LIMIT) for c in distinct}
        budget = LIST_LIMIT - len(distinct)
        if sum(len(o) for o in options.values()) > budget:
            self._shorten(options, state.pile, budget)
        out: list[Action] = []
        for c in distinct:
            out.extend(Action("capture", (c, *taken)) for taken in options[c])
            out.append(Action("trail", (c,)))
        return out

    @staticmethod
    def _shorten(
        options: dict[Card, list[tuple[Card, ...]]], pile: Sequence[Card], budget: int
    ) -> None:
        """Keep whole lists for the cards with fewest options; shorten the rest in place."""
        used = 0
        short: dict[Card, list[tuple[Card, ...]]] = {}
        for c in sorted(options, key=lambda c: len(options[c])):
            if short or used + len(options[c]) > budget:
                singles = [(p,) for p in sort_cards(set(pile)) if p.rank is c.rank]
                big = [t for t in maximal_captures(c, pile, REDUCED_PER_CARD) if len(t) > 1]
                short[c] = singles + big
            else:
                used += len(options[c])
        room = max(0, budget - used - sum(len(v) for v in short.values())) // max(1, len(short))
        for c, kept in short.items():
            seen = set(kept)
            extra = [t for t in options[c] if t not in seen][:room]
            options[c] = sorted(kept + extra, key=lambda t: (len(t), [card_key(x) for x in t]))

    def parse_action(self, state: TurupState, text: str) -> Action:
        """Read ``capture 5D 2C 3S`` or ``trail 9C`` and check it is legal now."""
        word, tokens = split_notation(text)
        if word not in ("capture", "trail"):
            raise BadNotation(
                _(
                    "{word} is not a Turup move. {help}",
                    word=repr(word),
                    help=_(_NOTATION_HELP),
                )
            )
        if not tokens:
            raise BadNotation(_("Name the card to play. {help}", help=_(_NOTATION_HELP)))
        cards = [parse_card(t) for t in tokens]
        if word == "trail":
            if len(cards) != 1:
                raise BadNotation(_(_TRAIL_HELP))
            action = Action("trail", (cards[0],))
        else:
            if len(cards) < 2:
                raise BadNotation(
                    _(
                        "Say which pile cards to take after the card you play, e.g. "
                        "`capture 5D 2C 3S`; or trail the card."
                    )
                )
            action = Action("capture", (cards[0], *sort_cards(cards[1:])))
        self._check(state, action)
        return action

    def _check(self, state: TurupState, action: Action) -> tuple[int, Card, tuple[Card, ...]]:
        """The one legality check: returns (seat, played card, taken cards) or raises."""
        if state.turn is None:
            raise GameOver(_("The game is over."))
        seat = state.turn
        if action.word not in ("capture", "trail") or not action.args:
            raise BadNotation(_(_NOTATION_HELP))
        if not all(isinstance(a, Card) for a in action.args):
            raise BadNotation(_(_NOTATION_HELP))
        played = action.args[0]
        taken = tuple(a for a in action.args[1:] if isinstance(a, Card))
        assert isinstance(played, Card)
        if played not in state.hands[seat]:
            raise IllegalAction(_("You don't hold {card}.", card=played.display))
        if action.word == "trail":
            if taken:
                raise BadNotation(_(_TRAIL_HELP))
            return seat, played, ()
        on_table = Counter(state.pile)
        for c, k in sorted(Counter(taken).items(), key=lambda item: card_key(item[0])):
            have = on_table[c]
            if have == 0:
                raise IllegalAction(_("{card} is not on the table.", card=c.display))
            if k > have:
                raise IllegalAction(
                    _n(
                        "There is only one {card} on the table.",
                        "There are only {n} copies of {card} on the table.",
                        have,
                        card=c.display,
                    )
                )
        problem = T.capture_error(played, taken)
        if problem is not None:
            raise IllegalAction(problem)
        return seat, played, taken

    def describe(self, state: TurupState, action: Action) -> str:
        """The move in words, e.g. ``capture 5D 2C 3S — play 5♦ and take 2♣ 3♠ (3 cards won)``."""
        played, *taken = action.args
        if not isinstance(played, Card):
            return str(action)
        if action.word == "trail":
            return move_words(str(action), _("put {card} on the pile", card=played.display))
        return move_words(str(action), _n(
            "play {card} and take {taken} ({n} card won)",
            "play {card} and take {taken} ({n} cards won)",
            1 + len(taken),
            card=played.display,
            taken=show([t for t in taken if isinstance(t, Card)]),
        ))

    # ------------------------------------------------------------------ playing

    def apply(self, state: TurupState, action: Action) -> Transition[TurupState]:
        """Play ``action`` for the seat to act; returns the new state and the events."""
        seat, played, taken = self._check(state, action)
        hands = list(state.hands)
        hands[seat] = _remove(hands[seat], [played])
        events: list[Event] = []
        plays = (*state.plays, Play(seat, played, tuple(taken), state.pile))
        if action.word == "capture":
            won = list(state.won)
            won[seat] = won[seat] + (played, *taken)
            new = replace(
                state, hands=tuple(hands), pile=_remove(state.pile, taken), won=tuple(won),
                plays=plays,
            )
            events.append(
                Event(
                    "capture",
                    lambda: L_(
                        "{player} played {card} and took {taken}",
                        player=seat_ref(seat),
                        card=played.display,
                        taken=show(taken),
                    ),
                    None,
                    {"seat": seat, "card": str(played), "taken": [str(t) for t in taken]},
                )
            )
        else:
            new = replace(state, hands=tuple(hands), pile=(*state.pile, played), plays=plays)
            events.append(
                Event(
                    "trail",
                    lambda: L_(
                        "{player} trailed {card}", player=seat_ref(seat), card=played.display
                    ),
                    None,
                    {"seat": seat, "card": str(played)},
                )
            )
        new = self._advance(new, seat, events)
        return Transition(new, tuple(events))

    def _advance(self, state: TurupState, seat: int, events: list[Event]) -> TurupState:
        """Pass the turn; redeal, end the round or end the game when the hands run out."""
        n = state.players
        for i in range(1, n + 1):
            nxt = (seat + i) % n
            if state.hands[nxt]:
                return replace(state, turn=nxt)
        if state.deck:
            hands, deck, counts = deal_hands(state.deck, n, state.dealer)
            full = len(state.deck) >= HAND_SIZE * n
            text = partial(T.redeal_text, full, len(state.deck), counts, deck)
            events.append(Event("redeal", text, None, {"counts": list(counts), "deck": len(deck)}))
            events.extend(self._hand_events(hands))
            # Every deal starts left of the dealer, so that seat always has a card.
            return replace(state, hands=hands, deck=deck, turn=(state.dealer + 1) % n,
                           plays=())
        return self._end_round(state, events)

    @staticmethod
    def _hand_events(hands: Sequence[Sequence[Card]]) -> list[Event]:
        """One private event per seat listing the cards just dealt to it."""
        return [
            Event(
                "hand",
                partial(T.hand_text, hand),
                frozenset({seat}),
                {"seat": seat, "cards": [str(c) for c in sort_cards(hand)]},
            )
            for seat, hand in enumerate(hands)
            if hand
        ]

    def _end_round(self, state: TurupState, events: list[Event]) -> TurupState:
        """Score the round, then deal the next one or end the game."""
        n = state.players
        won = tuple(len(w) for w in state.won)
        winners = tuple(_best(won))
        result = RoundResult(state.round, won, winners, len(state.pile))
        round_wins = tuple(w + (1 if s in winners else 0) for s, w in enumerate(state.round_wins))
        leftover = len(state.pile)
        events.append(
            Event(
                "round_end",
                T.round_end_text(state.round, won, winners, leftover),
                None,
                {
                    "round": state.round,
                    "won": list(won),
                    "winners": list(winners),
                    "leftover": leftover,
                },
            )
        )
        log.debug("turup round %s over; winners %s", state.round, winners)
        if state.round >= state.variant.rounds:
            final = replace(state, turn=None, round_wins=round_wins, last_round=result)
            totals = self.totals(final)
            game_winners = self.winners(final)
            events.append(
                Event(
                    "game_end",
                    T.game_end_text(state.round, totals, game_winners),
                    None,
                    {"totals": totals, "winners": game_winners, "round_wins": list(round_wins)},
                )
            )
            return final
        past = tuple(p + w for p, w in zip(state.past, won, strict=True))
        nxt = start_round(n, state.seed, state.variant, state.round + 1, past, round_wins, result)
        events.append(
            Event(
                "deal",
                L_(
                    "Round {round}: {dealer} deals. The pile shows {cards}.",
                    round=nxt.round,
                    dealer=seat_ref(nxt.dealer),
                    cards=show(nxt.pile),
                ),
                None,
                {"round": nxt.round, "dealer": nxt.dealer, "pile": [str(c) for c in nxt.pile]},
            )
        )
        events.extend(self._hand_events(nxt.hands))
        return nxt

    # ------------------------------------------------------------------ scores

    def totals(self, state: TurupState) -> list[int]:
        """Cards won per seat over the game so far (this round included)."""
        return [p + len(w) for p, w in zip(state.past, state.won, strict=True)]

    def round_wins(self, state: TurupState) -> list[int]:
        """Rounds won per seat (a shared round counts for each of its winners)."""
        return list(state.round_wins)

    def winners(self, state: TurupState) -> list[int]:
        """The seats with the most cards won in all, once the game is over."""
        if state.turn is not None:
            return []
        return _best(self.totals(state))

    # ------------------------------------------------------------------ views

    def public_view(self, state: TurupState) -> TurupView:
        """Pile, deck count, hand counts, cards won, round wins and totals. No hand card."""
        last = state.last_round
        return {
            "game": self.name,
            "players": state.players,
            "seat": None,
            "round": state.round,
            "dealer": state.dealer,
            "to_act": state.turn,
            "phase": "over" if state.turn is None else "play",
            "totals": self.totals(state),
            "target": state.variant.rounds,
            "target_kind": "rounds",
            "pack": str(state.variant.pack),
            "over": state.turn is None,
            "winners": self.winners(state),
            "out": [False] * state.players,
            "extra_turns": 0,
            "pile": [str(c) for c in state.pile],
            "deck": len(state.deck),
            "seats": [
                {
                    "hand_count": len(state.hands[s]),
                    "won": len(state.won[s]),
                    "round_wins": state.round_wins[s],
                }
                for s in range(state.players)
            ],
            "round_wins": list(state.round_wins),
            "hand": None,
            "last_round": None
            if last is None
            else {
                "round": last.number,
                "won": list(last.won),
                "winners": list(last.winners),
                "leftover": last.leftover,
            },
        }

    def player_view(self, state: TurupState, seat: int) -> TurupView:
        """The public view plus ``seat``'s own hand (in canonical order)."""
        view = self.public_view(state)
        view["seat"] = seat
        view["hand"] = [str(c) for c in sort_cards(state.hands[seat])]
        return view

    def hidden_cards(self, state: TurupState, seat: int) -> list[str]:
        """``seat``'s hand in canonical order (as in its view), without building a view."""
        return [str(c) for c in sort_cards(state.hands[seat])]

    def drawn_card(self, state: TurupState, seat: int) -> str | None:
        """Turup has no drawn card."""
        return None

    def quiet(self, state: TurupState, action: Action) -> bool:
        """Every move shows at once: each one changes what the table sees."""
        return False

    def round_number(self, state: TurupState) -> int:
        """The current round number."""
        return state.round

    # ------------------------------------------------------------------ for the AI

    def determinize(self, state: TurupState, seat: int, rng: random.Random) -> TurupState:
        """A state ``seat`` cannot tell from this one: the unseen cards dealt anew.

        The other hands and the deck are reshuffled among themselves (sizes kept), and the
        seed that shuffles later rounds is replaced, so nothing hidden leaks into a search.
        The unseen cards are put in a canonical order before the shuffle, so the result
        depends only on what ``seat`` sees and on ``rng`` (not on where the cards lay).
        """
        others = [s for s in range(state.players) if s != seat]
        unseen = [c for s in others for c in state.hands[s]] + list(state.deck)
        unseen.sort(key=lambda c: (c.order, c.suit.value))
        rng.shuffle(unseen)
        hands = list(state.hands)
        pos = 0
        for s in others:
            size = len(state.hands[s])
            hands[s] = tuple(unseen[pos : pos + size])
            pos += size
        return replace(
            state, hands=tuple(hands), deck=tuple(unseen[pos:]), seed=rng.getrandbits(63)
        )


ENGINE = TurupEngine()


def round_wins(state: TurupState) -> list[int]:
    """Rounds won per seat so far."""
    return ENGINE.round_wins(state)


def totals(state: TurupState) -> list[int]:
    """Cards won per seat over the game so far."""
    return ENGINE.totals(state)
