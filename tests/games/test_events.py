"""Event visibility: who sees an event, and private events that replace public ones."""

from __future__ import annotations

from bot.games.cards import cards
from bot.games.protocol import Action, Event, public_events, seen_by
from bot.games.registry import ENGINES


def test_seen_by_keeps_what_a_seat_may_see_and_drops_replaced_public_lines() -> None:
    """The drawer sees only his private "drew 6♣"; the others see the public line only."""
    engine = ENGINES["soureh"]
    deck = cards("2S 3S 4S 5S 6H 7H 8H 9H 2C 3C 4C 5C 6D 7D 8D 9D 6C")
    state = engine.new_game(2, 1, None, deck)
    seat = engine.to_act(state)
    events = engine.apply(state, Action("draw")).events
    mine = [e.render(["ann", "bob"]) for e in seen_by(events, seat)]
    theirs = [e.render(["ann", "bob"]) for e in seen_by(events, 1 - seat)]
    assert len(mine) == 1 and "drew a card" not in mine[0] and "drew" in mine[0]
    assert all("drew a card" in t for t in theirs) and len(theirs) == 1
    assert seen_by(events, None) == public_events(events)


def test_an_unrelated_private_event_replaces_nothing() -> None:
    """A private event without ``replaces`` leaves every public event in place."""
    public = Event("draw", "{p0} drew a card.")
    private = Event("kept", "{p0} kept 5♠.", frozenset({0}))
    assert seen_by([public, private], 0) == [public, private]
    assert seen_by([public, private], 1) == [public]
