"""Slash commands are synced only when they changed (issue 35): a digest of the command
tree's JSON is kept in the database; `python -m bot sync` syncs regardless."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from tests.helpers.fake_discord import DRIVER, FakeDiscord

ROOT = Path(__file__).resolve().parent.parent


def _puts(env: Any) -> int:
    return sum(1 for r in env.backend.http_requests
               if r.method == "PUT" and r.path.endswith("/commands"))


async def test_a_start_syncs_only_changed_commands(world: dict[str, Any]) -> None:
    """Synced at the first start; again only when forced or when a command changed."""
    env = world["env"]
    bot = env.bot
    assert _puts(env) == 1  # the first start: nothing recorded yet
    assert await bot.sync_tree() is None
    assert _puts(env) == 1
    assert await bot.sync_tree(force=True) == len(bot.tree.get_commands())
    assert _puts(env) == 2

    async def extra(interaction: Any) -> None:
        """Not a real command."""

    bot.tree.add_command(app_commands.Command(name="extra", description="x", callback=extra))
    assert await bot.sync_tree() == len(bot.tree.get_commands())
    assert _puts(env) == 3
    assert await bot.sync_tree() is None


def _bot(base: str, tmp_path: Path, *command: str) -> subprocess.Popen[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT),
           "DISCORD_TOKEN": "fake.token.value", "DATABASE_URL": f"sqlite:///{tmp_path / 'c.db'}",
           "HEARTBEAT_FILE": str(tmp_path / "heartbeat")}
    return subprocess.Popen([sys.executable, "-c", DRIVER, base, *command], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _run_until_ready(base: str, tmp_path: Path) -> None:
    (tmp_path / "heartbeat").unlink(missing_ok=True)
    proc = _bot(base, tmp_path)
    try:
        end = time.monotonic() + 90
        while not (tmp_path / "heartbeat").exists():
            assert proc.poll() is None and time.monotonic() < end, proc.communicate()[1]
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


@pytest.mark.slow
def test_two_starts_sync_once_and_sync_forces(tmp_path: Path) -> None:
    """Two starts of a real process on one database sync once; `python -m bot sync` syncs
    again and says how many commands."""
    with FakeDiscord() as fake:
        _run_until_ready(fake.base, tmp_path)
        _run_until_ready(fake.base, tmp_path)
        puts = [r for r in fake.requests if r.startswith("PUT ") and r.endswith("/commands")]
        assert len(puts) == 1, fake.requests
        proc = _bot(fake.base, tmp_path, "sync")
        out, err = proc.communicate(timeout=90)
        assert proc.returncode == 0, err
        assert out.startswith("Synced ") and out.strip().endswith("slash commands globally.")
        puts = [r for r in fake.requests if r.startswith("PUT ") and r.endswith("/commands")]
        assert len(puts) == 2
