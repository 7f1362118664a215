"""A turn ping posted through an old interaction token (issue 38, point 5): deleted by the
age of the token that posted it, not its own age, so a token past Discord's 15 minutes is
never used (its 404 taken for "already deleted" left two pings at a table)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.tokens import TOKEN_LIFETIME
from tests.helpers.discord import flush, service, table_in

MINUTE = 60.0


def _pings(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "your turn at" in (m.content or "")]


async def _move(env: Any, table: Any, channel: Any, members: dict[int, Any]) -> None:
    """The person to act plays his first legal move by /move (no table token is made)."""
    user = table.seats[table.to_act()].user_id
    moved = await members[user].slash(channel, "move",
                                      action=str(table.engine.legal_actions(table.state)[0]))
    assert moved.acknowledged
    await flush(env)


@pytest.mark.parametrize("lifetime", [TOKEN_LIFETIME, 20 * MINUTE])
async def test_a_ping_through_a_token_past_15_minutes_is_deleted(
        world: dict[str, Any], lifetime: float) -> None:
    """A ping sent through a 13-minute-old token, its table's turn moving 5 minutes later
    (the token 18 minutes old): the ping is deleted all the same, one live ping stays;
    also when the bot trusts its tokens too long (20 minutes) and Discord refuses one."""
    env, channel = world["env"], world["channel"]
    env.bot.app.tokens.lifetime = lifetime
    ann, bob = world["members"][:2]
    members = {ann.id: ann, bob.id: bob}
    service(env).seed_source = lambda: 5
    opened = await ann.slash(channel, "play", game="turup", timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")  # its token posts the pings
    await flush(env)
    table = table_in(env, channel)
    assert len(_pings(channel)) == 1
    await env.advance_time(13 * MINUTE)
    start = len(env.http_requests)
    await _move(env, table, channel, members)  # pinged through the 13-minute-old token
    pinged = _pings(channel)
    assert len(pinged) == 1
    assert [r for r in env.http_requests[start:] if r.method == "POST"
            and r.path.startswith("/webhooks/") and "your turn at" in str(r.json)]
    await env.advance_time(5 * MINUTE)
    await _move(env, table, channel, members)  # the token is 18 minutes old now
    assert len(_pings(channel)) == 1
    assert pinged[0].id not in {m.id for m in channel.history()}
