"""Soi rules on stacked decks: dealing, asks, quadruplets, turns, scoring, views, errors."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import Card, Rank, card, cards, standard_deck
from bot.games.protocol import Action, BadNotation, Engine, GameOver, InvalidVariant
from bot.games.registry import ENGINES
from bot.games.soi import (
    ENGINE,
    AskedEmptySeat,
    AskedSelf,
    CardAlreadyHeld,
    NoSuchSeat,
    RankNotHeld,
    SoiState,
    Variant,
    quad_value,
)

# ---------------------------------------------------------------------------- helpers


def deal_sizes(n: int) -> list[int]:
    """Round-1 hand sizes: seat 0 is dealt first."""
    return [52 // n + (1 if s < 52 % n else 0) for s in range(n)]


def stack(n: int, fixed: dict[int, str]) -> list[Card]:
    """A full round-1 deck giving each seat in ``fixed`` exactly those cards.

    The other seats are filled with the leftover cards, rank by rank, spread over the
    seats so that no unintended quadruplet is dealt.
    """
    sizes = deal_sizes(n)
    hands: dict[int, list[Card]] = {s: cards(text) for s, text in fixed.items()}
    for s, hand in hands.items():
        assert len(hand) == sizes[s], f"seat {s} is dealt {sizes[s]} cards"
    used = {c for hand in hands.values() for c in hand}
    assert len(used) == sum(len(h) for h in hands.values()), "a card is stacked twice"
    left = sorted((c for c in standard_deck() if c not in used), key=lambda c: (c.order, c.suit))
    open_seats = [s for s in range(n) if s not in hands]
    for s in open_seats:
        hands[s] = []
    k = 0
    for c in left:
        while len(hands[open_seats[k % len(open_seats)]]) >= sizes[open_seats[k % len(open_seats)]]:
            k += 1
        hands[open_seats[k % len(open_seats)]].append(c)
        k += 1
    for s in open_seats:
        for rank in Rank:
            assert sum(c.rank is rank for c in hands[s]) < 4, "filler dealt a quadruplet"
    deck: list[Card] = []
    for i in range(52):
        deck.append(hands[i % n][i // n])
    return deck


def seed_first(n: int, seat: int) -> int:
    """A seed whose round 1 is opened by ``seat``."""
    for seed in range(1000):
        if ENGINE.new_game(n, seed, deck=standard_deck()).first == seat:
            return seed
    raise AssertionError("no seed found")


def hand(state: SoiState, seat: int) -> set[str]:
    """A seat's hand as card codes."""
    return {str(c) for c in state.hand(seat)}


def play(state: SoiState, *texts: str) -> tuple[SoiState, list[str]]:
    """Apply action texts; return the state and every event text."""
    out: list[str] = []
    for text in texts:
        t = ENGINE.apply(state, ENGINE.parse_action(state, text))
        state = t.state
        out.extend(str(e.text) for e in t.events)
    return state, out


# Six players: seat 4 can run out mid-turn, seat 5 lays 4s down at the deal.
SIX = {4: "KS KH KD 2S 2H 2D 3S 3H", 5: "4S 4H 4D 4C KC 2C 3C 3D"}

# Four players: twelve quadruplets at the deal, one 5 each left to collect.
FOUR = {
    0: "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 5S",
    1: "KS KH KD KC QS QH QD QC JS JH JD JC 5H",
    2: "10S 10H 10D 10C 9S 9H 9D 9C 4S 4H 4D 4C 5D",
    3: "8S 8H 8D 8C 7S 7H 7D 7C 6S 6H 6D 6C 5C",
}


# ---------------------------------------------------------------------------- values


def test_quad_values() -> None:
    """Quadruplets score 2–10 by number, J/Q/K 10 and aces 25."""
    expected = {"A": 25, "2": 2, "5": 5, "9": 9, "10": 10, "J": 10, "Q": 10, "K": 10}
    assert {r: quad_value(Rank(r)) for r in expected} == expected
    assert sum(quad_value(r) for r in Rank) == 109


