"""Rules audit of Soi: the rules of RULES.md section 4 not pinned elsewhere (random first
player every round, asking on after a hit, public asks under memory, stacked-deck errors)."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import cards, standard_deck
from bot.games.protocol import Event, InvalidVariant
from bot.games.soi import ENGINE, RankNotHeld, SoiState, Variant
from tests.games.test_audit_soureh_games import accepts, outcome
from tests.games.test_soi import FOUR, SIX, seed_first, stack


def play(state: SoiState, *texts: str) -> SoiState:
    """Apply action texts in turn; return the last state."""
    for text in texts:
        state = ENGINE.apply(state, ENGINE.parse_action(state, text)).state
    return state


def test_first_player_drawn_again_each_round() -> None:
    """Round 2's first player is drawn at random, not simply left of the new dealer."""
    firsts = set()
    for seed in range(200):
        state = ENGINE.new_game(4, seed, Variant(target=31), deck=stack(4, FOUR))
        if state.first != 3:
            continue
        state = play(state, "ask 0 5S", "ask 1 5H", "ask 2 5D")
        assert (state.round, state.dealer) == (2, 0)
        assert state.turn == ENGINE.public_view(state)["first"] == state.first
        firsts.add(state.first)
    assert firsts == {0, 1, 2, 3}


def test_asker_goes_on_after_emptying_the_asked_player() -> None:
    """A hit that takes the asked player's last card keeps the asker's turn; the empty
    player is out and may no longer be asked."""
    state = ENGINE.new_game(6, seed_first(6, 4), deck=stack(6, SIX))
    state = play(state, "ask 5 KC", "ask 5 2C", "ask 5 3C")
    assert state.turn == 4 and state.hand(5) == [cards("3D")[0]]
    state = play(state, "ask 5 3D")
    assert ENGINE.public_view(state)["out"][5] is True
    assert all(a.args[0] != 5 for a in ENGINE.legal_actions(state))


def test_every_ask_is_a_public_event_under_memory() -> None:
    """Under memory the view keeps 3 asks, yet every ask and answer is a public event."""
    state = ENGINE.new_game(6, seed_first(6, 4), Variant(memory=True), deck=stack(6, SIX))
    events: list[Event] = []
    for text in ("ask 5 KC", "ask 5 2C", "ask 0 3C", "ask 5 2S"):
        if ENGINE.to_act(state) is None:
            break
        try:
            action = ENGINE.parse_action(state, text)
        except RankNotHeld:
            continue
        t = ENGINE.apply(state, action)
        state = t.state
        events.extend(e for e in t.events if e.kind == "ask")
    assert len(events) >= 3 and all(e.public for e in events)
    assert [e.data for e in events][-3:] == ENGINE.public_view(state)["asks"]


def test_miss_records_the_card_absent_for_both() -> None:
    """A miss: the asked player's turn; his hand and the asker's are unchanged."""
    state = ENGINE.new_game(6, seed_first(6, 4), deck=stack(6, SIX))
    after = play(state, "ask 1 KC")
    assert after.turn == 1
    assert after.hands == state.hands
    assert ENGINE.public_view(after)["asks"] == [
        {"asker": 4, "asked": 1, "card": "KC", "hit": False}
    ]


def test_stacked_deck_errors_are_game_errors() -> None:
    """A stacked deck holding a card twice is refused with InvalidVariant (a GameError)."""
    with pytest.raises(InvalidVariant, match="only once"):
        ENGINE.new_game(4, 2, deck=cards("AS AS"))


def test_player_count_must_be_a_whole_number() -> None:
    """Player counts that are not whole numbers 3–6 raise InvalidVariant."""
    for players in (2, 7, True, "4"):
        with pytest.raises(InvalidVariant):
            ENGINE.new_game(players, 1)  # type: ignore[arg-type]


def test_three_player_round_robin_deal() -> None:
    """Three players: 18, 17, 17 cards, card i to seat i mod 3 in round 1."""
    deck = standard_deck()
    state = ENGINE.new_game(3, 8, deck=deck)
    counts = [c["hand_count"] + 4 * len(c["quads"]) for c in ENGINE.public_view(state)["seats"]]
    assert counts == [18, 17, 17]
    assert all(set(state.hand(s)) <= set(deck[s::3]) for s in range(3))


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (6, 3)])
def test_answers_depend_only_on_what_the_actor_sees(players: int, seed: int) -> None:
    """No Soi error message (or legality) depends on a card hidden from the asker: every
    ask text gets the same answer in a determinized state."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, Variant(target=20))
    texts = [f"ask {s} {c}" for s in range(players + 1) for c in standard_deck()]
    step = 0
    while ENGINE.to_act(state) is not None and state.round == 1:
        seat = ENGINE.to_act(state)
        assert seat is not None
        if step % 6 == 0:
            other = ENGINE.determinize(state, seat, random.Random(step))
            for text in texts:
                assert outcome(ENGINE, state, text) == outcome(ENGINE, other, text), text
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state))).state
        step += 1


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (5, 5)])
def test_legal_actions_are_exactly_the_accepted_asks(players: int, seed: int) -> None:
    """legal_actions lists exactly the asks parse_action (and so apply) accepts."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, Variant(target=20))
    texts = [f"ask {s} {c}" for s in range(players) for c in standard_deck()]
    while ENGINE.to_act(state) is not None and state.round == 1:
        legal_now = {str(a) for a in ENGINE.legal_actions(state)}
        assert {t for t in texts if accepts(ENGINE, state, t)} == legal_now
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state))).state
