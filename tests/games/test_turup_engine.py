"""Turup engine scenarios: options, dealing, turns, redeals, scoring, errors, views."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from bot.games.cards import Card, card, cards, standard_decks
from bot.games.protocol import (
    Action,
    BadNotation,
    Engine,
    Event,
    GameOver,
    IllegalAction,
    InvalidVariant,
    Transition,
)
from bot.games.registry import ENGINES
from bot.games.turup import (
    ENGINE,
    TurupState,
    Variant,
    captures,
    deck_count,
    round_wins,
    totals,
)
from bot.games.turup.state import round_pack

E = ENGINE


def trail_first(state: TurupState) -> Transition[TurupState]:
    """Trail the first card of the hand of the seat to act."""
    seat = E.to_act(state)
    assert seat is not None
    return E.apply(state, Action("trail", (state.hands[seat][0],)))


def fixed_pack(players: int) -> list[Card]:
    """The whole pack in the fixed order of standard_decks (a fully stacked deck)."""
    return standard_decks(deck_count(players))


def at_table(state: TurupState, hands: list[str], pile: str, won: list[int]) -> TurupState:
    """The state with these hands and pile, an empty deck and won piles of these sizes."""
    filler = standard_decks(3)
    return replace(
        state,
        hands=tuple(tuple(cards(h)) for h in hands),
        pile=tuple(cards(pile)),
        deck=(),
        won=tuple(tuple(filler[:k]) for k in won),
        turn=0,
    )


# ---------------------------------------------------------------------- options


def test_engine_is_registered_and_follows_the_protocol() -> None:
    """ENGINES["turup"] is the module's ENGINE and satisfies the Engine protocol."""
    assert ENGINES["turup"] is ENGINE
    assert isinstance(ENGINE, Engine)
    assert (E.name, E.min_players, E.max_players) == ("turup", 2, 12)


@pytest.mark.parametrize("rounds", [0, 21, -1, "3", True, 2.5])
def test_variant_rejects_bad_rounds(rounds: object) -> None:
    """Variant(rounds) outside 1–20 (or not a whole number) raises the rule's message."""
    message = r"^Turup rounds must be (a whole number )?between 1 and 20\.$"
    with pytest.raises(InvalidVariant, match=message):
        Variant(rounds=rounds)  # type: ignore[arg-type]


def test_variant_defaults_and_bounds() -> None:
    """The default is three rounds; 1 and 20 are allowed."""
    assert Variant().rounds == 3
    assert Variant(rounds=1).rounds == 1
    assert Variant(rounds=20).rounds == 20


@pytest.mark.parametrize("players", [0, 1, 13])
def test_player_count_checked(players: int) -> None:
    """Fewer than 2 or more than 12 players is refused with a clear message."""
    with pytest.raises(InvalidVariant, match="2 to 12 players"):
        E.new_game(players, seed=1)


@pytest.mark.parametrize(
    ("players", "decks"),
    [(2, 1), (3, 1), (4, 1), (5, 2), (6, 2), (7, 2), (8, 3), (9, 3), (10, 3), (11, 3), (12, 3)],
)
def test_deck_count_by_players(players: int, decks: int) -> None:
    """One deck for 2–4 players, two for 5–7, three for 8–12; the whole pack is in play."""
    assert deck_count(players) == decks
    state = E.new_game(players, seed=3)
    in_play = [c for h in state.hands for c in h] + list(state.pile) + list(state.deck)
    assert Counter(in_play) == Counter(standard_decks(decks))


# ---------------------------------------------------------------------- dealing


@pytest.mark.parametrize("players", [2, 5, 9])
def test_stacked_deal_four_each_then_four_to_the_pile(players: int) -> None:
    """The stacked top goes four to seat 0, four to seat 1, ..., then four to the pile."""
    top = fixed_pack(players)[: 4 * players + 4]
    rng = random.Random(players)
    rng.shuffle(top)
    state = E.new_game(players, seed=9, deck=top)
    for seat in range(players):
        assert list(state.hands[seat]) == top[4 * seat : 4 * seat + 4]
    assert list(state.pile) == top[4 * players :]
    assert len(state.deck) == 52 * deck_count(players) - 4 * players - 4
    assert (state.dealer, E.to_act(state)) == (players - 1, 0)


def test_stacked_deck_fixes_the_deck_order() -> None:
    """A whole stacked pack stays in its order: the deck is what follows the deal."""
    pack = fixed_pack(2)
    state = E.new_game(2, seed=1, deck=pack)
    assert list(state.deck) == pack[12:]