def test_variant_defaults_and_range() -> None:
    """Variant defaults to target 200 with memory; targets outside 20–1000 are refused."""
    assert Variant() == Variant(target=200, memory=True)
    assert Variant(target=20).target == 20 and Variant(target=1000).target == 1000
    for bad in (19, 1001):
        with pytest.raises(InvalidVariant, match=r"^Soi target must be between 20 and 1000\.$"):
            Variant(target=bad)


def test_player_count_range() -> None:
    """Soi seats 3 to 6 players; other counts raise InvalidVariant."""
    for n in (2, 7):
        with pytest.raises(InvalidVariant, match="3 to 6 players"):
            ENGINE.new_game(n, 1)


def test_registry_gives_engine() -> None:
    """ENGINES["soi"] is this module's engine."""
    assert ENGINES["soi"] is ENGINE


# ---------------------------------------------------------------------------- dealing


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_stacked_deal_round_robin(n: int) -> None:
    """Round 1 deals card i of the deck to seat i mod n, all 52 cards."""
    deck = standard_deck()
    state = ENGINE.new_game(n, 5, deck=deck)
    for s in range(n):
        assert set(state.hand(s)) == set(deck[s::n])
    assert [len(state.hand(s)) for s in range(n)] == deal_sizes(n)


def test_uneven_deal_sizes() -> None:
    """Uneven deals give the extra cards to the first seats dealt."""
    assert deal_sizes(3) == [18, 17, 17]
    assert deal_sizes(5) == [11, 11, 10, 10, 10]
    assert deal_sizes(6) == [9, 9, 9, 9, 8, 8]
    state = ENGINE.new_game(5, 3, deck=standard_deck())
    assert [c["hand_count"] for c in ENGINE.public_view(state)["seats"]] == [11, 11, 10, 10, 10]


def test_quads_laid_down_at_deal() -> None:
    """Quadruplets dealt to a player are laid down at once and credited to him."""
    state = ENGINE.new_game(6, 1, deck=stack(6, SIX))
    seats = ENGINE.public_view(state)["seats"]
    assert seats[5] == {"hand_count": 4, "quads": ["4"], "round_points": 4}
    assert hand(state, 5) == {"KC", "2C", "3C", "3D"}
    assert all(seats[s]["quads"] == [] for s in range(5))


def test_quads_at_deal_score_aces_25_and_faces_10() -> None:
    """Four aces are worth 25 and J, Q, K quadruplets 10 each."""
    view = ENGINE.public_view(ENGINE.new_game(4, 1, deck=stack(4, FOUR)))
    assert view["seats"][0]["round_points"] == 25 + 2 + 3
    assert view["seats"][1]["round_points"] == 30
    assert view["seats"][1]["quads"] == ["J", "Q", "K"]


def test_first_player_seeded_and_deterministic() -> None:
    """The first player is a seeded random seat, the same with or without a stacked deck."""
    firsts = set()
    for seed in range(40):
        a = ENGINE.new_game(4, seed)
        assert a.first == ENGINE.new_game(4, seed).first
        assert a.first == ENGINE.new_game(4, seed, deck=standard_deck()).first
        assert a.turn == a.first
        firsts.add(a.first)
    assert firsts == {0, 1, 2, 3}


def test_first_player_without_cards_is_skipped() -> None:
    """A drawn first player who laid all his cards down at the deal passes to the next seat."""
    deck = stack(6, {5: "4S 4H 4D 4C 6S 6H 6D 6C"})
    seed = seed_first(6, 5)
    state = ENGINE.new_game(6, seed, deck=deck)
    assert state.first == 5 and state.turn == 0
    assert ENGINE.public_view(state)["out"] == [False] * 5 + [True]


