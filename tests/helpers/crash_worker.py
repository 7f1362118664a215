"""Crash-test worker: restores the tables in a database (a SQLite path or any
``DATABASE_URL``) through ``TableService`` and plays on, printing ``ACK <table> <seq>
<action>`` after each action is acknowledged (committed). A move that was not saved (a lost
connection) is tried again, as a player would.

Usage: ``python -m tests.helpers.crash_worker DB_PATH_OR_URL SEED``. Killed at random by
``tests/test_crash_recovery.py``.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.tables.model import NotSaved
from bot.tables.service import TableService
from storage.database import Database
from storage.errors import StorageError
from storage.tables import TableRepo

CHANNEL = 5


async def main(path: str, seed: int) -> None:
    """Restore, then play random legal actions for whoever is to act, forever."""
    db = await Database.open(path)
    svc = TableService(TableRepo(db), ai_delay=0.0, render_interval=0.0,
                       seed_source=lambda: seed)
    await svc.restore()
    rng = random.Random(seed)
    print("READY", flush=True)
    while True:
        table = svc.in_channel(CHANNEL)
        if table is None:
            table = await svc.open(guild_id=1, channel_id=CHANNEL, host_id=100, host_name="Ann",
                                   game="turup", options={"rounds": 1}, timer_seconds=None)
        if table.state is None:  # killed between opening and dealing: finish the lobby
            if len(table.seats) < 2:
                await svc.join(table.id, table.version, 200, "Bob")
            await svc.start(table.id, table.version, 100)
        seat = table.to_act()
        assert seat is not None
        user = table.seats[seat].user_id
        assert user is not None
        action = rng.choice(table.engine.legal_actions(table.state))
        seq = len(table.log)
        try:
            await svc.act(table.id, user, str(action), version=table.version)
        except (NotSaved, StorageError):
            print("NOT SAVED", flush=True)  # the player is told "try again"
            continue
        print(f"ACK {table.id} {seq} {action}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
