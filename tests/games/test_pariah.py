"""Pariah: validity, points, face-card powers, knocking and the game end on stacked decks."""

from __future__ import annotations

import pytest

from bot.games.cards import Card, cards
from bot.games.coop.pariah import ENGINE, Variant, coop_valid, round_points
from bot.games.coop.state import CoopState
from bot.games.protocol import Event, IllegalAction, InvalidVariant
from bot.games.registry import ENGINES

# Seat 0: red face-up under higher cards, valid, 2+5+2+5+3+6+3+6 = 32 (+50 bonus).
UP0, DOWN0 = "2H 2D 3H 3D", "5S 5C 6S 6C"
# Seat 1: 9+9+7+7 = 32 (+50 bonus).
UP1, DOWN1 = "4H 4D 4S 4C", "5H 5D 3C 3S"


def stacked(downs: list[str], ups: list[str], stock: str = "") -> list[Card]:
    """A deck in dealing order: every seat's face-down cards, every seat's face-up, stock."""
    return [c for d in downs for c in cards(d)] + [c for u in ups for c in cards(u)] + cards(stock)


def game(stock: str, up0: str = UP0, down0: str = DOWN0, threshold: int = 200) -> CoopState:
    """A stacked two-player game."""
    deck = stacked([down0, DOWN1], [up0, UP1], stock)
    return ENGINE.new_game(2, 3, Variant(threshold=threshold), deck)


def play(state: CoopState, *texts: str) -> tuple[CoopState, list[Event]]:
    """Apply action texts in turn; return the last state and every event."""
    events: list[Event] = []
    for text in texts:
        t = ENGINE.apply(state, ENGINE.parse_action(state, text))
        state = t.state
        events.extend(t.events)
    return state, events


def legal(state: CoopState) -> list[str]:
    """The legal actions as texts."""
    return [str(a) for a in ENGINE.legal_actions(state)]


def pairs(text: str) -> list[tuple[Card, Card]]:
    """Coops from "up/down" tokens."""
    return [(Card.parse(t.split("/")[0]), Card.parse(t.split("/")[1])) for t in text.split()]


@pytest.mark.parametrize(
    ("up", "down", "valid"),
    [
        ("JS", "5H", True),
        ("QH", "AS", True),
        ("KD", "10C", True),
        ("5H", "JS", False),
        ("KS", "QH", False),
        ("AS", "KH", False),
        ("5H", "9S", True),
        ("5S", "9H", False),
        ("9S", "5H", True),
        ("AS", "AH", False),
        ("AS", "7H", True),
        ("7D", "7C", False),
    ],
)
def test_coop_validity_table(up: str, down: str, valid: bool) -> None:
    """Face card down: invalid; face card up: valid; otherwise Soureh's rules."""
    assert coop_valid(Card.parse(up), Card.parse(down)) is valid


def test_round_points_ace_fifteen_faces_zero_bonus() -> None:
    """Both cards of valid coops count (ace 15, J/Q/K 0) plus 50 for four valid coops."""
    assert round_points(pairs("JH/5S AS/7H 5H/9S 10S/2D")) == 5 + 22 + 14 + 12 + 50


def test_round_points_invalid_coops_count_nothing() -> None:
    """An invalid coop counts nothing and there is no bonus."""
    assert round_points(pairs("5S/9H AS/7H 5H/9S QS/KD")) == 22 + 14


def test_variant_and_players() -> None:
    """Pariah's threshold range and its two players are checked."""
    with pytest.raises(InvalidVariant, match=r"Pariah threshold must be between 50 and 2000."):
        Variant(threshold=49)
    with pytest.raises(InvalidVariant, match="between 50 and 2000"):
        Variant(threshold=2001)
    with pytest.raises(InvalidVariant, match="exactly 2 players"):
        ENGINE.new_game(3, 1)
    assert ENGINES["pariah"] is ENGINE and ENGINE.Variant is Variant


def test_jack_replaces_own_face_up_card_even_an_ace() -> None:
    """A drawn Jack may replace one of your own face-up cards, aces included."""
    st = game("JS 7H", up0="AH 2D 3H 3D")
    st, _ = play(st, "draw")
    options = legal(st)
    jacks = [a for a in options if a.startswith("jack")]
    assert jacks == [
        "jack 1",
        "jack 2",
        "jack 3",
        "jack 4",
        *(f"jack {n} knock" for n in range(1, 5)),
    ]
    assert "keep 1" in options and "discard" in options and "give 1 1" in options
    st, events = play(st, "jack 1")
    assert ENGINE.public_view(st)["seats"][0]["up"][0] == "JS"
    assert ENGINE.public_view(st)["discard_top"] == "AH"
    assert events[0].kind == "jack" and events[0].public


def test_face_action_needs_that_face_card() -> None:
    """jack, queen and king are refused when the drawn card is not that face card."""
    st, _ = play(game("7H 8H"), "draw")
    for text in ("jack 1", "queen", "king 0 1 1 1"):
        with pytest.raises(IllegalAction, match="You can only"):
            ENGINE.parse_action(st, text)


