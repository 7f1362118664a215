"""Rules audit of Turup: the rules of RULES.md section 3 not pinned elsewhere (capture
groups, trails beside captures, 12-player decks and short deals, later rounds' dealing)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.games.cards import Card, cards, standard_decks
from bot.games.protocol import Action, GameError, IllegalAction
from bot.games.turup import ENGINE, TurupState, Variant, captures, deck_count, is_capture
from tests.games.test_audit_soureh_games import outcome


def trail_first(state: TurupState) -> TurupState:
    """Trail the first card of the hand of the seat to act (no capture search)."""
    seat = ENGINE.to_act(state)
    assert seat is not None
    return ENGINE.apply(state, Action("trail", (state.hands[seat][0],))).state


def at_table(hands: list[str], pile: str) -> TurupState:
    """A 2-player state with these hands and pile, an empty deck, seat 0 to play."""
    state = ENGINE.new_game(len(hands), 1, Variant(rounds=1))
    return replace(
        state,
        hands=tuple(tuple(cards(h)) for h in hands),
        pile=tuple(cards(pile)),
        deck=(),
        turn=0,
    )


@pytest.mark.parametrize(
    ("played", "taken", "ok"),
    [
        ("KS", "KH KD", True),  # two matches
        ("KS", "KH QD", False),  # a face card takes only its own rank
        ("QS", "QH", True),
        ("AS", "AH AD", True),  # aces match aces
        ("AS", "AH 2D", False),
        ("6S", "AH 5D 2C 4H", True),  # two additions
        ("6S", "3H 3D 3C", False),  # 3+3 and a lone 3: the 3 is no group
        ("6S", "3H 3D", True),
        ("6S", "2H 3D", False),  # 5, not 6
        ("6S", "6H 3D 3C", True),  # a match and an addition
        ("10S", "JH", False),  # number cards never take face cards
        ("10S", "5H 5D 10C AH 9C", True),
        ("9S", "AH 2H 3H 3D", True),  # a four-card addition
        ("7S", "7H 7D 7C", True),  # three matches
        ("5S", "10H", False),
    ],
)
def test_capture_groups(played: str, taken: str, ok: bool) -> None:
    """A capture splits into matches (same rank) and additions (2+ number cards)."""
    assert is_capture(Card.parse(played), cards(taken)) is ok


def test_trail_offered_beside_every_capture() -> None:
    """A player may always trail, even a card that could capture."""
    state = at_table(["5S KH", "2C 3C"], "5H 2D 3D KD")
    legal = {str(a) for a in ENGINE.legal_actions(state)}
    assert {"trail 5S", "trail KH", "capture KH KD", "capture 5S 2D 3D 5H"} <= legal
    after = ENGINE.apply(state, ENGINE.parse_action(state, "trail 5S")).state
    assert [str(c) for c in after.pile] == ["5H", "2D", "3D", "KD", "5S"]
    assert ENGINE.to_act(after) == 1


def test_ace_is_worth_one_in_additions() -> None:
    """An ace adds 1 in an addition (A+4 makes 5), and a 2 takes two aces."""
    assert ("AH", "4C") in [tuple(map(str, t)) for t in captures(Card.parse("5S"), cards("AH 4C"))]
    assert is_capture(Card.parse("2S"), cards("AH AD"))


def test_illegal_capture_leaves_the_state_alone() -> None:
    """A capture that does not add up is refused and the turn stays with the player."""
    state = at_table(["6S KH", "2C 3C"], "2H 3D KD")
    with pytest.raises(IllegalAction, match="make 5, not 6"):
        ENGINE.parse_action(state, "capture 6S 2H 3D")
    with pytest.raises(IllegalAction, match="face cards are won only by a match"):
        ENGINE.parse_action(state, "capture 6S KD")
    assert ENGINE.to_act(state) == 0


def test_twelve_players_three_decks_short_final_deal() -> None:
    """Twelve players use 156 cards; after two full redeals the last 8 go one each to the
    eight seats left of the dealer."""
    assert deck_count(12) == 3
    state = ENGINE.new_game(12, 3, Variant(rounds=1), standard_decks(3))
    assert len(state.deck) == 156 - 48 - 4
    while len(state.deck) > 8:
        state = trail_first(state)
    while state.deck:
        state = trail_first(state)
    assert [len(h) for h in state.hands] == [1] * 8 + [0] * 4
    order = []
    while ENGINE.to_act(state) is not None:
        order.append(ENGINE.to_act(state))
        state = trail_first(state)
    assert order == list(range(8))
    assert state.last_round is not None and state.last_round.leftover == 156


def test_round_two_deals_and_redeals_from_left_of_new_dealer() -> None:
    """In round 2 seat 0 deals: seat 1 gets the first four cards and plays first, and the
    redeal starts with seat 1 too."""
    state = ENGINE.new_game(3, 9, Variant(rounds=2))
    while state.round == 1:
        state = trail_first(state)
    assert (state.dealer, ENGINE.to_act(state)) == (0, 1)
    deck_before = state.deck
    for _ in range(12):
        state = trail_first(state)
    assert state.hands[1] == deck_before[0:4]
    assert state.hands[2] == deck_before[4:8]
    assert state.hands[0] == deck_before[8:12]
    assert ENGINE.to_act(state) == 1


def test_won_pile_counts_the_played_card_and_totals_add_up() -> None:
    """A capture wins the played card too; totals count cards won over the game."""
    state = at_table(["5S KH", "2C 3C"], "5H 2D 3D KD")
    state = ENGINE.apply(state, ENGINE.parse_action(state, "capture 5S 2D 3D 5H")).state
    assert ENGINE.totals(state) == [4, 0]
    state = ENGINE.apply(state, ENGINE.parse_action(state, "trail 2C")).state
    state = ENGINE.apply(state, ENGINE.parse_action(state, "capture KH KD")).state
    state = ENGINE.apply(state, ENGINE.parse_action(state, "trail 3C")).state
    assert ENGINE.to_act(state) is None
    assert ENGINE.totals(state) == [6, 0]
    assert ENGINE.winners(state) == [0]
    assert state.last_round is not None and state.last_round.leftover == 2


def turup_texts(state: TurupState, rng: random.Random) -> list[str]:
    """Texts to try: trails and captures of hand cards, pile cards and unseen cards."""
    seat = ENGINE.to_act(state)
    assert seat is not None
    mine = list(state.hands[seat])
    unseen = [c for s in range(state.players) if s != seat for c in state.hands[s]]
    unseen += list(state.deck[:8])
    probe = mine + rng.sample(unseen, min(4, len(unseen)))
    pile = list(state.pile)
    texts = [f"trail {c}" for c in probe]
    for c in probe:
        for k in (1, 2):
            if len(pile) >= k:
                texts.append(" ".join(["capture", str(c), *map(str, rng.sample(pile, k))]))
        texts.append(f"capture {c} {rng.choice(probe)}")
    return texts


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (5, 2)])
def test_answers_depend_only_on_what_the_actor_sees(players: int, seed: int) -> None:
    """No Turup error message (or legality) depends on a card hidden from the actor:
    each text gets the same answer in a determinized state."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, Variant(rounds=1))
    step = 0
    while ENGINE.to_act(state) is not None:
        seat = ENGINE.to_act(state)
        assert seat is not None
        if step % 5 == 0:
            other = ENGINE.determinize(state, seat, random.Random(step))
            for text in turup_texts(state, rng):
                assert outcome(ENGINE, state, text) == outcome(ENGINE, other, text), text
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state))).state
        step += 1


