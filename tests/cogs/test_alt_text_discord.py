"""Alt text under SimCord (issue 34): every picture the bot sends (the table message, My
cards, the panel, the DM, the round end, a review page) carries a description naming what
it shows, and no public one names a hidden card."""

from __future__ import annotations

from typing import Any

import pytest

from bot.render.alt.words import card_words
from tests.cogs.test_images_discord import member_of, start_soureh
from tests.helpers.discord import Audit, flush, last_cards, message_of, panel_of

pytestmark = pytest.mark.slow


def alt_of(message: Any) -> str:
    """The description (alt text) of a message's one picture."""
    assert len(message.attachments) == 1, message.attachments
    alt = message.attachments[0].description
    assert alt and len(alt) <= 1024
    return str(alt)


async def test_every_picture_of_a_game_carries_alt_text(world: dict[str, Any]) -> None:
    """The table picture names each face-up card and whose turn it is; My cards, the panel
    and the DM name the player's own cards; nothing public names a hidden one."""
    env, channel = world["env"], world["channel"]
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})
    table = await start_soureh(world)
    for _ in range(4):
        seat = table.to_act()
        assert seat is not None
        member = member_of(world, table, seat)
        view = table.public_view()
        alt = alt_of(message_of(env, table, channel))
        assert alt.startswith("Picture of the table.") and table.names[seat] in alt
        for row in view["seats"]:
            for code in row["up"]:
                assert card_words(code, colour=True) in alt
        my = await member.click(message_of(env, table, channel), label="My cards")
        own = table.player_view(seat)["seats"][seat]["down"]
        mine = alt_of(panel_of(my))
        assert all(card_words(c, colour=True) in mine for c in own)
        opened = await member.click(message_of(env, table, channel), label="Take turn")
        panel = panel_of(opened)
        seen = alt_of(panel)
        assert all(card_words(c, colour=True) in seen for c in own)
        drawn = table.drawn_card(seat)
        assert drawn and card_words(drawn, colour=True) in seen
        await member.click(panel, label="Discard")
        await flush(env)
        audit.step([table])
    described = [a.get("description") for _path, p in audit.public_payloads()
                 for a in p.get("attachments") or []]
    assert described and all(described)  # the audit read every public alt text
    dm = last_cards(member_of(world, table, 0), channel)
    assert dm is not None and "Picture of your cards." in alt_of(dm)


async def test_round_end_picture_carries_alt_text(world: dict[str, Any]) -> None:
    """The round-end picture (its message and Last round) says how the round ended."""
    env, channel = world["env"], world["channel"]
    table = await start_soureh(world)
    for _ in range(400):
        if table.rounds or not table.running:
            break
        seat = table.to_act()
        assert seat is not None
        legal = [str(a) for a in table.engine.legal_actions(table.state)]
        notation = "discard" if "discard" in legal else legal[0]
        await member_of(world, table, seat).slash(channel, "move", action=notation)
        await flush(env)
    assert table.rounds
    shown = await world["members"][3].click(message_of(env, table, channel), label="Round results")
    alt = alt_of(shown.response)
    assert "Picture of the last round's result." in alt and "Round 1 ended" in alt
