"""The ``discards`` variant of Soureh and Pariah on stacked decks: a face-down pile shows
only its size; the one seat that saw a discard is told privately."""

from __future__ import annotations

import random

import pytest

import bot.games.coop.ai.player  # noqa: F401  (registers the coop players' public history)
from bot.games.ai.view import observe
from bot.games.cards import Card, cards
from bot.games.coop.ai.determinize import determinize
from bot.games.coop.state import CoopState
from bot.games.protocol import Event, InvalidVariant
from bot.games.registry import ENGINES

SOUREH = ENGINES["soureh"]
PARIAH = ENGINES["pariah"]


def deck(downs: list[str], ups: list[str], stock: str) -> list[Card]:
    """A deck in dealing order: face-down cards seat by seat, face-up cards, then stock."""
    return [c for d in downs for c in cards(d)] + [c for u in ups for c in cards(u)] + cards(stock)


def soureh(discards: str | None = None, stock: str = "7S 8C 4S 4C 10S 10C") -> CoopState:
    """Two seats: seat 0 four valid coops (9S 9C 9D 8S under 5H 5D 4H 4D)."""
    options = {} if discards is None else {"discards": discards}
    cards_ = deck(["9S 9C 9D 8S", "2S 2C 3S 3C"], ["5H 5D 4H 4D", "5H 5D 6H 6D"], stock)
    return SOUREH.new_game(2, 7, SOUREH.Variant(**options), cards_)


def pariah(discards: str | None = None, stock: str = "7H 8H 9H") -> CoopState:
    """Two Pariah seats."""
    options = {} if discards is None else {"discards": discards}
    cards_ = deck(["5S 5C 6S 6C", "5H 5D 3C 3S"], ["2H 2D 3H 3D", "4H 4D 4S 4C"], stock)
    return PARIAH.new_game(2, 3, PARIAH.Variant(**options), cards_)


def play(engine: object, state: CoopState, *texts: str) -> tuple[CoopState, list[Event]]:
    """Apply action texts in turn; return the last state and every event."""
    events: list[Event] = []
    for text in texts:
        t = engine.apply(state, engine.parse_action(state, text))  # type: ignore[attr-defined]
        state = t.state
        events.extend(t.events)
    return state, events


def public_text(events: list[Event]) -> str:
    """Every public event's text and data, together."""
    return " ".join(f"{e.text} {dict(e.data)}" for e in events if e.public)


def test_defaults_soureh_hidden_pariah_open() -> None:
    """Soureh's pile is face down by default, Pariah's face up; views say which."""
    assert str(SOUREH.Variant().discards) == "hidden"
    assert str(PARIAH.Variant().discards) == "open"
    assert SOUREH.public_view(soureh())["discards"] == "hidden"
    assert PARIAH.public_view(pariah())["discards"] == "open"
    with pytest.raises(InvalidVariant, match="Soureh discards must be hidden or open"):
        SOUREH.Variant(discards="sideways")


def test_hidden_discard_of_a_drawn_card_names_no_card() -> None:
    """A discarded drawn card: the table hears a card was discarded; the seat which one."""
    st, events = play(SOUREH, soureh(), "draw", "discard")
    assert "7S" not in public_text(events) and "7♠" not in public_text(events)
    mine = [e for e in events if e.seats == frozenset({0}) and e.data.get("replaces") == "discard"]
    assert mine and mine[0].data["card"] == "7S"
    view = SOUREH.public_view(st)
    assert (view["discard_top"], view["discard_count"]) == (None, 1)
    assert SOUREH.player_view(st, 0)["discard_top"] is None


def test_hidden_keep_names_neither_card() -> None:
    """A keep under a face-down pile tells the table the slot only."""
    _, events = play(SOUREH, soureh(), "draw", "keep 2")
    text = public_text(events)
    assert "9C" not in text and "9♣" not in text and "7♠" not in text
    assert "coop 2" in text
    kept = next(e for e in events if e.kind == "kept")
    assert kept.seats == frozenset({0}) and kept.data["discarded"] == "9C"


def test_give_shows_the_replaced_face_up_card_even_when_hidden() -> None:
    """A give replaces a face-up card, which everyone saw go: it is named."""
    _, events = play(SOUREH, soureh(), "draw", "give 1 2")
    give = next(e for e in events if e.kind == "give")
    assert give.public and (give.data["card"], give.data["discarded"]) == ("7S", "5D")


def test_open_pile_shows_every_discard() -> None:
    """discards=open: the drawn discard and a replaced face-down card are shown."""
    st, events = play(SOUREH, soureh("open"), "draw", "discard", "draw", "keep 1")
    text = public_text(events)
    assert "7♠" in text and "2♠" in text
    assert SOUREH.public_view(st)["discard_top"] == "2S"


def test_pariah_hidden_queen_and_king_hide_the_suit() -> None:
    """Pariah with discards=hidden: a Queen or King names its rank, not its card."""
    st = pariah("hidden", "QS 7H 8H KD 9H")
    st, events = play(PARIAH, st, "draw", "queen")
    assert "Q♠" not in public_text(events) and "a Queen" in public_text(events)
    st, events = play(PARIAH, st, "draw", "discard", "draw", "discard", "draw", "king 1 1 1 2")
    assert "K♦" not in public_text(events) and "a King" in public_text(events)
    assert PARIAH.public_view(st)["discard_top"] is None


def test_pariah_open_pile_names_the_queen() -> None:
    """Pariah's default face-up pile names the discarded Queen."""
    _, events = play(PARIAH, pariah(None, "QS 7H 8H"), "draw", "queen")
    assert "Q♠" in public_text(events)


def test_computer_model_does_not_see_hidden_discards() -> None:
    """The coop players' history holds only the discards their seat saw."""
    st, _ = play(SOUREH, soureh(), "draw", "discard", "draw", "discard")
    seat0 = observe(SOUREH, st, 0).history[0]
    assert seat0 == ["7S"]  # his own discard, not seat 1's 8C
    st, _ = play(SOUREH, soureh("open"), "draw", "discard", "draw", "discard")
    assert observe(SOUREH, st, 0).history[0] == ["7S", "8C"]


def test_determinize_resamples_discards_the_seat_did_not_see() -> None:
    """A determinization keeps the seat's own discards and resamples the others'."""
    st, _ = play(SOUREH, soureh(), "draw", "discard", "draw", "discard", "draw")
    seen = set()
    for seed in range(30):
        rng = random.Random(seed)
        world = determinize("soureh", st, 0, rng)
        pile = world.discard[: world.ndiscard]
        assert pile[0] == Card.parse("7S")
        seen.add(str(pile[1]))
        assert sorted(map(str, world.discard_pile)) != [] and world.ndiscard == 2
    assert len(seen) > 3
