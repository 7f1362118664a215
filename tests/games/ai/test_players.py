"""Computer players: legal moves only, no hidden information, the levels' habits."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.ai import LEVELS, choose, choose_from_info, game_module
from bot.games.ai.ismcts import Budget
from bot.games.ai.view import Info, observe
from bot.games.cards import Card, cards
from bot.games.protocol import Action
from bot.games.registry import ENGINES
from tests.helpers.redeal import redeal as redeal_state

pytestmark = pytest.mark.slow

TINY = Budget(iterations=6, seconds=None)
SMALL = Budget(iterations=40, seconds=None)

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("soureh", 2, {"threshold": 30}),
    ("soureh", 3, {"threshold": 30, "declare": "reveal"}),
    ("pariah", 2, {"threshold": 150}),
    ("turup", 2, {"rounds": 1}),
    ("turup", 3, {"rounds": 1}),
    ("soi", 4, {"target": 20}),
]


def _engine_and_state(game: str, players: int, options: dict[str, Any], seed: int) -> Any:
    engine = ENGINES[game]
    return engine, engine.new_game(players, seed, engine.Variant(**options))


def redeal(engine: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A state that differs from ``state`` only in cards hidden from ``seat``."""
    return redeal_state(engine, state, seat, rng)


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
@pytest.mark.parametrize("level", LEVELS)
def test_players_only_choose_legal_actions(
    game: str, players: int, options: dict[str, Any], level: str
) -> None:
    """Every level picks one of the legal actions, over several seeded games."""
    decisions = 0
    limit = 60 if level == "hard" else 400
    for seed in range(3 if level == "hard" else 6):
        engine, state = _engine_and_state(game, players, options, seed)
        rng = random.Random(seed)
        for _ in range(limit):
            seat = engine.to_act(state)
            if seat is None:
                break
            legal = {str(a) for a in engine.legal_actions(state)}
            action = choose(engine, state, seat, level, rng, budget=TINY)
            assert str(action) in legal
            state = engine.apply(state, action).state
            decisions += 1
    assert decisions > 50


def _walk(value: Any, out: list[str]) -> None:
    if isinstance(value, dict):
        for v in value.values():
            _walk(v, out)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            _walk(v, out)
    elif isinstance(value, Card):
        out.append(str(value))
    elif isinstance(value, str):
        out.append(value)
    elif hasattr(value, "__slots__") or hasattr(value, "__dataclass_fields__"):
        for name in getattr(value, "__dataclass_fields__", ()):
            _walk(getattr(value, name), out)


def _hidden(game: str, state: Any, seat: int) -> set[str]:
    """Cards of a Turup table (one deck) that ``seat`` cannot see."""
    cards_ = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    return {str(c) for c in (*cards_, *state.deck)}


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_information_holds_no_hidden_card(game: str, players: int, options: dict[str, Any]) -> None:
    """What a player is given is the same whatever the hidden cards are, and names none."""
    engine, state = _engine_and_state(game, players, options, 11)
    rng = random.Random(5)
    changed = 0
    for step in range(150):
        seat = engine.to_act(state)
        if seat is None:
            break
        game_module(game)
        info = observe(engine, state, seat)
        other = redeal(engine, state, seat, random.Random(step))
        assert observe(engine, other, seat) == info
        changed += _hidden_differs(engine, state, other, seat)
        if game == "turup":
            texts: list[str] = []
            _walk(info.view, texts)
            _walk(info.history, texts)
            _walk([a.args for a in info.legal], texts)
            assert not set(texts) & _hidden(game, state, seat)
        state = engine.apply(state, choose(engine, state, seat, "normal", rng)).state
    assert changed > 0


