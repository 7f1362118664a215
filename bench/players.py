"""People at Cardroom tables, driven only through Discord (SimCord interactions).

A :class:`Seated` table is opened with ``/play``, joined with the lobby's Join button, given
computer seats through the lobby's select and started with its Start button. A person moves
as a player would: Take turn on the table message, then the panel's buttons and selects,
picked at random among those that lead to a move (never Back), until the move is made; the
panel a click answers with is used again while the same person keeps the turn.

What the bench may not learn from Discord — which seat is to act, and whether a move
happened — comes from :func:`peek`, the one place that reads the bot's internals (its table
service): update it, and only it, when the service is restructured.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import simcord

GAMES = ("soureh", "pariah", "turup", "soi")
# (people, computers) per game: every table has both
SEATING = {"soureh": (2, 1), "pariah": (1, 1), "turup": (2, 1), "soi": (2, 2)}
SKIP_LABELS = frozenset({"Back", "Pick cards…", "Hint"})
"""Navigation, Turup's multi-select, and Hint: it makes no move, and a random clicker
pressed it on a quarter of the turns, each a hard player's search (1.5 s of CPU), where
people ask for a hint now and then (the capacity run measured that, not the tables)."""
MAX_CLICKS = 8  # clicks one move may take through the panel before it is given up


class NoMove(RuntimeError):
    """The panel offered nothing that leads to a move."""


@dataclass(frozen=True, slots=True)
class Peek:
    """What the bench reads from the bot about one channel's table."""

    open: bool  # a table is open in the channel (lobby or running)
    running: bool
    user_to_act: int | None  # the person to act now, None for a computer or no one
    version: int  # changes with every move
    rounds: int  # rounds scored so far
    message_id: int | None = None  # the table message (a turn ping has a Take turn too)


def peek(env: simcord.Env, channel_id: int) -> Peek:
    """The adapter: the channel's table as the bot's service holds it."""
    service: Any = env.bot.tables  # type: ignore[attr-defined]
    table = service.in_channel(channel_id)
    if table is None:
        return Peek(False, False, None, -1, 0)
    seat = table.to_act() if table.running else None
    user = None
    if seat is not None:
        record = table.seats[seat]
        if record.computer_level is None and not record.is_computer_held:
            user = record.user_id
    return Peek(True, bool(table.running), user, int(table.version), len(table.rounds),
                table.record.message_id)


async def act(env: simcord.Env, operation: Awaitable[Any]) -> Any:
    """Run one SimCord operation (a click, a select, a command) in virtual time only.

    SimCord settles an operation by waiting, in real time, for every bot timer that would
    fire before its real-time deadline (``settle_timeout``): the bot's 1.5 s pauses
    (computer moves, coalesced edits) would each cost 1.5 real seconds. While SimCord
    advances time it treats every future timer as parked instead; the operation is run
    under that same flag (``Env._advancing``, private to SimCord 3.2), so only
    ``advance_time`` moves the clock and a timer fires at its virtual instant, never by
    the wall clock.
    """
    env._advancing = True  # private to SimCord: see the docstring
    try:
        return await operation
    finally:
        env._advancing = False


def rows_of(message: Any) -> list[dict[str, Any]]:
    """A message's components as payload dicts."""
    rows = message.components or []
    return [r if isinstance(r, dict) else r.to_dict() for r in rows]


def items_of(message: Any) -> list[dict[str, Any]]:
    """Every button and select of a message."""
    out = []
    for row in rows_of(message):
        for item in row.get("components") or [row]:
            if item.get("type") in (2, 3):
                out.append(item)
    return out


def has_button(message: Any, label: str) -> bool:
    """Does the message carry an enabled button with this label?"""
    return any(i.get("type") == 2 and i.get("label") == label and not i.get("disabled")
               for i in items_of(message))


