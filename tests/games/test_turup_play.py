"""Seeded random play of whole Turup games, checking the engine's invariants every move."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from bot.games.cards import Card, standard_decks
from bot.games.protocol import Action, Transition, replay
from bot.games.turup import ENGINE, TurupState, Variant, captures, deck_count, is_capture
from tests.helpers.modules import run_module

E = ENGINE
CARD_TEXT = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")


def place_counts(state: TurupState) -> Counter[Card]:
    """Every card of the round: hands + pile + deck + won piles."""
    where: Counter[Card] = Counter(state.pile) + Counter(state.deck)
    for hand in state.hands:
        where.update(hand)
    for won in state.won:
        where.update(won)
    return where


def card_strings(obj: Any, skip: frozenset[str] = frozenset()) -> list[str]:
    """Every string inside a view that reads as a card, outside the ``skip`` keys."""
    found: list[str] = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key not in skip:
                found += card_strings(value, skip)
    elif isinstance(obj, list):
        for value in obj:
            found += card_strings(value, skip)
    elif isinstance(obj, str):
        try:
            Card.parse(obj)
        except ValueError:
            return found
        found.append(obj)
    return found


def check_legal(state: TurupState, action: Action) -> None:
    """The action obeys RULES.md, checked from scratch rather than through the engine."""
    seat = state.turn
    assert seat is not None
    played, *taken = action.args
    assert isinstance(played, Card) and played in state.hands[seat]
    if action.word == "trail":
        assert not taken
        return
    assert action.word == "capture"
    assert not Counter(taken) - Counter(state.pile)
    assert is_capture(played, [t for t in taken if isinstance(t, Card)])


def check_views(state: TurupState) -> None:
    """The public view shows the real pile and no other card; player views add one hand."""
    view = E.public_view(state)
    assert view["hand"] is None
    assert view["pile"] == [str(c) for c in state.pile]
    assert card_strings(view, frozenset({"pile"})) == []
    assert [s["hand_count"] for s in view["seats"]] == [len(h) for h in state.hands]
    for seat in range(state.players):
        mine = E.player_view(state, seat)
        assert Counter(mine["hand"]) == Counter(str(c) for c in state.hands[seat])


def check_events(before: TurupState, action: Action, t: Transition[TurupState]) -> None:
    """Public events name only played and pile cards; private ones go to one seat."""
    played = action.args[0]
    assert isinstance(played, Card)
    allowed = Counter(c.display for c in before.pile) + Counter([played.display])
    allowed += Counter(c.display for c in t.state.pile)
    for event in t.events:
        if event.public:
            assert not Counter(CARD_TEXT.findall(str(event.text))) - allowed, str(event.text)
        else:
            assert event.kind == "hand" and event.seats is not None and len(event.seats) == 1
            (seat,) = event.seats
            assert Counter(event.data["cards"]) == Counter(str(c) for c in t.state.hands[seat])


def choose(state: TurupState, rng: random.Random) -> Action:
    """A random move: often a trail (to grow the pile), else any capture of the card."""
    seat = state.turn
    assert seat is not None
    roll = rng.random()
    hand = state.hands[seat]
    if roll < 0.35:
        return Action("trail", (rng.choice(hand),))
    if roll < 0.5:
        # Any capture at all, listed or not: parse_action must accept it.
        played = rng.choice(hand)
        options = captures(played, state.pile, limit=3000)
        if options:
            return Action("capture", (played, *rng.choice(options)))
    return rng.choice(E.legal_actions(state))


def play_game(players: int, seed: int, rounds: int) -> None:
    """Play one seeded random game, checking every invariant after every move."""
    rng = random.Random(seed)
    variant = Variant(rounds=rounds)
    state = E.new_game(players, seed, variant)
    pack = Counter(standard_decks(deck_count(players)))
    texts: list[str] = []
    moves = 0
    check_views(state)
    while E.to_act(state) is not None:
        action = choose(state, rng)
        check_legal(state, action)
        assert E.parse_action(state, str(action)) == action
        t = E.apply(state, action)
        check_events(state, action, t)
        texts.append(str(action))
        state = t.state
        assert place_counts(state) == pack
        check_views(state)
        moves += 1
        assert moves < 200 * rounds, "the game does not end"
    assert state.round == rounds
    assert E.winners(state)
    assert all(not h for h in state.hands) and not state.deck
    assert replay(E, players, seed, texts, variant) == state


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "games", "rounds"),
    [(2, 200, 1), (2, 20, 3), (5, 100, 1), (9, 60, 1), (12, 30, 1), (12, 4, 3)],
)
def test_random_games_keep_every_invariant(players: int, games: int, rounds: int) -> None:
    """Random play ends, moves are legal, notation and replay round-trip, no card leaks."""
    for game in range(games):
        play_game(players, seed=players * 10_000 + rounds * 1000 + game, rounds=rounds)


@pytest.mark.slow
def test_bench_runs_tiny() -> None:
    """``python -m bench.engine_turup`` runs at a tiny size and prints its figures."""
    out = run_module("bench.engine_turup", "--games", "1", "--calls", "1").stdout
    assert "actions/s" in out and "µs/call" in out
    assert "20-card pile" in out
