"""Rules audit of Soureh: one stacked-deck test per rule of RULES.md section 1 not pinned
elsewhere (4-player final turns, reveal-rule declarations, protection, leave, scoring)."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import Card, cards
from bot.games.coop.soureh import ENGINE, Variant, best_pick, score_round
from bot.games.coop.state import CoopState
from bot.games.protocol import Event, IllegalAction

# Valid coops: red face-up cards under higher face-down cards (lowest pick 2+2+3+3 = 10).
V1_UP, V1_DOWN = "2H 2D 3H 3D", "5S 5C 6S 6C"
# Valid: lowest pick 4+4+5+5 = 18.
V2_UP, V2_DOWN = "4H 4D 5H 5D", "7S 7C 8S 8C"
# Valid: face-up aces over number cards (lowest pick 1+1+1+1 = 4).
V3_UP, V3_DOWN = "AH AD AS AC", "2S 2C 3S 3C"
# Invalid: red face-up over lower cards (lowest pick 8+8+9+9 = 34).
B1_UP, B1_DOWN = "9H 9D 10H 10D", "8S 8C 9S 9C"
# Invalid: black face-up over higher cards (lowest pick 2+2+3+3 = 10).
B2_UP, B2_DOWN = "2S 2C 3S 3C", "4H 4D 5H 5D"
# Invalid: red face-up over lower cards (lowest pick 4+4+3+3 = 14).
B3_UP, B3_DOWN = "6H 6D 7H 7D", "4S 4C 3S 3C"


def game(seats: list[tuple[str, str]], stock: str, **options: object) -> CoopState:
    """A stacked game; ``seats`` are (face-up, face-down) texts in seat order."""
    deck = [c for _, down in seats for c in cards(down)]
    deck += [c for up, _ in seats for c in cards(up)]
    deck += cards(stock)
    variant = Variant(**options) if options else None  # type: ignore[arg-type]
    return ENGINE.new_game(len(seats), 11, variant, deck)


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


# ---------------------------------------------------------------------------- deal, turn


def test_four_player_deal_order() -> None:
    """Four seats: face-down cards seat by seat (slots 1–4), then face-up, then the stock."""
    st = game([(V1_UP, V1_DOWN), (B1_UP, B1_DOWN), (B2_UP, B2_DOWN), (B3_UP, B3_DOWN)], "7S 8H")
    view = ENGINE.player_view(st, 2)
    assert view["seats"][2]["down"] == cards_codes(B2_DOWN)
    assert [s["up"] for s in view["seats"]] == [
        cards_codes(t) for t in (V1_UP, B1_UP, B2_UP, B3_UP)
    ]
    assert (view["dealer"], view["to_act"], view["stock"], view["phase"]) == (3, 0, 2, "draw")


def cards_codes(text: str) -> list[str]:
    """Card codes of a text, as views list them."""
    return [str(c) for c in cards(text)]


def test_invalid_player_turn_ends_by_itself() -> None:
    """With an invalid coop the turn ends after the placement: no declare/end decision."""
    st = game([(B1_UP, B1_DOWN), (V1_UP, V1_DOWN)], "7S 8H")
    st, _ = play(st, "draw", "keep 1")
    assert (ENGINE.to_act(st), legal(st)) == (1, ["draw"])


def test_ten_of_either_colour_replaces_a_face_up_ace() -> None:
    """A red 10 replaces a face-up ace too; any other card is refused with the rule."""
    st = game([(B1_UP, B1_DOWN), (V3_UP, V3_DOWN)], "9S 7C 10H 7D")
    st, _ = play(st, "draw")
    assert not any(a.startswith("give 1") for a in legal(st))
    st, _ = play(st, "discard", "draw", "discard", "draw")
    assert [a for a in legal(st) if a.startswith("give 1")] == [f"give 1 {n}" for n in range(1, 5)]
    st, events = play(st, "give 1 2")
    assert ENGINE.public_view(st)["seats"][1]["up"][1] == "10H"
    assert events[0].data["discarded"] == "AD"


# ---------------------------------------------------------------------------- final rule


def test_final_rule_every_other_player_one_turn_in_order() -> None:
    """Four players: after seat 1 declares, seats 2, 3, 0 play once each, then scoring."""
    st = game(
        [(B1_UP, B1_DOWN), (V1_UP, V1_DOWN), (B2_UP, B2_DOWN), (B3_UP, B3_DOWN)],
        "7S 7C 7H 7D 8H 8D",
    )
    st, _ = play(st, "draw", "discard", "draw", "discard declare")
    assert ENGINE.public_view(st)["final_turns"] == [2, 3, 0]
    seen = []
    for _ in range(3):
        seen.append(ENGINE.to_act(st))
        st, events = play(st, "draw", "discard")
    assert seen == [2, 3, 0]
    end = round_end(events)
    assert end.data["reason"] == "declaration"
    assert end.data["points"] == [34, 0, 10, 14]


def test_final_rule_other_valid_players_score_nothing() -> None:
    """Under `final` every player holding four valid coops scores nothing, not only the
    declarer."""
    st = game([(V1_UP, V1_DOWN), (V2_UP, V2_DOWN), (B1_UP, B1_DOWN)], "7H 7D 8H 8D")
    st, events = play(st, "draw", "discard declare", "draw", "discard", "draw", "discard")
    assert round_end(events).data["points"] == [0, 0, 34]


def test_final_rule_pending_declaration_blocks_other_declarers() -> None:
    """A valid player taking his final turn is not offered declare: his turn ends alone."""
    st = game([(V1_UP, V1_DOWN), (V2_UP, V2_DOWN), (B1_UP, B1_DOWN)], "7H 7D 8H 8D")
    st, _ = play(st, "draw", "discard declare", "draw", "discard")
    assert (ENGINE.to_act(st), legal(st)) == (2, ["draw"])


# ---------------------------------------------------------------------------- protection


def test_give_to_another_player_does_not_protect() -> None:
    """Only a give onto the declarer protects him; a give onto someone else protects nobody."""
    st = game([(V1_UP, V1_DOWN), (B1_UP, B1_DOWN), (B2_UP, B2_DOWN)], "7H 7D 8H 8D")
    st, events = play(st, "draw", "discard declare", "draw", "give 2 1")
    assert "protect" not in [e.kind for e in events]
    assert ENGINE.public_view(st)["seats"][0]["protected"] is False
    st, _ = play(st, "draw")
    assert "give 0 1" in legal(st)


def test_protection_by_a_give_that_keeps_the_coop_valid() -> None:
    """Any replacement of the declarer's card protects him, even one leaving it valid."""
    st = game([(V1_UP, V1_DOWN), (B1_UP, B1_DOWN), (B2_UP, B2_DOWN)], "7H 4H 8H 8D")
    st, events = play(st, "draw", "discard declare", "draw", "give 0 1")
    assert "protect" in [e.kind for e in events]
    st, _ = play(st, "draw")
    assert not any(a.startswith("give 0") for a in legal(st))
    st, events = play(st, "discard")
    assert round_end(events).data["reason"] == "declaration"


