"""Soureh: pure rules (validity, picks, scoring) and stacked-deck scenarios for every rule."""

from __future__ import annotations

import json

import pytest

from bot.games.cards import Card, cards
from bot.games.coop.soureh import ENGINE, Variant, best_pick, coop_valid, hundred_rule, score_round
from bot.games.coop.state import CoopState
from bot.games.protocol import Event, IllegalAction, InvalidVariant, NotYourTurn
from bot.games.registry import ENGINES

VALID_UP = "2H 2D 3H 3D"  # red face-up cards ...
VALID_DOWN = "5S 5C 6S 6C"  # ... over higher face-down cards: four valid coops
BAD_UP = "9H 9D 10H 10D"  # red face-up cards ...
BAD_DOWN = "8S 8C 9S 9C"  # ... over lower face-down cards: four invalid coops, lows sum 34


def stacked(downs: list[str], ups: list[str], stock: str = "") -> list[Card]:
    """A deck in dealing order: every seat's face-down cards, every seat's face-up, stock."""
    return [c for d in downs for c in cards(d)] + [c for u in ups for c in cards(u)] + cards(stock)


def play(state: CoopState, *texts: str) -> tuple[CoopState, list[Event]]:
    """Apply action texts in turn; return the last state and every event."""
    events: list[Event] = []
    for text in texts:
        t = ENGINE.apply(state, ENGINE.parse_action(state, text))
        state = t.state
        events.extend(t.events)
    return state, events


def kinds(events: list[Event]) -> list[str]:
    """The kinds of the events, in order."""
    return [e.kind for e in events]


def game(downs: list[str], ups: list[str], stock: str, **options: object) -> CoopState:
    """A new stacked game with the seats given."""
    variant = Variant(**options) if options else None  # type: ignore[arg-type]
    return ENGINE.new_game(len(downs), 7, variant, stacked(downs, ups, stock))


# ---------------------------------------------------------------------------- rules


@pytest.mark.parametrize(
    ("up", "down", "valid"),
    [
        ("AS", "AH", False),
        ("AS", "5H", True),
        ("5H", "AS", True),
        ("10D", "AC", True),
        ("5H", "9S", True),
        ("5H", "5S", False),
        ("7H", "7H", False),
        ("5H", "2S", False),
        ("5S", "2H", True),
        ("5S", "9H", False),
        ("5S", "5D", False),
        ("10D", "9C", False),
        ("10S", "9H", True),
        ("2C", "3S", False),
        ("2H", "3S", True),
        ("9D", "10C", True),
    ],
)
def test_coop_validity_table(up: str, down: str, valid: bool) -> None:
    """coop_valid follows the four validity rules, equal values never valid."""
    assert coop_valid(Card.parse(up), Card.parse(down)) is valid


def test_hundred_rule() -> None:
    """Only a positive exact multiple of 100 drops by 50."""
    assert [hundred_rule(x) for x in (0, 99, 100, 150, 200, 201)] == [0, 99, 50, 150, 150, 201]


def pairs(text: str) -> list[tuple[Card, Card]]:
    """Coops from "up/down" tokens."""
    return [(Card.parse(t.split("/")[0]), Card.parse(t.split("/")[1])) for t in text.split()]


def test_pick_lowest_cards_with_ace_as_one() -> None:
    """Usually the lower card of each coop is picked, an ace counting 1."""
    pick = best_pick(0, pairs("5H/9S AS/7H 2C/3D 10S/10H"))
    assert [str(c) for c in pick.cards] == ["5H", "AS", "2C", "10S"]
    assert pick.values == (5, 1, 2, 10)
    assert pick.total == 18


def test_pick_higher_card_to_land_on_hundred() -> None:
    """A higher card is picked when it lands the total on 100, which drops to 50."""
    coops = pairs("2S/5H 5C/6H 5D/9S 5S/7C")  # lows 17: 80 + 17 = 97
    pick = best_pick(80, coops)
    assert pick.total == 50
    assert sum(pick.values) == 20
    assert score_round(80, coops) == 50


def test_pick_ace_as_eleven_to_land_on_hundred() -> None:
    """An ace counts 11 when that lands the total on 100."""
    coops = pairs("AS/9H 2C/10D 3D/10S 4S/10C")  # lows 10; only the ace can add exactly 10
    pick = best_pick(80, coops)
    assert pick.values == (11, 2, 3, 4)
    assert pick.total == 50


