"""``/display`` (``cogs.display``) through SimCord and the real bot: with no option it
shows the player's choices, with options it stores those given (keeping the others),
and the pictures follow the change at once."""

from __future__ import annotations

from typing import Any

from storage.user_display import UserDisplay, UserDisplayRepo

WORDS = "Your cards are shown in words"
PICTURES = "Your cards are shown in pictures"
FOUR = "Your pictures use four colours"
TWO = "Your pictures use two colours"


async def test_no_option_shows_the_defaults_and_stores_nothing(world: dict[str, Any]) -> None:
    env, ann, channel = world["env"], world["members"][0], world["channel"]
    shown = await ann.slash(channel, "display")
    assert shown.ephemeral
    text = shown.response.content
    assert PICTURES in text and TWO in text and WORDS not in text and FOUR not in text
    assert "/display text:" in text
    rows = await env.bot.db.fetchall("SELECT * FROM user_display", ())
    assert rows == []


async def test_each_option_changes_only_itself(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    repo = UserDisplayRepo(env.bot.db)
    first = await ann.slash(channel, "display", text=True)
    assert WORDS in first.response.content and TWO in first.response.content
    assert await repo.get(ann.id) == UserDisplay(ann.id, text_mode=True, four_colour=False)
    second = await ann.slash(channel, "display", four_colour=True)
    assert WORDS in second.response.content and FOUR in second.response.content
    assert await repo.get(ann.id) == UserDisplay(ann.id, text_mode=True, four_colour=True)
    third = await ann.slash(channel, "display", text=False)
    assert PICTURES in third.response.content and FOUR in third.response.content
    assert await repo.get(ann.id) == UserDisplay(ann.id, text_mode=False, four_colour=True)
    shown = await ann.slash(channel, "display")
    assert shown.response.content == third.response.content
    assert await repo.get(bob.id) == UserDisplay(bob.id)  # only Ann's


async def test_the_pictures_follow_a_change_at_once(world: dict[str, Any]) -> None:
    env, ann, channel = world["env"], world["members"][0], world["channel"]
    images = env.bot.app.images
    assert not await images.reads_text(ann.id)  # read once, and kept a while
    await ann.slash(channel, "display", text=True, four_colour=True)
    assert await images.reads_text(ann.id)
    choice = await images.display(ann.id)
    assert choice is not None and choice.four_colour
