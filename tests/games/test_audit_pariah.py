"""Rules audit of Pariah: stacked-deck tests for the rules of RULES.md section 2 not pinned
elsewhere (King swaps of every kind, face cards given or kept, knocking, scoring)."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import Card, cards
from bot.games.coop.pariah import ENGINE, Variant, coop_valid, round_points
from bot.games.coop.state import CoopState
from bot.games.protocol import Event, IllegalAction
from tests.games.test_audit_soureh_games import (
    check_answers_ignore_hidden_cards,
    check_branches_do_not_interfere,
    check_legal_equals_accepted,
    coop_texts,
)

# Seat 0: four valid coops, 2+5+2+5+3+6+3+6 = 32, +50.
UP0, DOWN0 = "2H 2D 3H 3D", "5S 5C 6S 6C"
# Seat 1: four valid coops, 4+5+4+5+4+3+4+3 = 32, +50.
UP1, DOWN1 = "4H 4D 4S 4C", "5H 5D 3C 3S"


def game(
    stock: str,
    up0: str = UP0,
    down0: str = DOWN0,
    up1: str = UP1,
    down1: str = DOWN1,
    threshold: int = 200,
) -> CoopState:
    """A stacked two-player game: face-down cards seat by seat, face-up, then the stock."""
    deck = cards(down0) + cards(down1) + cards(up0) + cards(up1) + cards(stock)
    return ENGINE.new_game(2, 5, Variant(threshold=threshold), deck)


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


def round_end(events: list[Event]) -> Event:
    """The round_end event among ``events``."""
    return next(e for e in events if e.kind == "round_end")


def pairs(text: str) -> list[tuple[Card, Card]]:
    """Coops from "up/down" tokens."""
    return [(Card.parse(t.split("/")[0]), Card.parse(t.split("/")[1])) for t in text.split()]


# ---------------------------------------------------------------------------- validity, points


@pytest.mark.parametrize(
    ("up", "down", "valid"),
    [
        ("JH", "AS", True),  # face card up: valid whatever number is below
        ("KS", "2H", True),
        ("QD", "JC", False),  # face card down: invalid even under a face card
        ("AH", "QS", False),
        ("AH", "2S", True),  # exactly one ace
        ("AH", "AC", False),
        ("10H", "10S", False),  # equal values
        ("9S", "10H", False),  # black over higher
        ("9S", "8H", True),
    ],
)
def test_validity_with_face_cards(up: str, down: str, valid: bool) -> None:
    """Face card down spoils, face card up makes, otherwise Soureh's rules."""
    assert coop_valid(Card.parse(up), Card.parse(down)) is valid


@pytest.mark.parametrize(
    ("coops", "points"),
    [
        ("AH/2S 3H/4S 5H/6S 7H/8S", 15 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 50),  # ace 15, bonus
        ("JH/AS QH/10S KH/2S 3H/4S", 15 + 10 + 2 + 7 + 50),  # J, Q, K count 0
        ("AH/2S 3H/4S 5H/6S 7H/JS", 17 + 7 + 11),  # one invalid coop: no bonus
        ("AH/AS 9H/8S 7H/QS 5S/6H", 0),  # nothing valid
    ],
)
def test_round_points_examples(coops: str, points: int) -> None:
    """Both cards of valid coops count (ace 15, J/Q/K 0); 50 more for four valid."""
    assert round_points(pairs(coops)) == points


def test_round_scores_both_players_from_the_table() -> None:
    """At the round end each player adds his own coops' points, valid coops only."""
    st = game("7C 8C", up0="AH 2D 3H KD", down0="5S 5C 6S QC")
    st, events = play(st, "draw", "discard", "draw", "discard")
    end = round_end(events)
    assert end.data["points"] == [15 + 5 + 2 + 5 + 3 + 6, 82]
    assert end.data["valid"][0] == [True, True, True, False]


# ---------------------------------------------------------------------------- face cards