def test_stacked_deck_with_duplicates_needs_enough_decks() -> None:
    """Three 5♦ fit a 9-player pack of three decks but not a 2-player pack."""
    state = E.new_game(9, seed=1, deck=cards("5D 5D 5D"))
    assert list(state.hands[0][:3]) == cards("5D 5D 5D")
    with pytest.raises(InvalidVariant, match="5♦"):
        E.new_game(2, seed=1, deck=cards("5D 5D"))


def test_unstacked_deal_is_seeded() -> None:
    """The same seed deals the same game; another seed another one."""
    assert E.new_game(4, seed=5) == E.new_game(4, seed=5)
    assert E.new_game(4, seed=5) != E.new_game(4, seed=6)


def test_redeal_when_all_hands_are_empty() -> None:
    """After every hand is played out, four more each come off the deck seat by seat."""
    pack = fixed_pack(2)
    state = E.new_game(2, seed=1, deck=pack)
    events = []
    for _ in range(8):
        t = trail_first(state)
        state, events = t.state, list(t.events)
    assert list(state.hands[0]) == pack[12:16]
    assert list(state.hands[1]) == pack[16:20]
    assert len(state.deck) == 32
    assert E.to_act(state) == 0
    redeal = [e for e in events if e.kind == "redeal"]
    assert len(redeal) == 1 and redeal[0].public
    assert redeal[0].data["counts"] == [4, 4]
    private = {next(iter(e.seats)): e for e in events if e.kind == "hand" and e.seats}
    assert private[1].data["cards"] == sorted(
        private[1].data["cards"], key=lambda c: (Card.parse(c).order, "SHDC".index(c[-1]))
    )
    assert Counter(private[1].data["cards"]) == Counter(str(c) for c in pack[16:20])


def test_short_final_deal_goes_one_at_a_time() -> None:
    """Six players: the last 4 cards go one each to seats 0–3, who play; then the round ends."""
    pack = fixed_pack(6)
    state = E.new_game(6, seed=1, deck=pack)
    while state.deck:
        t = trail_first(state)
        state = t.state
    redeal = next(e for e in t.events if e.kind == "redeal")
    assert str(redeal.text).startswith("The last 4 cards were dealt one at a time")
    assert [len(h) for h in state.hands] == [1, 1, 1, 1, 0, 0]
    assert [h[0] for h in state.hands[:4]] == pack[100:104]
    order = []
    while state.round == 1:
        order.append(E.to_act(state))
        state = trail_first(state).state
    assert order == [0, 1, 2, 3]


def test_short_deal_with_more_cards_than_seats_skips_empty_hands() -> None:
    """Seven players, 16 left: seats 0–1 get three, the rest two; seats 0 and 1 play last."""
    state = E.new_game(7, seed=2, deck=fixed_pack(7))
    while state.deck:
        state = trail_first(state).state
    assert [len(h) for h in state.hands] == [3, 3, 2, 2, 2, 2, 2]
    seats = []
    while state.round == 1:
        seats.append(E.to_act(state))
        state = trail_first(state).state
    assert seats == [0, 1, 2, 3, 4, 5, 6] * 2 + [0, 1]


# ---------------------------------------------------------------------- a turn


def test_capture_moves_cards_to_the_won_pile() -> None:
    """capture 5D 2C 3S 5H: RULES' example, four pile cards won with the 5."""
    state = E.new_game(2, seed=1, deck=cards("5D 9C QS AH  8D 8S 8H 8C  3S 2C KH 5H"))
    action = E.parse_action(state, "capture 5D 5h 3S 2C")
    assert str(action) == "capture 5D 2C 3S 5H"
    t = E.apply(state, action)
    assert Counter(t.state.won[0]) == Counter(cards("5D 2C 3S 5H"))
    assert list(t.state.pile) == cards("KH")
    assert list(t.state.hands[0]) == cards("9C QS AH")
    assert E.to_act(t.state) == 1
    assert [str(e.text) for e in t.events] == ["{p0} played 5♦ and took 2♣ 3♠ 5♥"]
    assert totals(t.state) == [4, 0]


def test_trail_puts_the_card_on_the_pile() -> None:
    """trail 9C adds the 9♣ to the pile and tells everyone."""
    state = E.new_game(2, seed=1, deck=cards("5D 9C QS AH  8D 8S 8H 8C  3S 2C KH 5H"))
    t = E.apply(state, E.parse_action(state, "TRAIL 9c"))
    assert list(t.state.pile) == cards("3S 2C KH 5H 9C")
    assert str(t.events[0].text) == "{p0} trailed 9♣" and t.events[0].public