def test_partial_stacked_deck_and_duplicates() -> None:
    """A partial stacked deck is dealt first; a card stacked twice is refused."""
    state = ENGINE.new_game(4, 2, deck=cards("AS 2S 3S 4S"))
    assert [str(c) in hand(state, s) for s, c in enumerate(cards("AS 2S 3S 4S"))] == [True] * 4
    with pytest.raises(InvalidVariant, match="only once"):
        ENGINE.new_game(4, 2, deck=cards("AS AS"))


# ---------------------------------------------------------------------------- asking


def six_start() -> SoiState:
    """The SIX position with seat 4 to ask first."""
    return ENGINE.new_game(6, seed_first(6, 4), deck=stack(6, SIX))


def test_hit_moves_card_and_asker_goes_on() -> None:
    """A hit hands the card over, the asker keeps the turn, and the event says so."""
    state = six_start()
    after, texts = play(state, "ask 5 3c")
    assert "3C" in hand(after, 4) and "3C" not in hand(after, 5)
    assert after.turn == 4
    assert texts == ["{p4} asked {p5} for 3♣ — {p5} had it."]


def test_completed_quad_laid_down_during_turn() -> None:
    """A hit that completes four of a kind lays them down for the asker."""
    after, texts = play(six_start(), "ask 5 KC")
    assert not {"KS", "KH", "KD", "KC"} & hand(after, 4)
    assert ENGINE.public_view(after)["seats"][4]["quads"] == ["K"]
    assert texts[-1] == "{p4} lays down the four kings: 10 points."


def test_miss_passes_turn_to_asked_player() -> None:
    """A miss passes the turn to the asked player."""
    state = six_start()
    after, texts = play(state, "ask 2 KC")
    assert after.turn == 2
    assert texts == ["{p4} asked {p2} for K♣ — {p2} didn't have it; {p2}'s turn."]
    assert after.hands == state.hands


def test_players_run_out_and_turn_moves_on() -> None:
    """The asked player out of cards is out; an asker who lays his last cards passes on."""
    state, texts = play(six_start(), "ask 5 KC", "ask 5 2C", "ask 5 3C", "ask 5 3D")
    assert state.hands[4] == 0 and state.hands[5] == 0
    assert state.turn == 0
    assert "{p5} has no cards left and is out of the round." in texts
    assert texts[-1] == "{p4} has no cards left; {p0}'s turn."
    assert ENGINE.public_view(state)["out"] == [False] * 4 + [True, True]
    assert ENGINE.public_view(state)["seats"][4]["quads"] == ["K", "2", "3"]


def test_asking_empty_player_refused() -> None:
    """A player with no cards left cannot be asked, and legal_actions never offers it."""
    state, _ = play(six_start(), "ask 5 KC", "ask 5 2C", "ask 5 3C", "ask 5 3D")
    rank = state.hand(0)[0].rank
    missing = next(c for c in standard_deck() if c.rank is rank and str(c) not in hand(state, 0))
    with pytest.raises(AskedEmptySeat, match=r"^That player has no cards left\.$"):
        ENGINE.parse_action(state, f"ask 5 {missing}")
    assert all(a.args[0] not in (0, 4, 5) for a in ENGINE.legal_actions(state))


def test_asking_yourself_refused() -> None:
    """Nobody can ask himself."""
    with pytest.raises(AskedSelf, match=r"^Nobody can be asked for cards by themselves\.$"):
        ENGINE.parse_action(six_start(), "ask 4 KC")


def test_asking_without_rank_refused() -> None:
    """The asker must hold a card of the rank he asks for."""
    with pytest.raises(
        RankNotHeld, match=r"^You don't hold any queens, so you can't ask for one\.$"
    ):
        ENGINE.parse_action(six_start(), "ask 0 QH")
    with pytest.raises(RankNotHeld, match=r"^You don't hold any 7s, so"):
        ENGINE.apply(six_start(), Action("ask", (0, card("7H"))))


def test_asking_for_held_card_refused() -> None:
    """The asker may not ask for a card he holds."""
    with pytest.raises(CardAlreadyHeld, match=r"^You already hold K♥\.$"):
        ENGINE.parse_action(six_start(), "ask 0 KH")