def test_reveal_rule_others_may_give_again_after_protection_ends() -> None:
    """Under `reveal`, protection ends when the declarer's turn comes back: after he
    continues, the next player may replace his cards again."""
    st = game(
        [(V1_UP, V1_DOWN), (B1_UP, B1_DOWN), (B2_UP, B2_DOWN)],
        "7H 4H 8H 8D 7D 10H",
        declare="reveal",
    )
    st, _ = play(st, "draw", "discard declare", "draw", "give 0 1", "draw", "discard")
    assert ENGINE.public_view(st)["seats"][0]["protected"] is False
    st, _ = play(st, "draw", "discard", "draw")
    assert "give 0 2" in legal(st)


# ---------------------------------------------------------------------------- reveal rule


def test_reveal_rule_pending_declaration_blocks_other_declarers() -> None:
    """Under `reveal` too, nobody else may declare while a declaration is pending."""
    st = game(
        [(V1_UP, V1_DOWN), (V2_UP, V2_DOWN), (B1_UP, B1_DOWN)], "7H 7D 8H 8D", declare="reveal"
    )
    st, _ = play(st, "draw", "discard declare", "draw", "discard")
    assert (ENGINE.to_act(st), legal(st)) == (2, ["draw"])


def test_reveal_rule_declaration_over_after_the_declarer_draws() -> None:
    """Once the declarer draws instead of revealing, the declaration is over and others
    may declare."""
    st = game([(V1_UP, V1_DOWN), (V2_UP, V2_DOWN)], "7H 7D 8H 8D 9H", declare="reveal")
    st, _ = play(st, "draw", "discard declare", "draw", "discard", "draw")
    assert ENGINE.public_view(st)["declarer"] is None
    st, _ = play(st, "discard", "draw")
    assert "discard declare" in legal(st)


