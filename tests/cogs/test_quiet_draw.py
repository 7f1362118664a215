"""A turn's opening draw is shown with the placement that follows (``Engine.quiet``): a
Soureh turn updates the table message once, not twice; a draw left alone shows after
``QUIET_WAIT``; the declarer's return is never held back (drawing there ends the
declaration, which the table is told, and holding back only a blocked reveal's draw would
tell the table his coops)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.coop.state import Phase
from bot.games.registry import ENGINES
from bot.tables.display import QUIET_WAIT
from tests.helpers.discord import message_of, panel_of, two_at_a_table


def _table_edits(env: Any, start: int, message_id: int) -> int:
    """Edits of the table message among the requests since ``start`` (a channel edit or
    an interaction token's ``@original``, which is the table message here)."""
    return sum(1 for r in env.http_requests[start:] if r.method == "PATCH" and (
        r.path.endswith(f"/messages/{message_id}") or r.path.endswith("/messages/@original")))


async def _open(world: dict[str, Any]) -> tuple[Any, Any, Any, dict[int, Any]]:
    env, channel = world["env"], world["channel"]
    table = await two_at_a_table(world, "soureh")
    people = {m.id: m for m in world["members"][:2]}
    return env, channel, table, {s.user_id: people[s.user_id] for s in table.seats}


async def test_a_turn_is_one_table_update(world: dict[str, Any]) -> None:
    env, channel, table, people = await _open(world)
    for _ in range(4):
        member = people[table.seats[table.to_act()].user_id]
        await env.advance_time(3)
        start, before = len(env.http_requests), message_of(env, table, channel).embeds[0]
        opened = await member.click(message_of(env, table, channel), label="Take turn")
        assert table.state.phase is Phase.PLACE  # Take turn drew at once
        await env.advance_time(3)  # thinking
        assert _table_edits(env, start, table.record.message_id) == 0
        assert message_of(env, table, channel).embeds[0] == before, "the draw waits"
        await member.click(panel_of(opened), label="Discard")
        await env.advance_time(2)
        assert _table_edits(env, start, table.record.message_id) == 1


async def test_a_draw_left_alone_shows_after_the_wait(world: dict[str, Any]) -> None:
    env, channel, table, people = await _open(world)
    member = people[table.seats[table.to_act()].user_id]
    await env.advance_time(3)
    start = len(env.http_requests)
    await member.click(message_of(env, table, channel), label="Take turn")
    await env.advance_time(QUIET_WAIT - 2)
    assert _table_edits(env, start, table.record.message_id) == 0
    await env.advance_time(3)
    assert _table_edits(env, start, table.record.message_id) == 1


@pytest.mark.slow
def test_quiet_is_decided_from_public_facts_only() -> None:
    """Over random Soureh and Pariah games: only a draw in phase ``draw`` is quiet; a draw
    in phase ``reveal`` (the declarer's return, whatever his coops) never is; Turup and Soi
    moves never are."""
    rng = random.Random(5)
    seen = {"draw": 0, "reveal-phase draw": 0}
    for name in ("soureh", "pariah", "turup", "soi"):
        engine = ENGINES[name]
        for game in range(30):
            players = 2 if name == "pariah" else 3
            if name == "soureh":  # declaring to reveal later: the declarer's return
                state = engine.new_game(players, game, engine.Variant(declare="reveal"))
            else:
                state = engine.new_game(players, game)
            for _ in range(400):
                if engine.to_act(state) is None:
                    break
                for action in engine.legal_actions(state):
                    quiet = engine.quiet(state, action)
                    if name in ("turup", "soi"):
                        assert not quiet
                        continue
                    assert quiet == (state.phase is Phase.DRAW and action.word == "draw")
                    if action.word == "draw":
                        key = "draw" if state.phase is Phase.DRAW else "reveal-phase draw"
                        seen[key] += 1
                legal = engine.legal_actions(state)
                calls = [a for a in legal if a.call]  # declare whenever it may
                state = engine.apply(state, rng.choice(calls or legal)).state
    assert seen["draw"] and seen["reveal-phase draw"], seen
