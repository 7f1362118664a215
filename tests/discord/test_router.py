"""The click path: committed before the answer, a failed commit refused, components
routed by custom_id and kind, the move and its bookkeeping under one lock, table views
never stored by discord.py."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord import answers
from bot.discord.clicks import handlers, routes
from bot.games import registry
from bot.games.turup.look.kinds import TurupKind
from bot.render.components import ComponentId, Kind, TableView, parse_custom_id
from bot.render.table_message import jump_url
from bot.tables.model import NotSaved, Table
from bot.tables.service import TableService
from storage.database import Database
from storage.tables import TableRepo
from tests.helpers.discord import flush, message_of, panel_of, service, table_in
from tests.helpers.games import every_game

CALLBACK = re.compile(r"/interactions/\d+/[^/]+/callback$")


def _logged(path: Path, table_id: int) -> list[str]:
    """The table's action log as another connection reads the file now."""
    other = sqlite3.connect(path)
    try:
        rows = other.execute(
            "SELECT text FROM table_actions WHERE table_id = ? ORDER BY seq", (table_id,)
        )
        return [r[0] for r in rows]
    finally:
        other.close()


class _Spy(list[Any]):
    """SimCord's request log, calling ``on_callback`` when an interaction is answered."""

    def __init__(self, existing: list[Any], on_callback: Any) -> None:
        super().__init__(existing)
        self.on_callback = on_callback

    def append(self, item: Any) -> None:
        """Record the request; an interaction callback first runs ``on_callback``."""
        if CALLBACK.search(item.path):
            self.on_callback()
        super().append(item)


async def _soureh(world: dict[str, Any]) -> tuple[Table, dict[int, Any]]:
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    service(env).seed_source = lambda: 5
    opened = await ann.slash(channel, "play", game="soureh", timer="off")
    await bob.click(opened.response, label="Join")
    await ann.click(opened.response, label="Start (host)")
    await flush(env)
    table = table_in(env, channel)
    return table, {m.id: m for m in (ann, bob)}


async def _panel(world: dict[str, Any], table: Table, members: dict[int, Any]) -> tuple[Any, Any]:
    """(member to act, their open panel message)."""
    seat = table.to_act()
    assert seat is not None
    member = members[table.seats[seat].user_id or 0]
    opened = await member.click(message_of(world["env"], table, world["channel"]),
                                label="Take turn")
    return member, panel_of(opened)


async def test_action_is_on_disk_when_the_click_is_answered(world: dict[str, Any]) -> None:
    """At the moment the bot answers an action click, the action is already in the
    database file, as a separate connection (a restarted bot) reads it."""
    env = world["env"]
    table, members = await _soureh(world)
    member, panel = await _panel(world, table, members)  # Take turn drew
    assert table.log == ["draw"]
    path = env.bot.settings.database_path
    seen: list[list[str]] = []
    env.backend.http_requests = _Spy(env.backend.http_requests,
                                     lambda: seen.append(_logged(path, table.id)))
    clicked = await member.click(panel, label="Discard")
    assert clicked.acknowledged
    assert seen and seen[0] == ["draw", "discard"] == table.log


