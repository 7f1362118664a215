"""Interaction latency through the real bot under SimCord, beside a bare command.

Run ``python -m bench.click`` (``--quick`` for a few clicks). The real ``CardroomBot`` runs
offline under SimCord on a SQLite file in a temporary folder; a ``/bench-bare`` slash
command that only answers with a fixed embed (and ``/bench-bare-button``, whose button only
edits its message to that embed) is added to its command tree for this run only. Two
members play Soureh (timer off); every click on an action button of the ephemeral turn
panel (``Draw``, ``Keep n``, ``Discard``, ...) is timed: routing by custom_id, lock, engine,
SQLite commit (on disk before the answer), the new panel. Latency runs from the moment the
member clicks to the moment the bot's interaction callback request is recorded by SimCord;
the baselines are timed the same way. A third baseline, the *floor*, is a click on a copy of
the very panel just clicked (same embed, same components) whose handler, reached by the same
route, only commits one row to the same SQLite file and answers with a copy of the new panel
built beforehand: what any durable click with this message and this answer costs before a
line of game code runs. Each round times the click and each baseline once, in a random order
(the floor after the click it copies), each after the coalesced edits and DMs have run: what
ran just before a click changes its time by up to a half on this machine, so no kind may
always follow the same work. The service books the move (events, rounds, DMs due) under
the same lock as its commit, before the reply; coalesced table edits and DMs happen later,
in virtual time, outside the measure.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from discord import app_commands

from bench.run import Figure, ms, percentile

BARE_EMBED = discord.Embed(title="Bench", description="A fixed reply.", colour=0x2F7D32)
CALLBACK = re.compile(r"/interactions/\d+/[^/]+/callback$")
TARGET_RATIO = 2.0
BARE_BUTTON = "bench:bare"
FLOOR_PREFIX = "bf"  # a floor copy's custom_ids: the panel's with "cr"/"cs" swapped for "bf"
QUIET = 3.1  # virtual seconds after which no coalesced edit is pending (2 x 1.5 s + margin)
PANEL_LIFE = 15 * 60 + 1  # discord.py gives an ephemeral message's view a 15-minute timeout


@dataclass(frozen=True, slots=True)
class Stamp:
    """When a request was recorded: real (perf_counter) and virtual (SimCord clock) time."""

    real: float
    virtual: float


class TimedRequests(list[Any]):
    """SimCord's request log, stamping each request as it is appended."""

    def __init__(self, env: simcord.Env, existing: list[Any]) -> None:
        super().__init__(existing)
        self.env = env
        self.stamps: list[Stamp | None] = [None] * len(existing)

    def append(self, item: Any) -> None:
        """Record the request and its time."""
        self.stamps.append(Stamp(time.perf_counter(), self.env.backend.clock.elapsed))
        super().append(item)


def timed_log(env: simcord.Env) -> TimedRequests:
    """Swap the env's request log for a stamping one (same entries) and return it."""
    log = TimedRequests(env, env.backend.http_requests)
    env.backend.http_requests = log
    return log


