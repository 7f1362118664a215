"""The hard Turup player's redeals believe the opponents' plays of this deal (issue 22)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.games.cards import cards
from bot.games.turup import ENGINE, TurupState, Variant, ai

E = ENGINE


def after_a_trail() -> TurupState:
    """Seat 0 trailed the Q♥, then seat 1 trailed the K♦ onto 7 3 4 8 Q: a hand holding a 3,
    4, 7, 8 or 10 would have taken something, so the normal player would not have trailed."""
    deck = cards("QH 5D 6H 10S  KD KC 9S 9H  7C 3D 4S 8H") + cards("2C 2D 2H 2S 3C 3H 3S")
    state = E.new_game(2, seed=3, deck=deck, variant=Variant(rounds=1))
    for text in ("trail QH", "trail KD"):
        state = E.apply(state, E.parse_action(state, text)).state
    return state


def takers(world: TurupState) -> bool:
    """Does seat 1 hold a card that takes something from that pile (before the K)?"""
    return any(c.rank.value in ("3", "4", "7", "8", "10") for c in world.hands[1])


@pytest.mark.slow
def test_a_trail_makes_the_hands_that_would_have_taken_unlikely() -> None:
    """Seat 1 held no card that takes; his trail says so: among 400 of seat 0's redeals
    three in four give him a taker when dealt uniformly, under a third when weighted by
    his play (a hand that would have trailed ties four ways, so it is kept a quarter of
    the time, one that would have taken 1 time in 50)."""
    state = after_a_trail()
    assert [(p.seat, str(p.card)) for p in state.plays] == [(0, "QH"), (1, "KD")]
    believe = ai.believe(E.determinize, E)
    uniform = sum(takers(E.determinize(state, 0, random.Random(i))) for i in range(400))
    weighted = sum(takers(believe(state, 0, random.Random(i))) for i in range(400))
    assert uniform > 200
    assert weighted < uniform / 2


def test_the_weights_read_only_what_the_seat_sees() -> None:
    """Two tables seat 0 cannot tell apart (seat 1's hand swapped with cards of the deck)
    give the same weighted redeals; and a play made under the redeal's own hand is
    judged with that hand then, the cards since played put back."""
    state = after_a_trail()
    other_hand = state.deck[:3]
    other = replace(state, hands=(state.hands[0], other_hand),
                    deck=(*state.hands[1], *state.deck[3:]))
    believe = ai.believe(E.determinize, E)
    for i in range(30):
        assert believe(state, 0, random.Random(i)) == believe(other, 0, random.Random(i))
    then = ai.before(state, 1)
    assert sorted(map(str, then.hands[1])) == sorted(map(str, (*state.hands[1], *cards("KD"))))
    assert then.pile == tuple(cards("7C 3D 4S 8H QH")) and then.turn == 1
    # the true hand: four trails (K, K, 9, 9) score alike, each the normal player's move
    assert ai.likelihood(E, state, 0) == 0.25
    holding_a_seven = replace(state, hands=(state.hands[0], tuple(cards("7D 9S 9H"))))
    assert ai.likelihood(E, holding_a_seven, 0) == ai.DEFAULT.unlikely


def test_with_no_opponent_play_the_redeal_is_uniform() -> None:
    """At the start of a deal (no play yet by anyone else) the weighted redeal is the
    engine's own."""
    state = E.new_game(2, seed=5, variant=Variant(rounds=1))
    believe = ai.believe(E.determinize, E)
    for i in range(10):
        assert believe(state, 0, random.Random(i)) == E.determinize(state, 0, random.Random(i))


def test_the_search_scores_the_games_totals_not_the_rounds_winner() -> None:
    """A Turup game is won on the cards won over all its rounds (the rule book): a seat
    that won the last round but trails on the totals is scored as losing, equal totals
    share the win, and before the end an earlier round's lead counts."""
    start = E.new_game(2, seed=3, variant=Variant(rounds=3))
    five, eight = cards("2C 3C 4C 5C 6C"), cards("2D 3D 4D 5D 6D 7D 8D 9D")
    end = replace(start, round=3, turn=None, won=(eight, five), past=(10, 20))
    lost, won = ai._evaluate(E, start, end)
    assert lost < 0.25 < 0.75 < won  # seat 0 took the last round 8–5, but 18 < 25
    tied = ai._evaluate(E, start, replace(end, past=(10, 13)))  # 18 and 18
    assert tied[0] == tied[1] == 0.5
    later = replace(start, won=(five, five), past=(12, 0))
    ahead, behind = ai._evaluate(E, start, later)
    assert ahead > 0.5 > behind
