"""A bot that loses its shards exits with status 3 (issue 38), so a supervisor with
``Restart=on-failure`` starts it again: a real ``python -m bot run`` process on PostgreSQL
(only its Discord connection is left out), its lock connection ended by the real server."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import __main__ as cli
from storage.ownership import ShardOwner
from tests.helpers.databases import Backend, terminate_backend
from tests.test_main import _clean_env

pytestmark = pytest.mark.slow

DRIVER = textwrap.dedent(
    """
    import asyncio, sys
    from bot import __main__ as cli
    from bot.app import CardroomBot

    CardroomBot.shard_retry_seconds = float(sys.argv[1])

    async def start(self, token):  # everything of a start but the Discord connection
        self.sync_commands = False
        await self.setup_hook()
        print("READY", self.owner.backend_pid, flush=True)
        line = await asyncio.to_thread(sys.stdin.readline)
        if line.strip() == "OPEN" and not self.is_closed():  # a write after the takeover
            try:
                await self.tables.open(guild_id=1 << 22, channel_id=9, host_id=1,
                                       host_name="Ann", game="turup", options={},
                                       timer_seconds=None)
            except Exception as exc:
                print("REFUSED", type(exc).__name__, flush=True)
            else:
                print("STORED", flush=True)
        while not self.is_closed():
            await asyncio.sleep(0.01)

    CardroomBot.start = start
    sys.exit(cli.main(["run"]))
    """
)


@pytest.fixture
async def postgres(tmp_path: Path) -> AsyncIterator[Backend]:
    """A PostgreSQL test database (dropped afterwards)."""
    made = Backend("postgres", tmp_path)
    try:
        yield made
    finally:
        await made.cleanup()


def _start(url: str, tmp_path: Path, retry: float) -> tuple[subprocess.Popen[str], int]:
    env = _clean_env(DISCORD_TOKEN="t", DATABASE_URL=url, LOG_LEVEL="INFO")
    proc = subprocess.Popen([sys.executable, "-c", DRIVER, str(retry)], cwd=tmp_path, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    ready = proc.stdout.readline().split()
    if ready[:1] != ["READY"]:
        proc.kill()
        raise AssertionError(f"the bot did not start: {proc.communicate()[1][-2000:]}")
    return proc, int(ready[1])


async def test_lost_lock_connection_exits_with_status_3(postgres: Backend,
                                                        tmp_path: Path) -> None:
    """The server ends the bot's lock connection: its watcher notices, the bot stops and
    the process exits with status 3, without a traceback."""
    url = await postgres.url()
    await postgres.open()
    proc, lock_pid = _start(url, tmp_path, retry=0.05)
    try:
        await terminate_backend(url, lock_pid)
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == cli.EXIT_LOST_SHARDS == 3, err[-2000:]
    assert "Lost shards [0]" in err and "Traceback" not in err


async def test_write_fenced_off_after_takeover_exits_with_status_3(postgres: Backend,
                                                                   tmp_path: Path) -> None:
    """The bot's lock connection dies unnoticed (it checks it once an hour here) and
    another process takes its shard over: the bot's next write is refused, nothing is
    stored, and the process stops with status 3."""
    url = await postgres.url()
    db = await postgres.open()
    proc, lock_pid = _start(url, tmp_path, retry=3600)
    other = ShardOwner(url, {0})
    try:
        await terminate_backend(url, lock_pid)
        assert await other.start() == {0}, "the other process takes shard 0 over"
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("OPEN\n")
        proc.stdin.flush()
        out, err = proc.communicate(timeout=60)
    finally:
        await other.close()
        if proc.poll() is None:
            proc.kill()
    assert "REFUSED OwnershipLost" in out, err[-2000:]
    assert proc.returncode == cli.EXIT_LOST_SHARDS, err[-2000:]
    assert "Traceback" not in err
    assert await db.fetchall("SELECT id FROM tables") == []
