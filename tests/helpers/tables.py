"""Table helpers shared by tests: bringing a table to a state through the service's own
paths (no shortcut into its internals)."""

from __future__ import annotations

from bot.tables.model import Table
from bot.tables.service import TableService
from bot.tables.timers import TIMEOUTS_TO_COMPUTER


async def miss_turns_until_a_computer_holds(svc: TableService, table: Table, seat: int) -> None:
    """Let ``seat``'s turn time out until a computer player holds it (the other people
    play their first legal move meanwhile), as a person who stopped playing would."""
    for _ in range(200 * TIMEOUTS_TO_COMPUTER):
        if table.seats[seat].is_computer_held or not table.running:
            return
        to_act = table.to_act()
        assert to_act is not None
        if to_act == seat:
            await svc.timers.timeout(table, table.version)
            continue
        user = table.seats[to_act].user_id
        assert user is not None, "another computer seat is to act"
        await svc.act(table.id, user, str(table.engine.legal_actions(table.state)[0]))
    raise AssertionError("the seat never passed to a computer")