def test_reveal_rule_stock_out_scores_only_invalid_players() -> None:
    """A stock-out under `reveal` scores as any stock-out: valid players score nothing."""
    st = game([(V1_UP, V1_DOWN), (B1_UP, B1_DOWN)], "7H 7D", declare="reveal")
    st, events = play(st, "draw", "discard", "draw", "discard")
    end = round_end(events)
    assert (end.data["reason"], end.data["points"]) == ("stock", [0, 34])


def test_reveal_rule_stock_out_during_other_turns() -> None:
    """Under `reveal`, an empty stock before the turn comes back ends the round at once."""
    st = game([(V1_UP, V1_DOWN), (B1_UP, B1_DOWN), (B2_UP, B2_DOWN)], "7H 7D", declare="reveal")
    st, events = play(st, "draw", "discard declare", "draw", "discard")
    end = round_end(events)
    assert (end.data["reason"], end.data["points"]) == ("stock", [0, 34, 10])


def test_reveal_scores_every_other_player_with_best_pick() -> None:
    """A reveal scores every other player, valid or not, with the multiple-of-100 pick."""
    st = game([(V1_UP, V1_DOWN), (V2_UP, V2_DOWN), (V3_UP, V3_DOWN)], "7H 7D 8H", declare="reveal")
    _, events = play(st, "draw", "discard declare", "draw", "discard", "draw", "discard")
    end = round_end(events)  # the stock is out: the valid declarer reveals at once
    assert end.data["reason"] == "reveal"
    assert end.data["points"] == [0, 18, 4]
    assert end.data["picks"][2] == ["AH", "AD", "AS", "AC"]


# ---------------------------------------------------------------------------- leave variant


def test_leave_round_goes_on_with_stock_and_discard_as_they_are() -> None:
    """After a winner leaves, the stock and discard pile carry on; he may not be given to."""
    st = game(
        [(V1_UP, V1_DOWN), (B1_UP, B1_DOWN), (B2_UP, B2_DOWN)],
        "7H 7D 8H 8D 9H",
        leave=True,
        discards="open",
    )
    st, events = play(st, "draw", "discard declare", "draw", "discard", "draw", "discard")
    assert "leave" in [e.kind for e in events]
    view = ENGINE.public_view(st)
    assert (view["stock"], view["discard_count"], view["discard_top"]) == (2, 3, "8H")
    assert (view["to_act"], view["totals"], view["out"]) == (1, [0, 10, 10], [True, False, False])
    st, _ = play(st, "draw")
    assert not any(a.startswith("give 0") for a in legal(st))
    with pytest.raises(IllegalAction, match="not in this round"):
        ENGINE.parse_action(st, "give 0 1")


