"""Monkey play: members click anything they can see and type anything, in any order.

Seeded random members press every kind of button and select on the table message and on
any panel they were shown (current or long stale), type moves that are legal, illegal,
someone else's or nonsense, and call the table commands. After every step: the
interaction was answered exactly once, no hidden card reached a public payload or one of
our log lines (read at DEBUG), nothing was logged at ERROR level; at the end the table
still plays on to its final standings.
Set ``MONKEY_SEED`` to run other monkeys (a local sweep: ``for s in 1 2 3; do MONKEY_SEED=$s
pytest tests/cogs/test_monkey.py; done``).
"""

from __future__ import annotations

import logging
import os
import random
import re
from typing import Any

import pytest

from bot.games.cards import Card
from bot.tables.model import Table
from tests.helpers.discord import (
    Audit,
    component_rows,
    flush,
    hidden_cards,
    message_of,
    service,
    typed,
)

pytestmark = pytest.mark.slow

GAMES = [
    ("soureh", {"threshold": 60}, 3),
    ("pariah", {"threshold": 150}, 2),
    ("turup", {"rounds": 1}, 3),
    ("soi", {"target": 30}, 3),
]
OUR_LOGGERS = ("bot", "cogs", "storage")
NONSENSE = ["draw", "keep 9", "give 7 1", "ask 7 AS", "capture 5D", "trail", "banana",
            "king 0 1 1 1", "knock", "reveal", "ask 1", ""]


def _controls(message: Any) -> list[dict[str, Any]]:
    """The enabled buttons and selects of a message."""
    out = []
    for row in component_rows(message):
        for c in row.get("components", []):
            if not c.get("disabled") and c.get("custom_id") and c.get("type") in (2, 3):
                out.append(c)
    return out


class Monkey:
    """Random members doing random things at one table."""

    def __init__(self, env: Any, channel: Any, members: list[Any], rng: random.Random,
                 logs: pytest.LogCaptureFixture) -> None:
        self.env, self.channel, self.members, self.rng = env, channel, members, rng
        self.logs = logs
        self.logs_seen = 0
        self.seen: list[tuple[Any, Any]] = []  # (owner or None for public, message)
        self.audit = Audit(env, dm_channels={m.user.dm_channel.id for m in members})
        self.steps = 0
        self.current: Table | None = None

    def table(self) -> Table:
        """The channel's open table, or the last one seen once it has closed."""
        found = service(self.env).in_channel(self.channel.id)
        if found is not None:
            self.current = found
        assert self.current is not None, "no table was ever opened"
        return self.current

    def _remember(self, member: Any, result: Any) -> None:
        response = result.response
        if response is not None and _controls(response):
            self.seen.append((member if response.ephemeral else None, response))
            del self.seen[:-12]

    async def _done(self, member: Any, result: Any) -> None:
        await flush(self.env)
        assert result.acknowledged, "an interaction was left unanswered"
        self.audit.step([self.table()])
        self._scan_logs()
        self._remember(member, result)
        self.steps += 1

    def _scan_logs(self) -> None:
        """Our log lines since the last step name no card hidden now and never shown."""
        table = self.table()
        hidden = {Card.parse(c) for c in hidden_cards(table)}
        hidden -= {c for c in hidden if c.display in self.audit.ever_public}
        records = self.logs.records[self.logs_seen:]
        self.logs_seen = len(self.logs.records)
        for record in records:
            if not record.name.startswith(OUR_LOGGERS):
                continue
            text = record.getMessage() + (record.exc_text or "")
            for card in hidden:
                for shown in (card.display, str(card)):
                    assert re.search(rf"(?<![0-9A-Za-z]){re.escape(shown)}(?![0-9A-Za-z])",
                                     text) is None, f"{shown} in a log line: {text}"

    async def click_something(self) -> None:
        """Press a random enabled control on the table message or a remembered message."""
        table = self.table()
        pool: list[tuple[Any, Any]] = []
        if table.record.message_id is not None:
            pool.append((None, message_of(self.env, table, self.channel)))
        pool.extend(self.seen)
        owner, message = self.rng.choice(pool)
        member = owner if owner is not None else self.rng.choice(self.members)
        controls = _controls(message)
        if not controls:
            return
        control = self.rng.choice(controls)
        if control["type"] == 2:
            result = await member.click(message, custom_id=control["custom_id"])
        else:
            values = [o["value"] for o in control.get("options", [])]
            if not values:
                return
            result = await member.select(message, [self.rng.choice(values)],
                                         custom_id=control["custom_id"])
        await self._done(member, result)

    async def type_something(self) -> None:
        """/move with a legal move (of the seat to act or not) or nonsense."""
        table = self.table()
        member = self.rng.choice(self.members)
        legal = []
        if table.state is not None and table.running:
            legal = [typed(table, a) for a in table.engine.legal_actions(table.state)]
        text = self.rng.choice(legal) if legal and self.rng.random() < 0.6 else self.rng.choice(
            NONSENSE)
        result = await member.slash(self.channel, "move", action=text)
        await self._done(member, result)

    async def command(self) -> None:
        """/hand, /table or /rules by anyone."""
        member = self.rng.choice(self.members)
        name = self.rng.choice(["hand", "table", "rules"])
        options = {"game": self.table().game} if name == "rules" else {}
        result = await member.slash(self.channel, name, **options)
        await self._done(member, result)

    async def move_on(self) -> None:
        """The member to act plays a legal move, so the game goes somewhere."""
        table = self.table()
        seat = table.to_act()
        if seat is None or not table.running:
            return
        user_id = table.seats[seat].user_id
        member = next((m for m in self.members if m.id == user_id), None)
        if member is None or table.seats[seat].is_computer_held:
            return
        legal = [typed(table, a) for a in table.engine.legal_actions(table.state)]
        result = await member.slash(self.channel, "move", action=self.rng.choice(legal))
        await self._done(member, result)

    async def step(self) -> None:
        """One random thing."""
        roll = self.rng.random()
        if roll < 0.5:
            await self.click_something()
        elif roll < 0.75:
            await self.type_something()
        elif roll < 0.85:
            await self.command()
        else:
            await self.move_on()