def bare_command() -> app_commands.Command[Any, Any, None]:
    """The baseline: a slash command that only replies with a fixed embed."""

    async def bare(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(embed=BARE_EMBED)

    return app_commands.Command(name="bench-bare", description="Benchmark baseline",
                                callback=bare)


def bare_button_command() -> app_commands.Command[Any, Any, None]:
    """A second baseline: ``/bench-bare-button`` posts an ephemeral message whose button
    only edits it to the fixed embed (a component click doing no work, like a panel's)."""

    def view() -> discord.ui.View:
        button: discord.ui.Button[Any] = discord.ui.Button(label="Bare", custom_id=BARE_BUTTON)

        async def clicked(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.edit_message(embed=BARE_EMBED, view=view())

        button.callback = clicked  # type: ignore[method-assign]
        out = discord.ui.View(timeout=None)
        out.add_item(button)
        return out

    async def post(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(embed=BARE_EMBED, view=view(), ephemeral=True)

    return app_commands.Command(name="bench-bare-button", description="Benchmark baseline",
                                callback=post)


class Floor:
    """The floor baseline: ``/bench-floor`` posts an ephemeral copy of a panel (``prepare``);
    a click on it commits one row and edits the message to the prepared answer."""

    def __init__(self) -> None:
        self.post: tuple[discord.Embed, Any] | None = None
        self.answer: tuple[discord.Embed, Any] | None = None
        self.rows = 0

    def prepare(self, clicked: tuple[dict[str, Any], list[dict[str, Any]]],
                answer: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
        """Copy the clicked panel (custom_ids renamed) and the panel it was answered with."""
        self.post = (discord.Embed.from_dict(clicked[0]), _payload_view(clicked[1], rename=True))
        self.answer = (discord.Embed.from_dict(answer[0]), _payload_view(answer[1]))

    def command(self) -> app_commands.Command[Any, Any, None]:
        """``/bench-floor``: post the prepared copy of the panel, ephemerally."""

        async def post(interaction: discord.Interaction[Any]) -> None:
            assert self.post is not None
            embed, view = self.post
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

        return app_commands.Command(name="bench-floor", description="Benchmark baseline",
                                    callback=post)

    def item(self) -> type[discord.ui.DynamicItem[Any]]:
        """The floor's route: a ``DynamicItem`` over its custom_ids, so that the floor's
        click reaches its handler exactly as a panel click does (``bot.discord.clicks.routes``)."""
        floor = self

        class FloorItem(discord.ui.DynamicItem[discord.ui.Item[Any]],
                        template=rf"{FLOOR_PREFIX}:.*"):
            @classmethod
            async def from_custom_id(cls, interaction: discord.Interaction[Any],
                                     item: discord.ui.Item[Any], match: Any, /) -> FloorItem:
                return cls(item)

            async def callback(self, interaction: discord.Interaction[Any]) -> None:
                await floor.clicked(interaction)

        return FloorItem

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        """One committed row, then the prepared answer: nothing else."""
        self.rows += 1
        seq = self.rows
        await interaction.client.db.execute(
            "INSERT INTO bench_floor (seq, text) VALUES (?, ?)", (seq, "keep 2"))
        assert self.answer is not None
        embed, view = self.answer
        await interaction.response.edit_message(embed=embed, view=view, attachments=[])


def _payload_view(rows: list[dict[str, Any]], *, rename: bool = False) -> Any:
    """A stopped (send-only) view holding these action rows (custom_ids renamed for the
    floor copy)."""
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(rows):
        for item in row.get("components") or []:
            if "custom_id" not in item:  # a link (a finished panel's Back to the table)
                view.add_item(discord.ui.Button(label=item.get("label"), url=item["url"],
                                                row=number))
                continue
            custom_id = str(item["custom_id"])
            if rename:
                custom_id = FLOOR_PREFIX + custom_id[2:]
            if item["type"] == discord.ComponentType.button.value:
                view.add_item(discord.ui.Button(
                    label=item.get("label"), style=discord.ButtonStyle(item["style"]),
                    custom_id=custom_id, row=number))
                continue
            options = [discord.SelectOption(label=o["label"], value=o["value"],
                                            description=o.get("description"))
                       for o in item.get("options") or []]
            view.add_item(discord.ui.Select(
                custom_id=custom_id, options=options, placeholder=item.get("placeholder"),
                max_values=item.get("max_values", 1), row=number))
    view.stop()
    return view


@asynccontextmanager
async def running_bot(
    folder: Path, *, bare: bool = False, floor: Floor | None = None,
    settle_timeout: float = 1.0,
) -> AsyncIterator[simcord.Env]:
    """The real bot under SimCord on a database in ``folder`` (with ``/bench-bare``, and
    the ``floor`` baseline if given). ``settle_timeout`` is SimCord's real-time deadline
    for the bot's work after each operation: short, so a click does not wait out the
    bot's pauses in real time; a driver that only moves the virtual clock can afford more."""
    from bot.app import CardroomBot
    from bot.settings import load_settings
    from tests.helpers.pictures import prepare

    settings = load_settings(
        env_file=None, database_url=f"sqlite:///{folder / 'cardroom.db'}", log_level="WARNING",
        discord_token=None, dev_guild_id=None, heartbeat_file=None,
    )
    prepare()  # the card sprites now: SimCord gives the bot's own start-up 5 real seconds
    bot = CardroomBot(settings)
    bot.shard_count = 1
    if bare:
        bot.tree.add_command(bare_command())
        bot.tree.add_command(bare_button_command())
    if floor is not None:
        bot.tree.add_command(floor.command())
    try:
        async with simcord.run(bot, settle_timeout=settle_timeout) as env:
            if floor is not None:
                bot.add_dynamic_items(floor.item())
                await bot.db.execute("CREATE TABLE IF NOT EXISTS bench_floor"
                                     " (seq INTEGER PRIMARY KEY, text TEXT NOT NULL)")
            with env.time_context():
                yield env
    finally:
        await bot.close()  # SimCord leaves the bot open: close its database connection


def table_message(env: simcord.Env, channel: Any, message_id: int | None) -> Any:
    """The table message as the channel holds it."""
    for message in channel.history():
        if message.id == message_id:
            return message
    raise RuntimeError("The table message is not in the channel.")


def action_buttons(components: list[dict[str, Any]], table_id: int, version: int) -> list[str]:
    """custom_ids of the panel's action buttons for this table version."""
    prefix = f"cr:{table_id}:{version}:a:"
    return [
        item["custom_id"]
        for row in components
        for item in row.get("components") or []
        if item.get("type") == 2 and str(item.get("custom_id", "")).startswith(prefix)
    ]


@dataclass
class Timings:
    """Latencies in seconds, per kind of interaction."""

    action: list[float] = field(default_factory=list)
    panel: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)
    bare_button: list[float] = field(default_factory=list)
    act: list[float] = field(default_factory=list)
    panel_build: list[float] = field(default_factory=list)
    floor: list[float] = field(default_factory=list)


async def timed(log: TimedRequests, call: Any) -> tuple[Any, float]:
    """(result, seconds from the call to the interaction callback request) of ``await call``."""
    start_index = len(log)
    start = time.perf_counter()
    result = await call
    for index in range(start_index, len(log)):
        stamp = log.stamps[index]
        if CALLBACK.search(log[index].path) and stamp is not None:
            return result, stamp.real - start
    raise RuntimeError("The interaction was not answered.")


def shown(message: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(embed payload, action rows) of a message as the channel holds it now."""
    return message.embeds[0].to_dict(), message.components


async def play(env: simcord.Env, clicks: int, seed: int = 1,
               floor: Floor | None = None) -> Timings:
    """Two members play Soureh by panel buttons until ``clicks`` action clicks are timed
    (and, with ``floor``, a click on a copy of each clicked panel after it)."""
    from bot.render.panels import panel as build_panel

    log = timed_log(env)
    rng = random.Random(seed)
    order = random.Random(seed + 1)
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "bob")]
    by_id = {m.id: m for m in members}
    service = env.bot.tables  # type: ignore[attr-defined]
    times = Timings()
    real_act = service.act

    async def act(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return await real_act(*args, **kwargs)
        finally:
            times.act.append(time.perf_counter() - start)

    service.act = act  # this bot instance only: time the service's share of each click
    while len(times.action) < clicks:
        lobby = (await members[0].slash(channel, "play", game="soureh", timer="off")).response
        if lobby is None:
            raise RuntimeError("/play posted no lobby.")
        await members[1].click(lobby, label="Join")
        await members[0].click(lobby, label="Start (host)")
        await env.advance_time(2)
        table = service.in_channel(channel.id)
        while table is not None and table.running and len(times.action) < clicks:
            seat = table.to_act()
            member = by_id[table.seats[seat].user_id]
            message = table_message(env, channel, table.record.message_id)
            opened_panel, took = await timed(log, member.click(message, label="Take turn"))
            followups = opened_panel.followups  # Take turn's panel is a follow-up
            panel = followups[0] if followups else opened_panel.response
            bare_panel = (await members[0].slash(channel, "bench-bare-button")).response
            if panel is None or bare_panel is None:
                raise RuntimeError("No panel was opened.")
            times.panel.append(took)
            while table.running and table.to_act() == seat and len(times.action) < clicks:
                ids = action_buttons(panel.components, table.id, table.version)
                if not ids:  # only a select left (give, king): type it instead
                    legal = table.engine.legal_actions(table.state)
                    await member.slash(channel, "move", action=str(rng.choice(legal)))
                    continue
                # one round: the action click and each baseline once, in a random order (the
                # floor after the action it copies), each after every coalesced edit and DM
                # has run in virtual time: what ran just before a click changes its time by
                # up to a half on this machine, so no kind may always follow the same work
                steps = ["action", "bare", "button"] + (["floor"] if floor else [])
                order.shuffle(steps)
                if floor is not None and steps.index("floor") < steps.index("action"):
                    a, f = steps.index("action"), steps.index("floor")
                    steps[a], steps[f] = "floor", "action"
                cid = rng.choice(ids)
                for step in steps:
                    await env.advance_time(QUIET)
                    if step == "action":
                        before = shown(panel)
                        result, took = await timed(log, member.click(panel, custom_id=cid))
                        if not result.acknowledged:
                            raise RuntimeError(f"Click {cid} was not answered.")
                        times.action.append(took)
                        start = time.perf_counter()
                        build_panel(table.seen(), seat)
                        times.panel_build.append(time.perf_counter() - start)
                        if floor is not None:
                            floor.prepare(before, shown(panel))
                    elif step == "floor" and floor is not None:
                        copy = (await member.slash(channel, "bench-floor")).response
                        if copy is None:
                            raise RuntimeError("/bench-floor posted nothing.")
                        await env.advance_time(QUIET)
                        _, took = await timed(
                            log, member.click(copy, custom_id=FLOOR_PREFIX + cid[2:]))
                        times.floor.append(took)
                    elif step == "bare":
                        _, took = await timed(log, members[0].slash(channel, "bench-bare"))
                        times.bare.append(took)
                    else:
                        _, took = await timed(
                            log, members[0].click(bare_panel, custom_id=BARE_BUTTON))
                        times.bare_button.append(took)
            # ephemeral panels' views live 15 virtual minutes (discord.py); let them expire so
            # SimCord's per-task bookkeeping, paid on every loop turn, stays the same all run
            await env.advance_time(PANEL_LIFE)
        if table is not None and table.running:
            await members[0].slash(channel, "cancel")
            await env.advance_time(2)
    return times


async def measure(quick: bool) -> Timings:
    """Run the bot and time the clicks."""
    floor = Floor()
    with tempfile.TemporaryDirectory(prefix="cardroom-click-") as folder:
        async with running_bot(Path(folder), bare=True, floor=floor) as env:
            return await play(env, 6 if quick else 200, floor=floor)


def collect(quick: bool) -> list[Figure]:
    """The runner's entry point."""
    times = asyncio.run(measure(quick))
    sec = "4. Click latency"
    ratio = statistics.median(times.action) / statistics.median(times.bare)
    ratio99 = percentile(times.action, 99) / percentile(times.bare, 99)
    button_ratio = statistics.median(times.action) / statistics.median(times.bare_button)
    floor_ratio = statistics.median(times.floor) / statistics.median(times.bare)
    ours = statistics.median(times.action) - statistics.median(times.floor)

    def cell(xs: list[float]) -> str:
        return f"median {ms(statistics.median(xs))}, p99 {ms(percentile(xs, 99))}"

    method = ("real CardroomBot under SimCord 3.2 (offline, SQLite file with production "
              "pragmas); from the member's click to the interaction callback request "
              "recorded by SimCord")
    return [
        Figure(sec, "action button on the turn panel", cell(times.action),
               method=f"{len(times.action)} clicks of random action buttons in 2-player "
               "Soureh games; each round times the click and each baseline once, in a random "
               "order (the floor after the click it copies), each after the coalesced edits "
               f"and DMs have run; {method}"),
        Figure(sec, "bare /bench-bare (fixed embed)", cell(times.bare),
               method=f"{len(times.bare)} calls interleaved with the clicks (random order), same "
               f"bot, same run; {method}"),
        Figure(sec, "bare button (edits to a fixed embed)", cell(times.bare_button),
               method="a button on an ephemeral message posted by /bench-bare-button, whose "
               "callback only edits that message to the fixed embed (same shape of answer as "
               f"a panel click, no work); interleaved too; {method}"),
        Figure(sec, "ratio click / bare", f"{ratio:.2f} at the median, {ratio99:.2f} at p99 "
               f"(against the bare button: {button_ratio:.2f} at the median)",
               target=f"≤ {TARGET_RATIO:g}", met=None if quick else ratio <= TARGET_RATIO,
               method="median over median, p99 over p99"),
        Figure(sec, "floor: a click on a copy of the panel", cell(times.floor),
               method=f"{len(times.floor)} clicks, each on an ephemeral copy of the panel just "
               "clicked (same embed and components, posted by /bench-floor), routed like a "
               "table click; the handler commits one row (Database.write, same file) and "
               "edits the message to a copy of the panel the real click answered with, built "
               f"beforehand; interleaved too; {method}"),
        Figure(sec, "floor / bare", f"{floor_ratio:.2f} at the median; the game's own share "
               f"of a click (click - floor): {ms(ours)}, {ours / statistics.median(times.bare):.2f}"
               " bare replies",
               method="what SimCord, discord.py and one commit cost for this message and this "
               "answer, against the bare reply: no game code can make a click cheaper than the "
               "floor"),
        Figure(sec, "inside an action click", f"TableService.act {cell(times.act)}; "
               f"building the new panel {cell(times.panel_build)}",
               method="act: the service call made by the click (lock, engine, SQLite commit, "
               "bookkeeping), timed around it on this bot instance; panel: "
               "bot.render.panels.panel for the same table and "
               "seat, timed right after the click; the rest of a click is discord.py's and "
               "SimCord's interaction handling"),
        Figure(sec, "Take turn (opens the panel)", cell(times.panel),
               method="the click that opens the ephemeral panel, timed the same way"),
    ]


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few clicks")
    args = parser.parse_args(argv)
    for f in collect(args.quick):
        print(f"{f.measure}: {f.value}" + (f"  [target {f.target}]" if f.target else ""))


if __name__ == "__main__":
    main()
