"""The turn ping carries Take turn (issue 37): from the notification a draw-only turn is two
taps (the ping's button draws and opens the panel, one placement), the table keeps one live
ping, and the table message's token stays the one that updates it."""

from __future__ import annotations

from typing import Any

from tests.helpers.discord import component_rows, flush, message_of, panel_of, two_at_a_table


def _pings(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "your turn at" in (m.content or "")]


def _buttons(message: Any) -> list[dict[str, Any]]:
    return [c for row in component_rows(message) for c in row["components"] if c["type"] == 2]


async def test_a_draw_only_turn_from_the_ping_is_two_taps(world: dict[str, Any]) -> None:
    """Bob's ping has Take turn; pressing it draws his card and opens his panel privately
    (one tap), Discard plays his turn (two); one live ping, the table's token unchanged."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    members = {ann.id: ann, bob.id: bob}
    table = await two_at_a_table(world, "soureh", seed=4)
    for _ in range(3):  # a few whole turns, each from the person's own ping
        seat = table.to_act()
        assert seat is not None
        person = members[table.seats[seat].user_id]
        (ping,) = _pings(channel)
        assert ping.content.startswith(f"<@{person.id}>")
        (take,) = _buttons(ping)
        assert take["label"] == "Take turn" and take["custom_id"].endswith(":turn")
        kept = env.bot.app.tokens.fresh(table.id, table.record.message_id)
        before = table.version
        opened = await person.click(ping, custom_id=take["custom_id"])  # tap 1
        panel = panel_of(opened)  # answered first, the panel follows privately
        assert opened.acknowledged and panel.ephemeral
        assert table.version == before + 1 and table.to_act() == seat, "Take turn drew"
        discard = next(b for b in _buttons(panel) if b["label"] == "Discard")
        played = await person.click(panel, custom_id=discard["custom_id"])  # tap 2
        assert played.acknowledged
        await flush(env)
        assert table.to_act() != seat, "two taps played the turn"
        assert len(_pings(channel)) <= 1
        # the ping's click never took the table message's token
        assert env.bot.app.tokens.fresh(table.id, table.record.message_id) is kept
        labels = [b.get("label") for b in _buttons(panel)]
        assert labels == ["My cards", "Back to the table"], labels
    assert message_of(env, table, channel) is not None