@pytest.mark.parametrize(("game", "options", "players"), GAMES)
async def test_monkeys_never_break_a_table(
    world: dict[str, Any], caplog: pytest.LogCaptureFixture, game: str,
    options: dict[str, Any], players: int,
) -> None:
    """Random clicks, selects and commands by every member: each one is answered, nothing
    hidden leaks, nothing is logged as an error, and the game still reaches its end."""
    for name in OUR_LOGGERS:
        caplog.set_level(logging.DEBUG, logger=name)
    env, channel = world["env"], world["channel"]
    members = world["members"][:players]
    service(env).seed_source = lambda: 7
    rng = random.Random(f"{game}-{os.environ.get('MONKEY_SEED', 'monkey')}")
    opened = await members[0].slash(channel, "play", game=game, timer="off", **options)
    monkey = Monkey(env, channel, members, rng, caplog)
    await monkey._done(members[0], opened)
    for _ in range(12):  # the lobby: joins, leaves, starts, cancels in any order
        if monkey.table().running:
            break
        await monkey.click_something()
    table = monkey.table()
    if not table.status.is_open:  # cancelled by a monkey: open a fresh one
        opened = await members[0].slash(channel, "play", game=game, timer="off", **options)
        await monkey._done(members[0], opened)
        table = monkey.table()
    if not table.running:
        for member in members[1:]:
            if all(s.user_id != member.id for s in table.seats):
                await member.click(opened.response, label="Join")
        await members[0].click(message_of(env, table, channel), label="Start (host)")
        await flush(env)
    assert table.running
    for _ in range(160):
        if not table.running:
            break
        await monkey.step()
    random_steps = monkey.steps
    for _ in range(3000):  # then plain play to the end: the table is not stuck
        if not table.running:
            break
        await monkey.move_on()
        await flush(env)
    assert not table.running and table.state is not None and table.engine.winners(table.state)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
    assert random_steps > 30
