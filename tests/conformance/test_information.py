"""The information rule on every registered game: what the table sees holds no hidden
card, a seat's cheap accessors agree with its view, and the game's determinizer (the redeal
its hard player and hints search over) depends only on what the seat sees."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.games import registry
from tests.conformance.play import deals, sampled, table_sees, walk

Redeal = Callable[[Any, int, random.Random], Any]


def redealer(game: registry.Game) -> Redeal:
    """The game's determinizer: its engine's ``determinize`` (the uniform redeal, which a
    searching hard player may weigh by public plays), else its searching hard player's
    (``search_spec``)."""
    if hasattr(game.engine, "determinize"):
        return game.engine.determinize
    if hasattr(game.players, "search_spec"):
        return game.players.search_spec(game.engine).determinize
    pytest.fail(f"{game.name} has no determinizer: its hard player and hints need one")


def state_key(state: Any) -> Any:
    """A comparable form of a whole state (a slotted state without ``==`` by its fields)."""
    slots = getattr(type(state), "__slots__", None)
    if slots and not hasattr(state, "__dataclass_fields__"):
        return tuple(getattr(state, name) for name in slots)
    return state


def _from_view(view: dict[str, Any], seat: int) -> list[str]:
    """A seat's hidden cards read off its player view (hand, own face-down cards, drawn)."""
    cards: list[str] = []
    hand = view.get("hand")
    if isinstance(hand, list):
        cards.extend(str(c) for c in hand if c)
    seats = view.get("seats")
    if isinstance(seats, list) and seat < len(seats) and isinstance(seats[seat], dict):
        down = seats[seat].get("down")
        if isinstance(down, list):
            cards.extend(str(c) for c in down if c)
    if view.get("drawn"):
        cards.append(str(view["drawn"]))
    return cards


def test_cheap_accessors_match_the_views(game: registry.Game, seeds: range) -> None:
    """``hidden_cards``, ``drawn_card``, ``round_number`` and the game's end agree with the
    views at every step of random games, for every seat; a game whose views hold a drawn
    card reaches one."""
    engine = game.engine
    drawn_in_views = drew = False
    for deal in deals(engine, seeds):
        for state, _action in walk(engine, deal):
            public = engine.public_view(state)
            assert engine.round_number(state) == int(public.get("round", 1))
            assert (engine.to_act(state) is None) == bool(public.get("over"))
            for seat in range(deal.players):
                view = engine.player_view(state, seat)
                assert engine.hidden_cards(state, seat) == _from_view(view, seat)
                drawn = view.get("drawn")
                assert engine.drawn_card(state, seat) == (str(drawn) if drawn else None)
                drawn_in_views = drawn_in_views or "drawn" in view
                drew = drew or drawn is not None
    assert drew or not drawn_in_views, "the walk never reached a held drawn card"


def test_the_table_sees_nothing_a_redeal_changes(game: registry.Game, seeds: range) -> None:
    """A redeal for the seat to act deals anew every card hidden from it: the table (the
    public view, the seat to act) and the seat itself see exactly what they saw. So no
    card hidden from a seat is in the public view, and none of the other seats' in its
    own; the redeals did change hidden cards."""
    engine, redeal = game.engine, redealer(game)
    changed = 0
    for deal, state in sampled(engine, seeds):
        seat = engine.to_act(state)
        if seat is None:
            continue
        world = redeal(state, seat, random.Random(deal.seed))
        assert table_sees(engine, world) == table_sees(engine, state)
        assert engine.player_view(world, seat) == engine.player_view(state, seat)
        changed += any(engine.hidden_cards(world, s) != engine.hidden_cards(state, s)
                       for s in range(deal.players) if s != seat)
    assert changed > 0, "no redeal changed a hidden card: the check saw nothing"


def test_the_redeal_depends_only_on_what_the_seat_sees(game: registry.Game,
                                                       seeds: range) -> None:
    """Two states the seat to act cannot tell apart (the true one and a redeal of it) give
    the same redeal from the same seed: hints and the hard player's search read nothing
    hidden."""
    engine, redeal = game.engine, redealer(game)
    compared = 0
    for _deal, state in sampled(engine, seeds):
        seat = engine.to_act(state)
        if seat is None:
            continue
        other = redeal(state, seat, random.Random(900 + compared))
        first = redeal(state, seat, random.Random(compared))
        second = redeal(other, seat, random.Random(compared))
        assert state_key(first) == state_key(second)
        compared += 1
    assert compared >= len(seeds)
