"""How much of a hard player's edge is information: ``python -m research.ceiling``.

The same hard search as the strength matches (:mod:`research.strength`: hard against normal,
two seats rotated, fixed playouts per decision, held-out seeds), but every deal it samples
keeps some hidden cards as they truly are:

- ``fair``: nothing (the hard player's own redeals), to pair the others with, game by game.
- ``hands``: the other players' face-down cards (Pariah, Soureh) or hands (Turup); the
  stock, and a card another player drew and holds, are dealt anew as usual. A player who
  read his opponent perfectly from the play could do this well with this search.
- ``share``: each of the other players' hand cards (Turup only) kept as it truly is with
  the chance ``--share`` and dealt anew otherwise: a reader who knows that share of his
  opponent's hand. ``research.reading`` measures how much of the hand the public plays can
  tell (the exact reader gets 44.9 % of it right by rank against 33.4 % for a uniform
  redeal, i.e. a share of 0.173 beyond chance), so ``--share 0.173`` plays a reader who
  knows as much as the play can tell, in the form easiest for the search to use.
- ``placed`` (Pariah only): each opponent face-down card that is not one of the four he
  was dealt this round (it came by a keep, or from this seat by a King swap) kept as it
  truly is; his dealt cards and the rest dealt anew. The play tells less than this about a
  placed card (a keep says it probably makes its coop valid, not which card it is), so
  this bounds from above what reading his keeps can be worth to this search.
- ``keepread`` (Pariah only): a reader of his keeps. Each card he kept and still holds is
  drawn from the cards the normal player would have kept there (:class:`PariahKeepRead`),
  the rest dealt anew. What ``placed`` gains and ``keepread`` does not is in the cards the
  rules hide, not in the play (``bench/results.md``, "Ninth session").
- ``all``: the stock's order too (every card of this round; later rounds stay unknown). No
  player can do this; it bounds what this search makes of a deal.

A fair player's rate sits below ``hands``. Where ``hands`` is close to the fair rate, better
reading of the opponent has little left to give; the rest of the gap to ``all`` is the
luck of the draw, which no fair player can remove. Nothing here is used in play: the
hard level's own search (``search_spec``) is only given another determinizer.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from bot.console.simulate import wilson
from bot.games.ai import choose, game_module
from bot.games.ai.ismcts import Budget, search
from bot.games.ai.view import observe
from bot.games.cards import Card
from bot.games.coop.ai.determinize import determinize
from bot.games.coop.pariah import coop_valid
from bot.games.coop.state import Coops, CoopState, Valid
from bot.games.protocol import Action
from bot.games.registry import ENGINES
from bot.games.turup.state import TurupState
from research.strength import PLAYOUTS_200MS

Determinizer = Callable[[Any, int, random.Random], Any]


def _canonical(cards: list[Any], rng: random.Random) -> list[Any]:
    cards.sort(key=lambda c: (c.order, c.suit.value))
    rng.shuffle(cards)
    return cards


def turup_hands(state: TurupState, seat: int, rng: random.Random) -> TurupState:
    """The true hands; the deck shuffled."""
    deck = _canonical(list(state.deck), rng)
    return dataclasses.replace(state, deck=tuple(deck), seed=rng.getrandbits(63))


def turup_share(share: float) -> Determinizer:
    """The other hands' cards each kept with the chance ``share``; the rest of them and the
    deck dealt anew among themselves (sizes kept)."""

    def sample(state: TurupState, seat: int, rng: random.Random) -> TurupState:
        kept = [[rng.random() < share for _ in hand] if s != seat else [True] * len(hand)
                for s, hand in enumerate(state.hands)]
        pool = [c for hand, keep in zip(state.hands, kept, strict=True)
                for c, k in zip(hand, keep, strict=True) if not k]
        pool = _canonical([*pool, *state.deck], rng)
        hands = []
        for hand, keep in zip(state.hands, kept, strict=True):
            new = [c if k else pool.pop() for c, k in zip(hand, keep, strict=True)]
            hands.append(tuple(new))
        return dataclasses.replace(state, hands=tuple(hands), deck=tuple(pool),
                                   seed=rng.getrandbits(63))

    return sample


class PariahPlaced:
    """The ``placed`` sampler: remembers each seat's dealt face-down cards per round (the
    game loop calls :meth:`note` on every state) and keeps an opponent's other face-down
    cards true in every sample."""

    def __init__(self) -> None:
        self.dealt: dict[tuple[int, int], frozenset[Card]] = {}
        #: opponent face-down slots sampled, and of them those dealt as they truly are
        self.slots = 0
        self.kept = 0

    def note(self, state: CoopState) -> None:
        """Remember the face-down cards of a round's first state (its deal)."""
        for s, row in enumerate(state.down):
            if row is not None and (state.round, s) not in self.dealt:
                self.dealt[(state.round, s)] = frozenset(row)

    def __call__(self, state: CoopState, seat: int, rng: random.Random) -> CoopState:
        new = determinize("pariah", state, seat, rng)
        for s, row in enumerate(state.down):
            if s == seat or row is None:
                continue
            dealt = self.dealt[(state.round, s)]
            for slot, card in enumerate(row):
                self.slots += 1
                if card not in dealt:
                    self.kept += 1
                    _place(new, s, slot, card)
        return new