def test_queen_gives_two_more_turns_and_chains() -> None:
    """A Queen gives two more turns; a Queen drawn in one of them adds two more."""
    st = game("QS 7H QH 8H 9H 10S 2C")
    st, _ = play(st, "draw", "queen")
    view = ENGINE.public_view(st)
    assert (view["to_act"], view["phase"], view["extra_turns"]) == (0, "draw", 1)
    st, _ = play(st, "draw")
    with pytest.raises(IllegalAction, match="Queen turns left"):
        ENGINE.parse_action(st, "discard knock")
    st, _ = play(st, "discard")
    assert (ENGINE.to_act(st), ENGINE.public_view(st)["extra_turns"]) == (0, 0)
    st, _ = play(st, "draw", "queen")  # the last extra turn earns two more
    assert (ENGINE.to_act(st), ENGINE.public_view(st)["extra_turns"]) == (0, 1)
    st, _ = play(st, "draw", "discard", "draw")
    assert "discard knock" in legal(st)
    st, _ = play(st, "discard")
    assert ENGINE.to_act(st) == 1


def test_king_swaps_face_down_cards_privately() -> None:
    """A King swaps two face-down cards; the public hears which slots, owners their cards."""
    st = game("KS 7H")
    st, _ = play(st, "draw")
    kings = [a for a in legal(st) if a.startswith("king") and not a.endswith("knock")]
    assert len(kings) == 28 and "king 0 1 1 4" in kings
    action = ENGINE.parse_action(st, "KING 1 4  0 1")
    assert str(action) == "king 0 1 1 4"
    with pytest.raises(IllegalAction, match="two different"):
        ENGINE.parse_action(st, "king 1 2 1 2")
    st, events = play(st, "king 1 4 0 1")
    assert ENGINE.player_view(st, 0)["seats"][0]["down"][0] == "3S"
    assert ENGINE.player_view(st, 1)["seats"][1]["down"][3] == "5S"
    public = " ".join(str(e.text) for e in events if e.public)
    assert "5♠" not in public and "3♠" not in public and "coop 4" in public
    private = [e for e in events if not e.public]
    assert {e.seats for e in private} == {frozenset({0}), frozenset({1})}
    assert ENGINE.player_view(st, 0)["seats"][0]["valid"][0] is True  # 2H over 3S
    assert ENGINE.player_view(st, 1)["seats"][1]["valid"][3] is False  # 4C over 5S


def test_knock_gives_opponent_one_more_turn() -> None:
    """After a knock the opponent plays one more turn, then the round is scored."""
    st = game("7H 8H 9H 10H")
    st, _ = play(st, "draw", "discard knock")
    assert ENGINE.public_view(st)["declarer"] == 0
    assert ENGINE.public_view(st)["final_turns"] == [1]
    assert legal(st) == ["draw"]
    st, events = play(st, "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["points"] == [82, 82]
    view = ENGINE.public_view(st)
    assert view["last_round"]["reason"] == "knock"
    assert view["totals"] == [82, 82]
    assert view["round"] == 2 and view["dealer"] == 0 and view["to_act"] == 1


def test_knock_opponent_keeps_his_queen_turns() -> None:
    """The opponent's last turn after a knock includes the Queen turns it earns."""
    st = game("7H QH 8H 9H 10H")
    st, _ = play(st, "draw", "discard knock", "draw", "queen")
    assert (ENGINE.to_act(st), ENGINE.public_view(st)["round"]) == (1, 1)
    st, _ = play(st, "draw", "discard")
    assert (ENGINE.to_act(st), ENGINE.public_view(st)["round"]) == (1, 1)
    with pytest.raises(IllegalAction):
        ENGINE.parse_action(st, "knock")
    st, events = play(st, "draw", "discard")
    assert any(e.kind == "round_end" for e in events)
    assert ENGINE.public_view(st)["round"] == 2


def test_one_knock_per_round() -> None:
    """Once a player has knocked the opponent may not knock back."""
    st, _ = play(game("7H 8H 9H"), "draw", "discard knock", "draw")
    assert not any(a == "knock" for a in legal(st))


def test_tie_over_threshold_plays_another_round() -> None:
    """Equal totals over the threshold mean another round; then the higher total wins."""
    st = game("7H 8H", threshold=50)
    st, events = play(st, "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [82, 82]
    assert any(e.kind == "tie" for e in events)
    assert ENGINE.winners(st) == [] and ENGINE.to_act(st) == 1


def test_higher_total_wins_over_threshold() -> None:
    """When both pass the threshold the higher total wins at once."""
    st = game("7H 8H", up0="2H 2D 3H 10S", threshold=50)  # 10S over 6C: 16 instead of 9
    st, events = play(st, "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [89, 82]
    assert ENGINE.winners(st) == [0]
    assert events[-1].kind == "game_end"


def test_stock_out_ends_the_round() -> None:
    """An empty stock at a draw ends the round, scored as usual."""
    st = game("7H")
    st, events = play(st, "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["reason"] == "stock" and end.data["points"] == [82, 82]


def test_face_up_ace_only_takes_a_ten_in_pariah_too() -> None:
    """Giving onto an opponent's face-up ace needs a 10, as in Soureh; a Jack is no 10."""
    deck = stacked([DOWN0, DOWN1], [UP0, "AH 4D 4S 4C"], "JS 7H")
    st = ENGINE.new_game(2, 3, None, deck)
    st, _ = play(st, "draw")
    assert "give 1 1" not in legal(st)
    with pytest.raises(IllegalAction, match="only be replaced by a 10"):
        ENGINE.parse_action(st, "give 1 1")
