"""The research tools check their own samplers: ``python -m research.selfcheck``.

Tests never import :mod:`research`; they run this as a process (exit 0: every check held).
Each check says what it holds; a failed one raises ``AssertionError`` with its name.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from bot.games.ai import choose
from bot.games.registry import ENGINES
from bot.games.turup import ai as turup
from research import ceiling, reading, weights


def ceiling_hands_and_all() -> None:
    """``hands`` keeps the other seats' true hidden cards and reshuffles only the stock
    (same cards); ``all`` keeps the stock's order too."""
    for game in ("pariah", "turup"):
        engine: Any = ENGINES[game]
        state = engine.new_game(2, 3, engine.Variant(rounds=1) if game == "turup" else None)
        seat = engine.to_act(state)
        hands = ceiling.determinizer(game, "hands")(state, seat, random.Random(1))
        seen = ceiling.determinizer(game, "all")(state, seat, random.Random(1))
        if game == "pariah":
            assert hands.down == state.down
            assert sorted(map(str, hands.stock[hands.pos:])) == \
                sorted(map(str, state.stock[state.pos:]))
            assert hands.stock[hands.pos:] != state.stock[state.pos:]
            assert seen.stock == state.stock and seen.down == state.down
        else:
            assert hands.hands == state.hands and sorted(map(str, hands.deck)) == \
                sorted(map(str, state.deck)) and hands.deck != state.deck
            assert seen.hands == state.hands and seen.deck == state.deck


def ceiling_share() -> None:
    """``share``: the searching seat's hand stays; share 1 keeps the opponent's hand, share 0
    deals it anew from his cards and the deck (same cards, sizes kept); in between, about
    that share of his cards stays; Pariah has no ``share``."""
    engine: Any = ENGINES["turup"]
    state = engine.new_game(2, 3, engine.Variant(rounds=1))
    seat = engine.to_act(state)
    other = 1 - seat
    unseen = sorted(map(str, (*state.hands[other], *state.deck)))
    assert ceiling.determinizer("turup", "share", 1.0)(state, seat, random.Random(1)).hands \
        == state.hands
    kept = 0
    for k in range(200):
        world = ceiling.determinizer("turup", "share", 0.25)(state, seat, random.Random(k))
        assert world.hands[seat] == state.hands[seat]
        assert sorted(map(str, (*world.hands[other], *world.deck))) == unseen
        assert len(world.hands[other]) == len(state.hands[other])
        kept += sum(a == b for a, b in zip(world.hands[other], state.hands[other], strict=True))
    assert 0.15 < kept / (200 * len(state.hands[other])) < 0.40  # 0.25 kept, plus chance
    fresh = [ceiling.determinizer("turup", "share", 0.0)(state, seat, random.Random(k))
             for k in range(20)]
    assert any(w.hands[other] != state.hands[other] for w in fresh)
    _raises(lambda: ceiling.determinizer("pariah", "share", 0.5))


def _every_card(state: Any) -> list[str]:
    rows = [*state.down, *state.up]
    cards = [c for row in rows if row is not None for c in row]
    cards += [*state.stock[state.pos :], *state.discard[: state.ndiscard]]
    cards += [] if state.drawn is None else [state.drawn]
    return sorted(map(str, cards))


def ceiling_placed_and_keepread() -> None:
    """``placed`` (Pariah): every opponent face-down card he was not dealt this round is
    kept true, his dealt ones dealt anew; ``keepread`` weighs each hidden card by whether
    normal would have kept it so (the true card among the likely ones). Both keep every
    card exactly once; Turup has no ``placed``."""
    engine: Any = ENGINES["pariah"]
    placed_seen = dealt_fresh = likely_true = reads = 0
    for seed in range(6):
        state = engine.new_game(2, seed, None)
        placed = ceiling.PariahPlaced()
        reader = ceiling.PariahKeepRead()
        assert isinstance(ceiling.determinizer("pariah", "keepread"), ceiling.PariahKeepRead)
        rng = random.Random(seed)
        while (seat := engine.to_act(state)) is not None and state.round == 1:
            placed.note(state)
            other = 1 - seat
            for sampler in (placed, reader):  # each deals the cards the seat cannot see
                world = sampler(state, seat, random.Random(seed))
                assert _every_card(world) == _every_card(state)
                assert world.down[seat] == state.down[seat]
            world = placed(state, seat, random.Random(seed))
            dealt = placed.dealt[(state.round, other)]
            for true, sampled in zip(state.down[other], world.down[other], strict=True):
                if true not in dealt:
                    placed_seen += 1
                    assert sampled == true
                else:
                    dealt_fresh += sampled != true
            action = choose(engine, state, seat, "normal", rng)
            reader.record(state, seat, action)
            if action.word == "keep":
                card, weighed = reader.keeps[(state.round, seat)][-1]
                reads += 1
                likely_true += weighed[card] == 1.0
                assert 0 < sum(w == 1.0 for w in weighed.values()) < len(weighed)
            state = engine.apply(state, action).state
    assert placed_seen > 10 and dealt_fresh > 10 and reads > 10
    assert likely_true >= 0.8 * reads  # ties aside, the true card is one normal would keep
    _raises(lambda: ceiling.determinizer("turup", "placed"))


def reading_right() -> None:
    """The true deal gets the opponent's whole hand right, a uniform redeal less; the exact
    reader is the product's belief with other parameters, the product's left as they are."""
    engine: Any = ENGINES["turup"]
    state = engine.new_game(2, 3, engine.Variant(rounds=1))
    seat = engine.to_act(state)
    assert reading.right(state, state, 1 - seat) == 1.0
    assert reading.mean_right(engine.determinize, state, seat, 20, random.Random(1)) < 1.0
    assert (reading.EXACT.tries, reading.EXACT.unlikely) == (1000, 0.0)
    assert turup.TurupParams() == turup.DEFAULT


def weights_other_seat_only() -> None:
    """A game with other weights gives a share of a win; the product's stay the default."""
    for game, other in (("turup", {"leave_weight": 0.4, "follow_weight": 1.0}),
                        ("pariah", {"knock_lead": 50.0})):
        before = weights.normal_weights(game)
        assert weights.play(game, 5, 1, other) in (0.0, 0.5, 1.0)
        assert before == weights.normal_weights(game)


def _raises(call: Callable[[], object]) -> None:
    try:
        call()
    except ValueError:
        return
    raise AssertionError("no ValueError")


CHECKS = (ceiling_hands_and_all, ceiling_share, ceiling_placed_and_keepread, reading_right,
          weights_other_seat_only)


def main(argv: Sequence[str] | None = None) -> int:
    """Run every check; print one line each."""
    del argv
    for check in CHECKS:
        check()
        print(f"ok {check.__name__}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