def test_rules_example_ninety_lands_on_hundred() -> None:
    """The RULES example: a player on 90 whose coops add up to 10 lands on 100 and drops to 50."""
    assert score_round(90, pairs("AS/5H 2C/6D 3D/7S 4S/8C")) == 50


def test_pick_keeps_low_cards_when_hundred_out_of_reach() -> None:
    """When no pick lands on a multiple of 100 within reach, the lowest cards are kept."""
    assert score_round(95, pairs("AS/5H 2C/6D 3D/7S 4S/8C")) == 105


def test_lowest_cards_landing_on_hundred() -> None:
    """When the lowest cards already land on 100 they are picked and the total drops to 50."""
    assert score_round(96, pairs("AS/2H AC/2D AH/3S AD/3C")) == 50


# ---------------------------------------------------------------------------- setup


def test_variant_validation_messages() -> None:
    """Bad options raise InvalidVariant with a message a player understands."""
    with pytest.raises(InvalidVariant, match=r"Soureh threshold must be between 20 and 1000."):
        Variant(threshold=19)
    with pytest.raises(InvalidVariant, match=r"Soureh threshold must be between 20 and 1000."):
        Variant(threshold=1001)
    with pytest.raises(InvalidVariant, match="final or reveal"):
        Variant(declare="shout")
    with pytest.raises(InvalidVariant, match="lowest or elimination"):
        Variant(end="never")
    with pytest.raises(InvalidVariant, match="3 or 4 players"):
        ENGINE.new_game(2, 1, Variant(leave=True))
    for players in (1, 5):
        with pytest.raises(InvalidVariant, match="2 to 4 players"):
            ENGINE.new_game(players, 1)


def test_registry_and_variant_class() -> None:
    """ENGINES["soureh"] is this engine and ENGINE.Variant its options class."""
    assert ENGINES["soureh"] is ENGINE
    assert ENGINE.Variant is Variant
    assert Variant() == Variant(declare="final", end="lowest", threshold=100, leave=False)


def test_stacked_deal_order() -> None:
    """Face-down cards go seat by seat, then face-up cards, then the stock; seat 0 starts."""
    st = game(["2S 3S 4S 5S", "6S 7S 8S 9S"], ["2H 3H 4H 5H", "6H 7H 8H 9H"], "10C 10D")
    view = ENGINE.player_view(st, 1)
    assert view["seats"][1]["down"] == ["6S", "7S", "8S", "9S"]
    assert view["seats"][0]["up"] == ["2H", "3H", "4H", "5H"]
    assert view["seats"][0]["down"] is None
    assert (view["dealer"], view["to_act"], view["stock"]) == (1, 0, 2)
    st, _ = play(st, "draw")
    assert ENGINE.player_view(st, 0)["drawn"] == "10C"
    assert ENGINE.player_view(st, 1)["drawn"] is None


def test_bad_stacked_deck_rejected() -> None:
    """A stacked deck with too few cards or a third copy of a card is refused."""
    with pytest.raises(InvalidVariant):
        ENGINE.new_game(2, 1, None, cards("2S 3S"))
    with pytest.raises(InvalidVariant):
        ENGINE.new_game(2, 1, None, cards("2S 2S 2S 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H 7H 8H 9H"))


# ---------------------------------------------------------------------------- turns


def two_player(stock: str = "7S 8C 4S 4C 10S 10C", **options: object) -> CoopState:
    """Seat 0 holds four valid coops, seat 1 four invalid ones (lows 2+2+3+3)."""
    return game(["9S 9C 9D 8S", "2S 2C 3S 3C"], ["5H 5D 4H 4D", "5H 5D 6H 6D"], stock, **options)


def test_turn_starts_with_draw_only() -> None:
    """A turn offers only draw; placing before drawing is refused."""
    st = two_player()
    assert [str(a) for a in ENGINE.legal_actions(st)] == ["draw"]
    with pytest.raises(IllegalAction, match="start your turn with draw"):
        ENGINE.parse_action(st, "keep 1")


