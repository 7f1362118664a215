"""Declarations (Soureh) and knocks (Pariah) ride on the placement, on stacked decks."""

from __future__ import annotations

import pytest

from bot.games.cards import Card, cards
from bot.games.coop.state import CoopState
from bot.games.protocol import Event, IllegalAction
from bot.games.registry import ENGINES

SOUREH = ENGINES["soureh"]
PARIAH = ENGINES["pariah"]


def deck(downs: list[str], ups: list[str], stock: str) -> list[Card]:
    """A deck in dealing order: face-down cards seat by seat, face-up cards, then stock."""
    return [c for d in downs for c in cards(d)] + [c for u in ups for c in cards(u)] + cards(stock)


def play(engine: object, state: CoopState, *texts: str) -> tuple[CoopState, list[Event]]:
    """Apply action texts in turn; return the last state and every event."""
    events: list[Event] = []
    for text in texts:
        t = engine.apply(state, engine.parse_action(state, text))  # type: ignore[attr-defined]
        state = t.state
        events.extend(t.events)
    return state, events


def legal(engine: object, state: CoopState) -> list[str]:
    """The legal actions as texts."""
    return [str(a) for a in engine.legal_actions(state)]  # type: ignore[attr-defined]


def almost_valid(**options: object) -> CoopState:
    """Soureh, two seats: seat 0's coop 2 (5D over 3C) is invalid, the rest valid; the stock
    starts with 9S (a keep in slot 2 makes all four valid)."""
    return SOUREH.new_game(
        2,
        7,
        SOUREH.Variant(**options),  # type: ignore[arg-type]
        deck(["9S 3C 9D 8S", "2S 2C 3S 3C"], ["5H 5D 4H 4D", "5H 5D 6H 6D"], "9C 7S 8C 4S"),
    )


def test_keep_declare_only_where_the_keep_makes_four_valid_coops() -> None:
    """`keep 2 declare` is offered (and plays) because the kept card fixes coop 2; the other
    placements leave it invalid and may not declare."""
    st, _ = play(SOUREH, almost_valid(), "draw")
    calls = [a for a in legal(SOUREH, st) if a.endswith("declare")]
    assert calls == ["keep 2 declare"]
    with pytest.raises(IllegalAction, match="coop 2 would not be valid"):
        SOUREH.parse_action(st, "keep 1 declare")
    with pytest.raises(IllegalAction, match="coop 2 would not be valid"):
        SOUREH.parse_action(st, "give 1 3 declare")
    st, events = play(SOUREH, st, "keep 2 declare")
    assert [e.kind for e in events if e.public] == ["keep", "declare"]
    view = SOUREH.public_view(st)
    assert (view["declarer"], view["to_act"], view["phase"]) == (0, 1, "draw")


def test_refused_declaration_plays_nothing() -> None:
    """A refused declaration leaves the state as it was (nothing is played)."""
    st, _ = play(SOUREH, almost_valid(), "draw")
    with pytest.raises(IllegalAction):
        SOUREH.apply(st, SOUREH.parse_action(st, "discard declare"))
    assert SOUREH.public_view(st)["phase"] == "place" and st.drawn == Card.parse("9C")


def test_declaring_is_the_same_flow_as_not_declaring() -> None:
    """A placement ends the turn whether or not its seat could declare: no pause."""
    st, _ = play(SOUREH, almost_valid(), "draw", "keep 2")
    view = SOUREH.public_view(st)
    assert (view["to_act"], view["phase"], view["declarer"]) == (1, "draw", None)


def test_text_forms_of_a_declaration() -> None:
    """`keep 2 declare` reads in any case; describe names both parts."""
    st, _ = play(SOUREH, almost_valid(), "draw")
    action = SOUREH.parse_action(st, "KEEP 2 Declare")
    assert str(action) == "keep 2 declare" and action in SOUREH.legal_actions(st)
    assert SOUREH.describe(st, action).startswith("keep 2 declare — put 9♣")
    assert "declare Soureh" in SOUREH.describe(st, action)
    with pytest.raises(IllegalAction, match="no knock in Soureh"):
        SOUREH.parse_action(st, "keep 2 knock")
    with pytest.raises(IllegalAction, match="Write keep like this"):
        SOUREH.parse_action(st, "keep declare")


def test_draw_cannot_declare() -> None:
    """Only a placement carries the announcement."""
    st = almost_valid()
    with pytest.raises(IllegalAction, match="move that places your card"):
        SOUREH.parse_action(st, "draw declare")


def pariah_game(stock: str) -> CoopState:
    """Two Pariah seats (seat 0 valid: 2H 2D 3H 3D over 5S 5C 6S 6C)."""
    cards_ = deck(["5S 5C 6S 6C", "5H 5D 3C 3S"], ["2H 2D 3H 3D", "4H 4D 4S 4C"], stock)
    return PARIAH.new_game(2, 3, None, cards_)


@pytest.mark.parametrize(
    ("stock", "move"),
    [
        ("7H 8H 9H", "keep 2 knock"),
        ("7H 8H 9H", "discard knock"),
        ("7H 8H 9H", "give 1 3 knock"),
        ("JH 8H 9H", "jack 1 knock"),
        ("KH 8H 9H", "king 0 1 1 4 knock"),
    ],
)
def test_every_pariah_placement_may_knock(stock: str, move: str) -> None:
    """Each placement (face-card powers too) may knock; the opponent then plays once."""
    st, _ = play(PARIAH, pariah_game(stock), "draw")
    assert move in legal(PARIAH, st)
    st, events = play(PARIAH, st, move)
    assert "knock" in [e.kind for e in events]
    assert (PARIAH.to_act(st), PARIAH.public_view(st)["declarer"]) == (1, 0)
    _, events = play(PARIAH, st, "draw", "discard")
    assert next(e for e in events if e.kind == "round_end").data["reason"] == "knock"


def test_queen_may_not_knock() -> None:
    """A Queen gives more turns, so the turn that takes it cannot knock."""
    st, _ = play(PARIAH, pariah_game("QH 8H 9H"), "draw")
    assert "queen knock" not in legal(PARIAH, st)
    with pytest.raises(IllegalAction, match="Queen turns left"):
        PARIAH.parse_action(st, "queen knock")


def test_pariah_turn_ends_with_the_placement() -> None:
    """No "knock or end" step: after a plain placement the opponent draws."""
    st, _ = play(PARIAH, pariah_game("7H 8H 9H"), "draw", "discard")
    view = PARIAH.public_view(st)
    assert (view["to_act"], view["phase"]) == (1, "draw")
