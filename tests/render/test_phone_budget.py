"""The table message fits a phone: at 400 px wide, mid-game and at the end, every game's
table message is at most 900 px tall in SimCord's preview (Debian's Chromium).
``python -m bench.screenshots --only tables`` keeps such pictures in docs/screenshots/."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.discord import flush, message_of, service, table_in
from tests.helpers.preview import Shot, browser, browser_available, shoot

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not browser_available(), reason="no Chromium or Playwright")]

PHONE_BUDGET = 900
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("soureh", 4, {"threshold": 60}),
    ("pariah", 2, {"threshold": 60}),
    ("turup", 12, {"rounds": 1}),
    ("soi", 6, {"target": 20}),
]


async def _seat_players(world: dict[str, Any], game: str, players: int,
                        options: dict[str, Any]) -> Any:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    members = list(world["members"])
    while len(members) < players:
        members.append(guild.add_member(env.create_user(f"player{len(members) + 1}")))
    service(env).seed_source = lambda: 5
    opened = await members[0].slash(channel, "play", game=game, timer="180", **options)
    assert opened.acknowledged, opened
    for member in members[1:players]:
        await member.click(opened.response, label="Join")
    await members[0].click(opened.response, label="Start (host)")
    await flush(env)
    return table_in(env, channel)


async def _shot(env: Any, channel: Any, viewer: Any, message: Any, path: Path, *,
                width: int = 400, theme: str = "dark", b: Any) -> Shot:
    """``shoot``, tried again once when the page is slow to settle on a loaded machine
    (Playwright's 30 s wait for the network to go idle)."""
    from playwright.async_api import TimeoutError as PageTimeout

    try:
        return await shoot(env, channel, viewer, message, path, width=width, theme=theme, b=b)
    except PageTimeout:
        return await shoot(env, channel, viewer, message, path, width=width, theme=theme, b=b)


async def _play(env: Any, table: Any, moves: int | None, rng: random.Random) -> None:
    svc = service(env)
    done = 0
    while table.running and (moves is None or done < moves):
        seat = table.to_act()
        assert seat is not None
        user = table.seats[seat].user_id
        actions = table.engine.legal_actions(table.state)
        await svc.act(table.id, user, str(rng.choice(actions)))
        done += 1
    await flush(env)


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
async def test_table_message_fits_a_phone(
    world: dict[str, Any], tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    """Mid-game and at the end, the table message is at most 900 px tall at 400 px wide."""
    env, channel = world["env"], world["channel"]
    table = await _seat_players(world, game, players, options)
    viewer = world["members"][0]
    rng = random.Random(4)
    heights = {}
    async with browser() as b:
        for stage, moves in (("mid", 3 * players + 2), ("end", None)):
            await _play(env, table, moves, rng)
            message = message_of(env, table, channel)
            shot = await _shot(env, channel, viewer, message, tmp_path / f"{stage}.png",
                               width=400, b=b)
            heights[stage] = shot.height
            if stage == "mid":  # the deadline as a player reads it, from the bot's clock
                assert "ends in 3 minutes" in shot.text or "ends in 2 minutes" in shot.text, \
                    shot.text
        end = next(m for m in channel.history()
                   if "Rematch" in str(m.components) and m.id != table.record.message_id)
        shot = await _shot(env, channel, viewer, end, tmp_path / "over.png", width=400, b=b)
        heights["game-end message"] = shot.height
    print(game, heights)
    assert all(h <= PHONE_BUDGET for h in heights.values()), heights