def test_ace_only_replaced_by_ten() -> None:
    """A face-up ace only takes a 10, and gives onto it are not offered otherwise."""
    st = game(["9S 9C 9D 8S", "2S 2C 3S 3C"], ["5H 5D 4H 4D", "AH 5D 6H 6D"], "7S 4C 10S 5C")
    st, _ = play(st, "draw")
    assert "give 1 1" not in [str(a) for a in ENGINE.legal_actions(st)]
    with pytest.raises(IllegalAction, match=r"A face-up ace can only be replaced by a 10."):
        ENGINE.parse_action(st, "give 1 1")
    st, _ = play(st, "discard", "draw", "discard", "draw")
    assert ENGINE.player_view(st, 0)["drawn"] == "10S"
    st, events = play(st, "give 1 1")
    assert ENGINE.public_view(st)["seats"][1]["up"][0] == "10S"
    told = "{p0} drew a card and gave it to {p1}'s coop 1: 10♠ replaces A♥."
    assert str(events[0].text) == told


def test_never_own_face_up_nor_others_face_down() -> None:
    """No action replaces one's own face-up card; only one's own face-down cards are kept."""
    st, _ = play(two_player(), "draw")
    legal = [str(a) for a in ENGINE.legal_actions(st)]
    assert not any(a.startswith("give 0 ") for a in legal)
    keeps = [a for a in legal if a.startswith("keep")]
    assert keeps[:4] == ["keep 1", "keep 2", "keep 3", "keep 4"]
    assert all(a.endswith(" declare") for a in keeps[4:])
    with pytest.raises(IllegalAction, match="never replace your own face-up cards"):
        ENGINE.parse_action(st, "give 0 2")
    with pytest.raises(IllegalAction, match="no seat 2"):
        ENGINE.parse_action(st, "give 2 1")


def test_keep_events_hide_the_kept_card() -> None:
    """Open discards: a keep tells everyone the slot and the discarded card, only the keeper
    the new card."""
    st, _ = play(two_player(discards="open"), "draw")
    st, events = play(st, "keep 4")
    public = [e for e in events if e.public]
    private = [e for e in events if not e.public]
    assert "7♠" not in " ".join(str(e.text) for e in public)
    assert "8♠" in str(public[0].text) and "coop 4" in str(public[0].text)
    assert private[0].seats == frozenset({0}) and "7♠" in str(private[0].text)
    assert ENGINE.public_view(st)["discard_top"] == "8S"
    assert ENGINE.player_view(st, 0)["seats"][0]["down"][3] == "7S"


def test_parse_action_any_case_and_spaces() -> None:
    """parse_action reads any case and extra spaces and returns the listed action."""
    st, _ = play(two_player(), "draw")
    assert ENGINE.parse_action(st, "  GIVE   1  3 ") in ENGINE.legal_actions(st)
    assert str(ENGINE.parse_action(st, "Keep 2")) == "keep 2"
    with pytest.raises(IllegalAction, match=r"Coops are numbered 1 to 4."):
        ENGINE.parse_action(st, "keep 5")
    with pytest.raises(IllegalAction):
        ENGINE.parse_action(st, "dance")


def test_apply_leaves_the_given_state_unchanged() -> None:
    """apply returns a new state and the old one looks exactly as before."""
    st, _ = play(two_player(), "draw")
    before = json.dumps([ENGINE.player_view(st, s) for s in (0, 1)])
    for action in ENGINE.legal_actions(st):
        ENGINE.apply(st, action)
    assert json.dumps([ENGINE.player_view(st, s) for s in (0, 1)]) == before


def test_describe_names_the_cards() -> None:
    """describe tells the seat to act what an action does, with his own cards."""
    st, _ = play(two_player(), "draw")
    keep = ENGINE.parse_action(st, "keep 2")
    assert ENGINE.describe(st, keep) == ("keep 2 — put 7♠ in place of your face-down 9♣ in coop 2")
    give = ENGINE.parse_action(st, "give 1 3")
    assert "{p1}'s coop 3" in ENGINE.describe(st, give)


# ---------------------------------------------------------------------------- declaring


def test_declaration_offered_only_with_four_valid_coops() -> None:
    """Seat 0 (valid) is offered placements that declare; seat 1 (invalid) is refused."""
    st, _ = play(two_player(), "draw")
    legal = [str(a) for a in ENGINE.legal_actions(st)]
    assert "discard declare" in legal and "give 1 3 declare" in legal
    st, _ = play(st, "discard", "draw")
    assert not any(str(a).endswith("declare") for a in ENGINE.legal_actions(st))
    with pytest.raises(IllegalAction, match=r"You can't declare: your coop 1 would not be valid"):
        ENGINE.parse_action(st, "discard declare")
    st, _ = play(st, "discard")
    assert ENGINE.to_act(st) == 0 and ENGINE.public_view(st)["phase"] == "draw"


