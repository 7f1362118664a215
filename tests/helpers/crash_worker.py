"""Crash-test worker: restores the tables in a database (a SQLite path or any
``DATABASE_URL``) through ``TableService`` and plays on, printing ``ACK <table> <seq>
<action>`` after each action is acknowledged (committed). A move that was not saved (a lost
connection) is tried again, as a player would.

Usage: ``python -m tests.helpers.crash_worker DB_PATH_OR_URL SEED``. Killed at random by
``tests/test_crash_recovery.py``. Beside the table it plays it keeps a table against a
computer player and a table its 1 s turn timer plays (then computers), so kills land during
computer moves, timer moves and restores of all three.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.games import registry
from bot.tables.model import NotSaved, Table, TableError
from bot.tables.service import TableService
from storage.connect import open_database
from storage.errors import StorageError
from storage.tables import TableRepo
from tests.helpers.games import every_game

CHANNEL = 5  # two people: the worker plays both seats and prints what was acknowledged
COMPUTER_CHANNEL = 6  # a person (the worker) against a computer player
TIMED_CHANNEL = 7  # two people who never move: the 1 s turn timer plays, then computers
TIMER_SECONDS = 1


async def _table(svc: TableService, channel: int) -> Table:
    """The channel's running table, opened and dealt if need be (also after a kill between
    opening and dealing)."""
    table = svc.in_channel(channel)
    if table is None:
        table = await svc.open(guild_id=1, channel_id=channel, host_id=100, host_name="Ann",
                               game="turup", options={"rounds": 1},
                               timer_seconds=TIMER_SECONDS if channel == TIMED_CHANNEL else None)
    if table.state is None:
        if len(table.seats) < 2:
            if channel == COMPUTER_CHANNEL:
                await svc.add_computer(table.id, table.version, 100, "easy")
            else:
                await svc.join(table.id, table.version, 200, "Bob")
        await svc.start(table.id, table.version, 100)
    return table


async def main(path: str, seed: int) -> None:
    """Restore, then play random legal actions for whoever is to act, forever; beside it a
    table against a computer and a table the turn timer plays."""
    db = await open_database(path)
    svc = TableService(TableRepo(db), games=every_game(), ai_delay=0.0, render_interval=0.0,
                       seed_source=lambda: seed)
    await svc.restore()
    registry.games()  # every game loaded (its look is the presentation's): READY means ready
    rng = random.Random(seed)
    print("READY", flush=True)
    while True:
        for channel in (TIMED_CHANNEL, COMPUTER_CHANNEL, CHANNEL):
            try:
                table = await _table(svc, channel)
            except (NotSaved, StorageError):
                print("NOT SAVED", flush=True)
                continue
            if channel == TIMED_CHANNEL:
                continue  # its timer and then its computers play
            seat = table.to_act()
            if seat is None or table.seats[seat].user_id is None:
                await asyncio.sleep(0)  # the computer's turn
                continue
            user = table.seats[seat].user_id
            assert user is not None
            action = rng.choice(table.engine.legal_actions(table.state))
            seq = len(table.log)
            try:
                await svc.act(table.id, user, str(action), version=table.version)
            except (NotSaved, StorageError):
                print("NOT SAVED", flush=True)  # the player is told "try again"
                continue
            except TableError:
                continue  # the computer moved first (a stale version)
            if channel == CHANNEL:
                print(f"ACK {table.id} {seq} {action}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
