"""The screenshot helper: SimCord's preview of a real table message in Debian's Chromium."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.helpers.discord import component_rows, flush, message_of, panel_of, service, table_in
from tests.helpers.preview import browser, browser_available, shoot

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not browser_available(), reason="no Chromium or Playwright")]


async def test_table_message_is_shot_whole_in_both_themes(
    world: dict[str, Any], tmp_path: Path
) -> None:
    """At phone width, the dark and light shots hold the whole message, image included."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 3
    opened = await ann.slash(channel, "play", game="soureh", timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    message = message_of(env, table_in(env, channel), channel)
    async with browser() as b:
        dark = await shoot(env, channel, ann, message, tmp_path / "d.png", width=400, b=b)
        light = await shoot(
            env, channel, ann, message, tmp_path / "l.png", width=400, theme="light", b=b
        )
    assert dark.height == light.height > 300
    for shot, bright in ((dark, False), (light, True)):
        with Image.open(io.BytesIO(shot.path.read_bytes())) as picture:
            assert picture.height >= shot.height  # the whole message, not a viewport's cut
            corner = picture.convert("L").getpixel((2, picture.height // 2))
            assert isinstance(corner, int)
            assert (corner > 200) is bright, corner


@pytest.mark.parametrize("game", ["turup", "soureh"])
async def test_panel_suits_read_in_both_themes(
    world: dict[str, Any], tmp_path: Path, game: str
) -> None:
    """A panel's cards carry legible suits (red emoji hearts and diamonds, text spades and
    clubs) and shoot whole at 400 px in both themes."""
    from bot.render.card_text import LEGIBLE_SUITS

    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 3
    opened = await ann.slash(channel, "play", game=game, timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    member = ann if table.seats[table.to_act()].user_id == ann.id else bob
    panel = panel_of(await member.click(message_of(env, table, channel), label="Take turn"))
    # the hand is the picture; the cards in words are the moves' (and the draw's note)
    items = [c for row in component_rows(panel) for c in row["components"]]
    text = "\n".join([panel.embeds[0].description or "",
                      *(c.get("label") or "" for c in items),
                      *(o["label"] for c in items for o in c.get("options") or [])])
    assert any(s in text for s in LEGIBLE_SUITS.values())
    assert not any(plain in text.replace(legible, "") for plain, legible in LEGIBLE_SUITS.items())
    async with browser() as b:
        for theme in ("dark", "light"):
            path = tmp_path / f"{game}-{theme}.png"
            shot = await shoot(env, channel, member, panel, path, width=400, theme=theme, b=b)
            # the embed, the buttons and the menu (Turup's panel has no picture since #42)
            assert shot.height > 150
            with Image.open(io.BytesIO(shot.path.read_bytes())) as picture:
                assert picture.height >= shot.height  # whole, not a viewport's cut


async def test_the_deals_private_message_shows_to_its_player_alone(
    world: dict[str, Any], tmp_path: Path
) -> None:
    """A new deal's cards arrive in the table's channel as a message only their player
    sees (a follow-up of their own click): shot whole at phone and desktop width, in both
    themes, with the hand picture; nobody else's channel shows it."""
    from tests.helpers.discord import last_cards, two_at_a_table

    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    await two_at_a_table(world, "soureh")
    mine = last_cards(ann, channel)
    assert mine is not None and mine.flags.ephemeral and mine.channel.id == channel.id
    assert mine.id not in {m.id for m in channel.history(viewer=bob)}
    assert not ann.user.dm_channel.history()
    async with browser() as b:
        shots = [await shoot(env, channel, ann, mine, tmp_path / f"deal-{w}-{t}.png",
                             width=w, theme=t, b=b)
                 for w, t in ((400, "dark"), (400, "light"), (1000, "dark"), (1000, "light"))]
    for shot in shots:
        assert 150 < shot.height < 900, shot.height  # the text and the hand picture
        assert "round 1" in shot.text