def test_no_such_seat_and_bad_notation() -> None:
    """Unknown seats and unreadable texts raise clear errors."""
    state = six_start()
    with pytest.raises(NoSuchSeat, match="no seat 6"):
        ENGINE.parse_action(state, "ask 6 KC")
    for text in ("ask", "ask 1", "take 1 KC", "ask one KC", "ask 1 ZZ", ""):
        with pytest.raises(BadNotation):
            ENGINE.parse_action(state, text)


def test_legal_actions_are_every_legal_ask() -> None:
    """legal_actions lists each other seat with cards times each missing card of a held rank."""
    state = six_start()
    actions = ENGINE.legal_actions(state)
    wanted = {"KC", "2C", "3C", "3D"}
    assert {str(a) for a in actions} == {f"ask {s} {c}" for s in (0, 1, 2, 3, 5) for c in wanted}
    assert all(ENGINE.parse_action(state, str(a)) == a for a in actions)


def test_describe_in_words() -> None:
    """describe names the asked seat by placeholder and shows the asker's cards of that rank."""
    text = ENGINE.describe(six_start(), Action("ask", (2, card("QH"))))
    assert text == "ask {p2} for Q♥"
    text = ENGINE.describe(six_start(), Action("ask", (5, card("KC"))))
    assert text == "ask {p5} for K♣ (you hold K♠ K♥ K♦)"


def test_apply_leaves_state_unchanged() -> None:
    """apply returns a new state and leaves the given one as it was."""
    state = six_start()
    before = (state.hands, state.asks, state.turn, ENGINE.public_view(state))
    ENGINE.apply(state, ENGINE.parse_action(state, "ask 5 KC"))
    assert (state.hands, state.asks, state.turn, ENGINE.public_view(state)) == before


# ---------------------------------------------------------------------------- rounds


def four_start(target: int) -> SoiState:
    """The FOUR position with seat 3 first, one 5 left in each hand."""
    return ENGINE.new_game(4, seed_first(4, 3), Variant(target=target), deck=stack(4, FOUR))


def test_round_end_scores_and_game_ends_with_tie() -> None:
    """The round ends when all cards are down; equal highest totals share the win."""
    state, texts = play(four_start(30), "ask 0 5S", "ask 1 5H", "ask 2 5D")
    assert state.last_round is not None
    assert list(state.last_round.points) == [30, 30, 23, 26]
    assert ENGINE.totals(state) == [30, 30, 23, 26]
    assert ENGINE.winners(state) == [0, 1]
    assert ENGINE.to_act(state) is None and ENGINE.legal_actions(state) == []
    assert texts[-2] == "Round 1 is over: {p0} 30, {p1} 30, {p2} 23, {p3} 26."
    assert texts[-1] == "{p0} and {p1} share the win with 30 points."
    view = ENGINE.public_view(state)
    assert view["over"] and view["phase"] == "over" and view["winners"] == [0, 1]
    assert view["last_round"]["points"] == [30, 30, 23, 26]
    with pytest.raises(GameOver):
        ENGINE.parse_action(state, "ask 0 5S")


def test_below_target_deals_next_round_with_next_dealer() -> None:
    """Below the target a new round is dealt, the dealer moves one seat, asks reset."""
    state, texts = play(four_start(31), "ask 0 5S", "ask 1 5H", "ask 2 5D")
    assert ENGINE.to_act(state) is not None and ENGINE.winners(state) == []
    assert state.round == 2 and state.dealer == 0
    assert ENGINE.totals(state) == [30, 30, 23, 26]
    assert state.asks == ()
    view = ENGINE.public_view(state)
    counts = [c["hand_count"] + 4 * len(c["quads"]) for c in view["seats"]]
    assert counts == [13, 13, 13, 13]
    assert any(t.startswith("Round 2: {p0} deals;") for t in texts)


