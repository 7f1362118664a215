"""Arabic at phone width: a Soureh table message and a turn panel as an Arabic member of an
Arabic server sees them, in SimCord's preview (Debian's Chromium, dark theme, 400 px).
``python -m bench.screenshots --langs ar`` keeps every game's Arabic pictures in
docs/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.i18n import _, use_locale
from tests.helpers.discord import flush, message_of, panel_of, service, table_in
from tests.helpers.preview import browser, browser_available, shoot
from tests.i18n.flows import button

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not browser_available(), reason="no Chromium or Playwright")]

def arabic_letters(text: str) -> int:
    return sum(1 for c in text if "\u0600" <= c <= "\u06ff")


async def test_arabic_table_and_panel_at_phone_width(
    world: dict[str, Any], locales: Any, tmp_path: Path
) -> None:
    """The table message and the panel of the player to act read in Arabic (English button
    labels and headings gone), and shoot whole at 400 px."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    for member in (ann, bob):
        locales.user(member, "ar")
    locales.guild(world["guild"], "ar")
    service(env).seed_source = lambda: 3

    opened = await ann.slash(channel, "play", game="soureh", timer="off")
    await bob.click(opened.response, custom_id=button(opened.response, "join"))
    await ann.click(opened.response, custom_id=button(opened.response, "start"))
    await flush(env)
    table = table_in(env, channel)
    members = {ann.id: ann, bob.id: bob}

    def acting() -> Any:
        seat = table.to_act()
        assert seat is not None
        user = table.seats[seat].user_id
        assert user is not None
        return members[user]

    # two whole turns, then the next player draws: the panel offers the drawn card's moves
    for _turn in range(2):
        for _step in range(2):
            action = str(table.engine.legal_actions(table.state)[0])
            await acting().slash(channel, "move", action=action)
    player = acting()
    await player.slash(channel, "move", action="draw")
    await flush(env)

    message = message_of(env, table, channel)
    panel = panel_of(await player.click(message, custom_id=button(message, "turn")))
    async with browser() as b:
        table_shot = await shoot(env, channel, player, message,
                                 tmp_path / "ar-table-phone-dark.png", width=400, b=b)
        panel_shot = await shoot(env, channel, player, panel,
                                 tmp_path / "ar-panel-phone-dark.png", width=400, b=b)

    with use_locale("en"):
        english = [_("Take turn"), _("My cards"), _("Discard"), _("Stock {n}", n=1)[:5]]
    for shot in (table_shot, panel_shot):
        assert shot.height > 200
        assert arabic_letters(shot.text) > 40, shot.text
        for text in english:
            assert text not in shot.text, (text, shot.text)
    with use_locale("ar"):
        assert _("Take turn") in table_shot.text and _("My cards") in table_shot.text