def test_apply_leaves_the_given_state_alone() -> None:
    """apply returns a new state; the old one still shows the position before the move."""
    state = E.new_game(2, seed=1, deck=cards("5D 9C QS AH  8D 8S 8H 8C  3S 2C KH 5H"))
    before = replace(state)
    E.apply(state, E.parse_action(state, "capture 5D 5H"))
    assert state == before


def test_legal_actions_list_each_capture_and_trail_once() -> None:
    """Duplicate hand cards give one set of options; every capture is there, plus trails."""
    state = E.new_game(9, seed=1)
    hands = list(state.hands)
    hands[0] = tuple(cards("5D 5D KS 2H"))
    state = replace(state, hands=tuple(hands), pile=tuple(cards("3S 2C KH 5H")))
    texts = [str(a) for a in E.legal_actions(state)]
    assert texts == [
        "capture 2H 2C",
        "trail 2H",
        "capture 5D 5H",
        "capture 5D 2C 3S",
        "capture 5D 2C 3S 5H",
        "trail 5D",
        "capture KS KH",
        "trail KS",
    ]
    for text in texts:
        assert str(E.parse_action(state, text)) == text


@pytest.mark.slow
def test_legal_actions_shrink_past_a_thousand_options() -> None:
    """A 10 over a huge number pile lists trails, single matches and maximal captures only."""
    state = E.new_game(9, seed=1)
    pile = cards("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 6S 6H 10D 10C")
    hands = list(state.hands)
    hands[0] = tuple(cards("10S 2S KD 9D"))
    state = replace(state, hands=tuple(hands), pile=tuple(pile))
    everything = captures(card("10S"), pile)
    assert len(everything) > 1000
    listed = E.legal_actions(state)
    assert len(listed) <= 1000
    tens = [a.args[1:] for a in listed if a.word == "capture" and a.args[0] == card("10S")]
    assert (card("10D"),) in tens and (card("10C"),) in tens
    assert max(len(t) for t in tens) == max(len(t) for t in everything)
    assert set(tens) <= set(everything)
    assert {str(a) for a in listed if a.word == "trail"} == {
        "trail 2S",
        "trail 9D",
        "trail 10S",
        "trail KD",
    }
    unlisted = next(t for t in everything if t not in tens)
    action = E.parse_action(state, "capture 10S " + " ".join(str(c) for c in unlisted))
    assert E.apply(state, action).state.won[0][0] == card("10S")


# ---------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("trail 9C", IllegalAction, "You don't hold 9♣."),
        ("capture 5D 3D", IllegalAction, "3♦ is not on the table."),
        ("capture 5D 5H 5H", IllegalAction, "There is only one 5♥ on the table."),
        ("capture QS KH", IllegalAction, "Q♠ can't take K♥: a queen wins only queens, by a match."),
        ("capture 5D KH", IllegalAction, "5♦ can't take K♥: face cards are won only by a match."),
        ("capture 5D 2C", IllegalAction, "2♣ makes 2, not 5."),
        ("capture 5D", BadNotation, "Say which pile cards to take"),
        ("trail 5D 2C", BadNotation, "A trail plays exactly one card"),
        ("jump 5D", BadNotation, "is not a Turup move"),
        ("trail", BadNotation, "Name the card to play"),
        ("trail 11D", BadNotation, "is not a card"),
        ("", BadNotation, "Type an action"),
    ],
)
def test_parse_errors(text: str, error: type[Exception], message: str) -> None:
    """Each wrong move raises its GameError subclass with a message fit for the player."""
    state = E.new_game(2, seed=1, deck=cards("5D 9D QS AH  8D 8S 8H 8C  3S 2C KH 5H"))
    with pytest.raises(error) as info:
        E.parse_action(state, text)
    assert message in str(info.value)


def test_apply_checks_actions_too() -> None:
    """apply refuses an illegal Action built by hand, with the same message."""
    state = E.new_game(2, seed=1, deck=cards("5D 9D QS AH  8D 8S 8H 8C  3S 2C KH 5H"))
    bad = Action("capture", (card("5D"), card("2C"), card("KH")))
    with pytest.raises(IllegalAction, match="face cards are won only by a match"):
        E.apply(state, bad)


def test_error_for_another_seats_card_does_not_name_their_hand() -> None:
    """Naming a card in someone else's hand gets the plain "you don't hold" answer."""
    state = E.new_game(2, seed=1, deck=cards("5D 9D QS AH  8D 8S 8H 8C  3S 2C KH 5H"))
    with pytest.raises(IllegalAction, match=r"^You don't hold 8♦\.$"):
        E.parse_action(state, "trail 8D")


