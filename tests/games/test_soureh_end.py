"""Soureh game ends and the `leave` variant, on stacked decks."""

from __future__ import annotations

import pytest

from bot.games.coop.soureh import ENGINE
from bot.games.protocol import GameOver
from tests.games.test_soureh import BAD_DOWN, BAD_UP, VALID_DOWN, VALID_UP, game, kinds, play

# ---------------------------------------------------------------------------- game end


def test_lowest_ties_share_the_win() -> None:
    """Under `lowest`, equal lowest totals share the win once the threshold is reached."""
    st = game([BAD_DOWN, BAD_DOWN], [BAD_UP, BAD_UP], "2S 2C", threshold=20)
    st, events = play(st, "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [34, 34]
    assert ENGINE.winners(st) == [0, 1]
    assert ENGINE.to_act(st) is None and ENGINE.legal_actions(st) == []
    assert kinds(events)[-1] == "game_end"
    view = ENGINE.public_view(st)
    assert view["over"] and view["seats"][1]["down"] == BAD_DOWN.split()
    with pytest.raises(GameOver):
        ENGINE.parse_action(st, "draw")


def test_lowest_total_wins() -> None:
    """Under `lowest`, the lowest total wins when someone reaches the threshold."""
    st = game([BAD_DOWN, VALID_DOWN], [BAD_UP, VALID_UP], "2S 7C", threshold=20)
    st, _ = play(st, "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [34, 0]
    assert ENGINE.winners(st) == [1]


def test_elimination_skips_the_eliminated_player() -> None:
    """Under `elimination`, a player over the threshold leaves; the deal skips him."""
    st = game(
        [BAD_DOWN, VALID_DOWN, VALID_DOWN],
        [BAD_UP, VALID_UP, VALID_UP],
        "7S 7C 7H",
        end="elimination",
        threshold=20,
    )
    st, events = play(st, "draw", "discard", "draw", "discard", "draw", "discard")
    assert "eliminated" in kinds(events)
    view = ENGINE.public_view(st)
    assert (view["round"], view["dealer"], view["to_act"]) == (2, 1, 2)
    assert view["seats"][0]["up"] is None and view["out"] == [True, False, False]
    assert view["stock"] == 80 - 16


def test_deal_passes_over_an_eliminated_dealer() -> None:
    """When the dealer himself is eliminated, the deal passes to the next seat still in the
    game and play starts after that seat."""
    st = game(
        [VALID_DOWN, VALID_DOWN, BAD_DOWN],
        [VALID_UP, VALID_UP, BAD_UP],
        "7S 7C 7H",
        end="elimination",
        threshold=20,
    )
    st, events = play(st, "draw", "discard", "draw", "discard", "draw", "discard")
    assert [e.data["seat"] for e in events if e.kind == "eliminated"] == [2]
    view = ENGINE.public_view(st)
    assert (view["round"], view["dealer"], view["to_act"]) == (2, 0, 1)


def test_elimination_everyone_tied_share_the_win() -> None:
    """If the last players all leave at once with equal totals, they share the win."""
    st = game([BAD_DOWN, BAD_DOWN], [BAD_UP, BAD_UP], "2S 2C", end="elimination", threshold=20)
    st, _ = play(st, "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [34, 34] and ENGINE.winners(st) == [0, 1]


def test_elimination_last_one_standing_wins() -> None:
    """Under `elimination`, when one player is left he wins."""
    st = game(
        [BAD_DOWN, "7S 7C 6S 6C", VALID_DOWN],
        [BAD_UP, "8H 8D 7H 7D", VALID_UP],
        "2S 2C 2H",
        end="elimination",
        threshold=20,
    )
    st, _ = play(st, "draw", "discard", "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [34, 26, 0]
    assert ENGINE.winners(st) == [2]


def test_elimination_everyone_leaving_lowest_wins() -> None:
    """Under `elimination`, if the last players all leave at once the lowest total wins."""
    st = game(
        [BAD_DOWN, "7S 7C 6S 6C"], [BAD_UP, "8H 8D 7H 7D"], "2S 2C", end="elimination", threshold=20
    )
    st, _ = play(st, "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [34, 26]
    assert ENGINE.winners(st) == [1]


# ---------------------------------------------------------------------------- leave


def test_leave_variant_winner_leaves_then_two_play_as_without_leave() -> None:
    """Under `leave`, a winning declarer leaves the round, others add 10; with two left a
    declaration that stands ends the round as usual."""
    st = game(
        [VALID_DOWN, VALID_DOWN, BAD_DOWN],
        [VALID_UP, VALID_UP, BAD_UP],
        "4S 4C 4H 4D 7S 7C 7H 7D",
        leave=True,
    )
    st, events = play(st, "draw", "discard declare", "draw", "discard", "draw", "discard")
    assert "leave" in kinds(events)
    view = ENGINE.public_view(st)
    assert view["totals"] == [0, 10, 10]
    assert view["seats"][0]["in_round"] is False and view["to_act"] == 1
    st, events = play(st, "draw", "discard declare", "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["reason"] == "declaration"
    assert end.data["points"] == [0, 10, 10 + 34]
    assert ENGINE.totals(st) == [0, 10, 44]


def test_leave_variant_failed_final_declaration_ends_round() -> None:
    """Under `leave`, a declaration spoiled in the final turns ends the round as usual."""
    st = game(
        [VALID_DOWN, BAD_DOWN, "7S 7C 6S 6C"],
        [VALID_UP, BAD_UP, "8H 8D 7H 7D"],
        "4S 10H 4H",
        leave=True,
    )
    st, events = play(st, "draw", "discard declare", "draw", "give 0 1", "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["reason"] == "failed"
    assert "leave" not in kinds(events)
    assert end.data["points"] == [5 + 2 + 3 + 3, 34, 26]


def test_leave_variant_with_reveal() -> None:
    """Under `leave` and `reveal`, revealing makes the declarer leave and play goes on."""
    st = game(
        [VALID_DOWN, BAD_DOWN, "7S 7C 6S 6C"],
        [VALID_UP, BAD_UP, "8H 8D 7H 7D"],
        "4S 4C 4H 4D",
        leave=True,
        declare="reveal",
    )
    st, events = play(st, "draw", "discard declare", "draw", "discard", "draw", "discard")
    st, events = play(st, "reveal")
    assert kinds(events)[:2] == ["reveal", "leave"]
    view = ENGINE.public_view(st)
    assert view["totals"] == [0, 10, 10] and view["to_act"] == 1 and view["phase"] == "draw"


def test_leave_bonus_obeys_hundred_rule() -> None:
    """The +10 of a player leaving is subject to the multiple-of-100 rule (90 → 100 → 50)."""
    st = game(
        [VALID_DOWN, VALID_DOWN, BAD_DOWN],
        [VALID_UP, VALID_UP, BAD_UP],
        "4S 4C 4H 4D 7S 7C 7H 7D",
        leave=True,
        threshold=200,
    ).copy()
    st.totals = [0, 90, 40]  # a position from an earlier round
    st, _ = play(st, "draw", "discard declare", "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [0, 50, 50]


def test_stock_out_during_final_turns_scores_as_stock_out() -> None:
    """When the stock runs out during the final turns the round ends as a stock-out."""
    st = game([VALID_DOWN, BAD_DOWN, BAD_DOWN], [VALID_UP, BAD_UP, BAD_UP], "4S 4C")
    st, events = play(st, "draw", "discard declare", "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["reason"] == "stock"
    assert end.data["points"] == [0, 34, 34]
