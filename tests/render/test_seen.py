"""The presentation reads a frozen view of the table (issue 44): a ``Seen`` taken once per
click or render (``Table.seen()``), never the service's mutable ``Table`` nor its engine."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import grimp
import pytest

from bot.games import registry
from bot.seen import Seen
from bot.tables.model import Table
from storage.tables import SeatRecord, TableRecord, TableStatus
from tests.helpers.house import PRODUCT, ROOT, presentation, service_table_readers


def _table(game: str = "soureh", players: int = 3) -> Table:
    entry = registry.game(game)
    record = TableRecord(
        id=3, guild_id=1, channel_id=2, message_id=4, host_id=10, game=game, variant={},
        seed=1, status=TableStatus.RUNNING, version=9, timer_seconds=None, deadline=None,
        end_reason=None, created_at="", started_at=None, ended_at=None,
    )
    table = Table(record=record, entry=entry,
                  seats=[SeatRecord(i, 10 + i, f"P{i}") for i in range(players)])
    table.state = entry.engine.new_game(players, 5, None)
    return table


def test_the_presentation_never_imports_the_service_table() -> None:
    """Neither the shared presentation, a game's look, a feature's pages nor the lessons'
    panel and screens import ``bot.tables.model`` or ``bot.tables.service``, not even for
    an annotation (``TYPE_CHECKING``; the import-linter contracts see run time only)."""
    assert service_table_readers() == []


def test_the_presentation_is_the_modules_it_names() -> None:
    """The check can fail: it reads the modules that render a table (before the snapshot,
    ``bot.render.panels`` imported ``Table`` for its annotations)."""
    graph = grimp.build_graph(*PRODUCT, exclude_type_checking_imports=False, cache_dir=None)
    found = presentation(graph)
    assert {"bot.render.panels", "bot.render.embeds", "bot.games.turup.look.text",
            "bot.games.soi.look.kinds", "cogs.lessons.panel", "cogs.rules.pages"} <= set(found)
    assert "bot.discord.pictures" not in found and "cogs.lessons.cog" not in found


def engine_calls(path: Path) -> list[int]:
    """The lines of a module that call a method of an engine (``x.engine.legal_actions(…)``,
    ``engine.describe(…)``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if name == "engine":
                found.append(node.lineno)
    return found


def test_the_presentation_calls_no_engine() -> None:
    """What the presentation knows of the game's state comes from the snapshot's views (the
    old panel asked ``table.engine.legal_actions(table.state)`` itself)."""
    graph = grimp.build_graph(*PRODUCT, exclude_type_checking_imports=False, cache_dir=None)
    found = {}
    for module in presentation(graph):
        path = ROOT / (module.replace(".", "/") + ".py")
        if not path.exists():
            path = path.with_suffix("") / "__init__.py"
        if lines := engine_calls(path):
            found[module] = lines
    assert found == {}


def test_the_engine_calls_are_seen(tmp_path: Path) -> None:
    """The counter can fail: it sees a call on a table's engine and on a bare one."""
    module = tmp_path / "sample.py"
    module.write_text("def f(table, engine):\n    a = table.engine.legal_actions(table.state)\n"
                      "    return engine.describe(a), table.game.engine.max_players\n",
                      encoding="utf-8")
    assert engine_calls(module) == [2, 3]


def test_a_snapshot_stays_at_its_version_after_the_table_moves() -> None:
    """A view first asked after a move is the view of the state the snapshot was taken at:
    the engine's state is never changed in place."""
    table = _table()
    engine, before = table.engine, table.state
    seen = table.seen()
    seat = seen.to_act
    assert seat is not None and seen.legal() == engine.legal_actions(before)
    move = engine.legal_actions(before)[0]
    table.state = engine.apply(before, move).state
    table.record = dataclasses.replace(table.record, version=10)
    assert seen.version == 9 and table.seen().version == 10
    assert seen.public_view() == engine.public_view(before)
    assert seen.player_view(seat) == engine.player_view(before, seat)
    assert seen.public_view() != table.seen().public_view()


def test_a_snapshot_is_frozen_and_keeps_the_views_it_made() -> None:
    table = _table()
    seen = table.seen()
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.version = 10  # type: ignore[misc]
    assert seen.public_view() is seen.public_view()
    assert seen.player_view(1) is seen.player_view(1)
    assert seen.legal() is not seen.legal()  # a copy: a caller may change his own list
    assert seen.names == ("P0", "P1", "P2") and seen.running and seen.dealt


def test_a_lobby_has_no_views() -> None:
    table = _table()
    table.state = None
    table.record = dataclasses.replace(table.record, status=TableStatus.LOBBY)
    seen: Seen = table.seen()
    assert seen.in_lobby and not seen.dealt and not seen.running and seen.legal() == []
    with pytest.raises(ValueError):
        seen.public_view()