def test_describe_in_words() -> None:
    """describe spells out what a capture or trail does."""
    state = E.new_game(2, seed=1, deck=cards("5D 9D QS AH  8D 8S 8H 8C  3S 2C KH 5H"))
    cap = E.parse_action(state, "capture 5D 2C 3S 5H")
    assert E.describe(state, cap) == (
        "capture 5D 2C 3S 5H — play 5♦ and take 2♣ 3♠ 5♥ (4 cards won)"
    )
    assert E.describe(state, E.parse_action(state, "trail 9D")) == "trail 9D — put 9♦ on the pile"


# ---------------------------------------------------------------------- scoring


def test_round_scoring_with_a_tie_and_leftovers() -> None:
    """Most cards won takes the round, ties share it; the pile's leftovers count for nobody."""
    state = E.new_game(3, seed=4, variant=Variant(rounds=2))
    state = at_table(state, ["5D", "KS", ""], "2C 3S", [5, 8, 3])
    state = E.apply(state, E.parse_action(state, "capture 5D 2C 3S")).state
    t = trail_first(state)
    end = next(e for e in t.events if e.kind == "round_end")
    assert end.data == {"round": 1, "won": [8, 8, 3], "winners": [0, 1], "leftover": 1}
    assert "{p0} and {p1} share the round" in str(end.text)
    assert "1 card left on the pile counts for nobody" in str(end.text)
    nxt = t.state
    assert (nxt.round, nxt.dealer, E.to_act(nxt)) == (2, 0, 1)
    assert round_wins(nxt) == [1, 1, 0]
    assert totals(nxt) == [8, 8, 3]
    assert nxt.won == ((), (), ())
    view = E.public_view(nxt)
    assert view["last_round"] == {"round": 1, "won": [8, 8, 3], "winners": [0, 1], "leftover": 1}
    assert view["round_wins"] == [1, 1, 0]


def test_all_trails_leave_everything_on_the_pile() -> None:
    """If everyone trails all round, all 52 cards stay on the pile and both seats share 0–0."""
    state = E.new_game(2, seed=8, variant=Variant(rounds=1))
    events = []
    while E.to_act(state) is not None:
        t = trail_first(state)
        state, events = t.state, list(t.events)
    end = next(e for e in events if e.kind == "round_end")
    assert end.data == {"round": 1, "won": [0, 0], "winners": [0, 1], "leftover": 52}
    assert len(state.pile) == 52
    assert E.winners(state) == [0, 1]
    assert [e.kind for e in events][-1] == "game_end"


def test_dealer_moves_left_each_round() -> None:
    """Round r's dealer is seat (r - 2) mod n; the deal and the play start left of him."""
    state = E.new_game(3, seed=11, variant=Variant(rounds=3))
    seen: list[tuple[int, int, int | None]] = []
    while E.to_act(state) is not None:
        if not seen or seen[-1][0] != state.round:
            pack = round_pack(3, 11, state.round) if state.round > 1 else None
            if pack is not None:
                assert list(state.hands[(state.dealer + 1) % 3]) == pack[:4]
                assert list(state.pile) == pack[12:16]
            seen.append((state.round, state.dealer, E.to_act(state)))
        state = trail_first(state).state
    assert seen == [(1, 2, 0), (2, 0, 1), (3, 1, 2)]


def test_game_totals_add_up_over_the_rounds() -> None:
    """Totals are the cards won summed over the rounds; the most cards wins the game."""
    rng = random.Random(3)
    state = E.new_game(4, seed=21, variant=Variant(rounds=3))
    per_round = []
    last_events: tuple[Event, ...] = ()
    while E.to_act(state) is not None:
        options = E.legal_actions(state)
        caps = [a for a in options if a.word == "capture"]
        action = max(caps, key=lambda a: len(a.args)) if caps else rng.choice(options)
        t = E.apply(state, action)
        per_round += [e.data["won"] for e in t.events if e.kind == "round_end"]
        state, last_events = t.state, t.events
    assert len(per_round) == 3
    expected = [sum(r[s] for r in per_round) for s in range(4)]
    assert E.totals(state) == expected
    assert E.winners(state) == [s for s in range(4) if expected[s] == max(expected)]
    game_end = last_events[-1]
    assert game_end.kind == "game_end" and game_end.data["totals"] == expected
    assert E.legal_actions(state) == []
    with pytest.raises(GameOver):
        E.parse_action(state, "trail 9C")
    assert E.public_view(state)["phase"] == "over"


