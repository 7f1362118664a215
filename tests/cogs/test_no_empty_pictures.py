"""No empty pictures (issue 37): Turup's end sends no picture of an empty hand and no
round-end picture of two score boxes (its text says who took how many cards); a coop round
end keeps its picture (the face-down cards it reveals)."""

from __future__ import annotations

import random
from typing import Any

from tests.helpers.discord import flush, last_cards, service, table_in


async def _play_out(world: dict[str, Any], game: str, options: dict[str, Any]) -> Any:
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    members = {ann.id: ann, bob.id: bob}
    service(env).seed_source = lambda: 6
    opened = await ann.slash(channel, "play", game=game, timer="off", **options)
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    rng = random.Random(1)
    while table.running:
        user = table.seats[table.to_act()].user_id
        action = str(rng.choice(table.engine.legal_actions(table.state)))
        await members[user].slash(channel, "move", action=action)
        await flush(env)
    await flush(env)
    return table


def _pictures(message: Any) -> list[str]:
    return [a.filename for a in message.attachments or []]


async def test_turup_end_has_no_empty_pictures(world: dict[str, Any]) -> None:
    """The game-end message, the finished table and each player's result: text, no
    picture (an empty hand, two score boxes)."""
    channel = world["channel"]
    table = await _play_out(world, "turup", {"rounds": 1})
    end = [m for m in channel.history() if m.embeds and "game over" in (m.embeds[0].title or "")]
    assert end and all(not _pictures(m) and not m.embeds[0].image.url for m in end)
    assert "won" in (end[0].embeds[0].description or "")
    for member in world["members"][:2]:
        result = last_cards(member, channel)
        assert result is not None and "game over" in result.content
        assert not _pictures(result), "no picture of an empty hand"
    assert table.finished


async def test_a_coop_round_end_keeps_its_picture(world: dict[str, Any]) -> None:
    """Pariah's game end still shows the round's picture (the coops it reveals)."""
    channel = world["channel"]
    await _play_out(world, "pariah", {"threshold": 50})
    end = [m for m in channel.history() if m.embeds and "game over" in (m.embeds[0].title or "")]
    assert end and any(_pictures(m) for m in end)