class PariahKeepRead:
    """The ``keepread`` sampler: a reader of the opponent's keeps. At each keep it weighs
    every card hidden from the searching seat by whether the normal player, had he drawn
    it, would have made that very move (1, else ``unlikely``); a sample then deals each
    card he kept and still holds from that posterior (among the cards still hidden),
    the rest anew. It computes the normal player's move with the keeper's true other cards,
    so it reads a little better than a fair reader could."""

    def __init__(self, unlikely: float = 0.02) -> None:
        self.unlikely = unlikely
        #: kept cards read in samples, and of them those dealt as the card he truly kept
        self.reads = 0
        self.hits = 0
        #: (round, keeper) -> [(the kept card, {candidate card: weight})]
        self.keeps: dict[tuple[int, int], list[tuple[Card, dict[Card, float]]]] = {}

    def record(self, state: CoopState, seat: int, action: Action) -> None:
        """Called before ``seat`` (a normal player) plays ``action`` in the real game."""
        if action.word != "keep" or state.drawn is None:
            return
        engine: Any = ENGINES["pariah"]
        weights: dict[Card, float] = {}
        for card in _hidden_from(state, 1 - seat):
            world = state.copy()
            _swap(world, state.drawn, card)  # as if he had drawn ``card``
            move = choose(engine, world, seat, "normal", random.Random(0))
            weights[card] = 1.0 if str(move) == str(action) else self.unlikely
        self.keeps.setdefault((state.round, seat), []).append((state.drawn, weights))

    def __call__(self, state: CoopState, seat: int, rng: random.Random) -> CoopState:
        new = determinize("pariah", state, seat, rng)
        hidden = set(_hidden_from(state, seat))  # a card read for one keep is not read again
        for s, row in enumerate(state.down):
            if s == seat or row is None:
                continue
            for card, weights in self.keeps.get((state.round, s), []):
                if card not in row:
                    continue
                pool = [(c, w) for c, w in weights.items() if c in hidden]
                c = rng.choices([c for c, _ in pool], [w for _, w in pool])[0]
                self.reads += 1
                self.hits += c == card
                hidden.discard(c)
                _place(new, s, row.index(card), c)
        return new


def _hidden_from(state: CoopState, seat: int) -> list[Card]:
    """The cards ``seat`` cannot see (Pariah, open discards): the others' face-down cards,
    the stock and another seat's drawn card."""
    out = [c for s, row in enumerate(state.down) if s != seat and row is not None for c in row]
    out.extend(state.stock[state.pos:])
    if state.drawn is not None and state.to_act != seat:
        out.append(state.drawn)
    return out


def _place(state: CoopState, seat: int, slot: int, card: Card) -> None:
    """Put ``card`` at ``seat``'s face-down ``slot``, the card there taking its place."""
    row = state.down[seat]
    assert row is not None
    _swap(state, row[slot], card)


def _swap(state: CoopState, a: Card, b: Card) -> None:
    """Exchange two hidden cards of a sample wherever they lie (a face-down slot, the stock,
    the drawn card, the discard pile), so it still holds every card once; the validity of
    the coops is worked out again."""
    if a == b:
        return

    def swapped(card: Card) -> Card:
        return b if card == a else a if card == b else card

    downs: list[Coops | None] = [
        None if row is None else cast(Coops, tuple(swapped(c) for c in row))
        for row in state.down
    ]
    state.down = downs
    state.valid = [
        None if row is None or up is None
        else cast(Valid, tuple(coop_valid(u, d) for u, d in zip(up, row, strict=True)))
        for up, row in zip(state.up, downs, strict=True)
    ]
    state.stock = tuple(swapped(c) for c in state.stock)
    state.discard = [swapped(c) for c in state.discard]
    if state.drawn is not None:
        state.drawn = swapped(state.drawn)


