"""Recent moves hold one line per turn (issue 46): a coop move after its draw takes the
draw's line ("cat drew a card and discarded it." for "cat drew a card."), in the table's
lines and in the drawer's own."""

from __future__ import annotations

from bot.games import registry
from bot.games.registry import ENGINES
from bot.tables.model import Table
from storage.tables import SeatRecord, TableRecord, TableStatus


def _table(variant: dict[str, object]) -> Table:
    engine = ENGINES["soureh"]
    record = TableRecord(
        id=7, guild_id=1, channel_id=2, message_id=3, host_id=100, game="soureh",
        variant=variant, seed=5, status=TableStatus.RUNNING, version=1, timer_seconds=60,
        deadline=None, end_reason=None, created_at="", started_at=None, ended_at=None,
    )
    table = Table(record=record, entry=registry.game(record.game),
                  seats=[SeatRecord(i, 100 + i, n)
                                        for i, n in enumerate(("ann", "bob", "cat"))])
    table.state = engine.new_game(3, 5, engine.Variant(**variant))
    table.start_rounds()
    return table


def _play(table: Table, move: str) -> None:
    engine = table.engine
    transition = engine.apply(table.state, engine.parse_action(table.state, move))
    table.state = transition.state
    table.record_events(transition.events)


def test_a_move_takes_its_draws_line() -> None:
    """After draw then discard, the table's lines say the turn once."""
    table = _table({})
    _play(table, "draw")
    assert list(table.recent)[-1] == "ann drew a card."
    _play(table, "discard")
    lines = list(table.recent)
    assert lines[-1].startswith("ann drew") and "discarded" in lines[-1], lines
    assert "ann drew a card." not in lines, lines


def test_every_turn_is_one_line() -> None:
    """Three turns of three seats leave three lines after the deal's."""
    table = _table({})
    before = len(table.recent)
    for _ in range(3):
        _play(table, "draw")
        _play(table, "discard")
    assert len(table.recent) == before + 3, list(table.recent)


def test_the_drawers_own_lines_say_the_turn_once() -> None:
    """Under face-down discards the drawer's private keep takes his private draw's line."""
    table = _table({"discards": "hidden"})
    _play(table, "draw")
    _play(table, "keep 2")
    mine = list(table.private[0])
    assert not any(line.startswith("You drew") and line.endswith(".") and " and " not in line
                   for line in mine), mine
    assert any(line.startswith("You kept") or "kept it in coop 2" in line for line in mine), mine


def test_a_later_draw_keeps_the_earlier_turns_line() -> None:
    """A draw never takes the place of an earlier turn's line."""
    table = _table({})
    _play(table, "draw")
    _play(table, "keep 2")
    kept = list(table.private[0])[-1]
    for _ in range(2):
        _play(table, "draw")
        _play(table, "discard")
    _play(table, "draw")
    assert list(table.private[0])[-2:] == [kept, list(table.private[0])[-1]]
    assert list(table.private[0])[-1].startswith("You drew"), list(table.private[0])