def test_legal_actions_are_exactly_the_accepted_moves() -> None:
    """On piles of up to 8 cards, legal_actions lists exactly the captures and trails that
    parse_action accepts (every subset of the pile tried with every hand card)."""
    rng = random.Random(8)
    state = ENGINE.new_game(3, 8, Variant(rounds=1))
    checked = 0
    while ENGINE.to_act(state) is not None:
        seat = ENGINE.to_act(state)
        assert seat is not None
        legal_now = ENGINE.legal_actions(state)
        if len(state.pile) <= 8:
            pile = [str(c) for c in state.pile]
            texts = set()
            for c in set(state.hands[seat]):
                texts.add(f"trail {c}")
                for mask in range(1, 1 << len(pile)):
                    taken = [p for i, p in enumerate(pile) if mask >> i & 1]
                    texts.add(" ".join(["capture", str(c), *taken]))
            accepted = {str(ENGINE.parse_action(state, t)) for t in texts if accepts(state, t)}
            assert accepted == {str(a) for a in legal_now}
            checked += 1
        captures_now = [a for a in legal_now if a.word == "capture"]
        pool = captures_now if captures_now and rng.random() < 0.7 else legal_now
        state = ENGINE.apply(state, rng.choice(pool)).state
    assert checked > 20


def accepts(state: TurupState, text: str) -> bool:
    """Does parse_action accept ``text``?"""
    try:
        ENGINE.parse_action(state, text)
    except GameError:
        return False
    return True