def test_drawn_face_card_may_be_kept_or_given() -> None:
    """A drawn Queen may be given onto an opponent's face-up card (making it valid) or kept."""
    st = game("QS 7H KH 8H")
    st, _ = play(st, "draw")
    assert {"keep 1", "give 1 1", "discard", "queen"} <= set(legal(st))
    st, _ = play(st, "give 1 3")
    assert ENGINE.public_view(st)["seats"][1]["up"][2] == "QS"
    assert ENGINE.player_view(st, 1)["seats"][1]["valid"][2] is True
    st, _ = play(st, "draw", "discard", "draw", "keep 2")
    assert ENGINE.player_view(st, 0)["seats"][0]["valid"][1] is False  # K face down spoils


def test_jack_on_own_number_card_updates_validity() -> None:
    """A Jack put on one's own face-up card makes that coop valid."""
    st = game("JD 7H", up0="2H 9D 3H 3D")  # 9D over 5C: invalid
    st, _ = play(st, "draw")
    assert ENGINE.player_view(st, 0)["seats"][0]["valid"][1] is False
    assert "jack 2 knock" in legal(st)
    st, _ = play(st, "jack 2")
    assert ENGINE.player_view(st, 0)["seats"][0]["valid"][1] is True


def test_jack_is_offered_only_on_own_face_up_slots() -> None:
    """`jack N` names one's own slot; the opponent's face-up cards take it only by give."""
    st, _ = play(game("JD 7H"), "draw")
    assert [a for a in legal(st) if a.startswith("jack") and not a.endswith("knock")] == [
        "jack 1",
        "jack 2",
        "jack 3",
        "jack 4",
    ]
    with pytest.raises(IllegalAction):
        ENGINE.parse_action(st, "jack 1 1")


def test_king_swaps_two_of_own_face_down_cards() -> None:
    """A King may swap two of the player's own face-down cards; only he hears of them."""
    st = game("KC 7H", up0="2H 2D 3H 10D", down0="5S 5C 6S 9C")  # 10D over 9C: invalid
    st, _ = play(st, "draw")
    st, events = play(st, "king 0 1 0 4")
    view = ENGINE.player_view(st, 0)
    assert view["seats"][0]["down"] == ["9C", "5C", "6S", "5S"]
    assert view["seats"][0]["valid"] == [True, True, True, False]
    private = [e for e in events if not e.public]
    assert [e.seats for e in private] == [frozenset({0}), frozenset({0})]
    assert ENGINE.public_view(st)["discard_top"] == "KC"  # Pariah discards are face up


def test_king_swaps_two_of_the_opponents_face_down_cards() -> None:
    """A King may swap two of the opponent's face-down cards; the opponent is told."""
    st = game("KC 7H")
    st, _ = play(st, "draw")
    st, events = play(st, "king 1 1 1 3")
    assert ENGINE.player_view(st, 1)["seats"][1]["down"] == ["3C", "5D", "5H", "3S"]
    assert ENGINE.player_view(st, 1)["seats"][1]["valid"] == [False, True, False, True]
    private = [e for e in events if not e.public]
    assert [e.seats for e in private] == [frozenset({1}), frozenset({1})]
    assert not any("5♥" in str(e.text) or "3♣" in str(e.text) for e in events if e.public)


def test_king_needs_the_king_and_real_positions() -> None:
    """King positions are checked: seats 0–1, slots 1–4."""
    st, _ = play(game("KC 7H"), "draw")
    with pytest.raises(IllegalAction, match="no seat 2"):
        ENGINE.parse_action(st, "king 0 1 2 1")
    with pytest.raises(IllegalAction, match="Coops are numbered 1 to 4"):
        ENGINE.parse_action(st, "king 0 1 1 5")


def test_queen_turns_end_with_the_stock() -> None:
    """An empty stock at the start of a Queen turn ends the round at once."""
    st = game("QD 7H")
    st, events = play(st, "draw", "queen", "draw", "discard")
    end = round_end(events)
    assert (end.data["reason"], end.data["points"]) == ("stock", [82, 82])
    assert ENGINE.public_view(st)["extra_turns"] == 0


# ---------------------------------------------------------------------------- knocking


def test_knock_allowed_with_invalid_coops() -> None:
    """A player may knock whether or not his coops are valid."""
    st = game("7H 8H 7D", up0="9H 9D 10H 10D")  # over 5S 5C 6S 6C: all invalid
    st, _ = play(st, "draw")
    assert "discard knock" in legal(st)
    st, events = play(st, "discard knock", "draw", "discard")
    end = round_end(events)
    assert (end.data["reason"], end.data["points"]) == ("knock", [0, 82])