@dataclass
class Seated:
    """One channel's table and the people who play at it."""

    game: str
    channel: Any
    people: list[Any]
    computers: int
    level: str
    table_message: Any = None
    panel: Any = None  # the open panel and whose it is, while it may be used again
    panel_user: int | None = None
    panel_version: int = -1
    games: int = 0
    by_id: dict[int, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_id = {m.id: m for m in self.people}

    async def open(self, env: simcord.Env) -> None:
        """/play, Join, computer seats, Start: a running table (timer: the server's)."""
        host = self.people[0]
        lobby = (await act(env, host.slash(self.channel, "play", game=self.game))).response
        if lobby is None:
            raise RuntimeError(f"/play posted no lobby in {self.channel.name}")
        for member in self.people[1:]:
            await act(env, member.click(lobby, label="Join"))
        for _ in range(self.computers):
            await act(env, host.select(lobby, [self.level]))
        await act(env, host.click(lobby, label="Start (host)"))
        self.games += 1
        self.table_message = None
        self.panel = None
        if not peek(env, self.channel.id).running:
            raise RuntimeError(f"the {self.game} table in {self.channel.name} did not start")

    def find_table_message(self, message_id: int | None) -> Any:
        """The table message (not a turn ping, which carries a Take turn button too)."""
        for message in reversed(self.channel.history()):
            if message.id == message_id and has_button(message, "Take turn"):
                return message
        raise RuntimeError(f"no table message in {self.channel.name}")

    async def move(self, env: simcord.Env, user_id: int, rng: random.Random,
                   before_click: Callable[[], None] = lambda: None) -> int:
        """One move by ``user_id`` through the panel; returns the clicks it took
        (``before_click`` runs just before each click, e.g. to start a latency clock)."""
        member = self.by_id[user_id]
        before = peek(env, self.channel.id).version
        clicks = 0
        reuse = (self.panel is not None and self.panel_user == user_id
                 and self.panel_version == before)
        if not reuse:
            wanted = peek(env, self.channel.id).message_id
            if self.table_message is None or self.table_message.id != wanted \
                    or not has_button(self.table_message, "Take turn"):
                self.table_message = self.find_table_message(wanted)
            before_click()
            result = await act(env, member.click(self.table_message, label="Take turn"))
            clicks += 1
            followups = result.followups  # the panel: an ephemeral follow-up of Take turn
            self.panel = followups[0] if followups else result.response
            if self.panel is None:
                raise RuntimeError("Take turn opened no panel")
        while peek(env, self.channel.id).version == before:
            if clicks >= MAX_CLICKS:
                raise NoMove(f"{self.game}: no move after {clicks} clicks")
            choices = [i for i in items_of(self.panel)
                       if not i.get("disabled") and i.get("label") not in SKIP_LABELS
                       and (i.get("type") == 2 or int(i.get("max_values", 1)) == 1)]
            if not choices:
                raise NoMove(f"{self.game}: the panel offers no move")
            item = rng.choice(choices)
            before_click()
            try:
                if item["type"] == 2:
                    await act(env, member.click(self.panel, custom_id=item["custom_id"]))
                else:
                    value = rng.choice(item["options"])["value"]
                    await act(env, member.select(self.panel, [value],
                                                 custom_id=item["custom_id"]))
            except simcord.SetupError as exc:  # the panel changed under the click
                self.panel = None
                raise NoMove(f"{self.game}: {exc}") from exc
            clicks += 1
        self.panel_user = user_id
        self.panel_version = peek(env, self.channel.id).version
        return clicks


def seat_tables(env: simcord.Env, count: int, *, level: str = "normal",
                per_guild: int = 50) -> list[Seated]:
    """``count`` channels (``per_guild`` to a guild), the four games in turn, each with its
    people (new members) and computer seats."""
    tables: list[Seated] = []
    guild = None
    for index in range(count):
        if index % per_guild == 0:
            guild = env.create_guild()
        assert guild is not None
        game = GAMES[index % len(GAMES)]
        people_count, computers = SEATING[game]
        channel = guild.create_text_channel(f"t{index}-{game}")
        people = [guild.add_member(env.create_user(f"p{index}x{n}")) for n in range(people_count)]
        tables.append(Seated(game, channel, people, computers, level))
    return tables
