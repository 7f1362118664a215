"""Every step of a turn's private panel at phone width, measured: a game played through
the panels under SimCord, each panel message shot in SimCord's preview (Debian's Chromium)
at 400 px and its height kept by kind of step (issue 37: at most 640 px).

tests/render/test_panel_phone.py checks the first turns of each game against the budget;
``python -m bench.panel_heights`` measures whole games with this code, and
``python -m bench.screenshots`` names its panel pictures by :func:`step_name`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.helpers.preview import shoot
from tests.helpers.taps import (
    Choose,
    Panel,
    coop_policy,
    message_in,
    panel_of,
    soi_ask,
    turup_player,
)

PHONE = 400
BUDGET = 640


@dataclass(frozen=True)
class Spec:
    """One measured game: its players, options, seed and player."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    player: Any


SPECS: tuple[Spec, ...] = (
    Spec("soureh", 4, 2, {"threshold": 20}, lambda: coop_policy),
    Spec("pariah", 2, 10, {"threshold": 60}, lambda: coop_policy),
    Spec("turup", 12, 5, {"rounds": 1}, lambda: turup_player(random.Random(4))),
    Spec("soi", 6, 3, {"target": 20, "memory": "off"}, lambda: _soi_player(random.Random(3))),
)


def _soi_player(rng: random.Random) -> Choose:
    """A Soi player who mostly hits (short games), sometimes asks anyone."""
    def choose(table: Any) -> str:
        if rng.random() < 0.5:
            return soi_ask(table)
        return str(rng.choice(table.engine.legal_actions(table.state)))
    return choose


STEP_NAMES = {"nav": "root", "call": "call", "k1": "king", "sp": "soi-player",
              "ss": "soi-rank", "tc": "turup-card", "tp": "turup-pick"}


def step_name(message: Any, via: str, table: Any, seat: int) -> str:
    """The kind of a panel step: ``root`` (Take turn's panel), the step a component led to
    (``call``, ``king``, ``soi-player``, ``soi-rank``, ``turup-card``, ``turup-pick``),
    ``next`` (a move made, the turn goes on) or ``done`` (the turn is over)."""
    if via in STEP_NAMES:
        return STEP_NAMES[via]
    if via == "turn":
        return "root"
    return "next" if table.running and table.to_act() == seat else "done"


@dataclass
class Heights:
    """The heights of one game's panel steps by kind."""

    by_step: dict[str, list[int]] = field(default_factory=dict)

    def add(self, step: str, height: int) -> bool:
        """Count ``height``; True when it is the tallest of its kind so far."""
        tallest = max(self.by_step.get(step, [0]))
        self.by_step.setdefault(step, []).append(height)
        return height > tallest


class Shooter:
    """Shoots panel messages in one Chromium."""

    def __init__(self, env: Any, b: Any, folder: Path) -> None:
        self.env, self.b, self.folder = env, b, folder
        self.count = 0

    async def height(self, channel: Any, viewer: Any, message: Any, path: Path | None = None,
                     theme: str = "dark") -> int:
        # Playwright is optional: a module that imports this one still loads without it
        from playwright.async_api import TimeoutError as PageTimeout

        self.count += 1
        target = path or self.folder / f"shot-{self.count}.png"
        try:
            shot = await shoot(self.env, channel, viewer, message, target, width=PHONE,
                               theme=theme, b=self.b)
        except PageTimeout:  # a loaded machine: once more
            shot = await shoot(self.env, channel, viewer, message, target, width=PHONE,
                               theme=theme, b=self.b)
        return shot.height


class Measured(Panel):
    """A panel that shoots itself after every click."""

    def __init__(self, table: Any, member: Any, message: Any, record: Any) -> None:
        super().__init__(table, member, message)
        self.record = record

    async def _press(self, custom_id: str) -> None:
        await super()._press(custom_id)
        await self.record(self.message, custom_id.split(":")[3])

    async def _pick(self, value: str, where: str = "") -> None:
        await super()._pick(value, where)
        await self.record(self.message, where.strip(":") or "a")


async def measure_game(env: Any, shooter: Shooter, guild: Any, spec: Spec,
                       max_turns: int | None, suffix: str = "") -> Heights:
    """One whole game of ``spec`` through the panels (in a channel named with ``suffix``),
    every panel step shot and measured."""
    channel = guild.create_text_channel(f"{spec.game}{suffix}")
    members = [guild.add_member(env.create_user(f"p{spec.game[:2]}{i + 1}"))
               for i in range(spec.players)]
    service = env.bot.tables
    service.seed_source = lambda: spec.seed
    opened = await members[0].slash(channel, "play", game=spec.game, timer="off",
                                    **spec.options)
    table = service.in_channel(channel.id)
    for member in members[1:]:
        await member.click(opened.response, custom_id=f"cr:{table.id}:{table.version}:join")
    await members[0].click(opened.response, custom_id=f"cr:{table.id}:{table.version}:start")
    await env.settle()
    assert table.running
    people = {m.id: m for m in members}
    choose = spec.player()
    heights = Heights()
    turn = 0
    while table.running and (max_turns is None or turn < max_turns):
        seat = table.to_act()
        member = people[table.seats[seat].user_id]

        async def record(message: Any, via: str, member: Any = member, seat: int = seat) -> None:
            step = step_name(message, via, table, seat)
            heights.add(step, await shooter.height(channel, member, message))

        message = message_in(channel, table.record.message_id)
        opened = await member.click(message, custom_id=f"cr:{table.id}:{table.version}:turn")
        panel = Measured(table, member, panel_of(opened), record)
        await record(panel.message, "turn")
        while table.running and table.to_act() == seat:
            await panel.play(choose(table))
        turn += 1
    await env.settle()
    return heights