def test_leave_with_two_left_ends_the_round_as_without_leave() -> None:
    """With two players left, a declaration that stands ends the round as without leave:
    the valid player scores nothing."""
    st = game(
        [(V1_UP, V1_DOWN), (V2_UP, V2_DOWN), (V3_UP, V3_DOWN)],
        "7H 7D 8H 8D 9H 9D",
        leave=True,
    )
    st, _ = play(st, "draw", "discard declare", "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [0, 10, 10] and ENGINE.to_act(st) == 1
    st, events = play(st, "draw", "discard declare", "draw", "discard")
    end = round_end(events)
    assert end.data["reason"] == "declaration"
    assert end.data["points"] == [0, 10, 10]
    assert end.data["picks"] == [None, None, None]


def test_leave_stock_out_after_a_winner_left() -> None:
    """A round emptied of its stock after someone left ends as a stock-out: only the
    invalid players still in it score."""
    st = game(
        [(V1_UP, V1_DOWN), (V2_UP, V2_DOWN), (B1_UP, B1_DOWN)],
        "7H 7D 8H",
        leave=True,
    )
    st, events = play(st, "draw", "discard declare", "draw", "discard", "draw", "discard")
    end = round_end(events)
    assert end.data["reason"] == "stock"
    assert end.data["points"] == [0, 10, 10 + 34]


# ---------------------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("total", "coops", "expected"),
    [
        (190, "2H/9S 3H/5S 2D/8S 3D/6S", 150),  # 2+3+2+3 = 10: lands on 200 → 150
        (82, "AH/5S 2H/9S 2D/8S 3D/6S", 50),  # lows 8 → 90; ace as 11 + 2+2+3 = 18 → 100 → 50
        (45, "2H/9S 3H/5S 2D/8S 3D/6S", 55),  # 55 is no multiple: nothing taken off
        (0, "10H/10S 10D/10C 10S/10D 10C/10H", 40),
        (60, "10H/10S 10D/10C 10S/10D 10C/10H", 50),  # 60 + 40 = 100 → 50
        (50, "10H/10S 10D/10C 10S/10D 9C/9H", 89),  # 100 out of reach from 89
    ],
)
def test_score_round_examples(total: int, coops: str, expected: int) -> None:
    """score_round: lowest total after the positive-multiple-of-100 rule."""
    assert score_round(total, pairs(coops)) == expected


def test_best_pick_matches_brute_force() -> None:
    """best_pick equals the minimum over every pick (ace 1 or 11) after the 100 rule."""
    rng = random.Random(5)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    for _ in range(400):
        coops = [
            (Card.parse(rng.choice(ranks) + "H"), Card.parse(rng.choice(ranks) + "S"))
            for _ in range(4)
        ]
        total = rng.randrange(0, 300)
        options = []
        for up, down in coops:
            vals = {1, 11} if up.rank.value == "A" else {up.order}
            vals |= {1, 11} if down.rank.value == "A" else {down.order}
            options.append(sorted(vals))
        best = min(
            _hundred(total + a + b + c + d)
            for a in options[0]
            for b in options[1]
            for c in options[2]
            for d in options[3]
        )
        pick = best_pick(total, coops)
        assert pick.total == best, (total, coops)
        assert pick.total == _hundred(total + sum(pick.values))
        assert all(card in pair for card, pair in zip(pick.cards, coops, strict=True))


def _hundred(total: int) -> int:
    return total - 50 if total > 0 and total % 100 == 0 else total


# ---------------------------------------------------------------------------- game end


def test_lowest_three_way_tie_shares_the_win() -> None:
    """Under `lowest`, every seat sharing the lowest total wins."""
    st = game([(B1_UP, B1_DOWN), (V1_UP, V1_DOWN), (V2_UP, V2_DOWN)], "7H 7D", threshold=30)
    st, _ = play(st, "draw", "discard", "draw", "discard")
    assert ENGINE.totals(st) == [34, 0, 0]
    assert ENGINE.winners(st) == [1, 2]


def test_elimination_turns_skip_the_eliminated_seat() -> None:
    """Under `elimination`, the next round's turns go round without the eliminated seat."""
    st = game(
        [(B1_UP, B1_DOWN), (V1_UP, V1_DOWN), (V2_UP, V2_DOWN)],
        "7H 7D",
        end="elimination",
        threshold=30,
    )
    st, _ = play(st, "draw", "discard", "draw", "discard")
    assert ENGINE.public_view(st)["round"] == 2
    order = []
    for _ in range(6):
        order.append(ENGINE.to_act(st))
        st, _ = play(st, "draw", "discard")
    assert order == [2, 1, 2, 1, 2, 1]


def test_elimination_game_goes_on_below_threshold() -> None:
    """Under `elimination`, a round with nobody at the threshold deals a new round."""
    st = game([(B1_UP, B1_DOWN), (V1_UP, V1_DOWN)], "7H 7D", end="elimination", threshold=100)
    st, _ = play(st, "draw", "discard", "draw", "discard")
    view = ENGINE.public_view(st)
    assert (view["round"], view["totals"], view["winners"]) == (2, [34, 0], [])
