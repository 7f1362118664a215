"""The engines speak through the catalogs (issue 21): events are lazy texts, translated when
shown; refusals and move descriptions in the mover's language; options in the catalogs."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.games.protocol import Event, GameError, InvalidVariant
from bot.games.registry import ENGINES
from bot.games.variants import option_fields
from bot.i18n import L_, Msg, use_locale
from tests.games.fake_language import OPEN, bare_english, catalog_ids, speaking

NAMES = ["①", "②", "③", "④"]  # no letters: any word left in a text is the engine's
SHORT = {
    "soureh": {"threshold": 20},
    "pariah": {"threshold": 50},
    "turup": {"rounds": 1},
    "soi": {"target": 20},
}
PLAYERS = {"soureh": 3, "pariah": 2, "turup": 3, "soi": 3}


def _whole_game(game: str, seed: int) -> tuple[list[Event], list[tuple[Any, Any]]]:
    """Every event of a seeded random game (the first deal's too), and (state, action)
    pairs met on the way."""
    engine = ENGINES[game]
    variant = engine.Variant(**SHORT[game])
    state = engine.new_game(PLAYERS[game], seed, variant)
    rng = random.Random(seed)
    deal = getattr(engine, "deal_events", None)
    events: list[Event] = list(deal(state)) if deal else []
    moves: list[tuple[Any, Any]] = []
    while engine.to_act(state) is not None:
        action = rng.choice(engine.legal_actions(state))
        moves.append((state, action))
        transition = engine.apply(state, action)
        events.extend(transition.events)
        state = transition.state
    return events, moves


@pytest.mark.slow
@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
def test_every_event_of_a_whole_game_goes_through_the_catalogs(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a fake language every event of whole games, public or private, is a catalog
    text: nothing English is left outside the brackets."""
    kinds: set[str] = set()
    for seed in range(3):
        events, _moves = _whole_game(game, seed)
        english = {e.kind: e.render(NAMES) for e in events}
        with speaking(monkeypatch):
            for event in events:
                shown = event.render(NAMES)
                assert OPEN in shown, (event.kind, shown)
                assert not bare_english(shown), (event.kind, shown)
                kinds.add(event.kind)
        assert all(OPEN not in text for text in english.values())  # English is untouched
    assert {"round_end"} <= kinds and ({"game_end", "game_over"} & kinds)


@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
def test_descriptions_and_refusals_speak_the_movers_language(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """describe() of every legal move and the refusal of an unknown move are catalog texts
    in the current language; in English they read as before."""
    engine = ENGINES[game]
    _events, moves = _whole_game(game, 7)
    with speaking(monkeypatch):
        for state, _action in moves[:40]:
            for action in engine.legal_actions(state)[:30]:
                said = engine.describe(state, action)
                assert not bare_english(said), said
                if str(action) != said:  # a bare notation has nothing to translate
                    assert OPEN in said, said
            with pytest.raises(GameError) as refusal:
                engine.parse_action(state, "fly 3")
            assert OPEN in str(refusal.value) and not bare_english(str(refusal.value))
    state, _action = moves[0]
    with pytest.raises(GameError) as english:
        engine.parse_action(state, "fly 3")
    assert OPEN not in str(english.value) and bare_english(str(english.value))


@pytest.mark.parametrize("game", ["soureh", "pariah", "turup", "soi"])
def test_option_descriptions_and_labels_are_in_the_catalogs(game: str) -> None:
    """Each option's description and choice labels are marked texts (the Discord side
    translates command options from the catalogs)."""
    ids = catalog_ids()
    for spec in option_fields(ENGINES[game].Variant):
        assert spec.description in ids, spec.description
        assert all(label in ids for label in spec.labels), spec.labels
        assert len(spec.labels) == len(spec.choices)


def test_a_bad_option_is_refused_in_the_language_current_then(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """InvalidVariant speaks the language current when it is raised; English as before."""
    variant = ENGINES["soureh"].Variant
    with pytest.raises(InvalidVariant) as english:
        variant(threshold=5)
    assert str(english.value) == "Soureh threshold must be between 20 and 1000."
    with speaking(monkeypatch), pytest.raises(InvalidVariant) as refusal:
        variant(threshold=5)
    assert str(refusal.value).startswith(OPEN) and not bare_english(str(refusal.value))


def test_events_are_lazy_and_render_under_the_language_current_when_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An event told by a function builds its Msg once, when first read; the same event
    renders in whichever language is current; a seat without a name is "Seat N"."""
    built: list[int] = []

    def told() -> Msg:
        built.append(1)
        return L_("{player} drew a card.", player="{p2}")

    event = Event("draw", told)
    assert built == []
    assert event.render(["ann", "bob"]) == "Seat 3 drew a card."
    assert event.render(["ann", "bob", "cy"]) == "cy drew a card."
    assert built == [1] and isinstance(event.text, Msg)
    with speaking(monkeypatch):
        assert event.render(["ann", "bob", "cy"]) == "⟦cy drew a card.⟧"
        assert Event("draw", "{p0} drew.").render(["ann"]) == "ann drew."  # plain text kept
    assert event == Event("draw", L_("{player} drew a card.", player="{p2}"))
    assert built == [1]


def test_a_game_replays_to_the_same_english_in_any_language() -> None:
    """The language never changes play: the same seed and moves give the same states."""
    engine = ENGINES["turup"]
    with use_locale("ar"):
        events_ar, moves_ar = _whole_game("turup", 3)
    events_en, moves_en = _whole_game("turup", 3)
    assert [str(a) for _s, a in moves_ar] == [str(a) for _s, a in moves_en]
    assert [e.render(NAMES) for e in events_ar] == [e.render(NAMES) for e in events_en]
    assert dataclasses.is_dataclass(engine.Variant)
