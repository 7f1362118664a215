"""The worked example of docs/architecture.md, "Adding a fifth game": a game package from
outside ``bot/`` (``tests/fifth_game``, High card) registered before the bot loads its cogs
is offered by ``/play``, and a person plays it against a computer player to its end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.games import registry
from storage.stats import StatsRepo
from storage.tables import TableRepo, TableStatus
from tests import fifth_game
from tests.helpers.discord import (
    Audit,
    component_rows,
    flush,
    message_of,
    panel_of,
    service,
    table_in,
)


@pytest.fixture
def high_card() -> Iterator[registry.Game]:
    """High card in the registry for one test (before ``world`` starts the bot)."""
    game = fifth_game.register()
    try:
        yield game
    finally:
        fifth_game.unregister()
    assert "highcard" not in registry.games()


def _offered(env: Any) -> dict[str, str]:
    """The synced ``/play`` command's game choices, title by name."""
    play = next(c for c in env.backend.commands.get(None, {}).values() if c["name"] == "play")
    game = next(o for o in play["options"] if o["name"] == "game")
    return {c["value"]: c["name"] for c in game["choices"]}


async def test_a_fifth_game_is_offered_and_played_to_its_end(
    high_card: registry.Game, world: dict[str, Any]
) -> None:
    """/play offers High card beside the four games; ann opens a table, seats a computer
    player, and plays every turn with the panel's buttons; the end is told, and the table
    is closed as finished and stored with its result."""
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    svc = service(env)
    svc.seed_source = lambda: 5
    audit = Audit(env, dm_channels={ann.user.dm_channel.id})
    assert _offered(env)["highcard"] == "High card"
    assert {"soureh", "pariah", "turup", "soi"} <= set(_offered(env))

    opened = await ann.slash(channel, "play", game="highcard", rounds=2, timer="off")
    assert opened.acknowledged and not opened.ephemeral
    table = table_in(env, channel)
    lobby = opened.response.embeds[0]
    assert table.game == "highcard" and "High card" in (lobby.title or "")
    assert lobby.colour is not None and lobby.colour.value == high_card.colour
    added = await ann.select(opened.response, ["hard"],
                             custom_id=f"cs:{table.id}:{table.version}:addc")
    assert added.acknowledged and table.seats[1].computer_level == "hard"
    assert (await ann.click(opened.response, label="Start (host)")).acknowledged
    await flush(env)
    audit.step([table])

    moves = 0
    while table.running:
        assert table.to_act() == table.seat_of(ann.id)
        opened_panel = await ann.click(message_of(env, table, channel), label="Take turn")
        panel = panel_of(opened_panel)
        assert panel is not None and panel.ephemeral
        buttons = [c for row in component_rows(panel) for c in row["components"]
                   if str(c.get("custom_id", "")).startswith(f"cr:{table.id}:{table.version}:a:")]
        assert len(buttons) == len(table.engine.legal_actions(table.state))
        before = table.version
        played = await ann.click(panel, custom_id=buttons[0]["custom_id"])
        assert played.acknowledged and table.version > before
        await flush(env)
        audit.step([table])
        moves += 1
    assert moves == 6  # three cards a round, two rounds

    assert table.finished and svc.in_channel(channel.id) is None
    embed = message_of(env, table, channel).embeds[0]
    assert "game over" in (embed.title or "") and "High card" in (embed.title or "")
    ended = [m for m in channel.history() if m.embeds
             and "won the game" in (m.embeds[0].description or "")]
    assert ended, "the game-end message is posted"
    stored = await TableRepo(env.bot.db).get(table.id)
    assert stored is not None and stored.game == "highcard"
    assert stored.status is TableStatus.FINISHED and stored.end_reason == "finished"
    history = await StatsRepo(env.bot.db).history(world["guild"].id, "highcard")
    assert history.total == 1 and not history.games[0].rated