async def test_failed_commit_is_refused_and_changes_nothing(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click whose commit fails is answered once, ephemerally, with NotSaved's message;
    the table's state, version and log, and the file, are as before."""
    env = world["env"]
    table, members = await _soureh(world)
    member, panel = await _panel(world, table, members)  # Take turn drew
    state, version = table.state, table.version

    async def broken(*_args: Any, **_kwargs: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(service(env).repo, "append_action", broken)
    start = len(env.http_requests)
    clicked = await member.click(panel, label="Discard")
    assert clicked.ephemeral and clicked.response.content == str(NotSaved())
    replies = [r for r in env.http_requests[start:] if CALLBACK.search(r.path)]
    assert len(replies) == 1
    assert (table.state, table.version, table.log) == (state, version, ["draw"])
    assert _logged(env.bot.settings.database_path, table.id) == ["draw"]


async def test_unexpected_error_in_a_table_component_gets_an_apology(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table click whose handler fails unexpectedly is still answered, once."""
    env = world["env"]
    table, members = await _soureh(world)

    async def boom(*_args: Any) -> None:  # the router itself fails
        raise RuntimeError("bug")

    monkeypatch.setattr(routes, "route", boom)
    start = len(env.http_requests)
    clicked = await members[table.seats[0].user_id or 0].click(
        message_of(env, table, world["channel"]), label="My cards")
    assert clicked.ephemeral and clicked.response.content == answers.FAILED
    assert len([r for r in env.http_requests[start:] if CALLBACK.search(r.path)]) == 1


@pytest.mark.parametrize("custom_id", ["crr:soureh:1", "crr:turup:open",
                                       "cr:lb:1:soureh:rating:0:5",
                                       "cr:hp:1:soureh:0", "crl:soi:1:abcdef:0:next", "crp:7:1"])
def test_other_interactions_are_not_taken(custom_id: str) -> None:
    """No table route takes anything but a table component's custom_id (the rules, stats,
    lessons and puzzles are routed by their own items)."""
    for item in routes.TABLE_ITEMS:
        assert item.__discord_ui_compiled_template__.fullmatch(custom_id) is None, item


@pytest.mark.parametrize("custom_id", ["cr:12:34:a:keep_2", "cs:1:2:tc", "cr:garbage", "cr:",
                                       "cs:", "cr:1:x:join", "cs:9:1:a:"])
def test_a_table_id_is_taken_by_exactly_one_route(custom_id: str) -> None:
    """A ``cr:``/``cs:`` id that is not another feature's goes to one table route only."""
    taken = [item for item in routes.TABLE_ITEMS
             if item.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert len(taken) == 1, taken
    assert parse_custom_id("cr:12:34:a:keep_2") == ("cr", ComponentId(12, 34, "a", "keep_2"))
    assert parse_custom_id("cs:1:2:tc") == ("cs", ComponentId(1, 2, "tc", ""))
    assert parse_custom_id("cr:x:2:a") is None


async def test_act_returns_with_the_move_and_its_bookkeeping_done(db: Database) -> None:
    """act returns with the move committed, its events recorded and the lock free: the
    bookkeeping ran in the same locked step, so a move right after sees it."""
    svc = TableService(TableRepo(db), games=every_game(), ai_delay=0.0, render_interval=0.0,
                            seed_source=lambda: 11)
    table = await svc.open(guild_id=1, channel_id=1, host_id=100, host_name="Ann",
                           game="soureh", options={}, timer_seconds=None)
    await svc.join(table.id, table.version, 200, "Bob")
    await svc.start(table.id, table.version, 100)
    seat = table.to_act()
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    recent = list(table.recent)
    result = await svc.act(table.id, user, "draw", version=table.version)
    assert table.version == result.version and table.log == ["draw"]
    assert not table.lock.locked() and list(table.recent) != recent
    assert [a.text for a in await svc.repo.actions(table.id)] == ["draw"]
    nxt = str(table.engine.legal_actions(table.state)[0])
    await svc.act(table.id, user, nxt, version=table.version)
    assert table.log == ["draw", nxt] and not table.lock.locked()
    await svc.aclose()


def test_table_views_are_send_only_and_fill_rows_by_discord_rules() -> None:
    """A table view is a plain discord.ui.View of buttons and selects whose custom_ids
    carry the table, version and kind; rows fill by discord.py's rule."""
    view = TableView(_FakeTable())  # type: ignore[arg-type]
    view.button(Kind.ACT, "Keep 2", arg="keep_2", row=0)
    view.select(TurupKind.CARD, [discord.SelectOption(label="a", value="1")])
    view.button(Kind.ROOT, "Back")
    ids = [item.custom_id for item in view.children]  # type: ignore[attr-defined]
    assert ids == ["cr:3:9:a:keep_2", "cs:3:9:tc", "cr:3:9:nav"]
    assert [len(r["components"]) for r in view.to_components()] == [2, 1]
    assert view.timeout is None


class _FakeTable:
    """Only what TableView reads: the table's id and version."""

    id = 3
    version = 9


def _view_timeouts() -> list[asyncio.Task[Any]]:
    """Pending discord.py view-timeout tasks (one per stored view with a timeout)."""
    return [t for t in asyncio.all_tasks() if not t.done()
            and "__timeout_task_impl" in getattr(t.get_coro(), "__qualname__", "")]


async def test_panels_leave_nothing_behind_in_discord_py(world: dict[str, Any]) -> None:
    """Ephemeral panels (Take turn, My cards) are never stored by discord.py: no view kept
    and no 15-minute timeout task per panel opened (send_message stores unfinished views)."""
    env = world["env"]
    table, members = await _soureh(world)
    before = _view_timeouts()
    for _ in range(3):
        member, panel = await _panel(world, table, members)
        assert panel is not None
        await member.click(message_of(env, table, world["channel"]), label="My cards")
    assert _view_timeouts() == before


def _table_of(game: str) -> Table:
    from storage.tables import SeatRecord, TableRecord, TableStatus

    record = TableRecord(
        id=3, guild_id=1, channel_id=2, message_id=4, host_id=10, game=game, variant={},
        seed=1, status=TableStatus.RUNNING, version=9, timer_seconds=None, deadline=None,
        end_reason=None, created_at="", started_at=None, ended_at=None,
    )
    return Table(record=record, entry=registry.game(record.game),
                  seats=[SeatRecord(i, 10 + i, f"P{i}") for i in range(2)])


def test_every_kind_has_one_handler() -> None:
    """Each component kind is handled: a shared kind by the dispatch table or as a panel
    step, a game's own kind as that game's step or choice; another game's kind is "out of
    date", and no game's kind takes the code of a shared one."""
    from bot.games.registry import CATALOG
    from bot.render.components import STEP_KINDS

    shared = {kind.value for kind in Kind}
    for kind in Kind:
        assert (kind in handlers.ROUTES) + (kind in STEP_KINDS) == 1, kind
        for name in CATALOG:
            assert handlers.route_for(_table_of(name), kind) is not None, (kind, name)
    own = {k for entry in CATALOG.values() for k in (*entry.look.steps, *entry.look.notations)}
    assert own and not own & shared
    for code in own:
        for name, entry in CATALOG.items():
            step, choice = code in entry.look.steps, code in entry.look.notations
            assert step + choice <= 1, (code, name)
            found = handlers.route_for(_table_of(name), code)
            assert found is (handlers.STEP if step else
                             handlers.CHOICE if choice else None), (code, name)


async def test_a_kind_this_code_does_not_know_is_answered_out_of_date(
    world: dict[str, Any],
) -> None:
    """A click on a message older than a change of kinds is answered once, ephemerally,
    "out of date" with the link to the table, and changes nothing."""
    env, channel = world["env"], world["channel"]
    table, members = await _soureh(world)
    version, log = table.version, list(table.log)
    old = discord.ui.View(timeout=None)
    old.add_item(discord.ui.Button(label="Old", custom_id=f"cr:{table.id}:{version}:zz:x"))
    posted = await env.bot.get_channel(channel.id).send("an old table message", view=old)
    clicked = await members[table.seats[0].user_id or 0].click(posted, label="Old")
    assert clicked.ephemeral
    assert clicked.response.content == handlers.UNKNOWN.format(url=jump_url(table.record))
    assert (table.version, table.log) == (version, log)