def test_single_winner_message() -> None:
    """A lone highest total wins alone."""
    state, texts = play(four_start(30), "ask 0 5H")
    assert state.turn == 0
    state, texts = play(state, "ask 3 5C", "ask 1 5H", "ask 2 5D")
    assert ENGINE.winners(state) == [0] and ENGINE.totals(state)[0] == 35
    assert texts[-1] == "{p0} wins with 35 points."


# ---------------------------------------------------------------------------- views


def test_public_view_hides_hands_and_player_view_shows_own() -> None:
    """The public view has hand counts only; a player's view adds his own hand."""
    state = six_start()
    public = ENGINE.public_view(state)
    assert public["hand"] is None and public["seat"] is None and public["game"] == "soi"
    mine = ENGINE.player_view(state, 4)
    assert mine["seat"] == 4
    assert set(mine["hand"]) == {"KS", "KH", "KD", "2S", "2H", "2D", "3S", "3H"}
    assert {k: v for k, v in mine.items() if k not in ("seat", "hand")} == {
        k: v for k, v in public.items() if k not in ("seat", "hand")
    }
    assert public["phase"] == "ask" and public["to_act"] == 4 and public["target_kind"] == "target"


@pytest.mark.parametrize(("memory", "shown"), [(True, 3), (False, 5)])
def test_memory_variant_limits_asks_shown(memory: bool, shown: int) -> None:
    """Under memory the table shows the last 3 asks; without it every ask of the round."""
    seed = seed_first(6, 4)
    state = ENGINE.new_game(6, seed, Variant(memory=memory), deck=stack(6, SIX))
    state, _ = play(state, "ask 5 KC", "ask 5 2C", "ask 5 3C", "ask 0 3D")
    state, _ = play(state, str(ENGINE.legal_actions(state)[0]))
    asks = ENGINE.public_view(state)["asks"]
    assert len(asks) == shown
    assert asks[-2] == {"asker": 4, "asked": 0, "card": "3D", "hit": False}
    assert ENGINE.public_view(state)["memory"] is memory


def test_knowledge_tracks_public_information() -> None:
    """Hits make cards known, misses make them absent, asks reveal held ranks."""
    state, _ = play(six_start(), "ask 5 3C", "ask 0 2C")
    four = ENGINE.knowledge(state, 4)
    assert card("3C") in four.known and card("2C") in four.absent
    assert {Rank.THREE, Rank.TWO} <= four.ranks
    assert card("2C") in ENGINE.knowledge(state, 0).absent
    assert card("3C") not in ENGINE.knowledge(state, 5).known


def test_random_first_player_uses_state_rng_only() -> None:
    """Two games from one seed are identical, whatever the global random module does."""
    random.seed(1)
    a = ENGINE.new_game(5, 99)
    random.seed(2)
    b = ENGINE.new_game(5, 99)
    assert a == b


def test_engine_follows_protocol() -> None:
    """The Soi engine satisfies the Engine protocol and names itself."""
    assert isinstance(ENGINE, Engine)
    assert (ENGINE.name, ENGINE.title, ENGINE.min_players, ENGINE.max_players) == (
        "soi",
        "Soi",
        3,
        6,
    )


def test_later_rounds_deal_from_left_of_new_dealer() -> None:
    """Round 2's dealer is seat 0, so seat 1 is dealt first and gets the extra card."""
    three = {
        0: "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H",
        1: "6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C 5D",
        2: "10S 10H 10D 10C JS JH JD JC QS QH QD QC KS KH KD KC 5C",
    }
    state = ENGINE.new_game(3, seed_first(3, 0), Variant(target=1000), deck=stack(3, three))
    state, _ = play(state, "ask 1 5D", "ask 2 5C")
    assert ENGINE.totals(state) == [25 + 2 + 3 + 4 + 5, 6 + 7 + 8 + 9, 40]
    assert state.round == 2 and state.dealer == 0
    seats = ENGINE.public_view(state)["seats"]
    assert [c["hand_count"] + 4 * len(c["quads"]) for c in seats] == [17, 18, 17]
