"""/move takes the action words in the reader's language as well as the notation."""

from __future__ import annotations

from typing import Any

from bot.i18n import _, use_locale
from tests.helpers.discord import flush, service, table_in
from tests.i18n.flows import button


async def test_an_arabic_player_types_the_arabic_word_for_draw(
    world: dict[str, Any], locales: Any
) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    for member in (ann, bob):
        locales.user(member, "ar")
    service(env).seed_source = lambda: 5
    opened = await ann.slash(channel, "play", game="soureh", timer="off")
    table = table_in(env, channel)
    await bob.click(opened.response, custom_id=button(opened.response, "join"))
    await ann.click(opened.response, custom_id=button(opened.response, "start"))
    await flush(env)
    to_act = table.to_act()
    assert to_act is not None
    player = {s.user_id: m for s in table.seats for m in (ann, bob) if m.id == s.user_id}[
        table.seats[to_act].user_id]
    with use_locale("ar"):
        word = _("draw")
    assert word != "draw"  # the Arabic catalog names it
    offered = await player.autocomplete(channel, "move", "action", word)
    assert [c["value"] for c in offered] == ["draw"]  # typed in Arabic, sent as notation
    assert offered[0]["name"].startswith(word)  # and shown in Arabic
    before = table.version
    await player.slash(channel, "move", action=word)
    assert table.version == before + 1
    assert table.state is not None and table.engine.to_act(table.state) == to_act  # to place
    wrong = await player.slash(channel, "move", action=f"{word} {word}")  # nonsense: refused
    assert wrong.ephemeral and table.version == before + 1
