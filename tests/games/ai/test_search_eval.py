"""The hard players' evaluations and the paired search's early stop (issue 22)."""

from __future__ import annotations

import dataclasses
import logging
import random
from typing import Any

import pytest

from bot.games import ENGINES
from bot.games.ai import choose, coop, turup
from bot.games.ai.ismcts import Budget, search
from bot.games.ai.race import win_chance
from bot.games.cards import cards
from tests.helpers.redeal import redeal

# ---------------------------------------------------------------------------- Pariah race


def test_win_chance_is_a_fair_race() -> None:
    """Equal totals are a toss; the two chances add up to one; being nearer wins more."""
    assert win_chance([120, 120], 200) == pytest.approx([0.5, 0.5])
    for totals in ([0, 0], [150, 40], [60, 190], [199, 120]):
        a, b = win_chance(totals, 200)
        assert a + b == pytest.approx(1.0)
    ahead = [win_chance([t, 100], 200)[0] for t in range(0, 200, 10)]
    assert ahead == sorted(ahead)
    assert ahead[-1] > 0.95 > 0.05 > win_chance([0, 190], 200)[0]


def _pariah_round_end(seed: int) -> tuple[Any, Any, Any]:
    """(engine, a state early in round 1, the state right after round 1 ended)."""
    engine = ENGINES["pariah"]
    state = engine.new_game(2, seed)
    rng = random.Random(seed)
    start = state
    while state.round == 1:
        seat = engine.to_act(state)
        assert seat is not None
        state = engine.apply(state, choose(engine, state, seat, "normal", rng)).state
    return engine, start, state


def test_pariah_scores_the_game_not_the_round() -> None:
    """The same round, scored at two game scores: the round's winner is told it lost the
    game when the round lets the opponent over the threshold; the round's points alone
    (the old evaluation) cannot tell the two apart."""
    engine, start, end = _pariah_round_end(5)
    assert end.to_act is not None  # round 1 did not end the game
    points = end.last_round["points"]
    lead = 0 if points[0] > points[1] else 1
    far, near = end.copy(), end.copy()
    far.totals = [0, 0]
    far.totals[lead] = 150  # the round's winner nearer the threshold
    near.totals = [150, 150]
    near.totals[1 - lead] = 195  # the opponent just short of it
    old = coop.GAME_EVAL
    try:
        coop.GAME_EVAL = True
        far_value = coop._evaluate(engine, start, far)[lead]
        near_value = coop._evaluate(engine, start, near)[lead]
        coop.GAME_EVAL = False
        assert coop._evaluate(engine, start, far) == coop._evaluate(engine, start, near)
    finally:
        coop.GAME_EVAL = old
    assert far_value > 0.8 > 0.3 > near_value


def test_pariah_game_over_is_the_engine_result() -> None:
    """A finished game scores 1 for the winner, 0 for the loser, whatever the totals."""
    engine, start, end = _pariah_round_end(5)
    over = end.copy()
    over.to_act = None
    over.winners = (1,)
    old = coop.GAME_EVAL
    try:
        coop.GAME_EVAL = True
        assert coop._evaluate(engine, start, over) == [0.0, 1.0]
    finally:
        coop.GAME_EVAL = old


# ---------------------------------------------------------------------------- Turup horizon


def _turup(hand0: str, hand1: str, pile: str) -> tuple[Any, Any]:
    engine = ENGINES["turup"]
    deck = cards(f"{hand0} {hand1} {pile}")
    return engine, engine.new_game(2, 1, engine.Variant(rounds=1), deck)


def test_turup_horizon_counts_the_capture_in_hand() -> None:
    """Equal cards won: the seat to move that holds a 4-card capture is ahead; and the
    same lead counts for more with fewer cards left to play."""
    engine, state = _turup("5D 9C QH 4S", "KD KC KH 8D", "3S 2C JS 5H")
    won = (tuple(cards("2D 3D")), ())
    early = dataclasses.replace(state, won=won)
    late = dataclasses.replace(state, won=won, deck=state.deck[:4])
    quiet = {"pile": (), "turn": 1}
    old = turup.PROBIT
    try:
        turup.PROBIT = True
        to_move = turup._evaluate(engine, state, state)
        late_value = turup._evaluate(engine, state, dataclasses.replace(late, **quiet))[0]
        early_value = turup._evaluate(engine, state, dataclasses.replace(early, **quiet))[0]
    finally:
        turup.PROBIT = old
    assert state.turn == 0
    assert to_move[0] > 0.6 > 0.4 > to_move[1]
    assert late_value > early_value > 0.5


