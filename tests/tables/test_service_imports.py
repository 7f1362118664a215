"""The table service plays a game without its presentation: opening a table, dealing and
the first move import neither Discord nor Pillow (issue 44: a table's game, ``Table.entry``,
carries its look into the service, which never reads it; a registration names its look,
``registry.look_in``, so it is imported when the presentation first reads it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import asyncio, sys
from bot.games.registry import games
from bot.tables.service import TableService
from storage.connect import open_database
from storage.tables import TableRepo

def loaded():
    return sorted({m.split('.')[0] for m in sys.modules} & {'discord', 'PIL'})

async def main():
    async with await open_database(':memory:') as db:
        svc = TableService(TableRepo(db), games=games(), ai_delay=0.0, render_interval=0.0,
                           seed_source=lambda: 7)
        tables = []
        for n, name in enumerate(games()):
            table = await svc.open(guild_id=1, channel_id=10 + n, host_id=100,
                                   host_name='Ann', game=name, options={},
                                   timer_seconds=None)
            for user in range(1, table.engine.min_players):
                await svc.join(table.id, table.version, 100 + user, f'P{user}')
            await svc.start(table.id, table.version, 100)
            user = table.seats[table.to_act()].user_id
            move = table.engine.legal_actions(table.state)[0]
            await svc.act(table.id, user, str(move), version=table.version)
            tables.append(table)
        print('played', loaded())
        tables[0].entry.look.colour  # the presentation reads the look: now it loads
        print('read', loaded())
        await svc.aclose()

asyncio.run(main())
"""


def test_a_move_in_the_service_imports_no_discord_and_no_pillow() -> None:
    """Every built-in game registered, then opened, dealt and moved once by a bare service
    in a fresh interpreter: Discord and Pillow stay unloaded until a look is read."""
    done = subprocess.run([sys.executable, "-c", PLAY], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == ["played []", "read ['PIL', 'discord']"], done.stdout
