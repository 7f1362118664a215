"""The worked example of docs/architecture.md, "Adding a fifth game": a game package from
outside ``bot/`` (``tests/fifth_game``, High card) registered before the bot loads its cogs
is offered by ``/play``, and a person plays it against a computer player to its end."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.games import registry
from bot.games.ai import choose
from bot.games.cards import Card
from bot.games.protocol import Engine, replay
from storage.stats import StatsRepo
from storage.tables import TableRepo, TableStatus
from tests import fifth_game
from tests.fifth_game.engine import rank
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


def test_the_fifth_engine_keeps_the_contract(high_card: registry.Game) -> None:
    """High card follows the engine contract: the public view holds no card in a hand, a
    replay of the action texts gives the same game, and the computer players of every
    level play it to its end, the higher card taking each trick."""
    engine = high_card.engine
    assert isinstance(engine, Engine) and registry.game("highcard") is high_card
    state = engine.new_game(2, 9)
    played, rng = [], random.Random(2)
    while (seat := engine.to_act(state)) is not None:
        hidden = {c for s in (0, 1) for c in engine.hidden_cards(state, s)}
        public = json.dumps(engine.public_view(state))
        assert not any(re.search(rf"\b{code}\b", public) for code in hidden)
        assert set(engine.player_view(state, seat)["hand"]) == set(engine.hidden_cards(state, seat))
        action = choose(engine, state, seat, ("easy", "normal", "hard")[len(played) % 3], rng)
        trick = engine.public_view(state)["trick"]
        after = engine.apply(state, engine.parse_action(state, str(action))).state
        if trick:  # the trick is complete: the higher card took it
            lead, answer = Card.parse(trick[0]), action.args[0]
            assert isinstance(answer, Card)
            if rank(lead) != rank(answer):
                taker = seat if rank(answer) > rank(lead) else 1 - seat
                assert sum(after.totals) + sum(after.won) == sum(state.totals) + sum(state.won) + 1
                assert after.over or after.leader == taker
        played.append(str(action))
        state = after
    assert len(played) == 12 and engine.winners(state)  # 3 cards each, 2 rounds
    assert replay(engine, 2, 9, played) == state


DOCS = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def test_the_docs_show_the_tested_code() -> None:
    """Every code excerpt of docs/architecture.md's "Adding a fifth game" is the code of
    the file it names (``# …`` marks a cut), so the docs' example is this test's game."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## Adding a fifth game", 1)[1].split("\n## ", 1)[0]
    excerpts = re.findall(r"`(tests/[\w/]+\.py)`:\n\n *```python\n(.*?)\n *```", section, re.S)
    assert len(excerpts) >= 5
    root = DOCS.parents[1]
    for path, code in excerpts:
        source = [line.strip() for line in (root / path).read_text(encoding="utf-8").splitlines()]
        for line in code.splitlines():
            if line.strip() and line.strip() != "# …":
                assert line.strip() in source, f"{path}: {line.strip()!r}"
