"""Random play to the end, on every registered game: the engine contract holds at every
step of random legal games of every table size (and, in the slow tier, every option)."""

from __future__ import annotations

import json
from typing import Any

from bot.games import registry
from bot.games.protocol import replay
from tests.conformance.play import deals, walk


def _seen(engine: Any, state: Any, seats: range) -> str:
    views = [engine.public_view(state), *(engine.player_view(state, s) for s in seats)]
    return json.dumps(views, sort_keys=True, default=str)


def test_random_games_end_and_keep_the_contract(game: registry.Game, seeds: range) -> None:
    """Each random game ends; on the way the seat to act is a seat and has distinct legal
    moves, each move's notation reads back to it and is described, a move leaves the state
    it is played from unchanged (checked every few moves); at the end nothing is legal,
    every seat has a total and somebody won; the log replays to the same game."""
    engine = game.engine
    played = 0
    for deal in deals(engine, seeds):
        log: list[str] = []
        for step, (state, action) in enumerate(walk(engine, deal)):
            if action is None:
                break
            seat = engine.to_act(state)
            assert seat is not None and 0 <= seat < deal.players
            legal = engine.legal_actions(state)
            assert legal and len({str(a) for a in legal}) == len(legal), legal
            assert engine.parse_action(state, str(action)) == action
            assert engine.describe(state, action)
            if step % 7 == 0:
                before = _seen(engine, state, range(seat, seat + 1))
                engine.apply(state, action)
                assert _seen(engine, state, range(seat, seat + 1)) == before, action
            log.append(str(action))
        assert engine.legal_actions(state) == []
        assert len(engine.totals(state)) == deal.players
        winners = engine.winners(state)
        assert winners and set(winners) <= set(range(deal.players)), winners
        again = replay(engine, deal.players, deal.seed, log, deal.variant)
        seats = range(deal.players)
        assert _seen(engine, again, seats) == _seen(engine, state, seats)
        played += 1
    assert played >= len(seeds) * len({engine.min_players, engine.max_players})