def see_all(state: Any, seat: int, rng: random.Random) -> Any:
    """The true deal, the stock's order included; only later rounds' shuffles are new."""
    if isinstance(state, CoopState):
        new = state.copy()
        new.next_seed = rng.getrandbits(64)
        return new
    return dataclasses.replace(state, seed=rng.getrandbits(63))


def determinizer(game: str, mode: str, share: float = 1.0) -> Determinizer:
    """The sampler of ``mode`` (see the module's docstring) for ``game``."""
    if mode in ("placed", "keepread"):
        if game != "pariah":
            raise ValueError(f"--mode {mode} is measured for Pariah only")
        return PariahPlaced() if mode == "placed" else PariahKeepRead()
    if mode == "share":
        if game != "turup":
            raise ValueError("--mode share is measured for Turup only")
        return turup_share(share)
    if mode == "all":
        return see_all
    if mode == "fair":
        return game_module(game).search_spec(ENGINES[game]).determinize
    if game == "turup":
        return turup_hands
    return functools.partial(determinize, game, others_down=False)


def play(game: str, mode: str, seed: int, hard_seat: int, budget: Budget,
         share: float = 1.0) -> tuple[int, ...]:
    """One two-seat game, hard (seeing per ``mode``) at ``hard_seat`` against normal."""
    engine: Any = ENGINES[game]
    variant = engine.Variant(rounds=1) if game == "turup" else None
    state = engine.new_game(2, seed, variant)
    spec = dataclasses.replace(game_module(game).search_spec(engine),
                               determinize=determinizer(game, mode, share))
    rngs = [random.Random(seed * 7919 + seat) for seat in range(2)]
    note = getattr(spec.determinize, "note", None)
    record = getattr(spec.determinize, "record", None)
    while (seat := engine.to_act(state)) is not None:
        if note is not None:
            note(state)
        if seat == hard_seat and len(engine.legal_actions(state)) > 1:
            info = observe(engine, state, seat)
            legal = spec.candidates(info, rngs[seat]) if spec.candidates else list(info.legal)
            action = search(engine, state, seat, legal, rngs[seat], spec, budget)
        else:
            action = choose(engine, state, seat, "normal", rngs[seat])
            if record is not None:
                record(state, seat, action)
        state = engine.apply(state, action).state
    return tuple(engine.winners(state))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the matches and print a Markdown row for each."""
    parser = argparse.ArgumentParser(prog="python -m research.ceiling", description=__doc__)
    parser.add_argument("--game", choices=("pariah", "turup", "soureh"), action="append")
    parser.add_argument("--mode", action="append",
                        choices=("fair", "hands", "share", "placed", "keepread", "all"))
    parser.add_argument("--share", type=float, default=0.173,
                        help="with --mode share: the chance each opponent card is known")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--playouts", type=int, default=None,
                        help="playouts per decision (default: the game's 200 ms budget)")
    parser.add_argument("--tally", action="store_true", help="a line per game on stdout")
    args = parser.parse_args(argv)
    rows = []
    for game in args.game or ["pariah", "turup"]:
        budget = Budget(iterations=args.playouts or PLAYOUTS_200MS[game], seconds=None)
        for mode in args.mode or ["hands", "all"]:
            label = f"share {args.share:g}" if mode == "share" else mode
            start, wins = time.perf_counter(), 0.0
            for g in range(args.games):
                hard_seat = g % 2  # seats rotated as in research.strength
                winners = play(game, mode, args.seed + g, hard_seat, budget, args.share)
                wins += 1 / len(winners) if hard_seat in winners else 0.0
                if args.tally:
                    print(f"{game} {label}: {g + 1} games, hard {wins / (g + 1) * 100:.1f} %",
                          flush=True)
            low, high = wilson(wins, args.games)
            rows.append(f"| {game} | {label} | {args.seed}–{args.seed + args.games - 1} | "
                        f"{args.games} | {wins / args.games * 100:.1f} % | {low * 100:.1f}–"
                        f"{high * 100:.1f} % | {time.perf_counter() - start:.0f} s |")
    print("| game | hard sees | seeds | games | hard's win rate | 95 % CI | wall |\n"
          "|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