# ---------------------------------------------------------------------------- early stop


class _Playouts(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.counts: list[int] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if message.startswith("paired "):
            self.counts.append(int(message.split(": ")[1].split()[0]))


def test_paired_search_stops_when_the_favourite_is_clear() -> None:
    """Taking four cards (the favourite) against trailing: with the stop, the search ends
    long before its budget and still takes the four cards; without it, it spends all."""
    engine, state = _turup("5D 9C QH 4S", "KD KC KH 8D", "3S 2C JS 5H")
    budget = Budget(iterations=400, seconds=None)
    spec = turup.search_spec(engine)
    spec_stop = dataclasses.replace(spec, stop=3.0, candidates=None)
    spec_full = dataclasses.replace(spec, stop=None, candidates=None)
    info_first = turup.ranked(_info(engine, state), random.Random(0))
    assert str(info_first[0]) == "capture 5D 2C 3S 5H"
    ordered = list(info_first)
    chosen, spent = _search_ordered(spec_stop, engine, state, ordered, budget)
    full, spent_full = _search_ordered(spec_full, engine, state, ordered, budget)
    assert chosen == full == "capture 5D 2C 3S 5H"
    assert spent_full >= 400 > 4 * spent


def _info(engine: Any, state: Any) -> Any:
    from bot.games.ai.view import observe

    return observe(engine, state, 0)


def _search_ordered(
    spec: Any, engine: Any, state: Any, legal: list[Any], budget: Budget
) -> tuple[str, int]:
    logger = logging.getLogger("bot.games.ai.ismcts")
    handler = _Playouts()
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        action = search(engine, state, 0, legal, random.Random(3), spec, budget)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    return str(action), handler.counts[-1]


@pytest.mark.parametrize("game", ["pariah", "turup"])
def test_hard_player_is_reproducible_with_a_seed(game: str) -> None:
    """The same state and seed give the same hard choices at a playout budget."""
    engine = ENGINES[game]
    variant = engine.Variant(rounds=1) if game == "turup" else None
    state = engine.new_game(2, 80123, variant)
    budget = Budget(iterations=60, seconds=None)
    rng = random.Random(0)
    compared = 0
    for _ in range(40):
        seat = engine.to_act(state)
        if seat is None:
            break
        if len(engine.legal_actions(state)) > 1:
            first = choose(engine, state, seat, "hard", random.Random(compared), budget=budget)
            again = choose(engine, state, seat, "hard", random.Random(compared), budget=budget)
            assert first == again
            compared += 1
        state = engine.apply(state, choose(engine, state, seat, "normal", rng)).state
    assert compared >= 5


# ---------------------------------------------------------------------------- knocker belief


def _after_knock(seed: int) -> tuple[Any, Any]:
    """A Pariah state where seat 1 has just knocked and seat 0 takes the last turn."""
    engine = ENGINES["pariah"]
    for s in range(seed, seed + 200):
        state = engine.new_game(2, s)
        rng = random.Random(s)
        while state.round == 1 and (seat := engine.to_act(state)) is not None:
            legal = engine.legal_actions(state)
            knocks = [a for a in legal if a.call] if seat == 1 else []
            action = knocks[0] if knocks else choose(engine, state, seat, "normal", rng)
            state = engine.apply(state, action).state
            knocked = state.declarer == 1 and state.to_act == 0 and state.round == 1
            if knocked and not all(state.valid[1]):
                return engine, state
    raise AssertionError("no knock on invalid coops found")


def test_pariah_redeal_believes_a_knock() -> None:
    """After an opponent knocked (here on coops that are not all valid), most redeals give
    him four valid coops; the redeal still sees only what seat 0 sees (same result from
    two states that differ only in hidden cards)."""
    from bot.games.ai import determinize_coop

    engine, state = _after_knock(300)
    samples = [redeal(engine, state, 0, random.Random(i)) for i in range(200)]
    believed = sum(all(s.valid[1]) for s in samples) / len(samples)
    assert believed >= 0.7
    other = redeal(engine, state, 0, random.Random(999))
    assert redeal(engine, other, 0, random.Random(5)).down == samples[5].down
    old = determinize_coop.KNOCKER_VALID
    try:
        determinize_coop.KNOCKER_VALID = 0.0
        plain = [redeal(engine, state, 0, random.Random(i)) for i in range(200)]
    finally:
        determinize_coop.KNOCKER_VALID = old
    assert sum(all(s.valid[1]) for s in plain) / len(plain) < believed - 0.3


# ---------------------------------------------------------------------------- Turup last deal


def _last_deal(hand0: list[Any], hand1: list[Any], pile: list[Any]) -> tuple[Any, Any]:
    """Seat 0 to play with the deck empty; every other card of the pack already won."""
    from bot.games.cards import standard_deck

    engine = ENGINES["turup"]
    state = engine.new_game(2, 1, engine.Variant(rounds=1))
    used = [*hand0, *hand1, *pile]
    rest = [c for c in standard_deck() if c not in used]
    won = (tuple(rest[: len(rest) // 2]), tuple(rest[len(rest) // 2 :]))
    state = dataclasses.replace(
        state, hands=(tuple(hand0), tuple(hand1)), pile=tuple(pile), deck=(), won=won, turn=0
    )
    return engine, state


def _exact(engine: Any, state: Any) -> int:
    """Seat to move's cards won minus the other's to the round's end, by the engine."""
    me = state.turn
    best = -999
    for action in engine.legal_actions(state):
        after = engine.apply(state, action).state
        gain = len(action.args) if action.word == "capture" else 0
        rest = _net_after(engine, after, me)
        best = max(best, gain + rest)
    return best


def _net_after(engine: Any, state: Any, me: int) -> int:
    if state.turn is None or not any(state.hands):
        return 0
    value = _exact(engine, state)
    return value if state.turn == me else -value


def test_last_deal_solver_agrees_with_the_engine() -> None:
    """On random last deals (three cards each), the rank-level solver's value of every
    move equals an exhaustive search through the engine itself."""
    from bot.games.ai import turup_end
    from bot.games.ai.view import observe
    from bot.games.cards import standard_deck

    rng = random.Random(7)
    checked = 0
    for _ in range(12):
        deck = standard_deck()
        rng.shuffle(deck)
        engine, state = _last_deal(deck[:3], deck[3:6], deck[6 : 6 + rng.randrange(2, 6)])
        info = observe(engine, state, 0)
        assert turup_end.opponent_hand(info) == tuple(sorted(c.rank.order for c in deck[3:6]))
        chosen = turup_end.best_last_deal(info)
        assert chosen is not None
        values = {}
        for action in engine.legal_actions(state):
            gain = len(action.args) if action.word == "capture" else 0
            values[str(action)] = gain + _net_after(engine, engine.apply(state, action).state, 0)
        assert values[str(chosen)] == max(values.values())
        checked += len(set(values.values())) > 1
    assert checked >= 6


def _worth(engine: Any, state: Any, action: Any) -> int:
    """Seat 0's net cards from ``action`` to the round's end, best play after it."""
    gain = len(action.args) if action.word == "capture" else 0
    return gain + _net_after(engine, engine.apply(state, action).state, 0)


def test_hard_turup_plays_the_last_deal_right_where_normal_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In random last deals the hard player's move is always worth the most against best
    play (by the engine's own count), and in some the normal favourite is worth less."""
    from bot.games.cards import standard_deck

    rng = random.Random(11)
    normal_errs = 0
    monkeypatch.setattr(turup, "ENDGAME", True)
    for _ in range(60):
        deck = standard_deck()
        rng.shuffle(deck)
        engine, state = _last_deal(deck[:3], deck[3:6], deck[6 : 6 + rng.randrange(2, 6)])
        best = max(_worth(engine, state, a) for a in engine.legal_actions(state))
        normal = choose(engine, state, 0, "normal", random.Random(0))
        hard = choose(engine, state, 0, "hard", random.Random(0), budget=Budget(40, None))
        assert _worth(engine, state, hard) == best
        normal_errs += _worth(engine, state, normal) < best
    assert normal_errs >= 3