def _hidden_differs(engine: Any, a: Any, b: Any, seat: int) -> bool:
    """Did the redeal really change some card hidden from ``seat``?"""
    if engine.name == "turup":
        return a.hands != b.hands or a.deck != b.deck
    if engine.name == "soi":
        return a.hands != b.hands
    return a.down != b.down or a.stock[a.pos :] != b.stock[b.pos :]


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_hard_decision_depends_only_on_what_the_seat_sees(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """Two states that differ only in hidden cards give the same hard choice (same rng)."""
    engine, state = _engine_and_state(game, players, options, 21)
    rng = random.Random(2)
    compared = 0
    for step in range(80):
        seat = engine.to_act(state)
        if seat is None:
            break
        if len(engine.legal_actions(state)) > 1 and compared < 6:
            other = redeal(engine, state, seat, random.Random(100 + step))
            first = choose(engine, state, seat, "hard", random.Random(step), budget=SMALL)
            second = choose(engine, other, seat, "hard", random.Random(step), budget=SMALL)
            assert first == second
            compared += 1
        state = engine.apply(state, choose(engine, state, seat, "normal", rng)).state
    assert compared >= 3


# ---------------------------------------------------------------------------- habits


def _turup_state(hand0: str, hand1: str, pile: str) -> tuple[Any, Any]:
    engine = ENGINES["turup"]
    deck = cards(f"{hand0} {hand1} {pile}")
    return engine, engine.new_game(2, 1, engine.Variant(rounds=1), deck)


def test_turup_normal_takes_the_largest_capture() -> None:
    """Normal Turup takes 2+3 and the 5 with a 5 rather than a smaller capture."""
    engine, state = _turup_state("5D 9C QH 4S", "KD KC KH 8D", "3S 2C KS 5H")
    action = choose(engine, state, 0, "normal", random.Random(0))
    assert str(action) == "capture 5D 2C 3S 5H"


def test_turup_easy_mostly_captures_when_it_can() -> None:
    """Easy Turup captures in most games when a capture is open."""
    engine, state = _turup_state("5D 9C QH 4S", "KD KC KH 8D", "3S 2C KS 5H")
    picks = [choose(engine, state, 0, "easy", random.Random(i)).word for i in range(100)]
    assert picks.count("capture") >= 70


def _soi_info(known_at: int) -> tuple[Info, Card]:
    """Seat 0 holds 7S 7D; the table knows seat ``known_at`` received 7H."""
    from bot.games.soi import Knowledge

    engine = ENGINES["soi"]
    state = engine.new_game(4, 3)
    hand = ["7S", "7D", "2C"]
    wanted = Card.parse("7H")
    none: frozenset[Card] = frozenset()
    know = tuple(
        Knowledge(known=frozenset({wanted}) if s == known_at else none, absent=none, ranks=none)
        for s in range(4)
    )
    view = dict(engine.player_view(state, 0))
    view["hand"] = hand
    view["seats"] = [{"hand_count": 13, "quads": [], "round_points": 0} for _ in range(4)]
    legal = tuple(
        Action("ask", (s, Card.parse(c))) for s in (1, 2, 3) for c in ("7H", "7C", "2S", "2H", "2D")
    )
    return Info("soi", 0, view, legal, know), wanted


@pytest.mark.parametrize("holder", [1, 2, 3])
def test_soi_normal_asks_where_the_card_is_known_to_be(holder: int) -> None:
    """Normal Soi remembers a card's public holder and asks him for it."""
    info, wanted = _soi_info(holder)
    action = choose_from_info("soi", info, "normal", random.Random(0))
    assert action == Action("ask", (holder, wanted))


def _coop_state(game: str, down0: str, down1: str, up0: str, up1: str, stock: str) -> Any:
    engine = ENGINES[game]
    deck = cards(f"{down0} {down1} {up0} {up1} {stock}")
    state = engine.new_game(2, 1, None, deck)
    return engine, engine.apply(state, Action("draw")).state


def test_soureh_normal_gives_a_red_ten_to_the_opponent() -> None:
    """A drawn red 10 goes on an opponent's face-up card, not under one's own."""
    engine, state = _coop_state(
        "soureh", "9H 2S 8D 3C", "5H 6S 7D 8C", "4H 9S 5D 10C", "3H 9C 2D 8S", "10H 4C 4D"
    )
    action = choose(engine, state, 0, "normal", random.Random(0))
    assert action.word == "give"


def test_soureh_normal_puts_an_ace_under_its_hardest_coop() -> None:
    """A drawn ace goes under one's invalid red 10."""
    engine, state = _coop_state(
        "soureh", "9H 2S 8D 3C", "5H 6S 7D 8C", "4H 9S 10D 10C", "3H 9C 2D 8S", "AH 4C 4D"
    )
    action = choose(engine, state, 0, "normal", random.Random(0))
    assert (action.word, action.args) == ("keep", (3,))


def test_easy_declares_when_it_may() -> None:
    """Easy Soureh declares whenever a (true) declaration is open."""
    engine, state = _coop_state(
        "soureh", "9H 2S AD 3C", "5H 6S 7D 8C", "4H 9S 10D 10C", "3H 9C 2D 8S", "7H 4C 4D"
    )
    assert "discard declare" in {str(a) for a in engine.legal_actions(state)}
    for seed in range(5):
        assert choose(engine, state, 0, "easy", random.Random(seed)).call == "declare"