def test_knock_not_offered_after_a_queen_turn() -> None:
    """The turn that takes the Queen has additional turns left: no knock at its end."""
    st = game("QH 7H 8H 9H 10H")
    st, _ = play(st, "draw", "queen")
    assert (ENGINE.to_act(st), legal(st)) == (0, ["draw"])
    st, _ = play(st, "draw")
    assert not any(a.endswith("knock") for a in legal(st))
    st, _ = play(st, "discard")
    assert (ENGINE.to_act(st), legal(st)) == (0, ["draw"])
    st, _ = play(st, "draw")
    assert "discard knock" in legal(st)


def test_knock_ends_round_after_opponent_turn_even_with_stock_left() -> None:
    """After the opponent's one more turn the round ends although cards remain."""
    st = game("7H 8H 9H 10H 2S 7C")
    st, events = play(st, "draw", "discard knock", "draw", "discard")
    end = round_end(events)
    assert end.data["reason"] == "knock"
    assert ENGINE.public_view(st)["round"] == 2


# ---------------------------------------------------------------------------- game end


def test_one_player_over_threshold_wins() -> None:
    """The only player to reach the threshold (≥, here exactly) wins the game."""
    st = game("7H 8H", up1="9H 4D 4S 4C", threshold=82)  # seat 1: 9H over 5H invalid → 23
    st, _ = play(st, "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [82, 23]
    assert ENGINE.winners(st) == [0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pariah_answers_depend_only_on_what_the_actor_sees(seed: int) -> None:
    """No Pariah error message (or legality) depends on a card hidden from the actor."""
    state = ENGINE.new_game(2, seed)
    check_answers_ignore_hidden_cards(ENGINE, state, seed, coop_texts(2))


def test_round_scores_and_game_end_agree_with_the_rules() -> None:
    """Random games: each round adds both players' valid-coop points (ace 15, faces 0,
    +50 for four valid); the game ends exactly when someone reaches the threshold with a
    strictly higher total than the other."""
    rng = random.Random(4)
    rounds = 0
    for seed in range(8):
        state = ENGINE.new_game(2, seed, Variant(threshold=150))
        while ENGINE.to_act(state) is not None:
            legal_now = ENGINE.legal_actions(state)
            knock = [a for a in legal_now if a.word == "knock"]
            action = knock[0] if knock and rng.random() < 0.3 else rng.choice(legal_now)
            t = ENGINE.apply(state, action)
            end = next((e for e in t.events if e.kind == "round_end"), None)
            if end is not None:
                rounds += 1
                for s in (0, 1):
                    coops = [(Card.parse(u), Card.parse(d)) for u, d in end.data["coops"][s]]
                    points = sum(
                        (_points(u) + _points(d)) * coop_valid(u, d) for u, d in coops
                    ) + 50 * all(coop_valid(u, d) for u, d in coops)
                    assert end.data["points"][s] == points
                    assert end.data["totals"][s] == state.totals[s] + points
                totals = end.data["totals"]
                decided = max(totals) >= 150 and totals[0] != totals[1]
                assert (ENGINE.to_act(t.state) is None) is decided
                if decided:
                    assert ENGINE.winners(t.state) == [totals.index(max(totals))]
            state = t.state
    assert rounds > 20


def _points(card: Card) -> int:
    """Pariah card points, written out from the rules: 2–10 face value, A 15, J/Q/K 0."""
    return {"A": 15, "J": 0, "Q": 0, "K": 0}.get(card.rank.value, card.order)


def test_pariah_branches_do_not_interfere() -> None:
    """Pariah states branch safely: apply never changes what another state shows."""
    check_branches_do_not_interfere(ENGINE, ENGINE.new_game(2, 6), 6)


def test_pariah_legal_actions_and_apply_agree() -> None:
    """Pariah's legal_actions lists exactly the actions parse_action and apply accept."""
    check_legal_equals_accepted(ENGINE, ENGINE.new_game(2, 9), 9)