def test_game_tie_is_shared() -> None:
    """Equal totals after the last round: both seats win."""
    state = E.new_game(2, seed=4, variant=Variant(rounds=1))
    state = at_table(state, ["9D", "9S"], "", [6, 6])
    state = trail_first(trail_first(state).state).state
    assert E.winners(state) == [0, 1]
    assert E.round_wins(state) == [1, 1]


# ---------------------------------------------------------------------- views


def test_views_show_only_the_viewers_hand() -> None:
    """public_view has no hand; player_view adds that seat's own hand and seat."""
    state = E.new_game(2, seed=1, deck=cards("5D 9D QS AH  8D 8S 8H 8C  3S 2C KH 5H"))
    pub = E.public_view(state)
    assert pub["hand"] is None and pub["seat"] is None
    assert pub["pile"] == ["3S", "2C", "KH", "5H"]
    assert pub["deck"] == 40
    assert pub["seats"][1] == {"hand_count": 4, "won": 0, "round_wins": 0}
    assert (pub["target"], pub["target_kind"], pub["phase"]) == (3, "rounds", "play")
    mine = E.player_view(state, 1)
    assert mine["hand"] == ["8S", "8H", "8D", "8C"] and mine["seat"] == 1
    assert {k: v for k, v in mine.items() if k not in ("hand", "seat")} == {
        k: v for k, v in pub.items() if k not in ("hand", "seat")
    }


def test_determinize_keeps_what_the_seat_sees() -> None:
    """determinize reshuffles the unseen cards only: the seat's view is unchanged."""
    state = E.new_game(5, seed=2)
    for _ in range(7):
        state = trail_first(state).state
    rng = random.Random(1)
    for seat in range(5):
        guess = E.determinize(state, seat, rng)
        assert E.player_view(guess, seat) == E.player_view(state, seat)
        assert guess.hands[seat] == state.hands[seat]
        assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
        unseen = [c for s in range(5) if s != seat for c in state.hands[s]] + list(state.deck)
        guessed = [c for s in range(5) if s != seat for c in guess.hands[s]] + list(guess.deck)
        assert Counter(unseen) == Counter(guessed)
        assert guessed != unseen


def test_legal_actions_stay_bounded_on_a_huge_pile() -> None:
    """27 number cards: at most 1,000 options, the whole-pile capture among them, all legal."""
    state = E.new_game(12, seed=1)
    pile = [c for c in standard_decks(3) if c.number is not None and c.number < 10]
    pile = [c for c in pile if c.suit.value in "SHD"][:27]
    hands = list(state.hands)
    hands[0] = tuple(cards("10S 9S 8S 7S"))
    state = replace(state, hands=tuple(hands), pile=tuple(pile))
    listed = E.legal_actions(state)
    assert 900 < len(listed) <= 1000
    whole = Action(
        "capture", (card("9S"), *sorted(pile, key=lambda c: (c.order, "SHDC".index(c.suit))))
    )
    assert whole in listed  # 9s alone, 8+1, 7+2, 6+3, 5+4: all 27 cards
    for action in listed:
        assert E.parse_action(state, str(action)) == action


def test_the_deals_plays_are_recorded_and_forgotten_at_the_next_deal() -> None:
    """Every play of the current deal is kept, public: who, which card, what it took and
    the pile before it; a new deal starts the record afresh, and so does a new round."""
    state = E.new_game(2, seed=1, deck=cards("5D 9C QS AH  8D 8S 8H 8C  3S 2C KH 5H"),
                       variant=Variant(rounds=2))
    assert state.plays == ()
    state = E.apply(state, E.parse_action(state, "capture 5D 5H 3S 2C")).state
    state = E.apply(state, E.parse_action(state, "trail 8D")).state
    first, second = state.plays
    assert (first.seat, first.card, first.taken) == (0, card("5D"), tuple(cards("2C 3S 5H")))
    assert first.pile == tuple(cards("3S 2C KH 5H"))
    assert (second.seat, second.card, second.taken, second.pile) == \
        (1, card("8D"), (), tuple(cards("KH")))
    for _ in range(6):  # the deal's other six cards: then four more each
        state = trail_first(state).state
    assert state.plays == () and all(len(h) == 4 for h in state.hands)
    state = trail_first(state).state
    assert len(state.plays) == 1
    while state.round == 1:
        state = trail_first(state).state
    assert state.plays == ()