def test_final_rule_round_ends_after_last_turns() -> None:
    """Under `final`, the others take one turn each, then the round is scored."""
    st, events = play(two_player(), "draw", "discard declare")
    assert ENGINE.public_view(st)["declarer"] == 0
    assert ENGINE.public_view(st)["final_turns"] == [1]
    st, events = play(st, "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["reason"] == "declaration"
    assert end.data["points"] == [0, 10]
    assert end.data["picks"] == [None, ["2S", "2C", "3S", "3C"]]
    assert ENGINE.totals(st) == [0, 10]
    last = ENGINE.public_view(st)["last_round"]
    assert last["coops"][0][0] == ["5H", "9S"]


def test_one_declaration_pending_at_a_time() -> None:
    """While a declaration is pending another valid player may not declare."""
    st = game([VALID_DOWN, VALID_DOWN, BAD_DOWN], [VALID_UP, VALID_UP, BAD_UP], "7S 7C 7D 7H")
    st, _ = play(st, "draw", "discard declare", "draw", "discard")
    assert ENGINE.to_act(st) == 2  # seat 1's turn ended by itself
    st = game([VALID_DOWN, VALID_DOWN], [VALID_UP, VALID_UP], "7S 7C 7D 7H")
    st, _ = play(st, "draw", "discard declare", "draw")
    assert not any(a.call for a in ENGINE.legal_actions(st))
    with pytest.raises(IllegalAction, match="already pending"):
        ENGINE.parse_action(st, "discard declare")


def test_failed_final_declaration_and_protection() -> None:
    """A give spoiling the declarer protects him; his spoiled coops then score."""
    st = game(
        ["9S 9C 9D 8S", BAD_DOWN, "7S 7C 6S 6C"],
        ["5H 5D 4H 4D", BAD_UP, "8H 8D 7H 7D"],
        "7S 10H 10D",
    )
    st, _ = play(st, "draw", "discard declare", "draw")
    st, events = play(st, "give 0 1")
    assert "protect" in kinds(events)
    assert ENGINE.public_view(st)["seats"][0]["protected"] is True
    st, _ = play(st, "draw")
    assert not any(str(a).startswith("give 0") for a in ENGINE.legal_actions(st))
    with pytest.raises(IllegalAction, match="protected"):
        ENGINE.parse_action(st, "give 0 2")
    st, events = play(st, "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["reason"] == "failed"
    assert end.data["points"] == [9 + 5 + 4 + 4, 34, 26]


def test_reveal_rule_reveal_wins_the_round() -> None:
    """Under `reveal`, the declarer's turn starts with draw/reveal; reveal scores others."""
    st = game(
        ["9S 9C 9D 8S", "5S 5C 6S 6C"],
        ["5H 5D 4H 4D", "2H 2D 3H 3D"],
        "7S 8C 4S",
        declare="reveal",
    )
    st, _ = play(st, "draw", "discard declare", "draw", "discard")
    assert [str(a) for a in ENGINE.legal_actions(st)] == ["draw", "reveal"]
    assert ENGINE.public_view(st)["phase"] == "reveal"
    st, events = play(st, "reveal")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["reason"] == "reveal"
    assert end.data["points"] == [0, 2 + 2 + 3 + 3]  # seat 1 scores although valid


def test_reveal_rule_draw_then_declare_again() -> None:
    """Drawing instead of revealing is a normal turn, which may declare again."""
    st = two_player(declare="reveal")
    st, events = play(st, "draw", "discard declare", "draw", "discard", "draw")
    assert ENGINE.public_view(st)["declarer"] is None
    assert kinds(events)[-3:] == ["play_on", "draw", "drawn"]
    assert "discard declare" in [str(a) for a in ENGINE.legal_actions(st)]
    st, events = play(st, "discard declare")
    assert "declare" in kinds(events)


def test_reveal_rule_spoiled_declarer_plays_normal_turn() -> None:
    """A spoiled declarer's turn looks the same (phase reveal, no lapse); reveal is refused
    privately, so he draws; protection has ended."""
    st = two_player("7S 10H 4S 4C", declare="reveal")
    st, events = play(st, "draw", "discard declare", "draw", "give 0 1")
    assert "protect" not in kinds(events)  # two players: nobody else could replace his cards
    assert "lapse" not in kinds(events)
    view = ENGINE.public_view(st)
    assert (view["phase"], view["to_act"], view["declarer"]) == ("reveal", 0, 0)
    assert view["seats"][0]["protected"] is False
    assert [str(a) for a in ENGINE.legal_actions(st)] == ["draw"]
    with pytest.raises(IllegalAction, match=r"You can't reveal: your coop 1 is not valid."):
        ENGINE.parse_action(st, "reveal")
    st, _ = play(st, "draw")
    assert ENGINE.public_view(st)["declarer"] is None


def test_reveal_protection_ends_when_turn_comes_back() -> None:
    """Protection set by a give lasts until the declarer's turn, then ends."""
    st = game(
        ["9S 9C 9D 8S", "2S 2C 3S 3C"],
        ["5H 5D 4H 4D", "5H 5D 6H 6D"],
        "7S 2H 4S",
        declare="reveal",
    )
    st, _ = play(st, "draw", "discard declare", "draw", "give 0 1")  # 2H over 9S: still valid
    assert ENGINE.public_view(st)["phase"] == "reveal"
    assert ENGINE.public_view(st)["seats"][0]["protected"] is False


def test_reveal_with_empty_stock_is_made_for_the_declarer() -> None:
    """With the stock empty the declarer cannot draw: a valid declarer reveals at once."""
    st = two_player("7S 8C", declare="reveal")
    _, events = play(st, "draw", "discard declare", "draw", "discard")
    assert "reveal" in kinds(events)
    assert next(e for e in events if e.kind == "round_end").data["reason"] == "reveal"


def test_spoiled_declarer_with_empty_stock_ends_as_stock_out() -> None:
    """With the stock empty and a coop spoiled, the round ends as a stock-out."""
    st = two_player("7S 10H", declare="reveal")
    _, events = play(st, "draw", "discard declare", "draw", "give 0 1")
    assert "reveal" not in kinds(events)
    assert next(e for e in events if e.kind == "round_end").data["reason"] == "stock"


def test_stock_out_ends_round_at_once() -> None:
    """When the stock is empty at a draw, the round ends; valid players score nothing."""
    _, events = play(two_player("7S 8C"), "draw", "discard", "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["reason"] == "stock"
    assert end.data["points"] == [0, 10]
    assert "deal" in kinds(events)


def test_dealer_rotation_and_next_round() -> None:
    """The dealer moves one seat per round; play starts left of the dealer."""
    st, _ = play(two_player("7S 8C"), "draw", "discard", "draw", "discard")
    view = ENGINE.public_view(st)
    assert (view["round"], view["dealer"], view["to_act"], view["stock"]) == (2, 0, 1, 64)
    assert view["seats"][0]["down"] is None
    assert view["discard_count"] == 0


def test_check_turn_names_the_problem() -> None:
    """check_turn refuses a seat that is not to act, with a plain message."""
    st = two_player()
    ENGINE.check_turn(st, 0)
    with pytest.raises(NotYourTurn, match=r"It is not your turn."):
        ENGINE.check_turn(st, 1)


def test_variant_from_options_mapping() -> None:
    """A mapping of options builds the variant; an unknown option is refused clearly."""
    st = ENGINE.new_game(3, 1, {"declare": "reveal", "leave": True})
    assert ENGINE.public_view(st)["variant"] == {
        "declare": "reveal",
        "end": "lowest",
        "threshold": 100,
        "leave": True,
        "discards": "hidden",
    }
    with pytest.raises(InvalidVariant, match="Soureh options are"):
        ENGINE.new_game(3, 1, {"speed": 3})
    with pytest.raises(InvalidVariant, match="whole number"):
        Variant(threshold="lots")  # type: ignore[arg-type]


def test_deal_events_tell_each_seat_his_cards() -> None:
    """deal_events gives the public deal and each seat's face-down cards privately."""
    st = two_player()
    events = ENGINE.deal_events(st)
    assert [e.kind for e in events] == ["deal", "hidden", "hidden"]
    assert events[0].public and str(events[0].text) == "Round 1: {p1} deals."
    assert events[1].seats == frozenset({0}) and events[1].data["down"] == ["9S", "9C", "9D", "8S"]
    assert events[2].seats == frozenset({1}) and "2♠" in str(events[2].text)
